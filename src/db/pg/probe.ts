import type { SQL } from "bun";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";

/** How often the store is probed while nothing else asks for it. */
const PROBE_EVERY_MS = 5_000;
/** Probes asked for by failing calls run at most this often. */
const TRIGGERED_AT_MOST_EVERY_MS = 1_000;

/**
 * One statement that needs every table of the schema: `LIMIT 0` reads no row, but planning it takes each table's
 * lock, so a table another session locked (`LOCK TABLE`, a long `ALTER TABLE`) holds it up as it holds up the
 * reads of that table, where `SELECT 1` would answer at once.
 */
export const PROBE_SQL = `SELECT ${Object.values(schema)
  .filter((table) => is(table, PgTable))
  .map((table) => `(SELECT 1 FROM "${getTableName(table)}" LIMIT 0)`)
  .join(", ")}`;

/** The health of the PostgreSQL store, as `/health` reports it (StoreDriver.readable). */
export type Probe = {
  /** False while the last probe failed, or one has waited longer than the budget: never waits itself. */
  readable(): boolean;
  /** Probes now, unless a probe is under way (a call just failed as unavailable: find out at once). */
  probe(): void;
  stop(): void;
};

/**
 * Probes the store every 5 s, and at once when a call fails as unavailable (at most once a second), through the services' own bounded
 * pool (`withDeadlines`): a locked table, a pool whose every connection is taken and a server that does not answer
 * all show. It is unreadable as soon as a probe has waited `budgetMs` (DB_BUSY_TIMEOUT_MS, at least 100 ms) without
 * an answer, and readable again once one answers. Measured on the monotonic clock: a real wait, never a test's
 * manual clock.
 */
export function createProbe(pool: SQL, budgetMs: number): Probe {
  const budget = Math.max(100, budgetMs);
  let answered = true;
  let since: number | undefined;
  let last = Number.NEGATIVE_INFINITY;
  const run = () => {
    if (since !== undefined) return;
    since = last = performance.now();
    pool.unsafe(PROBE_SQL).then(
      () => {
        answered = true;
        since = undefined;
      },
      () => {
        answered = false;
        since = undefined;
      },
    );
  };
  const timer = setInterval(run, PROBE_EVERY_MS);
  timer.unref();
  return {
    readable: () => answered && (since === undefined || performance.now() - since <= budget),
    // A flood of failing calls (a server down) asks for a probe with each: one a second is enough to know.
    probe: () => {
      if (performance.now() - last >= TRIGGERED_AT_MOST_EVERY_MS) run();
    },
    stop: () => clearInterval(timer),
  };
}
