import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, min, type SQL, sql } from "drizzle-orm";
import { lastEventId, preparedRead, readSnapshot } from "../db/driver.ts";
import type { Db, Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import { namesMeant } from "../nicks/floodgate.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ChangeDetail, ChangeNotice, EventBus } from "./bus.ts";
import type { EventLog } from "./event-log.ts";
import type { EntryEvent } from "./events.ts";
import type { EntrySnapshot } from "./files.ts";
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

type EntryRow = Tables["entries"]["$inferSelect"];

/** An entry from its row (the comparison key is the store's own business). */
const toEntry = ({ nickKey: _key, ...entry }: EntryRow): EntryRecord => entry;

/** Runs inside a change's transaction before it writes: throws to refuse the change (nothing is written). */
export type Guard = (tx: Tx) => Promise<void> | void;

/** Creates the entry service. */
export function createEntryService(deps: {
  store: Store;
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
}) {
  const { store, clock, write, whitelists, events, bus } = deps;
  const {
    db,
    tables: { entries, whitelists: whitelistTable },
  } = store;

  /** Publishes committed changes in order (the writer calls this right after the commit). */
  const publish = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) bus.publish(notice);
  };

  /** The `entry.removed` event of a deletion, written in the deleting transaction. */
  const appendRemoval = (
    tx: Tx,
    whitelist: Whitelist,
    origin: Origin,
    detail: ChangeDetail,
  ): Promise<EntryEvent> =>
    events.append(
      tx,
      {
        type: "entry.removed",
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        whitelistName: whitelist.name,
        entry: detail.entry,
        origin,
      },
      detail,
    );

  // Prepared once per connection: every registration rule asks it (twice per nick), an import for every line.
  const byKey = preparedRead<EntryRow>(db, "entries_by_key", (q) =>
    q
      .select()
      .from(entries)
      .where(
        and(
          eq(entries.whitelistId, sql.placeholder("whitelistId")),
          eq(entries.nickKey, sql.placeholder("key")),
        ),
      ),
  );
  /** The entry holding the comparison key `key` on a whitelist, read through `q` (a transaction's own rows). */
  const findByKey = async (q: Db, whitelistId: string, key: string) => {
    const [row] = await byKey(q, { whitelistId, key });
    return row;
  };

  /** Deletes the matching entries, each with its `entry.removed` event, oldest first: the notices to publish. */
  const removeWhere = async (
    tx: Tx,
    whitelist: (entry: EntryRecord) => Whitelist,
    where: SQL | undefined,
    origin: Origin,
    actorId: string | null,
  ): Promise<ChangeNotice[]> => {
    const rows = await tx.delete(entries).where(where).returning();
    const notices: ChangeNotice[] = [];
    for (const entry of rows.sort((a, b) => a.id - b.id).map(toEntry)) {
      const detail = { entry, actorId };
      notices.push({ event: await appendRemoval(tx, whitelist(entry), origin, detail), ...detail });
    }
    return notices;
  };

  const requireWhitelist = async (id: string) => {
    const whitelist = await whitelists.get(id);
    if (!whitelist) throw new DomainError("whitelist-not-found", "No such whitelist.");
    return whitelist;
  };

  return {
    /** A whitelist's entries, oldest first. */
    /**
     * What the served bodies show of each entry (id, nick, UUID, premium, expiry), oldest first, without whole
     * records (a 100,000-entry whitelist loads in a fraction of the time and garbage of `list`), and the last
     * event id the read includes, in one snapshot of the store (see EntryFiles).
     */
    snapshotForBodies(whitelistId: string): Promise<EntrySnapshot> {
      return readSnapshot(db, async (q) => ({
        through: await lastEventId(db, q),
        entries: await q
          .select({
            id: entries.id,
            nick: entries.nick,
            uuid: entries.uuid,
            premium: entries.premium,
            expiresAt: entries.expiresAt,
          })
          .from(entries)
          .where(eq(entries.whitelistId, whitelistId))
          .orderBy(asc(entries.id)),
      }));
    },

    async list(whitelistId: string): Promise<EntryRecord[]> {
      const rows = await db
        .select()
        .from(entries)
        .where(eq(entries.whitelistId, whitelistId))
        .orderBy(asc(entries.id));
      return rows.map(toEntry);
    },

    /** The entry holding `nick` (any letter case), if any; `q`: a transaction, to see its own rows. */
    async find(whitelistId: string, nick: string, q: Db = db): Promise<EntryRecord | undefined> {
      const row = await findByKey(q, whitelistId, nickKey(nick));
      return row && toEntry(row);
    },

    /**
     * The entry a member or a plugin means by `typed`: the stored nick in any letter case, or on a Bedrock
     * whitelist also the gamertag, with or without the Floodgate prefix, with spaces or `_`.
     */
    async findTyped(whitelist: Whitelist, typed: string, q: Db = db): Promise<EntryRecord | undefined> {
      for (const nick of namesOf(whitelist, typed)) {
        const found = await this.find(whitelist.id, nick, q);
        if (found) return found;
      }
      return undefined;
    },

    /** The entries of a whitelist holding `uuid` (a premium account, under any name it had), oldest first. */
    async findByUuid(whitelistId: string, uuid: string, q: Db = db): Promise<EntryRecord[]> {
      const rows = await q
        .select()
        .from(entries)
        .where(and(eq(entries.whitelistId, whitelistId), eq(entries.uuid, uuid)))
        .orderBy(asc(entries.id));
      return rows.map(toEntry);
    },

    /**
     * At most `limit` entries of a whitelist whose nick starts with `prefix` (any letter case), by comparison
     * key: a range over the (whitelist, nick key) index, so a keystroke of autocomplete never reads the whole
     * whitelist.
     */
    async startingWith(whitelistId: string, prefix: string, limit: number): Promise<EntryRecord[]> {
      const key = nickKey(prefix);
      const rows = await db
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
        .limit(limit);
      return rows.map(toEntry);
    },

    /** Bedrock entries of a whitelist (those spelled from a gamertag), oldest first. */
    async listBedrock(whitelistId: string): Promise<EntryRecord[]> {
      return (await this.list(whitelistId)).filter((entry) => entry.gamertag !== null);
    },

    /** How many nicks `userId` owns on a whitelist (the `maxNicksPerUser` rule counts these). */
    async countForUser(whitelistId: string, userId: string, q: Db = db): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(entries)
        .where(and(eq(entries.whitelistId, whitelistId), eq(entries.userId, userId)));
      return row?.n ?? 0;
    },

    /** Every entry `userId` owns on the whitelists of a guild, oldest first. */
    async listForUserInGuild(guildId: string, userId: string): Promise<EntryRecord[]> {
      const rows = await db
        .select({ entry: entries })
        .from(entries)
        .innerJoin(whitelistTable, eq(whitelistTable.id, entries.whitelistId))
        .where(and(eq(whitelistTable.guildId, guildId), eq(entries.userId, userId)))
        .orderBy(asc(entries.id));
      return rows.map(({ entry }) => toEntry(entry));
    },

    /** The members owning at least one entry in a guild (to notice members who left while nobody listened). */
    async ownersInGuild(guildId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .innerJoin(whitelistTable, eq(whitelistTable.id, entries.whitelistId))
        .where(eq(whitelistTable.guildId, guildId));
      return rows.map((row) => row.userId);
    },

    /** The members owning at least one entry on any of the given whitelists. */
    async ownersOn(whitelistIds: readonly string[]): Promise<string[]> {
      if (whitelistIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .where(inArray(entries.whitelistId, [...whitelistIds]));
      return rows.map((row) => row.userId);
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
          and(eq(entries.userId, input.userId), inArray(entries.whitelistId, [...known.keys()])),
          input.origin,
          input.actorId ?? null,
        );
      }, publish);
      return notices.map((notice) => notice.entry);
    },

    /**
     * Inside the caller's transaction: deletes every entry of a whitelist, oldest first, each with its
     * `entry.removed` event. Returns the notices for the caller to `publish` once committed.
     */
    removeAllIn(
      tx: Tx,
      whitelist: Whitelist,
      origin: Origin,
      actorId: string | null,
    ): Promise<ChangeNotice[]> {
      return removeWhere(tx, () => whitelist, eq(entries.whitelistId, whitelist.id), origin, actorId);
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
    ): Promise<ChangeNotice[]> {
      if (entryIds.length === 0) return Promise.resolve([]);
      return removeWhere(
        tx,
        () => whitelist,
        and(eq(entries.whitelistId, whitelist.id), inArray(entries.id, [...entryIds])),
        origin,
        actorId,
      );
    },

    publish,

    /**
     * Removes up to `limit` entries whose time ran out by `now` (soonest due first), each with its
     * `entry.removed` event (origin `expired`), in one transaction, then publishes them: subscribers revert roles
     * and tell the log channel as for any removal. Each entry is deleted by id with its due time as the guard,
     * so an entry removed meanwhile (or by another check at the same time) is skipped: it expires once.
     */
    async removeExpired(now: number, limit: number): Promise<EntryRecord[]> {
      const notices = await write(async (tx) => {
        const due = await tx
          .select({ id: entries.id, whitelistId: entries.whitelistId })
          .from(entries)
          .where(lte(entries.expiresAt, now))
          .orderBy(asc(entries.expiresAt), asc(entries.id))
          .limit(limit);
        const done: ChangeNotice[] = [];
        for (const { id, whitelistId } of due) {
          const whitelist = await requireWhitelist(whitelistId);
          const [row] = await tx
            .delete(entries)
            .where(and(eq(entries.id, id), lte(entries.expiresAt, now)))
            .returning();
          if (!row) continue;
          const entry = toEntry(row);
          const detail = { entry, actorId: null };
          done.push({ event: await appendRemoval(tx, whitelist, "expired", detail), ...detail });
        }
        return done;
      }, publish);
      return notices.map((notice) => notice.entry);
    },

    /** When the next entry expires (ms since the epoch), or null when none will. */
    async nextExpiry(): Promise<number | null> {
      const [row] = await db
        .select({ at: min(entries.expiresAt) })
        .from(entries)
        .where(isNotNull(entries.expiresAt));
      return row?.at ?? null;
    },

    /**
     * Stores an entry and its `entry.added` event atomically, then publishes the event. `guard` runs inside the
     * transaction first, so a rule it checks (a member's limit) still holds when the entry commits.
     */
    async add(input: NewEntry, guard?: Guard): Promise<EntryRecord> {
      const notice = await write(
        async (tx): Promise<ChangeNotice> => {
          // The whitelist may have been deleted while this registration waited (for Mojang, for a role).
          const whitelist = await requireWhitelist(input.whitelistId);
          await guard?.(tx);
          const key = nickKey(input.nick);
          const taken = await findByKey(tx, input.whitelistId, key);
          if (taken) throw new DomainError("nick-taken", `${taken.nick} is already on ${whitelist.name}.`);
          const { grantFailures, ...stored } = input;
          const [row] = await tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              createdAt: clock.now(),
            })
            .returning();
          const entry = toEntry(row as EntryRow);
          const detail = {
            entry,
            actorId: input.addedBy,
            ...(grantFailures?.length ? { grantFailures } : {}),
          };
          const event = await events.append(
            tx,
            {
              type: "entry.added",
              guildId: whitelist.guildId,
              whitelistId: whitelist.id,
              whitelistName: whitelist.name,
              entry,
              origin: input.origin,
            },
            detail,
          );
          return { event, ...detail };
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
            .values({ ...stored, nickKey: key, grantedRoleIds: input.grantedRoleIds ?? [], createdAt })
            .returning();
          const entry = toEntry(row as EntryRow);
          const detail = { entry, actorId: input.addedBy, bulk: true as const };
          const event = await events.append(
            tx,
            {
              type: "entry.added",
              guildId: whitelist.guildId,
              whitelistId,
              whitelistName: whitelist.name,
              entry,
              origin: input.origin,
            },
            detail,
          );
          done.push({ event, ...detail });
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
          if (!row || row.userId !== input.from) {
            throw new DomainError(
              "entry-not-found",
              `${row?.nick ?? "That nick"} was removed from ${whitelist.name} or handed over meanwhile; ` +
                "nothing was changed.",
            );
          }
          const [updated] = await tx
            .update(entries)
            .set({ userId: input.to, grantedRoleIds: input.grantedRoleIds })
            .where(eq(entries.id, input.entryId))
            .returning();
          return { before: toEntry(row), after: toEntry(updated as EntryRow) };
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
          const addition = await events.append(
            tx,
            {
              type: "entry.added",
              guildId: whitelist.guildId,
              whitelistId: whitelist.id,
              whitelistName: whitelist.name,
              entry: after,
              origin,
            },
            added,
          );
          done.push({ event: removal, ...removed }, { event: addition, ...added });
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
            throw new DomainError("entry-not-found", `${clip(removal.nick)} is not on ${whitelist.name}.`);
          const entry = toEntry(row);
          const detail = {
            entry,
            actorId: removal.actorId ?? null,
            keyId: removal.keyId ?? null,
            keyName: removal.keyName ?? null,
          };
          return { event: await appendRemoval(tx, whitelist, removal.origin, detail), ...detail };
        },
        (committed) => bus.publish(committed),
      );
      return notice.entry;
    },
  };
}
