import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { EntryRecord } from "./model.ts";

/** A premium account whose name is due for a check, with its entries on every whitelist. */
export type DueAccount = { uuid: string; entries: EntryRecord[] };

/**
 * Which premium accounts are due for a name check, and the record of each check (`entries.nameCheckedAt`), so
 * the rename refresh resumes where it stopped after a restart (docs/decisions.md, Renames). An account is
 * checked once for all its entries: an entry never checked counts as checked when it was created, since
 * storing it looked its name up.
 */
export type NameChecks = ReturnType<typeof createNameChecks>;

/** Creates the name-check records over the entries table. */
export function createNameChecks({ store, write }: { store: Store; write: Write }) {
  const {
    db,
    tables: { entries },
  } = store;
  const lastChecked = sql<number>`min(coalesce(${entries.nameCheckedAt}, ${entries.createdAt}))`;
  const premium = and(eq(entries.premium, true), isNotNull(entries.uuid));

  return {
    /** Up to `limit` accounts whose last check is at or before `checkedBefore`, the longest unchecked first. */
    async due(checkedBefore: number, limit: number): Promise<DueAccount[]> {
      if (limit <= 0) return [];
      const rows = await db
        .select({ uuid: entries.uuid, lastChecked })
        .from(entries)
        .where(premium)
        .groupBy(entries.uuid)
        .having(lte(lastChecked, checkedBefore))
        .orderBy(asc(lastChecked), asc(entries.uuid))
        .limit(limit);
      const uuids = rows.map((row) => row.uuid as string);
      if (uuids.length === 0) return [];
      // One read for all of them: there is no index on uuid, so each read is a scan of the table.
      const entriesHeld = await db
        .select()
        .from(entries)
        .where(and(premium, inArray(entries.uuid, uuids)))
        .orderBy(asc(entries.id));
      const held = Map.groupBy(
        entriesHeld.map(({ nickKey: _key, ...entry }): EntryRecord => entry),
        (entry) => entry.uuid as string,
      );
      return uuids.map((uuid) => ({ uuid, entries: held.get(uuid) ?? [] }));
    },

    /** Records that Mojang answered about `uuid` at `at`: none of its entries is due before the next interval. */
    async checked(uuid: string, at: number): Promise<void> {
      await write(async (tx) => {
        await tx
          .update(entries)
          .set({ nameCheckedAt: at })
          .where(and(premium, eq(entries.uuid, uuid)));
      });
    },
  };
}
