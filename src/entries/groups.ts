import { and, eq, inArray, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Tables, Tx } from "../db/store.ts";
import { together } from "../db/together.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { groupsFor, type RankMapping, type RankMappings, sameGroups } from "../whitelists/ranks.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ChangeNotice, EventBus } from "./bus.ts";
import { GROUPABLE } from "./change-kit.ts";
import type { EventLog } from "./event-log.ts";
import type { EntryRecord, Origin } from "./model.ts";
import { type EntriesInGuild, toEntry } from "./rows.ts";

/**
 * The groups entries carry (docs/decisions.md, Ranks that follow roles): each entry's `groups` is the whitelist's
 * rank mappings applied to its owner's Discord roles, as the bot last reported them (`member_roles`), and to its
 * proof; a guest, who has no Discord, holds no role. Kept in the store so that every replica, the formats and every
 * event read the same groups, and a mapping edited anywhere is applied at once without asking Discord. A change of an
 * entry's groups alone is written as its `entry.groups` event in the same transaction, once: recomputing what did
 * not change writes nothing.
 */
export function createEntryGroups(deps: {
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
  mappings: RankMappings;
  tables: Pick<Tables, "entries" | "memberRoles">;
  db: Db;
  /** A user's entries in a guild (rows.ts). */
  inGuild: EntriesInGuild;
}) {
  const { clock, write, whitelists, events, bus, mappings, db, inGuild } = deps;
  const { entries, memberRoles } = deps.tables;
  // A member's roles as stored by both upserts below: the row the insert is given, and on a conflict the values it
  // was given (`excluded.*`, the same on SQLite and PostgreSQL).
  const rolesRow = {
    guildId: sql.placeholder("guildId"),
    userId: sql.placeholder("userId"),
    roleIds: sql.placeholder("roleIds"),
    updatedAt: sql.placeholder("updatedAt"),
  };
  const onRolesConflict = {
    target: [memberRoles.guildId, memberRoles.userId],
    set: {
      roleIds: sql.raw(`excluded.${memberRoles.roleIds.name}`),
      updatedAt: sql.raw(`excluded.${memberRoles.updatedAt.name}`),
    },
  };
  // Prepared once: every registration, and every member update Discord sends, reads the member's stored roles.
  const storedRoles = preparedRead<{ roleIds: string[] }>(db, "member_roles_of_user", (q) =>
    q
      .select({ roleIds: memberRoles.roleIds })
      .from(memberRoles)
      .where(
        and(
          eq(memberRoles.guildId, sql.placeholder("guildId")),
          eq(memberRoles.userId, sql.placeholder("userId")),
        ),
      ),
  );
  // Built once too: every registration of a member with new roles, and every member update that changes them, stores.
  const storeRoles = preparedRead<never>(db, "member_roles_store", (q) =>
    q.insert(memberRoles).values(rolesRow).onConflictDoUpdate(onRolesConflict),
  );

  // A registering member's roles stored unless stored so already (then nothing is written): it answers with a row
  // only when it stored, so that a registration's write asks it with its checks, without reading the roles first.
  const noteIfChanged = preparedRead<{ userId: string }>(db, "member_roles_note", (q) =>
    q
      .insert(memberRoles)
      .values(rolesRow)
      .onConflictDoUpdate({
        ...onRolesConflict,
        // The same list, stored as the same text (sorted, encoded alike): as `sameGroups` compares them.
        setWhere: sql`${memberRoles.roleIds} IS DISTINCT FROM ${sql.raw(`excluded.${memberRoles.roleIds.name}`)}`,
      })
      .returning({ userId: memberRoles.userId }),
  );

  /** The roles stored for some owners of a guild, by user id (an owner never reported holds none). */
  const rolesOf = async (q: Db, guildId: string, userIds: readonly string[]) => {
    const found = new Map<string, string[]>();
    const unique = [...new Set(userIds)];
    const [one] = unique;
    if (unique.length === 1 && one !== undefined) {
      // One owner (a registration, a member update): the read built once.
      const [row] = await storedRoles(q, { guildId, userId: one });
      if (row) found.set(one, row.roleIds);
      return found;
    }
    // Bounded batches: SQLite takes at most 32,766 parameters, PostgreSQL 65,535.
    for (let start = 0; start < unique.length; start += 500) {
      const rows = await q
        .select({ userId: memberRoles.userId, roleIds: memberRoles.roleIds })
        .from(memberRoles)
        .where(
          and(
            eq(memberRoles.guildId, guildId),
            inArray(memberRoles.userId, unique.slice(start, start + 500)),
          ),
        );
      for (const row of rows) found.set(row.userId, row.roleIds);
    }
    return found;
  };

  /** The groups an entry is in under `list`, with its owner's roles from `roles`. */
  const groupsOfEntry = (
    list: readonly RankMapping[],
    roles: ReadonlyMap<string, readonly string[]>,
    entry: Pick<EntryRecord, "userId" | "guest" | "verified">,
  ) =>
    groupsFor(list, {
      roleIds: entry.guest ? [] : (roles.get(entry.userId) ?? []),
      verified: entry.verified,
    });

  /**
   * Inside the caller's transaction: sets the groups of these entries of `whitelist` to what its mappings and their
   * owners' stored roles say, each change with its `entry.groups` event. Returns the notices to publish once
   * committed (none for an entry whose groups stay). `bulk`: many at once (a mapping edited), for the log channel's
   * one summary.
   */
  async function regroupIn(
    tx: Tx,
    whitelist: Whitelist,
    rows: readonly EntryRecord[],
    origin: Origin,
    actorId: string | null,
    bulk = false,
  ): Promise<ChangeNotice[]> {
    if (rows.length === 0) return [];
    // Together: one round trip on PostgreSQL, where each of a write's holds the write line (a burst's role notes).
    const [list, roles] = await together([
      mappings.list(whitelist.id, tx),
      rolesOf(
        tx,
        whitelist.guildId,
        rows.filter((row) => !row.guest).map((row) => row.userId),
      ),
    ]);
    const notices: ChangeNotice[] = [];
    for (const before of [...rows].sort((a, b) => a.id - b.id)) {
      const groups = groupsOfEntry(list, roles, before);
      if (sameGroups(groups, before.groups)) continue;
      const [row] = await tx.update(entries).set({ groups }).where(eq(entries.id, before.id)).returning();
      if (!row) continue;
      const entry = toEntry(row);
      const added = groups.filter((group) => !before.groups.includes(group));
      const removed = before.groups.filter((group) => !groups.includes(group));
      const detail = { entry, actorId, ...(bulk ? { bulk: true as const } : {}) };
      const event = await events.append(
        tx,
        {
          type: "entry.groups",
          guildId: whitelist.guildId,
          whitelistId: whitelist.id,
          whitelistName: whitelist.name,
          entry,
          origin,
          groups: { added, removed },
        },
        detail,
      );
      notices.push({ event, ...detail });
    }
    return notices;
  }

  const publish = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) bus.publish(notice);
  };

  /** A member's entries on the guild's whitelists (not the guests they added: those follow nobody's roles). */
  const entriesOf = (tx: Tx, guildId: string, userId: string) => inGuild(tx, guildId, userId, false);

  /** Whether a member owns an entry on one of the guild's whitelists (read outside any write). */
  const holdsEntries = async (guildId: string, userId: string) => {
    const ids = (await whitelists.listForGuild(guildId)).map((whitelist) => whitelist.id);
    if (ids.length === 0) return false;
    const [row] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.userId, userId), eq(entries.guest, false), inArray(entries.whitelistId, ids)))
      .limit(1);
    return row !== undefined;
  };

  /** Inside the caller's transaction: regroups every entry of a whitelist (its mappings changed). */
  async function regroupWhitelistIn(
    tx: Tx,
    whitelist: Whitelist,
    origin: Origin,
    actorId: string | null,
  ): Promise<ChangeNotice[]> {
    const rows = await tx.select().from(entries).where(eq(entries.whitelistId, whitelist.id));
    return regroupIn(tx, whitelist, rows.map(toEntry), origin, actorId, true);
  }

  /** The roles stored for one member, if any (the prepared read above). */
  const rolesStored = async (q: Db, who: { guildId: string; userId: string }) => {
    const [stored] = await storedRoles(q, { guildId: who.guildId, userId: who.userId });
    return stored?.roleIds;
  };

  /**
   * Stores a member's roles (`wanted`; null: they left) in `tx` and regroups their entries: the notices to publish
   * once it commits. Only entry owners' roles are kept, and those of a member about to register (`registering`).
   */
  const noteRoles = async (
    tx: Tx,
    who: { guildId: string; userId: string },
    wanted: string[] | null,
    registering: boolean,
  ): Promise<ChangeNotice[]> => {
    const key = and(eq(memberRoles.guildId, who.guildId), eq(memberRoles.userId, who.userId));
    const store = (roleIds: string[]) =>
      storeRoles(tx, { guildId: who.guildId, userId: who.userId, roleIds, updatedAt: clock.now() });
    // A departure, or a member registering, is noted whatever entries they hold: the note goes along with the read
    // of those, one round trip on the write line (src/db/together.ts).
    const noted =
      wanted === null ? tx.delete(memberRoles).where(key) : registering ? store(wanted) : undefined;
    const [held] = await together([entriesOf(tx, who.guildId, who.userId), noted]);
    if (wanted !== null && noted === undefined) {
      if (held.length === 0) {
        // Only entry owners' roles are kept: a member with no nick is stored when they register.
        await tx.delete(memberRoles).where(key);
        return [];
      }
      await store(wanted);
    }
    return regroupHeld(tx, held, wanted === null ? "member-left" : "roles");
  };

  /** Inside the caller's transaction: regroups a member's entries (`held`) after their roles were stored. */
  const regroupHeld = async (tx: Tx, held: readonly EntryRecord[], origin: Origin) => {
    const done: ChangeNotice[] = [];
    for (const whitelistId of new Set(held.map((entry) => entry.whitelistId))) {
      const whitelist = await whitelists.get(whitelistId);
      if (!whitelist) continue;
      const own = held.filter((entry) => entry.whitelistId === whitelistId);
      done.push(...(await regroupIn(tx, whitelist, own, origin, null)));
    }
    return done;
  };

  return {
    regroupIn,
    regroupWhitelistIn,
    publish,

    /**
     * How new entries of a whitelist are grouped, read inside the transaction that stores them (a mapping edited
     * meanwhile is seen): the whitelist's mappings, read once, applied to each owner's stored roles (none for a
     * guest) and the entry's proof. Without a mapping nothing more is read.
     */
    async grouper(
      tx: Tx,
      whitelist: Pick<Whitelist, "id" | "guildId">,
    ): Promise<(owner: Pick<EntryRecord, "userId" | "guest" | "verified">) => Promise<string[]>> {
      const list = await mappings.list(whitelist.id, tx);
      if (list.length === 0) return async () => [];
      const known = new Map<string, string[]>();
      return async (owner) => {
        if (!owner.guest && !known.has(owner.userId)) {
          known.set(
            owner.userId,
            (await rolesOf(tx, whitelist.guildId, [owner.userId])).get(owner.userId) ?? [],
          );
        }
        return groupsOfEntry(list, known, owner);
      };
    },

    /**
     * A member's roles as Discord has them now (a member update, the check at start and after a resume, a
     * registration), or null when they left the guild: stored, and their entries' groups follow, each change an
     * `entry.groups` event (origin `roles`, or `member-left` for the entries a departure leaves behind). Only entry
     * owners' roles are kept, and a member about to own one (`registering`: a transfer's new owner; a registration
     * notes them in the transaction that stores the entry, `noteRegistering`). Roles as stored already write
     * nothing. Resolves with the entries whose groups changed.
     */
    async memberRoles(input: {
      guildId: string;
      userId: string;
      roleIds: readonly string[] | null;
      registering?: boolean;
    }): Promise<EntryRecord[]> {
      const wanted = input.roleIds === null ? null : [...new Set(input.roleIds)].sort();
      // Most member updates change nothing stored (the same roles, or a member without a nick): no write. A member
      // never stored holds no role as far as their entries' groups go, so their departure changes none.
      const stored = await rolesStored(db, input);
      if (stored === undefined ? wanted === null : wanted !== null && sameGroups(stored, wanted)) return [];
      if (stored === undefined && !input.registering && !(await holdsEntries(input.guildId, input.userId))) {
        return [];
      }
      // Reads only through `tx` and whitelists' settings, so a burst's role notes share transactions and flushes
      // with the registrations beside them (src/db/writer.ts, WriteOptions) instead of a flush each.
      const notices = await write(
        (tx) => noteRoles(tx, input, wanted, input.registering === true),
        publish,
        GROUPABLE,
      );
      return notices.map((notice) => notice.entry);
    },

    /**
     * The roles of a member about to register, noted inside the transaction that stores their entry (its groups are
     * read from them), so a registration awaits one commit and one flush, not two: the notices of their other
     * entries' groups that changed, to publish once it commits (before the entry's own). Roles as stored: nothing.
     */
    async noteRegistering(
      tx: Tx,
      input: { guildId: string; userId: string; roleIds: readonly string[] },
    ): Promise<ChangeNotice[]> {
      const wanted = [...new Set(input.roleIds)].sort();
      // One round trip (on PostgreSQL, with the registration's checks): the roles stored unless they are already,
      // and the member's entries, which follow them when they were.
      const [stored, held] = await together([
        noteIfChanged(tx, {
          guildId: input.guildId,
          userId: input.userId,
          roleIds: wanted,
          updatedAt: clock.now(),
        }),
        entriesOf(tx, input.guildId, input.userId),
      ]);
      if (stored.length === 0) return [];
      return regroupHeld(tx, held, "roles");
    },
  };
}

/** The groups entries carry, and their changes. */
export type EntryGroups = ReturnType<typeof createEntryGroups>;
