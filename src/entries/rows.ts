import { and, eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Tables } from "../db/store.ts";
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
