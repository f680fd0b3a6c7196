import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import {
  copyFileSync,
  existsSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statfsSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { closeDatabase, openDatabase } from "../../src/db/client.ts";
import {
  CHECKPOINT_EVERY_WRITES,
  type Durability,
  WAL_ROOM_BYTES,
  walDurability,
} from "../../src/db/durability.ts";
import * as schema from "../../src/db/schema.ts";
import { createWriter } from "../../src/db/writer.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { tempDir } from "../helpers/services.ts";

// SQLite only: how the embedded store's writer makes a commit durable off the event loop (src/db/durability.ts,
// docs/decisions.md, SQLite settings). The flush is a real fsync(2) in the store; here it is held open by the test,
// which is the point: nothing may be acknowledged before it is done.

let dir: ReturnType<typeof tempDir>;
const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0).reverse()) thing.close();
  dir.cleanup();
});

/** Flushes the test releases one by one, recording the descriptor each was asked for. */
function heldSync() {
  const waiting: { fd: number; done(error?: Error): void }[] = [];
  return {
    waiting,
    sync: (fd: number) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ fd, done: (error) => (error ? reject(error) : resolve()) });
      }),
    /** Ends the oldest flush asked for, once one is asked for. */
    async release(error?: Error) {
      while (waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      (waiting.shift() as (typeof waiting)[number]).done(error);
    },
  };
}

/** A fresh store file with the store's own settings (WAL, `synchronous = NORMAL`, no automatic checkpoint). */
function storeFile() {
  dir = tempDir("wls-durability-");
  const path = join(dir.path, "store.db");
  const sqlite = new Database(path, { strict: true });
  sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run("PRAGMA synchronous = NORMAL");
  sqlite.run("PRAGMA wal_autocheckpoint = 0");
  sqlite.run("CREATE TABLE guilds (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL)");
  return { path, sqlite };
}

/** The store's writer over `sqlite`, flushing through `durability`. */
function writerOver(sqlite: Database, durability: Durability, options: { now?: () => number } = {}) {
  return createWriter({
    db: drizzle({ client: sqlite, schema }),
    clock: manualClock(),
    budgetMs: 2000,
    durability,
    ...options,
  });
}

/**
 * A writer over a fresh store file (`storeFile`) and the store's durability, whose flushes `held` controls.
 */
function setup() {
  const { path, sqlite } = storeFile();
  const reader = new Database(path, { strict: true });
  const held = heldSync();
  // No room made: these tests count the writes' flushes.
  const durability: Durability = walDurability(path, { sync: held.sync, roomBytes: 0 });
  open.push(sqlite, reader, { close: () => durability.closeNow() });
  const writer = writerOver(sqlite, durability, {
    // Still: a group is what waited when its transaction began, never cut short by a pause between two writes (the
    // 20 ms slice, which a collection or a starved CPU outlasted while the third of three writes waited).
    now: () => 0,
  });
  const insert = (id: string, committed?: () => void, groupable = true) =>
    writer.write(
      async (tx) => {
        tx.run(sql`INSERT INTO guilds (id, created_at) VALUES (${id}, 0)`);
        return id;
      },
      committed,
      { groupable },
    );
  const stored = () =>
    reader
      .query<{ id: string }, []>("SELECT id FROM guilds ORDER BY rowid")
      .all()
      .map((row) => row.id);
  return { path, held, writer, insert, stored };
}

/** Whether `promise` has settled after every pending callback and I/O turn ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise<void>((resolve) => setImmediate(resolve));
  return done;
}

describe("a write on the embedded store", () => {
  test("is not acknowledged before the WAL it was appended to is flushed; its `committed` runs at the commit", async () => {
    const { path, held, insert, stored } = setup();
    let committed: string[] | undefined;
    const write = insert("1", () => (committed = stored()));
    while (held.waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    // Committed (a reader sees it, and `committed` ran with no gap after the commit) and the flush of the WAL's own
    // file asked for, but not acknowledged yet.
    expect({ committed, stored: stored() }).toEqual({ committed: ["1"], stored: ["1"] });
    expect(fstatSync(held.waiting[0]?.fd as number).ino).toBe(statSync(`${path}-wal`).ino);
    expect(await settled(write)).toBe(false);
    await held.release();
    expect(await write).toBe("1");
  });

  test("asks for the flush before its `committed` runs: publishing goes on while the disk flushes", async () => {
    const { held, insert } = setup();
    let flushesAsked: number | undefined;
    const write = insert("1", () => (flushesAsked = held.waiting.length));
    await held.release();
    expect(await write).toBe("1");
    expect(flushesAsked).toBe(1);
  });

  test("writes asked for during a flush share the next transaction and its one flush, in order", async () => {
    const { held, insert, stored } = setup();
    const order: string[] = [];
    const first = insert("1", () => order.push("1"));
    while (held.waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const rest = ["2", "3", "4"].map((id) => insert(id, () => order.push(id)));
    await held.release();
    await first;
    // One flush for the three, asked for once their transaction committed (and their `committed` ran, in order).
    while (held.waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    expect({ flushes: held.waiting.length, stored: stored(), order }).toEqual({
      flushes: 1,
      stored: ["1", "2", "3", "4"],
      order: ["1", "2", "3", "4"],
    });
    expect(await settled(Promise.all(rest))).toBe(false);
    await held.release();
    expect(await Promise.all(rest)).toEqual(["2", "3", "4"]);
  });

  test("a write of a group that fails is undone alone; a write not groupable has a transaction of its own", async () => {
    const { held, writer, insert, stored } = setup();
    const first = insert("1");
    while (held.waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const duplicate = insert("1").then(
      () => null,
      (error: Error) => String(error.cause),
    );
    const next = insert("2");
    const alone = insert("3", undefined, false);
    await held.release();
    await first;
    await held.release();
    expect(await duplicate).toContain("UNIQUE constraint failed");
    expect(await next).toBe("2");
    // The lone write waited for the group's flush, then had one of its own.
    expect(await settled(alone)).toBe(false);
    await held.release();
    expect(await alone).toBe("3");
    expect({ stored: stored(), waiting: writer.waiting() }).toEqual({ stored: ["1", "2", "3"], waiting: 0 });
  });

  test("a flush the file system refuses fails the write as not flushed, though committed", async () => {
    const { held, insert, stored } = setup();
    let committed = false;
    const write = insert("1", () => (committed = true)).then(
      () => null,
      (error: unknown) => error,
    );
    await held.release(Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" }));
    expect(await write).toEqual(expect.objectContaining({ code: "SQLITE_IOERR_FSYNC" }));
    // Readers see it, so what follows readers (caches, subscribers) was told.
    expect({ committed, stored: stored() }).toEqual({ committed: true, stored: ["1"] });
    // The next write goes on.
    const next = insert("2");
    await held.release();
    expect(await next).toBe("2");
  });
});

describe("a checkpoint", () => {
  test("is set off only once the writes it counts are flushed: it never syncs beside their flush", async () => {
    const { sqlite } = storeFile();
    open.push(sqlite);
    const held = heldSync();
    const counted: { writes: number; flushing: number }[] = [];
    const durability: Durability = {
      flush: () => held.sync(0),
      written: (writes) => counted.push({ writes, flushing: held.waiting.length }),
      catchingUp: () => undefined,
      makeRoom: () => false,
      close: async () => {},
      closeNow: () => {},
    };
    const writer = writerOver(sqlite, durability);
    const write = writer.write(async (tx) => {
      tx.run(sql`INSERT INTO guilds (id, created_at) VALUES ('1', 0)`);
    });
    while (held.waiting.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(counted).toEqual([]);
    await held.release();
    await write;
    expect(counted).toEqual([{ writes: 1, flushing: 0 }]);
  });
});

describe("the store's settings", () => {
  test("the writer's connection appends without flushing and never checkpoints itself; the WAL is flushed apart", async () => {
    dir = tempDir("wls-durability-");
    const store = openDatabase({ path: join(dir.path, "store.db") });
    open.push({ close: () => closeDatabase(store.db) });
    const writer = store.driver.writer({ clock: manualClock(), budgetMs: 2000 });
    const pragmas = await writer.write(async (tx) => ({
      synchronous: tx.all<{ synchronous: number }>(sql`PRAGMA synchronous`)[0]?.synchronous,
      autocheckpoint: tx.all<{ wal_autocheckpoint: number }>(sql`PRAGMA wal_autocheckpoint`)[0]
        ?.wal_autocheckpoint,
    }));
    expect(pragmas).toEqual({ synchronous: 1, autocheckpoint: 0 });
  });

  test("a write through the readers' connection (a key's last use) never checkpoints the WAL on the event loop", async () => {
    dir = tempDir("wls-durability-");
    const path = join(dir.path, "store.db");
    const store = openDatabase({ path });
    open.push({ close: () => closeDatabase(store.db) });
    const writer = store.driver.writer({ clock: manualClock(), budgetMs: 2000 });
    // Past SQLite's automatic checkpoint (1,000 pages), as the WAL is between the checkpointer's runs.
    await writer.write(async (tx) => {
      tx.run(sql`CREATE TABLE filler (page BLOB)`);
      for (let i = 0; i < 1_100; i++) tx.run(sql`INSERT INTO filler VALUES (zeroblob(4000))`);
    });
    const before = statSync(path).size;
    store.client.run("INSERT INTO filler VALUES (NULL)");
    // A checkpoint would have copied the WAL's pages into the database's file.
    expect(statSync(path).size).toBe(before);
    expect(store.client.query("PRAGMA synchronous").get()).toEqual({ synchronous: 1 });
  });
});

describe("checkpoints", () => {
  test("run on their own thread every CHECKPOINT_EVERY_WRITES writes, and SQLite then starts the WAL over", async () => {
    const { path, sqlite } = storeFile();
    const checkpoints: { log: number; checkpointed: number }[] = [];
    let checkpointed: () => void = () => {};
    const durability = walDurability(path, {
      // The file's size is this test's measure of the WAL: no room made ahead of it.
      roomBytes: 0,
      onCheckpoint: (frames) => {
        checkpoints.push(frames);
        checkpointed();
      },
    });
    open.push(sqlite, { close: () => durability.closeNow() });
    const writer = writerOver(sqlite, durability);
    const writeMany = (from: number) =>
      Promise.all(
        Array.from({ length: CHECKPOINT_EVERY_WRITES }, (_, i) =>
          writer.write(async (tx) => {
            tx.run(sql`INSERT INTO guilds (id, created_at) VALUES (${String(from + i)}, 0)`);
          }),
        ),
      );
    const next = () => new Promise<void>((resolve) => (checkpointed = resolve));
    let done = next();
    await writeMany(0);
    await done;
    const walAfterFirst = statSync(`${path}-wal`).size;
    done = next();
    await writeMany(CHECKPOINT_EVERY_WRITES);
    await done;
    // Every frame was copied each time, and the second batch was written over the first: the WAL held one batch's
    // frames at the second checkpoint, not two, and its file is about the size it had.
    const [first, second] = checkpoints as [
      { log: number; checkpointed: number },
      { log: number; checkpointed: number },
    ];
    expect(checkpoints.map((frames) => frames.checkpointed === frames.log)).toEqual([true, true]);
    expect(second.log).toBeLessThan(first.log * 1.5);
    expect(statSync(`${path}-wal`).size).toBeLessThan(walAfterFirst * 1.5);
    expect(sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM guilds").get()?.n).toBe(
      2 * CHECKPOINT_EVERY_WRITES,
    );
  });
});

describe("the WAL's room", () => {
  test("is made in zeros between writes once the store is written to; commits after it survive a crash", async () => {
    const { path, sqlite } = storeFile();
    // Asked for: the test suite's directory may be on tmpfs, where a store makes none.
    const durability = walDurability(path, { roomBytes: WAL_ROOM_BYTES });
    open.push(sqlite, { close: () => durability.closeNow() });
    const writer = writerOver(sqlite, durability);
    const insert = (id: string) =>
      writer.write(async (tx) => {
        tx.run(sql`INSERT INTO guilds (id, created_at) VALUES (${id}, 0)`);
      });
    const wal = `${path}-wal`;
    const before = statSync(wal).size;
    await insert("100000000000000001");
    // Step by step, each flushed before the next, between the writes: wait for the last.
    while (statSync(wal).size < WAL_ROOM_BYTES) await new Promise<void>((resolve) => setImmediate(resolve));
    expect({ before: before < WAL_ROOM_BYTES, after: statSync(wal).size }).toEqual({
      before: true,
      after: WAL_ROOM_BYTES,
    });
    // Writes overwrite the room now, the file keeps its size; a copy taken while the store is open (a crash: no
    // checkpoint, no -shm) is recovered from its WAL up to the last frame, the zeros after it read as none.
    const ids = Array.from({ length: 50 }, (_, i) => String(200000000000000000n + BigInt(i)));
    await Promise.all(ids.map(insert));
    expect(statSync(wal).size).toBe(WAL_ROOM_BYTES);
    const crashed = join(dir.path, "crashed");
    mkdirSync(crashed);
    copyFileSync(path, join(crashed, "store.db"));
    copyFileSync(wal, join(crashed, "store.db-wal"));
    const copy = new Database(join(crashed, "store.db"));
    open.push(copy);
    const stored = copy.query<{ id: string }, []>("SELECT id FROM guilds ORDER BY id").all();
    expect(stored.map((row) => row.id)).toEqual(["100000000000000001", ...ids]);
  });
});

describe("on tmpfs", () => {
  const shm = existsSync("/dev/shm") && statfsSync("/dev/shm").type === 0x01021994;
  test.skipIf(!shm)("a store makes no room: a flush there writes nothing", () => {
    const shmDir = mkdtempSync("/dev/shm/wls-durability-");
    dir = { path: shmDir, cleanup: () => rmSync(shmDir, { recursive: true, force: true }) };
    const path = join(shmDir, "store.db");
    const sqlite = new Database(path, { strict: true });
    sqlite.run("PRAGMA journal_mode = WAL");
    sqlite.run("CREATE TABLE guilds (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL)");
    const durability = walDurability(path);
    open.push(sqlite, { close: () => durability.closeNow() });
    const size = statSync(`${path}-wal`).size;
    expect({ grew: durability.makeRoom(), size: statSync(`${path}-wal`).size }).toEqual({
      grew: false,
      size,
    });
  });
});
