import { and, asc, eq, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Tables, Tx } from "../db/store.ts";
import type { Write, WriteOptions } from "../db/writer.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { namesOf } from "../nicks/types.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ChangeDetail, ChangeNotice, EventBus } from "./bus.ts";
import type { EventLog } from "./event-log.ts";
import type { EntryEvent } from "./events.ts";
import type { EntryGroups } from "./groups.ts";
import type { EntryRecord, Origin } from "./model.ts";
import { type EntryRow, type FindByKey, toEntry } from "./rows.ts";
import type { EntryChange, Guard, NewEntry, Removal } from "./service.ts";

/** The reason an entry removed for want of proof at first join carries (its event, the log channel). */
export const NOT_PROVEN =
  "not proven in time: its owner did not join the game server and type the code shown within the proof window";

/**
 * A single addition or removal may share a transaction with the ones queued beside it (src/db/writer.ts,
 * WriteOptions): hundreds of members registering at once, a plugin removing nicks, commit together.
 */
const GROUPABLE: WriteOptions = { groupable: true };

/**
 * The changes of entries: each addition, removal and change in place writes its row and its event in one
 * transaction, then publishes the event once committed. Part of `EntryService`.
 */
export function createEntryChanges(deps: {
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
  entries: Tables["entries"];
  findByKey: FindByKey;
  groups: Pick<EntryGroups, "grouper" | "regroupIn">;
}) {
  const { clock, write, whitelists, events, bus, entries, findByKey, groups } = deps;
  /** When an entry falls due: the earlier of its expiry and the end of its wait for proof (either may be null). */
  const dueAt = sql`CASE WHEN ${entries.expiresAt} IS NULL THEN ${entries.proofDueAt}
    WHEN ${entries.proofDueAt} IS NULL OR ${entries.expiresAt} < ${entries.proofDueAt} THEN ${entries.expiresAt}
    ELSE ${entries.proofDueAt} END`;

  /** Publishes committed changes in order (the writer calls this right after the commit). */
  const publish = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) bus.publish(notice);
  };

  /** Writes the event of a change of `type`, in the changing transaction. */
  const appendEvent =
    (type: EntryEvent["type"]) =>
    (
      tx: Tx,
      whitelist: Whitelist,
      origin: Origin,
      detail: ChangeDetail,
      reason?: string | null,
    ): Promise<EntryEvent> =>
      events.append(
        tx,
        {
          type,
          guildId: whitelist.guildId,
          whitelistId: whitelist.id,
          whitelistName: whitelist.name,
          entry: detail.entry,
          origin,
          reason,
        },
        detail,
      );
  /** The `entry.removed` event of a deletion, written in the deleting transaction. */
  const appendRemoval = appendEvent("entry.removed");
  /** The `entry.added` event of an entry stored (or of its new state), written in the storing transaction. */
  const appendAddition = appendEvent("entry.added");

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

  /**
   * Changes the matching entries of a whitelist in place (`set`), each published as a removal and an addition
   * naming each other, so roles stay and the log channel does not post them: the notices to publish.
   */
  const changeInPlace = async (
    tx: Tx,
    whitelist: Whitelist,
    where: SQL | undefined,
    set: Partial<Pick<EntryRow, "verified" | "proofDueAt">>,
    origin: Origin,
    actorId: string | null,
  ): Promise<ChangeNotice[]> => {
    const matching = and(eq(entries.whitelistId, whitelist.id), where);
    const before = new Map((await tx.select().from(entries).where(matching)).map((row) => [row.id, row]));
    if (before.size === 0) return [];
    const updated = await tx
      .update(entries)
      .set(set)
      .where(and(matching, inArray(entries.id, [...before.keys()])))
      .returning();
    // A proof may put the entry in the groups of verified accounts: the addition carries them, no event of its own.
    const groupsOf = await groups.grouper(tx, whitelist);
    const rows: EntryRow[] = [];
    for (const row of updated) {
      const now = await groupsOf(toEntry(row));
      if (now.join() === row.groups.join()) rows.push(row);
      else
        rows.push(
          ...(await tx.update(entries).set({ groups: now }).where(eq(entries.id, row.id)).returning()),
        );
    }
    const notices: ChangeNotice[] = [];
    for (const after of rows.sort((a, b) => a.id - b.id).map(toEntry)) {
      const was = toEntry(before.get(after.id) as EntryRow);
      const removed = { entry: was, actorId, replacedBy: after };
      const added = { entry: after, actorId, replaces: was };
      const removal = await appendRemoval(tx, whitelist, origin, removed);
      const addition = await appendAddition(tx, whitelist, origin, added);
      notices.push({ event: removal, ...removed }, { event: addition, ...added });
    }
    return notices;
  };

  /** Whose roles a new entry's groups follow: its owner's, unless it is a guest's (docs/decisions.md, Ranks). */
  const ownerOf = (input: NewEntry) => ({
    userId: input.userId,
    guest: input.guest ?? false,
    verified: input.verified ?? false,
  });

  const requireWhitelist = async (id: string) => {
    const whitelist = await whitelists.get(id);
    if (!whitelist) throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
    return whitelist;
  };

  return {
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
     * Inside the caller's transaction: marks these entries of a whitelist verified (their owner proved the
     * account; ids of others, and entries verified already, are left), which ends any wait for proof at first
     * join; each published as a change in place (see `changeInPlace`). Returns the notices for the caller to
     * `publish` once committed.
     */
    verifyIn(
      tx: Tx,
      whitelist: Whitelist,
      entryIds: readonly number[],
      origin: Origin,
      actorId: string | null,
    ): Promise<ChangeNotice[]> {
      if (entryIds.length === 0) return Promise.resolve([]);
      return changeInPlace(
        tx,
        whitelist,
        and(inArray(entries.id, [...entryIds]), eq(entries.verified, false)),
        { verified: true, proofDueAt: null },
        origin,
        actorId,
      );
    },

    /**
     * Ends the wait for proof at first join of every entry of a whitelist that no longer asks it (staff changed
     * its proof setting): they stay, unverified, each a change in place (origin `staff`, or `system` when the
     * expiry found it). Resolves with the entries as they are now.
     */
    async settlePending(whitelistId: string, origin: Origin, actorId: string | null): Promise<EntryRecord[]> {
      const notices = await write(async (tx) => {
        const whitelist = await requireWhitelist(whitelistId);
        if (whitelist.proof === "first-join") return [];
        return changeInPlace(
          tx,
          whitelist,
          isNotNull(entries.proofDueAt),
          { proofDueAt: null },
          origin,
          actorId,
        );
      }, publish);
      return notices.filter((notice) => notice.replaces).map((notice) => notice.entry);
    },

    publish,

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
      for (const whitelistId of settle) await this.settlePending(whitelistId, "system", null);
      return notices.map((notice) => notice.entry);
    },

    /**
     * Stores an entry and its `entry.added` event atomically, then publishes the event. `guard` runs inside the
     * transaction first, so a rule it checks (a member's limit) still holds when the entry commits; `alongside` runs in
     * it once the entry is stored, for what commits with it (a form's answers).
     */
    async add(
      input: NewEntry,
      guard?: Guard,
      alongside?: (tx: Tx, entry: EntryRecord) => Promise<void>,
    ): Promise<EntryRecord> {
      const notice = await write(
        async (tx): Promise<ChangeNotice> => {
          // The whitelist may have been deleted while this registration waited (for Mojang, for a role).
          const whitelist = await requireWhitelist(input.whitelistId);
          await guard?.(tx);
          const key = nickKey(input.nick);
          const taken = await findByKey(tx, input.whitelistId, key);
          if (taken)
            throw new DomainError(
              "nick-taken",
              text("error.takenPlain", { nick: taken.nick, whitelist: whitelist.name }),
            );
          const { grantFailures, ...stored } = input;
          const [row] = await tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              groups: await (await groups.grouper(tx, whitelist))(ownerOf(input)),
              createdAt: clock.now(),
            })
            .returning();
          const entry = toEntry(row as EntryRow);
          await alongside?.(tx, entry);
          const detail = {
            entry,
            actorId: input.addedBy,
            ...(grantFailures?.length ? { grantFailures } : {}),
          };
          const event = await appendAddition(tx, whitelist, input.origin, detail);
          return { event, ...detail };
        },
        (committed) => bus.publish(committed),
        // Entries are read through `tx` (a guard's limit, the nick taken); what is read otherwise (the whitelist,
        // the deny list, a departure) only writes that are never grouped change (src/db/writer.ts, WriteOptions).
        GROUPABLE,
      );
      return notice.entry;
    },

    /**
     * Stores many entries of one whitelist in one transaction, each with its `entry.added` event, then publishes
     * the events in order (notices marked `bulk`). A nick the whitelist already holds (in any letter case,
     * including one stored earlier in the same call) is not stored and is returned in `taken`. `guard` runs
     * inside the transaction first; when it throws, nothing is stored.
     */
    async addMany(
      inputs: readonly NewEntry[],
      guard?: Guard,
    ): Promise<{ added: EntryRecord[]; taken: NewEntry[] }> {
      const whitelistId = inputs[0]?.whitelistId;
      if (whitelistId === undefined) return { added: [], taken: [] };
      if (inputs.some((input) => input.whitelistId !== whitelistId)) {
        throw new TypeError("addMany stores entries of one whitelist");
      }
      const taken: NewEntry[] = [];
      const notices = await write(async (tx) => {
        taken.length = 0;
        const whitelist = await requireWhitelist(whitelistId);
        await guard?.(tx);
        const createdAt = clock.now();
        const groupsOf = await groups.grouper(tx, whitelist);
        const done: ChangeNotice[] = [];
        for (const input of inputs) {
          const key = nickKey(input.nick);
          // Read through the transaction: it sees the rows stored just before.
          if (await findByKey(tx, whitelistId, key)) {
            taken.push(input);
            continue;
          }
          const { grantFailures: _failures, ...stored } = input;
          const [row] = await tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              groups: await groupsOf(ownerOf(input)),
              createdAt,
            })
            .returning();
          const entry = toEntry(row as EntryRow);
          const detail = { entry, actorId: input.addedBy, bulk: true as const };
          const event = await appendAddition(tx, whitelist, input.origin, detail);
          done.push({ event, ...detail });
        }
        return done;
      }, publish);
      return { added: notices.map((notice) => notice.entry), taken };
    },

    /**
     * Hands an entry over to another member, in one transaction: its owner and recorded roles change, its nick,
     * UUID and creation time stay. No `entry.added` or `entry.removed` is written: the nick a game server lists
     * stays (docs/decisions.md, Import and transfer); its groups follow the new owner's roles, an `entry.groups`
     * event when they change (origin `staff`). Refuses ("entry-not-found") when the entry is gone or no longer
     * `from`'s. `guard` runs inside the transaction first; `committed` right after the commit, with the
     * entry before and after.
     */
    async transfer(
      input: {
        whitelistId: string;
        entryId: number;
        from: string;
        /** Whether the entry is a guest `from` added (as read before): a change meanwhile refuses the transfer. */
        guest: boolean;
        to: string;
        grantedRoleIds: string[];
      },
      hooks: {
        guard?: Guard;
        committed?: (change: { before: EntryRecord; after: EntryRecord }) => void;
      } = {},
    ): Promise<{ before: EntryRecord; after: EntryRecord }> {
      return write(
        async (tx) => {
          const whitelist = await requireWhitelist(input.whitelistId);
          await hooks.guard?.(tx);
          const [row] = await tx
            .select()
            .from(entries)
            .where(and(eq(entries.id, input.entryId), eq(entries.whitelistId, input.whitelistId)));
          if (!row || row.userId !== input.from || row.guest !== input.guest) {
            throw new DomainError(
              "entry-not-found",
              text("error.goneMeanwhile", {
                nick: row?.nick ?? text("error.thatNick"),
                whitelist: whitelist.name,
              }),
            );
          }
          const [updated] = await tx
            .update(entries)
            // A guest handed to a member is theirs from now on: a member's nick like any other.
            .set({ userId: input.to, grantedRoleIds: input.grantedRoleIds, guest: false, note: null })
            .where(eq(entries.id, input.entryId))
            .returning();
          // The new owner's roles decide its groups: a change of them is the one thing a game server sees.
          const [regrouped] = await groups.regroupIn(
            tx,
            whitelist,
            [toEntry(updated as EntryRow)],
            "staff",
            null,
          );
          return { before: toEntry(row), after: regrouped?.entry ?? toEntry(updated as EntryRow), regrouped };
        },
        ({ regrouped, ...change }) => {
          if (regrouped) bus.publish(regrouped);
          hooks.committed?.(change);
        },
      ).then(({ before, after }) => ({ before, after }));
    },

    /**
     * Changes entries in place (a Bedrock nick respelled as Floodgate now spells it, a Floodgate UUID found),
     * each as an `entry.removed` of the old and an `entry.added` of the new, in one transaction; owner, roles
     * and creation time stay. An entry removed meanwhile is skipped, and so is one whose new nick another
     * entry holds (returned in `clashes`, for the caller to report).
     */
    async change(
      whitelistId: string,
      changes: readonly EntryChange[],
      origin: Origin,
      actorId: string | null,
    ): Promise<{ changed: EntryRecord[]; clashes: EntryChange[] }> {
      const clashes: EntryChange[] = [];
      const notices = await write(async (tx) => {
        const whitelist = await requireWhitelist(whitelistId);
        clashes.length = 0;
        const done: ChangeNotice[] = [];
        for (const change of changes) {
          const [current] = await tx
            .select()
            .from(entries)
            .where(and(eq(entries.id, change.id), eq(entries.whitelistId, whitelistId)));
          if (!current) continue;
          const key = nickKey(change.nick);
          const holder = await findByKey(tx, whitelistId, key);
          if (holder && holder.id !== change.id) {
            clashes.push(change);
            continue;
          }
          const before = toEntry(current);
          const [updated] = await tx
            .update(entries)
            .set({ nick: change.nick, nickKey: key, uuid: change.uuid, xuid: change.xuid })
            .where(eq(entries.id, change.id))
            .returning();
          const after = toEntry(updated as EntryRow);
          const removed = { entry: before, actorId, replacedBy: after };
          const added = { entry: after, actorId, replaces: before };
          const removal = await appendRemoval(tx, whitelist, origin, removed);
          const addition = await appendAddition(tx, whitelist, origin, added);
          done.push({ event: removal, ...removed }, { event: addition, ...added });
        }
        return done;
      }, publish);
      return { changed: notices.filter((notice) => notice.replaces).map((notice) => notice.entry), clashes };
    },

    /**
     * Takes roles off an entry's record of what the bot granted for it (roles Discord then refused): they are not
     * the bot's to take back when it goes. No event: the record is not part of the public entry. An entry removed
     * meanwhile is left alone.
     */
    async forgetGrantedRoles(entryId: number, roleIds: readonly string[]): Promise<void> {
      if (roleIds.length === 0) return;
      await write(async (tx) => {
        const [row] = await tx
          .select({ grantedRoleIds: entries.grantedRoleIds })
          .from(entries)
          .where(eq(entries.id, entryId));
        if (!row) return;
        const kept = row.grantedRoleIds.filter((roleId) => !roleIds.includes(roleId));
        if (kept.length === row.grantedRoleIds.length) return;
        await tx.update(entries).set({ grantedRoleIds: kept }).where(eq(entries.id, entryId));
      });
    },

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
            [row] = await tx
              .delete(entries)
              .where(and(eq(entries.whitelistId, removal.whitelistId), eq(entries.nickKey, nickKey(nick))))
              .returning();
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
  };
}
