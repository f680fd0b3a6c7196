import { and, eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Store } from "../db/store.ts";
import type { EntryRecord } from "../entries/model.ts";
import { countedForMember } from "../entries/reads.ts";
import { type EntryRow, toEntry } from "../entries/rows.ts";
import { nickKey } from "../nicks/key.ts";

/**
 * Where a member stands on a whitelist when a registration checks its rules: the entry holding the nick (any
 * letter case), if any, and how many nicks the member holds there (not the guests they added).
 */
export type Standing = { taken: EntryRecord | undefined; registered: number };

/** Reads a member's standing on a whitelist for a nick. */
export type StandingLookup = (whitelistId: string, userId: string, nick: string) => Promise<Standing>;

/**
 * "Not taken" and the member's count read in one statement, built once (`preparedRead`): before its answer a
 * registration waits for each of its pool's reads in turn with the burst's every other member
 * (docs/performance.md, Launch day on PostgreSQL), so two reads there cost twice the CPU of both processes and
 * twice the wait. The count as a one-row subquery, the entry holding the nick left-joined to it.
 */
export function createStandingLookup(store: Store): StandingLookup {
  const {
    db,
    tables: { entries },
  } = store;
  const read = preparedRead<{ registered: number | string; entry: EntryRow | null }>(
    db,
    "member_standing",
    (q) => {
      const held = q
        .select({ registered: sql<number>`count(*)`.as("registered") })
        .from(entries)
        .where(countedForMember(entries))
        .as("held");
      return q
        .select({ registered: held.registered, entry: entries })
        .from(held)
        .leftJoin(
          entries,
          and(
            eq(entries.whitelistId, sql.placeholder("whitelistId")),
            eq(entries.nickKey, sql.placeholder("key")),
          ),
        );
    },
  );
  return async (whitelistId, userId, nick) => {
    const [row] = await read(db, { whitelistId, userId, key: nickKey(nick) });
    return {
      taken: row?.entry ? toEntry(row.entry) : undefined,
      // PostgreSQL's count is a bigint, which its driver hands over as text.
      registered: Number(row?.registered ?? 0),
    };
  };
}
