import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, min, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { entries, whitelists as whitelistTable } from "../db/schema.ts";
import type { Write } from "../db/writer.ts";
import { namesMeant } from "../nicks/floodgate.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { BodyEntry } from "./bodies/layouts.ts";
import type { ChangeNotice, EventBus } from "./bus.ts";
import type { EventLog } from "./event-log.ts";
import type { EntryRecord, Origin, RoleFailure } from "./model.ts";

/**
 * What storing an entry takes; the registration rules (docs/decisions.md, Registration rules) run before this.
 */
export type NewEntry = {
  whitelistId: string;
  nick: string;
  uuid: string | null;
  premium: boolean;
  /** Bedrock: the gamertag the nick is spelled from, and its XUID. */
  gamertag?: string | null;
  xuid?: string | null;
  /** When the entry is removed by itself (ms since the epoch); none: never. */
  expiresAt?: number | null;
  userId: string;
  addedBy: string;
  origin: "discord" | "staff";
  grantedRoleIds?: string[];
  /** Roles that could not be granted: not stored, carried to the change's subscribers (the log channel). */
  grantFailures?: readonly RoleFailure[];
};

/** What removing an entry takes. */
export type Removal = {
  whitelistId: string;
  /** Matched case-insensitively; on a Bedrock whitelist also by gamertag (see `findTyped`). */
  nick: string;
  origin: Origin;
  /** The Discord user removing it, or null (API key, member leaving). */
  actorId?: string | null;
  /** For API removals: the link key used, and its name. */
  keyId?: string | null;
  keyName?: string | null;
};

/** An entry changed in place: its new nick and, for Bedrock, its UUID and XUID. */
export type EntryChange = { id: number; nick: string; uuid: string | null; xuid: string | null };

/** The stored nicks `typed` may stand for: itself, and on a Bedrock whitelist Floodgate's spelling of it. */
const namesOf = (whitelist: Whitelist, typed: string): string[] =>
  whitelist.nickType === "bedrock" ? namesMeant(whitelist, typed) : [typed];

/** Entries of whitelists, each change recorded as an event in the same transaction. */
export type EntryService = ReturnType<typeof createEntryService>;

/** Creates the entry service. */
/** A row of `listForBodies`: id, nick, uuid, premium (0/1), expires_at. */
type BodyRow = [number, string, string | null, number, number | null];

export function createEntryService(deps: {
  db: Db;
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
}) {
  const { db, clock, write, whitelists, events, bus } = deps;

  /** Publishes committed changes in order (the writer calls this right after the commit). */
  const publish = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) bus.publish(notice);
  };

  /** The `entry.removed` event of a deletion, written in the deleting transaction. */
  const appendRemoval = (tx: Tx, whitelist: Whitelist, entry: EntryRecord, origin: Origin) =>
    events.append(tx, {
      type: "entry.removed",
      guildId: whitelist.guildId,
      whitelistId: whitelist.id,
      whitelistName: whitelist.name,
      entry,
      origin,
    });

  const bodyRows = db.$client.query<BodyRow, [string]>(
    "SELECT id, nick, uuid, premium, expires_at FROM entries WHERE whitelist_id = ? ORDER BY id",
  );
  // Prepared once: every registration rule asks it (twice per nick), and an import asks it for every line.
  const findByKey = db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.whitelistId, sql.placeholder("whitelistId")),
        eq(entries.nickKey, sql.placeholder("key")),
      ),
    )
    .prepare();

  const requireWhitelist = (id: string) => {
    const whitelist = whitelists.get(id);
    if (!whitelist) throw new DomainError("whitelist-not-found", "No such whitelist.");
    return whitelist;
  };

  return {
    /** A whitelist's entries, oldest first. */
    /**
     * What the served bodies show of each entry (id, nick, UUID, premium, expiry), oldest first: read straight
     * from SQLite without building whole records, so a 100,000-entry whitelist loads in a fraction of the time
     * and garbage of `list`.
     */
    listForBodies(whitelistId: string): BodyEntry[] {
      return (bodyRows.values(whitelistId) as BodyRow[]).map(([id, nick, uuid, premium, expiresAt]) => ({
        id,
        nick,
        uuid,
        premium: premium === 1,
        expiresAt,
      }));
    },

    list(whitelistId: string): EntryRecord[] {
      return db
        .select()
        .from(entries)
        .where(eq(entries.whitelistId, whitelistId))
        .orderBy(asc(entries.id))
        .all()
        .map(({ nickKey: _key, ...entry }) => entry);
    },

    /** The entry holding `nick` (any letter case), if any. */
    find(whitelistId: string, nick: string): EntryRecord | undefined {
      const row = findByKey.get({ whitelistId, key: nickKey(nick) });
      if (!row) return undefined;
      const { nickKey: _key, ...entry } = row;
      return entry;
    },

    /**
     * The entry a member or a plugin means by `typed`: the stored nick in any letter case, or on a Bedrock
     * whitelist also the gamertag, with or without the Floodgate prefix, with spaces or `_`.
     */
    findTyped(whitelist: Whitelist, typed: string): EntryRecord | undefined {
      for (const nick of namesOf(whitelist, typed)) {
        const found = this.find(whitelist.id, nick);
        if (found) return found;
      }
      return undefined;
    },

    /** The entries of a whitelist holding `uuid` (a premium account, under any name it had), oldest first. */
    findByUuid(whitelistId: string, uuid: string): EntryRecord[] {
      return db
        .select()
        .from(entries)
        .where(and(eq(entries.whitelistId, whitelistId), eq(entries.uuid, uuid)))
        .orderBy(asc(entries.id))
        .all()
        .map(({ nickKey: _key, ...entry }) => entry);
    },

    /**
     * At most `limit` entries of a whitelist whose nick starts with `prefix` (any letter case), by comparison
     * key: a range over the (whitelist, nick key) index, so a keystroke of autocomplete never reads the whole
     * whitelist.
     */
    startingWith(whitelistId: string, prefix: string, limit: number): EntryRecord[] {
      const key = nickKey(prefix);
      return db
        .select()
        .from(entries)
        .where(
          and(
            eq(entries.whitelistId, whitelistId),
            gte(entries.nickKey, key),
            lt(entries.nickKey, keyPrefixEnd(key)),
          ),
        )
        .orderBy(asc(entries.nickKey))
        .limit(limit)
        .all()
        .map(({ nickKey: _key, ...entry }) => entry);
    },

    /** Bedrock entries of a whitelist (those spelled from a gamertag), oldest first. */
    listBedrock(whitelistId: string): EntryRecord[] {
      return this.list(whitelistId).filter((entry) => entry.gamertag !== null);
    },

    /** How many nicks `userId` owns on a whitelist (the `maxNicksPerUser` rule counts these). */
    countForUser(whitelistId: string, userId: string): number {
      return (
        db
          .select({ n: count() })
          .from(entries)
          .where(and(eq(entries.whitelistId, whitelistId), eq(entries.userId, userId)))
          .get()?.n ?? 0
      );
    },

    /** Every entry `userId` owns on the whitelists of a guild, oldest first. */
    listForUserInGuild(guildId: string, userId: string): EntryRecord[] {
      return db
        .select({ entry: entries })
        .from(entries)
        .innerJoin(whitelistTable, eq(whitelistTable.id, entries.whitelistId))
        .where(and(eq(whitelistTable.guildId, guildId), eq(entries.userId, userId)))
        .orderBy(asc(entries.id))
        .all()
        .map(({ entry: { nickKey: _key, ...entry } }) => entry);
    },

    /** The members owning at least one entry in a guild (to notice members who left while nobody listened). */
    ownersInGuild(guildId: string): string[] {
      return db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .innerJoin(whitelistTable, eq(whitelistTable.id, entries.whitelistId))
        .where(eq(whitelistTable.guildId, guildId))
        .all()
        .map((row) => row.userId);
    },

    /** The members owning at least one entry on any of the given whitelists. */
    ownersOn(whitelistIds: readonly string[]): string[] {
      if (whitelistIds.length === 0) return [];
      return db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .where(inArray(entries.whitelistId, [...whitelistIds]))
        .all()
        .map((row) => row.userId);
    },

    /**
     * Deletes every entry `userId` owns on the given whitelists, each with its `entry.removed` event, in one
     * transaction, then publishes the events in order. Resolves with the removed entries (none is no error).
     */
    async removeAllForUser(input: {
      userId: string;
      whitelistIds: string[];
      origin: Origin;
      actorId?: string | null;
    }): Promise<EntryRecord[]> {
      const known = new Map<string, Whitelist>();
      for (const id of input.whitelistIds) {
        const whitelist = whitelists.get(id);
        if (whitelist) known.set(id, whitelist);
      }
      if (known.size === 0) return [];
      const notices = await write((tx) => {
        const rows = tx
          .delete(entries)
          .where(and(eq(entries.userId, input.userId), inArray(entries.whitelistId, [...known.keys()])))
          .returning()
          .all()
          .sort((a, b) => a.id - b.id);
        return rows.map(({ nickKey: _key, ...entry }): ChangeNotice => {
          const event = appendRemoval(tx, known.get(entry.whitelistId) as Whitelist, entry, input.origin);
          return { event, entry, actorId: input.actorId ?? null };
        });
      }, publish);
      return notices.map((notice) => notice.entry);
    },

    /**
     * Inside the caller's transaction: deletes every entry of a whitelist, oldest first, each with its
     * `entry.removed` event. Returns the notices for the caller to `publish` once committed.
     */
    removeAllIn(tx: Tx, whitelist: Whitelist, origin: Origin, actorId: string | null): ChangeNotice[] {
      return tx
        .delete(entries)
        .where(eq(entries.whitelistId, whitelist.id))
        .returning()
        .all()
        .sort((a, b) => a.id - b.id)
        .map(({ nickKey: _key, ...entry }) => ({
          event: appendRemoval(tx, whitelist, entry, origin),
          entry,
          actorId,
        }));
    },

    /**
     * Inside the caller's transaction: deletes these entries of a whitelist (ids of others are ignored), oldest
     * first, each with its `entry.removed` event. Returns the notices for the caller to `publish` once committed.
     */
    removeIn(
      tx: Tx,
      whitelist: Whitelist,
      entryIds: readonly number[],
      origin: Origin,
      actorId: string | null,
    ): ChangeNotice[] {
      if (entryIds.length === 0) return [];
      return tx
        .delete(entries)
        .where(and(eq(entries.whitelistId, whitelist.id), inArray(entries.id, [...entryIds])))
        .returning()
        .all()
        .sort((a, b) => a.id - b.id)
        .map(({ nickKey: _key, ...entry }) => ({
          event: appendRemoval(tx, whitelist, entry, origin),
          entry,
          actorId,
        }));
    },

    publish,

    /**
     * Removes up to `limit` entries whose time ran out by `now` (soonest due first), each with its
     * `entry.removed` event (origin `expired`), in one transaction, then publishes them: subscribers revert roles
     * and tell the log channel as for any removal. Each entry is deleted by id with its due time as the guard,
     * so an entry removed meanwhile (or by another check at the same time) is skipped: it expires once.
     */
    async removeExpired(now: number, limit: number): Promise<EntryRecord[]> {
      const notices = await write((tx) => {
        const due = tx
          .select({ id: entries.id, whitelistId: entries.whitelistId })
          .from(entries)
          .where(lte(entries.expiresAt, now))
          .orderBy(asc(entries.expiresAt), asc(entries.id))
          .limit(limit)
          .all();
        const done: ChangeNotice[] = [];
        for (const { id, whitelistId } of due) {
          const whitelist = requireWhitelist(whitelistId);
          const row = tx
            .delete(entries)
            .where(and(eq(entries.id, id), lte(entries.expiresAt, now)))
            .returning()
            .get();
          if (!row) continue;
          const { nickKey: _key, ...entry } = row;
          done.push({ event: appendRemoval(tx, whitelist, entry, "expired"), entry, actorId: null });
        }
        return done;
      }, publish);
      return notices.map((notice) => notice.entry);
    },

    /** When the next entry expires (ms since the epoch), or null when none will. */
    nextExpiry(): number | null {
      return (
        db
          .select({ at: min(entries.expiresAt) })
          .from(entries)
          .where(isNotNull(entries.expiresAt))
          .get()?.at ?? null
      );
    },

    /**
     * Stores an entry and its `entry.added` event atomically, then publishes the event. `guard` runs inside the
     * transaction first, so a rule it checks (a member's limit) still holds when the entry commits.
     */
    async add(input: NewEntry, guard?: () => void): Promise<EntryRecord> {
      const whitelist = requireWhitelist(input.whitelistId);
      const notice = await write(
        (tx): ChangeNotice => {
          // The whitelist may have been deleted while this registration waited (for Mojang, for a role).
          requireWhitelist(input.whitelistId);
          guard?.();
          const key = nickKey(input.nick);
          const taken = tx
            .select({ nick: entries.nick })
            .from(entries)
            .where(and(eq(entries.whitelistId, input.whitelistId), eq(entries.nickKey, key)))
            .get();
          if (taken) throw new DomainError("nick-taken", `${taken.nick} is already on ${whitelist.name}.`);
          const { grantFailures, ...stored } = input;
          const { nickKey: _key, ...entry } = tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              createdAt: clock.now(),
            })
            .returning()
            .get();
          const event = events.append(tx, {
            type: "entry.added",
            guildId: whitelist.guildId,
            whitelistId: whitelist.id,
            whitelistName: whitelist.name,
            entry,
            origin: input.origin,
          });
          return {
            event,
            entry,
            actorId: input.addedBy,
            ...(grantFailures?.length ? { grantFailures } : {}),
          };
        },
        (committed) => bus.publish(committed),
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
      guard?: () => void,
    ): Promise<{ added: EntryRecord[]; taken: NewEntry[] }> {
      const whitelistId = inputs[0]?.whitelistId;
      if (whitelistId === undefined) return { added: [], taken: [] };
      if (inputs.some((input) => input.whitelistId !== whitelistId)) {
        throw new TypeError("addMany stores entries of one whitelist");
      }
      const whitelist = requireWhitelist(whitelistId);
      const taken: NewEntry[] = [];
      const notices = await write((tx) => {
        taken.length = 0;
        requireWhitelist(whitelistId);
        guard?.();
        const createdAt = clock.now();
        const done: ChangeNotice[] = [];
        for (const input of inputs) {
          const key = nickKey(input.nick);
          // The prepared look-up runs on the transaction's own connection: it sees the rows stored just before.
          if (findByKey.get({ whitelistId, key })) {
            taken.push(input);
            continue;
          }
          const { grantFailures: _failures, ...stored } = input;
          const { nickKey: _key, ...entry } = tx
            .insert(entries)
            .values({ ...stored, nickKey: key, grantedRoleIds: input.grantedRoleIds ?? [], createdAt })
            .returning()
            .get();
          const event = events.append(tx, {
            type: "entry.added",
            guildId: whitelist.guildId,
            whitelistId,
            whitelistName: whitelist.name,
            entry,
            origin: input.origin,
          });
          done.push({ event, entry, actorId: input.addedBy, bulk: true });
        }
        return done;
      }, publish);
      return { added: notices.map((notice) => notice.entry), taken };
    },

    /**
     * Hands an entry over to another member, in one transaction: its owner and recorded roles change, its nick,
     * UUID and creation time stay. No event is written or published: nothing a game server or an integrator sees
     * changes (docs/decisions.md, Import and transfer). Refuses ("entry-not-found") when the entry is gone or no
     * longer `from`'s. `guard` runs inside the transaction first; `committed` right after the commit, with the
     * entry before and after.
     */
    async transfer(
      input: { whitelistId: string; entryId: number; from: string; to: string; grantedRoleIds: string[] },
      hooks: {
        guard?: () => void;
        committed?: (change: { before: EntryRecord; after: EntryRecord }) => void;
      } = {},
    ): Promise<{ before: EntryRecord; after: EntryRecord }> {
      const whitelist = requireWhitelist(input.whitelistId);
      return write(
        (tx) => {
          requireWhitelist(input.whitelistId);
          hooks.guard?.();
          const row = tx
            .select()
            .from(entries)
            .where(and(eq(entries.id, input.entryId), eq(entries.whitelistId, input.whitelistId)))
            .get();
          if (!row || row.userId !== input.from) {
            throw new DomainError(
              "entry-not-found",
              `${row?.nick ?? "That nick"} was removed from ${whitelist.name} or handed over meanwhile; ` +
                "nothing was changed.",
            );
          }
          const { nickKey: _old, ...before } = row;
          const { nickKey: _new, ...after } = tx
            .update(entries)
            .set({ userId: input.to, grantedRoleIds: input.grantedRoleIds })
            .where(eq(entries.id, input.entryId))
            .returning()
            .get() as typeof entries.$inferSelect;
          return { before, after };
        },
        (change) => hooks.committed?.(change),
      );
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
      const whitelist = requireWhitelist(whitelistId);
      const clashes: EntryChange[] = [];
      const notices = await write((tx) => {
        clashes.length = 0;
        const done: ChangeNotice[] = [];
        for (const change of changes) {
          const current = tx
            .select()
            .from(entries)
            .where(and(eq(entries.id, change.id), eq(entries.whitelistId, whitelistId)))
            .get();
          if (!current) continue;
          const key = nickKey(change.nick);
          const holder = tx
            .select({ id: entries.id })
            .from(entries)
            .where(and(eq(entries.whitelistId, whitelistId), eq(entries.nickKey, key)))
            .get();
          if (holder && holder.id !== change.id) {
            clashes.push(change);
            continue;
          }
          const { nickKey: _old, ...before } = current;
          const { nickKey: _new, ...after } = tx
            .update(entries)
            .set({ nick: change.nick, nickKey: key, uuid: change.uuid, xuid: change.xuid })
            .where(eq(entries.id, change.id))
            .returning()
            .get() as typeof entries.$inferSelect;
          const removal = appendRemoval(tx, whitelist, before, origin);
          const addition = events.append(tx, {
            type: "entry.added",
            guildId: whitelist.guildId,
            whitelistId: whitelist.id,
            whitelistName: whitelist.name,
            entry: after,
            origin,
          });
          done.push(
            { event: removal, entry: before, actorId, replacedBy: after },
            { event: addition, entry: after, actorId, replaces: before },
          );
        }
        return done;
      }, publish);
      return { changed: notices.filter((notice) => notice.replaces).map((notice) => notice.entry), clashes };
    },

    /**
     * Deletes the entry and records its `entry.removed` event in one transaction (a crash leaves both or
     * neither), then publishes the event; subscribers revert roles and tell the log channel.
     */
    async remove(removal: Removal): Promise<EntryRecord> {
      const whitelist = requireWhitelist(removal.whitelistId);
      const notice = await write(
        (tx): ChangeNotice => {
          let row: typeof entries.$inferSelect | undefined;
          for (const nick of namesOf(whitelist, removal.nick)) {
            row = tx
              .delete(entries)
              .where(and(eq(entries.whitelistId, removal.whitelistId), eq(entries.nickKey, nickKey(nick))))
              .returning()
              .get();
            if (row) break;
          }
          if (!row)
            throw new DomainError("entry-not-found", `${clip(removal.nick)} is not on ${whitelist.name}.`);
          const { nickKey: _key, ...entry } = row;
          const event = appendRemoval(tx, whitelist, entry, removal.origin);
          return {
            event,
            entry,
            actorId: removal.actorId ?? null,
            keyId: removal.keyId ?? null,
            keyName: removal.keyName ?? null,
          };
        },
        (committed) => bus.publish(committed),
      );
      return notice.entry;
    },
  };
}
