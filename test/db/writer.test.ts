import { afterEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { driverOf } from "../../src/db/driver.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { holdWriteLock, type LockHolder } from "../helpers/lock.ts";
import { sqliteTestServices } from "../helpers/services.ts";

// SQLite only: this is SQLite's writer (src/db/writer.ts), its lock budget and its retries against another
// process's lock; PostgreSQL's writer is test/db/postgres.full.test.ts's.

let services: ReturnType<typeof sqliteTestServices>;
let lock: LockHolder | undefined;
afterEach(async () => {
  await lock?.release();
  lock = undefined;
  services.close();
});

/** A writer over fresh test services (manual clock) with `budgetMs`, and a way to write and read guild ids. */
function setup(budgetMs: number) {
  services = sqliteTestServices();
  const writer = driverOf(services.db).writer({ clock: services.clock, budgetMs });
  const insert = (id: string, committed?: () => void) =>
    writer.write(async (tx) => {
      tx.run(sql`INSERT INTO guilds (id, created_at) VALUES (${id}, 0)`);
      return id;
    }, committed);
  const stored = () =>
    services.store.client
      .query<{ id: string }, []>("SELECT id FROM guilds ORDER BY rowid")
      .all()
      .map((row) => row.id);
  return { writer, insert, stored };
}

describe("the writer", () => {
  test("with the lock free, a write commits at once; `committed` runs right after, before the next write", async () => {
    const { insert, stored } = setup(2000);
    const order: string[] = [];
    const first = insert("1", () => order.push(`first committed, stored: ${stored().join(",")}`));
    const second = insert("2", () => order.push(`second committed, stored: ${stored().join(",")}`));
    order.push(`calls returned, stored: ${stored().join(",")}`);
    expect(await Promise.all([first, second])).toEqual(["1", "2"]);
    expect(order).toEqual([
      "calls returned, stored: ",
      "first committed, stored: 1",
      "second committed, stored: 1,2",
    ]);
  });

  test("while another process holds the lock, writes wait in order and commit once it is released", async () => {
    const { writer, insert, stored } = setup(2000);
    lock = await holdWriteLock(services.path);
    const writes = [insert("1"), insert("2"), insert("3")];
    // Nothing blocks: the calls returned at once, reads answer, and the writes are waiting.
    expect({ waiting: writer.waiting(), stored: stored() }).toEqual({ waiting: 3, stored: [] });
    await lock.release();
    expect(await Promise.all(writes)).toEqual(["1", "2", "3"]);
    expect({ waiting: writer.waiting(), stored: stored() }).toEqual({ waiting: 0, stored: ["1", "2", "3"] });
  });

  test("a write behind waiting ones waits too, even if the lock is free by then: order is kept", async () => {
    const { insert, stored } = setup(2000);
    lock = await holdWriteLock(services.path);
    const first = insert("first");
    await lock.release();
    const second = insert("second");
    await Promise.all([first, second]);
    expect(stored()).toEqual(["first", "second"]);
  });

  test("once its budget is spent, a waiting write fails as store-unavailable and writes nothing", async () => {
    const { writer, insert, stored } = setup(2000);
    lock = await holdWriteLock(services.path);
    const waiting = insert("1");
    services.clock.advance(2000);
    await expect(waiting).rejects.toThrow(expect.objectContaining({ code: "store-unavailable" }));
    expect(writer.waiting()).toBe(0);
    await lock.release();
    expect(await insert("2")).toBe("2");
    expect(stored()).toEqual(["2"]);
  });

  test("with no budget, a write that finds the lock taken fails at once", async () => {
    const { writer, insert } = setup(0);
    lock = await holdWriteLock(services.path);
    await expect(insert("1")).rejects.toThrow(expect.objectContaining({ code: "store-unavailable" }));
    expect(writer.waiting()).toBe(0);
  });

  test("a write failing on its own rejects with its error, rolls back, and the next ones still run", async () => {
    const { writer, insert, stored } = setup(2000);
    lock = await holdWriteLock(services.path);
    // Its outcome is taken at once: a rejection nobody handles yet would fail the test as unhandled.
    const failing = writer
      .write((tx) => {
        tx.run(sql`INSERT INTO guilds (id, created_at) VALUES ('half', 0)`);
        throw new DomainError("invalid-input", "refused on purpose");
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const next = insert("next");
    await lock.release();
    expect(await failing).toEqual(expect.objectContaining({ message: "refused on purpose" }));
    expect(await next).toBe("next");
    expect(stored()).toEqual(["next"]);
  });
});
