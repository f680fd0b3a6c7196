import { and, asc, count, eq, gte, inArray, isNotNull, lt, min } from "drizzle-orm";
import { lastEventId, readSnapshot } from "../db/driver.ts";
import type { Db, Tables } from "../db/store.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import { namesOf } from "../nicks/types.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { EntryRecord, EntrySnapshot } from "./model.ts";
import { type FindByKey, toEntry } from "./rows.ts";

/**
 * The reads of entries (the queries; the rules that use them are the services'): by nick, by UUID, by owner, by
 * prefix for autocomplete, what the formats show, and when the next one expires. Part of `EntryService`.
 */
export function createEntryReads(deps: {
  db: Db;
  entries: Tables["entries"];
  whitelistTable: Tables["whitelists"];
  findByKey: FindByKey;
}) {
  const { db, entries, whitelistTable, findByKey } = deps;

  return {
    /**
     * What the formats show of each entry (id, nick, UUID, premium, expiry, gamertag), oldest first, without whole
     * records (a 100,000-entry whitelist loads in a fraction of the time and garbage of `list`), and the last
     * event id the read includes, in one snapshot of the store (see src/formats/cache.ts).
     */
    snapshotForFormats(whitelistId: string): Promise<EntrySnapshot> {
      return readSnapshot(db, async (q) => ({
        through: await lastEventId(db, q),
        entries: await q
          .select({
            id: entries.id,
            nick: entries.nick,
            uuid: entries.uuid,
            premium: entries.premium,
            expiresAt: entries.expiresAt,
            verified: entries.verified,
            gamertag: entries.gamertag,
            proofDueAt: entries.proofDueAt,
          })
          .from(entries)
          .where(eq(entries.whitelistId, whitelistId))
          .orderBy(asc(entries.id)),
      }));
    },

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
