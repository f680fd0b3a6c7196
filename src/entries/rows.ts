import { and, asc, eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Tables, Tx } from "../db/store.ts";
import type { EntryRecord } from "./model.ts";

/** A stored entry, as the store returns it. */
export type EntryRow = Tables["entries"]["$inferSelect"];

/** An entry from its row (the comparison key is the store's own business). */
export const toEntry = ({ nickKey: _key, ...entry }: EntryRow): EntryRecord => entry;

/** Reads the entry holding a comparison key on a whitelist: the reads and the changes of entries share it. */
export type FindByKey = (q: Db, whitelistId: string, key: string) => Promise<EntryRow | undefined>;

/** The look-up by comparison key, prepared once per connection of `db`. */
export function entryByKey(db: Db, entries: Tables["entries"]): FindByKey {
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
  return findByKey;
}

/** Deletes the entry holding a comparison key on a whitelist, in the caller's transaction: its row, if there was one. */
export type RemoveByKey = (tx: Tx, whitelistId: string, key: string) => Promise<EntryRow | undefined>;

/** The removal by comparison key, prepared once per connection of `db`. */
export function entryRemovalByKey(db: Db, entries: Tables["entries"]): RemoveByKey {
  // Built once: every removal by nick (the API's DELETE, /unregister) runs it, and drizzle's building of it again
  // took some 0.2 ms of each removal's work before its commit (docs/performance.md, What a change costs).
  const byKey = preparedRead<EntryRow>(db, "entries_remove_by_key", (q) =>
    q
      .delete(entries)
      .where(
        and(
          eq(entries.whitelistId, sql.placeholder("whitelistId")),
          eq(entries.nickKey, sql.placeholder("key")),
        ),
      )
      .returning(),
  );
  return async (tx, whitelistId, key) => {
    const [row] = await byKey(tx, { whitelistId, key });
    return row;
  };
}

/** Reads a user's entries on the whitelists of a guild, oldest first: those they own, or (`guests`) the guests they added. */
export type EntriesInGuild = (
  q: Db,
  guildId: string,
  userId: string,
  guests: boolean,
) => Promise<EntryRecord[]>;

/** The look-up of a user's entries in a guild, prepared once: every registration and role note reads it. */
export function entriesInGuild(
  db: Db,
  entries: Tables["entries"],
  whitelists: Tables["whitelists"],
): EntriesInGuild {
  const inGuild = preparedRead<{ entry: EntryRow }>(db, "entries_of_user_in_guild", (q) =>
    q
      .select({ entry: entries })
      .from(entries)
      .innerJoin(whitelists, eq(whitelists.id, entries.whitelistId))
      .where(
        and(
          eq(whitelists.guildId, sql.placeholder("guildId")),
          eq(entries.userId, sql.placeholder("userId")),
          eq(entries.guest, sql.placeholder("guests")),
        ),
      )
      .orderBy(asc(entries.id)),
  );
  return async (q, guildId, userId, guests) =>
    (await inGuild(q, { guildId, userId, guests })).map(({ entry }) => toEntry(entry));
}
