import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { closeDatabase, openDatabase, STATEMENTS_KEPT } from "../../src/db/client.ts";
import type { SqliteStore } from "../../src/db/store.ts";
import { tempDir } from "../helpers/services.ts";

// SQLite only: a connection of the store compiles each statement once and runs it again for every query of the
// same text (src/db/client.ts, reuseStatements): drizzle prepares each query anew, and compiling was a large part of
// a registration's CPU (issue 38).

let dir: ReturnType<typeof tempDir>;
let store: SqliteStore;
afterEach(() => {
  closeDatabase(store.db);
  dir.cleanup();
});

function open() {
  dir = tempDir("wls-statements-");
  store = openDatabase({ path: join(dir.path, "store.db") });
  return store;
}

test("a query asked again runs its compiled statement again, with its new values, on every connection", async () => {
  const { db, tables, client } = open();
  const { guilds } = tables;
  const prepared: unknown[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((query: string) => {
    const statement = prepare(query);
    prepared.push(statement);
    return statement;
  }) as typeof client.prepare;
  await db.insert(guilds).values({ id: "g1", createdAt: 1 });
  await db.insert(guilds).values({ id: "g2", createdAt: 2 });
  const read = (id: string) => db.select({ id: guilds.id }).from(guilds).where(eq(guilds.id, id));
  expect(await read("g1")).toEqual([{ id: "g1" }]);
  expect(await read("g2")).toEqual([{ id: "g2" }]);
  expect(await read("g3")).toEqual([]);
  // Two inserts of one text, three reads of another: two statements, each compiled once.
  expect(prepared).toHaveLength(5);
  expect(new Set(prepared).size).toBe(2);
});

test("a statement that failed runs again cleanly, and past STATEMENTS_KEPT texts the oldest are compiled anew", async () => {
  const { db, tables, client } = open();
  const { guilds } = tables;
  await db.insert(guilds).values({ id: "g1", createdAt: 1 });
  const again = () =>
    db
      .insert(guilds)
      .values({ id: "g1", createdAt: 1 })
      .then(
        () => "stored",
        (error: unknown) => String(error),
      );
  expect(await again()).toContain("UNIQUE constraint failed");
  expect(await again()).toContain("UNIQUE constraint failed");
  await db.insert(guilds).values({ id: "g2", createdAt: 2 });
  const first = client.prepare("SELECT 0");
  expect(client.prepare("SELECT 0")).toBe(first);
  for (let n = 1; n <= STATEMENTS_KEPT; n++) client.prepare(`SELECT ${n}`);
  expect(client.prepare("SELECT 0")).not.toBe(first);
  expect(client.prepare("SELECT 0").get()).toEqual({ "0": 0 });
  expect((await db.select({ id: guilds.id }).from(guilds)).map((row) => row.id)).toEqual(["g1", "g2"]);
});
