import { afterEach, expect, test } from "bun:test";
import { readdirSync, readlinkSync, realpathSync } from "node:fs";
import { sql } from "drizzle-orm";
import { closeDatabase, openDatabase } from "../../src/db/client.ts";
import type { SqliteStore } from "../../src/db/store.ts";
import { tempDir } from "../helpers/services.ts";

// A snapshot's result belongs to its caller: the store queues snapshots one after another, and the queue must not
// keep what the last one read (a format's read of a large whitelist, docs/architecture.md, Formats kept per
// whitelist) once the caller let go of it.

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** Runs one snapshot returning a fresh object, and gives back only a weak reference to it. */
async function snapshotResult(store: SqliteStore): Promise<WeakRef<object>> {
  const read = await store.driver.snapshot(async () => ({ rows: new Array(1000).fill("row") }));
  return new WeakRef(read);
}

test("the store keeps nothing of a snapshot's result once its caller let go of it", async () => {
  const dir = tempDir();
  const store = openDatabase({ path: `${dir.path}/store.db` });
  cleanup = () => {
    closeDatabase(store.db);
    dir.cleanup();
  };
  const results = await Promise.all(Array.from({ length: 5 }, () => snapshotResult(store)));
  // A turn of the event loop, so that no promise reaction of the queue still holds them on the stack.
  await new Promise((resolve) => setImmediate(resolve));
  Bun.gc(true);
  expect(results.map((result) => result.deref() === undefined)).toEqual([true, true, true, true, true]);
});

/** How many descriptors this process holds open on `path` (one per SQLite connection to the file). */
function descriptorsOn(path: string): number {
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed between the listing and the look
    }
  }).length;
}

/** A store on a file in a fresh directory, with the file's real path; closed after the test unless it closes it. */
function storeOnFile(options: { closesItself: boolean }) {
  const dir = tempDir();
  const path = `${realpathSync(dir.path)}/store.db`;
  const store = openDatabase({ path });
  cleanup = () => {
    if (!options.closesItself) closeDatabase(store.db);
    dir.cleanup();
  };
  return { store, path };
}

test("the snapshots' connection opens at the first snapshot, once", async () => {
  const { store, path } = storeOnFile({ closesItself: false });
  // The writer and the reader: a start takes no snapshot, so the third connection's memory is not spent.
  expect(descriptorsOn(path)).toBe(2);
  const read = await store.driver.snapshot(async (q) => q.all<{ n: number }>(sql`SELECT 1 AS n`));
  expect(read).toEqual([{ n: 1 }]);
  expect(descriptorsOn(path)).toBe(3);
  await store.driver.snapshot(async () => undefined);
  expect(descriptorsOn(path)).toBe(3);
});

test("a closed store lets go of its file at once, not once its statements are collected", async () => {
  const { store, path } = storeOnFile({ closesItself: true });
  // Statements compiled and kept on every connection.
  await store.driver.snapshot(async (q) => q.select().from(store.tables.entries).all());
  store.db.select().from(store.tables.entries).all();
  expect(descriptorsOn(path)).toBe(3);
  closeDatabase(store.db);
  expect(descriptorsOn(path)).toBe(0);
});

test("a store closed before its first snapshot opens no connection for one asked for too late", async () => {
  const { store, path } = storeOnFile({ closesItself: true });
  closeDatabase(store.db);
  const before = descriptorsOn(path);
  await expect(store.driver.snapshot(async () => undefined)).rejects.toThrow("the store is closed");
  expect(descriptorsOn(path)).toBe(before);
});
