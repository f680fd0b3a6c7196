import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { closeStore, lastStatementsSent } from "../../src/db/driver.ts";
import { isUniqueViolation } from "../../src/db/errors.ts";
import { LOCKS, openPostgres } from "../../src/db/pg/store.ts";
import type { PgStore, Tx } from "../../src/db/store.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { sharedPostgres, sharedTemplate } from "../helpers/postgres.ts";

// A group of writes on PostgreSQL's write line (src/db/pg/writer.ts): a write that sent its last statements lets the
// next one start behind them, and each write's outcome stays its own.

let store: PgStore;
let admin: SQL;

beforeAll(async () => {
  const pg = await sharedPostgres();
  store = await openPostgres({ url: await pg.database({ template: await sharedTemplate() }) });
  admin = new SQL(await pg.database(), { max: 1 });
});

afterAll(async () => {
  await closeStore(store.db).catch(() => {});
  await admin.close();
});

const GROUPABLE = { groupable: true };

/** Guilds stored now, by id. */
const guildIds = async (q: Tx | PgStore["db"]) =>
  (await q.select({ id: store.tables.guilds.id }).from(store.tables.guilds)).map((row) => row.id).sort();

/** Runs `writes` as one group: queued while another replica holds the write lock, then let through together. */
async function asOneGroup<T>(writes: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  const other = await store.client.reserve();
  await other`SELECT pg_advisory_lock(${LOCKS.write})`;
  const settled = Promise.allSettled(writes.map((write) => write()));
  await other`SELECT pg_advisory_unlock(${LOCKS.write})`;
  other.release();
  return settled;
}

/** A guild's row, inserted in `tx` (its id is the primary key: the same id twice fails). */
const insertGuild = (tx: Tx, id: string) => tx.insert(store.tables.guilds).values({ id, createdAt: 0 });

test("the write after one that sent its last statements starts before their answers, and reads their rows", async () => {
  await store.db.delete(store.tables.guilds);
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 10_000 });
  let firstAnswered = false;
  const seen: { answered: boolean; rows: string[] }[] = [];
  const settled = await asOneGroup([
    () =>
      writer.write(
        async (tx) => {
          const inserting = insertGuild(tx, "first");
          lastStatementsSent();
          await inserting;
          firstAnswered = true;
        },
        undefined,
        GROUPABLE,
      ),
    () =>
      writer.write(
        async (tx) => {
          const answered = firstAnswered;
          seen.push({ answered, rows: await guildIds(tx) });
        },
        undefined,
        GROUPABLE,
      ),
  ]);
  expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
  expect(seen).toEqual([{ answered: false, rows: ["first"] }]);
});

test("a write that fails after sending its last statements is undone alone: the writes started behind it run again", async () => {
  await store.db.delete(store.tables.guilds);
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 10_000 });
  const seenBySecond: string[][] = [];
  const settled = await asOneGroup([
    () => writer.write(async (tx) => void (await insertGuild(tx, "before")), undefined, GROUPABLE),
    () =>
      writer.write(
        async (tx) => {
          // Its last statements: a row, then the same row again, which PostgreSQL refuses.
          const inserting = Promise.allSettled([insertGuild(tx, "failing"), insertGuild(tx, "failing")]);
          lastStatementsSent();
          const [, again] = await inserting;
          if (again.status === "rejected") throw again.reason;
        },
        undefined,
        GROUPABLE,
      ),
    () =>
      writer.write(
        async (tx) => {
          seenBySecond.push(await guildIds(tx));
          await insertGuild(tx, "behind");
        },
        undefined,
        GROUPABLE,
      ),
  ]);
  expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(isUniqueViolation((settled[1] as PromiseRejectedResult).reason)).toBe(true);
  // Its first run went behind the failing statements (refused with the transaction aborted); the second saw the
  // failed write's row undone.
  expect(seenBySecond.at(-1)).toEqual(["before"]);
  expect(seenBySecond.length).toBeGreaterThanOrEqual(1);
  expect(await guildIds(store.db)).toEqual(["before", "behind"]);
});

test("a write that throws after its statements succeeded is undone, and the write that read its rows runs again", async () => {
  await store.db.delete(store.tables.guilds);
  const writer = store.driver.writer({ clock: manualClock(0), budgetMs: 10_000 });
  const seen: string[][] = [];
  const refusal = new Error("refused once its rows were stored");
  const settled = await asOneGroup([
    () =>
      writer.write(
        async (tx) => {
          const inserting = insertGuild(tx, "refused");
          lastStatementsSent();
          await inserting;
          throw refusal;
        },
        undefined,
        GROUPABLE,
      ),
    () =>
      writer.write(
        async (tx) => {
          seen.push(await guildIds(tx));
          await insertGuild(tx, "behind");
        },
        undefined,
        GROUPABLE,
      ),
  ]);
  expect(settled).toEqual([
    { status: "rejected", reason: refusal },
    { status: "fulfilled", value: undefined },
  ]);
  // First behind the refused write's row, then again without it: what commits was read without it.
  expect(seen).toEqual([["refused"], []]);
  expect(await guildIds(store.db)).toEqual(["behind"]);
});
