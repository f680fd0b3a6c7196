import { and, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { Tx } from "../db/store.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { DomainError } from "../shared/errors.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { sameGroups } from "../whitelists/ranks.ts";
import type { ChangeNotice } from "./bus.ts";
import type { ChangeKit } from "./change-kit.ts";
import type { EntryRecord, Origin } from "./model.ts";
import { type EntryRow, toEntry } from "./rows.ts";
import type { EntryChange, Guard } from "./service.ts";

/**
 * Changing entries in place: verified, no longer waiting for proof, respelled, handed over, their record of roles.
 * Each change the public entry shows is published as a removal and an addition naming each other (the role
 * reverter and the log channel skip those); a change it does not show writes no event. Part of `EntryService`.
 */
export function createChangesInPlace(kit: ChangeKit) {
  const { write, entries, findByKey, publish, appendRemoval, appendAddition, requireWhitelist, groups } = kit;

  /** The events of an entry changed in place, `before` to `after`: a removal and an addition naming each other. */
  const appendReplacement = async (
    tx: Tx,
    whitelist: Whitelist,
    origin: Origin,
    actorId: string | null,
    before: EntryRecord,
    after: EntryRecord,
  ): Promise<ChangeNotice[]> => {
    const removed = { entry: before, actorId, replacedBy: after };
    const added = { entry: after, actorId, replaces: before };
    const removal = await appendRemoval(tx, whitelist, origin, removed);
    const addition = await appendAddition(tx, whitelist, origin, added);
    return [
      { event: removal, ...removed },
      { event: addition, ...added },
    ];
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
      if (sameGroups(now, row.groups)) rows.push(row);
      else
        rows.push(
          ...(await tx.update(entries).set({ groups: now }).where(eq(entries.id, row.id)).returning()),
        );
    }
    const notices: ChangeNotice[] = [];
    for (const after of rows.sort((a, b) => a.id - b.id).map(toEntry)) {
      const was = toEntry(before.get(after.id) as EntryRow);
      notices.push(...(await appendReplacement(tx, whitelist, origin, actorId, was, after)));
    }
    return notices;
  };

  return {
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
          done.push(...(await appendReplacement(tx, whitelist, origin, actorId, before, after)));
        }
        return done;
      }, publish);
      return { changed: notices.filter((notice) => notice.replaces).map((notice) => notice.entry), clashes };
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
          if (regrouped) publish([regrouped]);
          hooks.committed?.(change);
        },
      ).then(({ before, after }) => ({ before, after }));
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
  };
}
