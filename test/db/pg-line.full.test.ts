import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { closeStore } from "../../src/db/driver.ts";
import { LINE_CONNECTIONS, splitPool } from "../../src/db/pg/line.ts";
import { LOCKS, openPostgres } from "../../src/db/pg/store.ts";
import type { PgStore } from "../../src/db/store.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { sharedPostgres, sharedTemplate } from "../helpers/postgres.ts";

// The write line's own connections (src/db/pg/line.ts, docs/architecture.md, PostgreSQL's round trips).

const KEY = 7_799_001;
let store: PgStore;
let admin: SQL;

beforeAll(async () => {
  const pg = await sharedPostgres();
  const url = await pg.database({ template: await sharedTemplate() });
  // Limits long enough that the reads held on the advisory lock below wait for it rather than time out.
  store = await openPostgres({ url, limits: { busyMs: 60_000, queryMs: 60_000 } });
  admin = new SQL(url, { max: 1 });
});

afterAll(async () => {
  await closeStore(store.db).catch(() => {});
  await admin.close();
});

/**
 * Resolves once `n` sessions wait for the advisory lock KEY (PostgreSQL's own view of its locks). `pg_locks` shows
 * the whole server's, and other test files' databases share it: only this database's waits on KEY count.
 */
async function waiting(n: number): Promise<void> {
  for (;;) {
    const [row] = await admin`SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND NOT granted AND objid = ${KEY}
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    if (row.n >= n) return;
    await Bun.sleep(5);
  }
}

test("a default pool keeps its line's connections apart; one too small to spare them is shared", () => {
  expect(splitPool(10)).toEqual({ line: LINE_CONNECTIONS, rest: 10 - LINE_CONNECTIONS });
  expect(splitPool(2)).toEqual({ line: 0, rest: 2 });
});

test("a write, and the reads its work makes outside its transaction, do not wait behind the pool's other calls", async () => {
  const { rest } = splitPool(10);
  await admin`SELECT pg_advisory_lock(${KEY})`;
  // Every connection of the shared pool busy (Bun's pool, which the services' `db` uses), and one more call queued.
  // Each connection reserved first: queries given to the pool itself may share a connection (a busy machine opens
  // them more slowly than the calls come), so fewer than `rest` sessions would ever wait.
  const connections = await Promise.all(Array.from({ length: rest }, () => store.client.reserve()));
  const held = connections.map((connection) =>
    connection`SELECT pg_advisory_lock_shared(${KEY}), pg_advisory_unlock_shared(${KEY})`.then(() => {}),
  );
  held.push(store.client`SELECT 1`.then(() => {}));
  await waiting(rest);
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 2_000 });
  const whitelists = await writer.write(async () => {
    // Through `db`, not the transaction: as a registration's guard reads the deny list.
    return (await store.db.select().from(store.tables.whitelists)).length;
  });
  expect(whitelists).toBe(0);
  await admin`SELECT pg_advisory_unlock(${KEY})`;
  await Promise.all(held.slice(0, rest));
  for (const connection of connections) connection.release();
  await Promise.all(held);
}, 10_000);

/** Resolves once `test` holds for the sessions of this database waiting for the write lock (PostgreSQL's view). */
async function writeLockWaiters(test: (n: number) => boolean): Promise<void> {
  for (;;) {
    const [row] = await admin`SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND NOT granted AND objid = ${LOCKS.write}
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    if (test(row.n)) return;
    await Bun.sleep(5);
  }
}

test("a write waits for the one before it on this replica however long that one works: its busy budget is for others' locks", async () => {
  // A busy budget far shorter than the first write's work, as a group of 32 registrations on a starved CPU.
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 50 });
  const release = Promise.withResolvers<void>();
  const working = Promise.withResolvers<void>();
  const first = writer.write(async () => {
    working.resolve();
    await release.promise;
    return "first";
  });
  await working.promise;
  const second = writer.write(async () => "second");
  // The second's transaction waits for the lock the first holds, then its wait outlasts the budget (PostgreSQL ends
  // it: lock_timeout); only then does the first commit.
  await writeLockWaiters((n) => n === 1);
  await writeLockWaiters((n) => n === 0);
  release.resolve();
  expect(await Promise.allSettled([first, second])).toEqual([
    { status: "fulfilled", value: "first" },
    { status: "fulfilled", value: "second" },
  ]);
}, 10_000);

test("a write behind another replica's writes past its busy budget still fails as store-unavailable, changing nothing", async () => {
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 50 });
  // Another replica's transaction holds the cluster's write lock.
  await admin`SELECT pg_advisory_lock(${LOCKS.write})`;
  try {
    const refused = writer.write(async (tx) => {
      await tx.insert(store.tables.guilds).values({ id: "never", createdAt: 0 });
    });
    await expect(refused).rejects.toThrow(expect.objectContaining({ code: "store-unavailable" }));
  } finally {
    await admin`SELECT pg_advisory_unlock(${LOCKS.write})`;
  }
  expect(await store.db.select().from(store.tables.guilds)).toEqual([]);
}, 10_000);
