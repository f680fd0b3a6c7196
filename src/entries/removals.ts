import { and, asc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/store.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { namesOf } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { ChangeDetail, ChangeNotice } from "./bus.ts";
import { type ChangeKit, GROUPABLE } from "./change-kit.ts";
import type { EntryRecord, Origin } from "./model.ts";
import { type EntryRow, entryRemovalByKey, toEntry } from "./rows.ts";
import type { Removal } from "./service.ts";

/** The reason an entry removed for want of proof at first join carries (its event, the log channel). */
export const NOT_PROVEN =
  "not proven in time: its owner did not join the game server and type the code shown within the proof window";

/**
 * Removing entries, each with its `entry.removed` event in the same transaction: one by nick, a member's, a whitelist's,
 * some by id, and those whose time ran out. `settlePending` (in-place.ts): what the expiry does instead for an
 * entry whose whitelist no longer asks proof. Part of `EntryService`.
 */
export function createRemovals(
  kit: ChangeKit,
  settlePending: (whitelistId: string, origin: Origin, actorId: string | null) => Promise<EntryRecord[]>,
  db: Db,
) {
  const { write, whitelists, bus, entries, publish, appendRemoval, requireWhitelist } = kit;
  const removeByKey = entryRemovalByKey(db, entries);
  /** When an entry falls due: the earlier of its expiry and the end of its wait for proof (either may be null). */
  const dueAt = sql`CASE WHEN ${entries.expiresAt} IS NULL THEN ${entries.proofDueAt}
    WHEN ${entries.proofDueAt} IS NULL OR ${entries.expiresAt} < ${entries.proofDueAt} THEN ${entries.expiresAt}
    ELSE ${entries.proofDueAt} END`;

  /**
   * Deletes the matching entries, each with its `entry.removed` event, oldest first: the notices to publish.
   * `why`: what the notices (and the stored detail) carry about the reason, when it is not the origin alone;
   * `reason`: the events' own, as the API's `?reason=` gives one (a ban: "banned on Discord").
   */
  const removeWhere = async (
    tx: Tx,
    whitelist: (entry: EntryRecord) => Whitelist,
    where: SQL | undefined,
    origin: Origin,
    actorId: string | null,
    why: Pick<ChangeDetail, "provenBy"> = {},
    bulk = false,
    reason: string | null = null,
  ): Promise<ChangeNotice[]> => {
    const rows = await tx.delete(entries).where(where).returning();
    const notices: ChangeNotice[] = [];
    for (const entry of rows.sort((a, b) => a.id - b.id).map(toEntry)) {
      const detail = { entry, actorId, ...why, ...(bulk ? { bulk: true as const } : {}) };
      notices.push({ event: await appendRemoval(tx, whitelist(entry), origin, detail, reason), ...detail });
    }
    return notices;
  };

  return {
    /**
     * Deletes the entry and records its `entry.removed` event in one transaction (a crash leaves both or
     * neither), then publishes the event; subscribers revert roles and tell the log channel.
     */
    async remove(removal: Removal): Promise<EntryRecord> {
      // Queued at once, in the order asked for; the whitelist is looked up when its turn comes.
      const notice = await write(
        async (tx): Promise<ChangeNotice> => {
          const whitelist = await requireWhitelist(removal.whitelistId);
          let row: EntryRow | undefined;
          for (const nick of namesOf(whitelist, removal.nick)) {
            row = await removeByKey(tx, removal.whitelistId, nickKey(nick));
            if (row) break;
          }
          if (!row)
            throw new DomainError(
              "entry-not-found",
              text("error.notOnPlain", { nick: clip(removal.nick), whitelist: whitelist.name }),
            );
          const entry = toEntry(row);
          const detail = {
            entry,
            actorId: removal.actorId ?? null,
            keyId: removal.keyId ?? null,
            keyName: removal.keyName ?? null,
          };
          return {
            event: await appendRemoval(tx, whitelist, removal.origin, detail, removal.reason),
            ...detail,
          };
        },
        (committed) => bus.publish(committed),
        // The entry is read and deleted through `tx`; the whitelist is changed by writes never grouped.
        GROUPABLE,
      );
      return notice.entry;
    },
    /**
     * Deletes every entry `userId` owns on the given whitelists (not the guests they added: nobody owns those), each
     * with its `entry.removed` event, in one transaction, then publishes the events in order. Resolves with the
     * removed entries (none is no error).
     */
    async removeAllForUser(input: {
      userId: string;
      whitelistIds: string[];
      origin: Origin;
      actorId?: string | null;
    }): Promise<EntryRecord[]> {
      if (input.whitelistIds.length === 0) return [];
      const notices = await write(async (tx) => {
        const known = new Map<string, Whitelist>();
        for (const id of input.whitelistIds) {
          const whitelist = await whitelists.get(id);
          if (whitelist) known.set(id, whitelist);
        }
        if (known.size === 0) return [];
        return removeWhere(
          tx,
          (entry) => known.get(entry.whitelistId) as Whitelist,
          and(
            eq(entries.userId, input.userId),
            inArray(entries.whitelistId, [...known.keys()]),
            eq(entries.guest, false),
          ),
          input.origin,
          input.actorId ?? null,
        );
      }, publish);
      return notices.map((notice) => notice.entry);
    },

    /**
     * Inside the caller's transaction: deletes every entry of a whitelist, oldest first, each with its
     * `entry.removed` event, marked `bulk` (the log channel leaves them to the deletion's one summary). Returns
     * the notices for the caller to `publish` once committed.
     */
    removeAllIn(
      tx: Tx,
      whitelist: Whitelist,
      origin: Origin,
      actorId: string | null,
    ): Promise<ChangeNotice[]> {
      return removeWhere(
        tx,
        () => whitelist,
        eq(entries.whitelistId, whitelist.id),
        origin,
        actorId,
        {},
        true,
      );
    },

    /**
     * Inside the caller's transaction: deletes these entries of a whitelist (ids of others are ignored), oldest
     * first, each with its `entry.removed` event (and `why`, see ChangeNotice.provenBy; `reason`, the events'). Returns the notices for
     * the caller to `publish` once committed.
     */
    removeIn(
      tx: Tx,
      whitelist: Whitelist,
      entryIds: readonly number[],
      origin: Origin,
      actorId: string | null,
      why?: Pick<ChangeDetail, "provenBy">,
      reason?: string,
    ): Promise<ChangeNotice[]> {
      if (entryIds.length === 0) return Promise.resolve([]);
      return removeWhere(
        tx,
        () => whitelist,
        and(eq(entries.whitelistId, whitelist.id), inArray(entries.id, [...entryIds])),
        origin,
        actorId,
        why,
        false,
        reason ?? null,
      );
    },

    /**
     * Removes up to `limit` entries whose time ran out by `now` (soonest due first), each with its
     * `entry.removed` event (origin `expired`), in one transaction, then publishes them: subscribers revert roles
     * and tell the log channel as for any removal. Due is the entry's expiry, or the end of its wait for proof at
     * first join (the event's reason then says it was not proven in time). Each entry is deleted by id with its due
     * time as the guard, so an entry removed meanwhile (or by another check at the same time, or proven) is skipped:
     * it expires once. An entry whose whitelist no longer asks proof at first join stops waiting instead (see
     * `settlePending`).
     */
    async removeExpired(now: number, limit: number): Promise<EntryRecord[]> {
      const settle = new Set<string>();
      const notices = await write(async (tx) => {
        settle.clear();
        const due = await tx
          .select({ id: entries.id, whitelistId: entries.whitelistId, proofDueAt: entries.proofDueAt })
          .from(entries)
          .where(or(lte(entries.expiresAt, now), lte(entries.proofDueAt, now)))
          .orderBy(asc(dueAt), asc(entries.id))
          .limit(limit);
        const done: ChangeNotice[] = [];
        for (const { id, whitelistId, proofDueAt } of due) {
          const whitelist = await requireWhitelist(whitelistId);
          const asksProof = whitelist.proof === "first-join";
          if (!asksProof && proofDueAt !== null && proofDueAt <= now) settle.add(whitelistId);
          const proofDue = asksProof ? lte(entries.proofDueAt, now) : undefined;
          const [row] = await tx
            .delete(entries)
            .where(and(eq(entries.id, id), or(lte(entries.expiresAt, now), proofDue)))
            .returning();
          if (!row) continue;
          const entry = toEntry(row);
          const late = entry.expiresAt === null || entry.expiresAt > now;
          const detail = { entry, actorId: null };
          const reason = late ? NOT_PROVEN : null;
          done.push({ event: await appendRemoval(tx, whitelist, "expired", detail, reason), ...detail });
        }
        return done;
      }, publish);
      for (const whitelistId of settle) await settlePending(whitelistId, "system", null);
      return notices.map((notice) => notice.entry);
    },
  };
}
