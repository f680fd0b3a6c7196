import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, min, sql } from "drizzle-orm";
import { lastEventId, preparedRead, preparedValues, readSnapshot } from "../db/driver.ts";
import type { Db, Tables } from "../db/store.ts";
import { text } from "../i18n/messages.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import { namesOf } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import { noSlices, type Slices } from "../shared/slices.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { EntryColumns } from "./columns.ts";
import type { EntryRecord, EntrySnapshot } from "./model.ts";
import { type EntriesInGuild, type FindByKey, toEntry } from "./rows.ts";

/** Entries per page of `snapshotForFormats`, at most. */
const SNAPSHOT_PAGE = 1000;
/** Entries per page, at least: a page is one query, an index seek. */
const MIN_PAGE = 25;
/**
 * Entries of its first page, the fewest: it runs before the code reading it is compiled, after the query's SQL is
 * built, at a fraction of its later speed (100 took 5-7 ms near idle). The following ones grow (at most double).
 */
const FIRST_PAGE = MIN_PAGE;
/**
 * How long a page may take (ms, of the slice: wall time): a page cannot pause inside it, so it must fit well within
 * a slice (SLICE_MS) whatever CPU the process gets. A fixed 1,000 rows took 5-15 ms beside `stress-ng --cpu 2`
 * (docs/performance.md, Large whitelists).
 */
export const PAGE_MS = 1;

/**
 * The next page's size after a page of `limit` entries took `tookMs` of its slice: as many as fit in PAGE_MS at
 * that pace, at most twice as many, between MIN_PAGE and SNAPSHOT_PAGE.
 */
export function nextPageSize(limit: number, tookMs: number): number {
  const fitting = tookMs > 0 ? Math.floor((limit * PAGE_MS) / tookMs) : Number.POSITIVE_INFINITY;
  return Math.max(MIN_PAGE, Math.min(fitting, limit * 2, SNAPSHOT_PAGE));
}

/**
 * The refusal of a typed nick no entry holds ("entry-not-found") on `where`: a whitelist's name, or words for
 * several. The nick is echoed clipped, as every input is.
 */
export function notOn(typed: string, where: string): DomainError {
  return new DomainError(
    "entry-not-found",
    text("error.notOn", { nick: clip(typed) || text("error.thatNick"), whitelist: where }),
  );
}

/**
 * The entries that count toward a member's limit on a whitelist, as a prepared read's condition (placeholders
 * `whitelistId`, `userId`): the nicks they hold themselves, not the guests they added.
 */
export const countedForMember = (entries: Tables["entries"]) =>
  and(
    eq(entries.whitelistId, sql.placeholder("whitelistId")),
    eq(entries.userId, sql.placeholder("userId")),
    eq(entries.guest, false),
  );

/**
 * The reads of entries (the queries; the rules that use them are the services'): by nick, by UUID, by owner, by
 * prefix for autocomplete, what the formats show, and when the next one expires. Part of `EntryService`.
 */
export function createEntryReads(deps: {
  db: Db;
  entries: Tables["entries"];
  whitelistTable: Tables["whitelists"];
  findByKey: FindByKey;
  inGuild: EntriesInGuild;
}) {
  const { db, entries, whitelistTable, findByKey, inGuild } = deps;
  const snapshot = createSnapshotRead(db, entries);

  // Prepared once per connection: every registration counts the member's nicks, inside its write and before it.
  const ownedCount = preparedRead<{ n: number }>(db, "entries_count_for_user", (q) =>
    q.select({ n: count() }).from(entries).where(countedForMember(entries)),
  );

  /** A user's entries in a guild, oldest first: those they own (`guests` false) or the guests they added. */
  const listInGuild = (guildId: string, userId: string, guests: boolean) =>
    inGuild(db, guildId, userId, guests);

  return {
    /** See createSnapshotRead: every entry of the whitelist. */
    snapshotForFormats: (whitelistId: string, slices: Slices = noSlices): Promise<EntrySnapshot> =>
      snapshot(whitelistId, slices, Number.POSITIVE_INFINITY) as Promise<EntrySnapshot>,

    /**
     * As snapshotForFormats, or null once the whitelist is seen to hold more than `atMost` entries (read on the
     * build worker's thread instead: src/formats/worker-reads.ts).
     */
    snapshotForFormatsUpTo: (whitelistId: string, atMost: number, slices: Slices = noSlices) =>
      snapshot(whitelistId, slices, atMost),

    /** A whitelist's entries, oldest first. */
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

    /** The entry `typed` names (see findTyped; trimmed), or the refusal that it is not on the whitelist (notOn). */
    async requireTyped(whitelist: Whitelist, typed: string): Promise<EntryRecord> {
      const entry = await this.findTyped(whitelist, typed.trim());
      if (!entry) throw notOn(typed.trim(), whitelist.name);
      return entry;
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

    /**
     * How many nicks `userId` owns on a whitelist (the `maxNicksPerUser` rule counts these): guests they added are
     * nobody's (docs/decisions.md, Players without Discord).
     */
    async countForUser(whitelistId: string, userId: string, q: Db = db): Promise<number> {
      const [row] = await ownedCount(q, { whitelistId, userId });
      return row?.n ?? 0;
    },

    /** Every entry `userId` owns on the whitelists of a guild, oldest first; not the guests they added. */
    async listForUserInGuild(guildId: string, userId: string): Promise<EntryRecord[]> {
      return listInGuild(guildId, userId, false);
    },

    /** The guests `userId` added on the whitelists of a guild, oldest first. */
    async guestsAddedBy(guildId: string, userId: string): Promise<EntryRecord[]> {
      return listInGuild(guildId, userId, true);
    },

    /**
     * The members owning at least one entry in a guild (to notice members who left while nobody listened); a staff
     * member who added only guests owns none.
     */
    async ownersInGuild(guildId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .innerJoin(whitelistTable, eq(whitelistTable.id, entries.whitelistId))
        .where(and(eq(whitelistTable.guildId, guildId), eq(entries.guest, false)));
      return rows.map((row) => row.userId);
    },

    /** The members owning at least one entry (not a guest) on any of the given whitelists. */
    async ownersOn(whitelistIds: readonly string[]): Promise<string[]> {
      if (whitelistIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: entries.userId })
        .from(entries)
        .where(and(inArray(entries.whitelistId, [...whitelistIds]), eq(entries.guest, false)));
      return rows.map((row) => row.userId);
    },

    /**
     * When the next entry falls due (ms since the epoch): expires, or ends its wait for proof at first join; null
     * when none will.
     */
    async nextExpiry(): Promise<number | null> {
      const [expiry] = await db
        .select({ at: min(entries.expiresAt) })
        .from(entries)
        .where(isNotNull(entries.expiresAt));
      const [proof] = await db
        .select({ at: min(entries.proofDueAt) })
        .from(entries)
        .where(isNotNull(entries.proofDueAt));
      const times = [expiry?.at, proof?.at].filter((at): at is number => at != null);
      return times.length === 0 ? null : Math.min(...times);
    },
  };
}

/**
 * What the formats show of each entry (id, nick, UUID, premium, expiry, gamertag, proof due), in no particular
 * order (each format sorts), without whole records, and the last event id the read includes, in one snapshot of the
 * store (see src/formats/cache.ts). Read in pages along the whitelist's index of nick keys, each found by a range of
 * it (never a sort of the whole list), pausing on `slices` between them: a 100,000-entry whitelist never holds up
 * the event loop for the whole read. Each page is sized by the time the last took (`nextPageSize`). Null once more
 * than `atMost` entries are read. The service's store, or a read-only connection of the build worker's
 * (src/formats/build-worker.ts).
 */
export function createSnapshotRead(db: Db, entries: Tables["entries"]) {
  // What a page selects, in the order of EntryColumns.pushValues, then the key the next page starts after.
  const pageColumns = {
    id: entries.id,
    nick: entries.nick,
    uuid: entries.uuid,
    premium: entries.premium,
    expiresAt: entries.expiresAt,
    verified: entries.verified,
    gamertag: entries.gamertag,
    proofDueAt: entries.proofDueAt,
    groups: entries.groups,
    nickKey: entries.nickKey,
  };
  const decoders = Object.values(pageColumns);
  const keyAt = decoders.indexOf(entries.nickKey);
  // Prepared once per connection: a large whitelist's read runs it hundreds of times. Its rows as the driver's
  // arrays, decoded into the columns: drizzle's object per row cost some twenty more (docs/performance.md).
  const snapshotPage = preparedValues(db, "entries_snapshot_page", (q) =>
    q
      .select(pageColumns)
      .from(entries)
      .where(
        and(
          eq(entries.whitelistId, sql.placeholder("whitelistId")),
          gt(entries.nickKey, sql.placeholder("after")),
        ),
      )
      .orderBy(asc(entries.nickKey))
      .limit(sql.placeholder("limit")),
  );
  return (whitelistId: string, slices: Slices, atMost: number): Promise<EntrySnapshot | null> =>
    readSnapshot(db, async (q) => {
      const through = await lastEventId(db, q);
      // Kept as columns, each page's rows (and their nick keys) left to die young (src/entries/columns.ts).
      const entries = new EntryColumns();
      // No key is empty (a nick has a character at least): the first page starts after "". Pages start small
      // and grow while they fit (FIRST_PAGE; on a starved CPU a page's rows take twice or three times as long).
      for (let after = "", limit = FIRST_PAGE; ; ) {
        const from = slices.elapsed();
        const page = await snapshotPage(q, { whitelistId, after, limit });
        for (const row of page) entries.pushValues(row, decoders);
        if (entries.length > atMost) return null;
        const last = page.at(-1);
        if (!last || page.length < limit) return { through, entries };
        after = last[keyAt] as string;
        limit = nextPageSize(limit, slices.elapsed() - from);
        if (slices.due()) await slices.pause();
      }
    });
}
