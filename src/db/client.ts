import { Database } from "bun:sqlite";
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { type BunSQLiteDatabase, drizzle } from "drizzle-orm/bun-sqlite";
import { ConfigError } from "../shared/errors.ts";
import { startStage } from "../shared/start-stages.ts";
import { registerDriver, type StoreDriver, unlessUnavailable } from "./driver.ts";
import { type Durability, walDurability } from "./durability.ts";
import { sqliteCode } from "./errors.ts";
import {
  type Baseline,
  baseline as embeddedBaseline,
  migrations as embeddedMigrations,
  type Migration,
  NewerSchemaError,
  refuseNewer,
} from "./migrations.ts";
import * as schema from "./schema.ts";
import type { Db, SqliteStore } from "./store.ts";
import { createWriter, LOCK_WAIT_MS } from "./writer.ts";

/** drizzle over one SQLite connection of the store, with that connection. */
export type SqliteDb = BunSQLiteDatabase<typeof schema> & { $client: Database };

/** Options for opening the store. */
export type OpenDatabaseOptions = {
  /** A file path, or ":memory:". Parent directories are created. */
  path: string;
  /**
   * How long one statement may block waiting for a lock held by another process before failing with
   * SQLITE_BUSY (default LOCK_WAIT_MS: short, because the wait blocks the event loop; the writer retries).
   */
  busyTimeoutMs?: number;
  migrations?: Migration[];
  /** Hears of a checkpoint that failed on the checkpointer's thread (the WAL then grows until one succeeds). */
  onCheckpointError?: (error: string) => void;
};

/**
 * Opens (creating if needed) the SQLite store with the durability settings of docs/operations.md (The SQLite
 * store) and migrates it.
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteStore {
  if (options.path === ":memory:") {
    throw new TypeError("the store needs a file: its writer, readers and snapshots are separate connections");
  }
  prepareFile(options.path);
  const busyTimeoutMs = Math.trunc(options.busyTimeoutMs ?? LOCK_WAIT_MS);
  const writer = openFile(options.path);
  try {
    writer.run(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    writer.run("PRAGMA journal_mode = WAL");
    // A COMMIT appends to the WAL without flushing it; the writer flushes it off the event loop and acknowledges a
    // write only then, and checkpoints run on a thread of their own (docs/decisions.md, SQLite settings).
    writer.run("PRAGMA synchronous = NORMAL");
    writer.run("PRAGMA wal_autocheckpoint = 0");
    writer.run("PRAGMA foreign_keys = ON");
    startStage("store opened");
    migrate(writer, options.migrations ?? embeddedMigrations, embeddedBaseline);
    startStage("migrated");
  } catch (error) {
    writer.close();
    if (error instanceof NewerSchemaError) {
      throw new ConfigError(`DATABASE_PATH: cannot use ${resolve(options.path)} (${error.message})`);
    }
    throw notUsable(options.path, error) ?? error;
  }
  // Reads go through their own connection: in WAL mode it sees only committed data, never the rows of a write
  // transaction still open on the writer's connection while its work awaits.
  const connect = (client: Database) => {
    client.run(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    client.run("PRAGMA foreign_keys = ON");
    // The little these connections write (a key's last use: src/keys/service.ts) must not flush or checkpoint on
    // the event loop either, as SQLite's defaults would (a sync of the WAL at each commit; a checkpoint of the whole
    // WAL once it passes 1,000 pages, which it does between the checkpointer's runs): it reaches the disk with the
    // writer's next flush or checkpoint, as the writer's own commits do (docs/decisions.md, SQLite settings).
    client.run("PRAGMA synchronous = NORMAL");
    client.run("PRAGMA wal_autocheckpoint = 0");
    return drizzle({ client, schema });
  };
  let durability: Durability;
  try {
    durability = walDurability(options.path, { onCheckpointError: options.onCheckpointError });
  } catch (error) {
    writer.close();
    throw notUsable(options.path, error) ?? error;
  }
  const db = connect(openFile(options.path));
  const connections = [db.$client, writer];
  closers.set(db, connections);
  durabilities.set(db, durability);
  // The snapshots' connection opens at the first snapshot (the first read of a whitelist's entries in a format),
  // which a start never takes: a connection holds the schema, its page cache and its statements (0.1-0.4 MiB of
  // an idle service's RSS: docs/performance.md, Start and memory).
  let snapshotDb: SqliteDb | undefined;
  const snapshots = () => {
    if (snapshotDb) return snapshotDb;
    if (closers.get(db) !== connections) throw new TypeError("the store is closed");
    snapshotDb = connect(openFile(options.path));
    connections.unshift(snapshotDb.$client);
    return snapshotDb;
  };
  return sqliteStore(db, drizzle({ client: writer, schema }), snapshots, durability);
}

/**
 * A store over one SQLite connection someone else opened and migrated (doctor reads a database this way,
 * without migrating it): reads, writes and snapshots all go through it.
 */
export function useSqlite(sqlite: Database): SqliteStore {
  const db = drizzle({ client: sqlite, schema });
  closers.set(db, [sqlite]);
  return sqliteStore(db, db, () => db);
}

/**
 * The store over its reader, writer and snapshot connections (`snapshots` gives the last, opened when first asked
 * for; `durability`: openDatabase's, flushing its commits).
 */
function sqliteStore(
  db: SqliteDb,
  writerDb: SqliteDb,
  snapshots: () => SqliteDb,
  durability?: Durability,
): SqliteStore {
  const driver = sqliteDriver(db, writerDb, snapshots, durability);
  registerDriver(db, driver);
  return { kind: "sqlite", db, tables: schema, driver, client: db.$client };
}

/** What the SQLite store does its own way (StoreDriver), over its reader, writer and snapshot connections. */
function sqliteDriver(
  db: SqliteDb,
  writerDb: SqliteDb,
  snapshots: () => SqliteDb,
  durability: Durability | undefined,
): StoreDriver {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    writer: (settings) => createWriter({ ...settings, db: writerDb, durability }),
    snapshot<T>(read: (q: Db) => Promise<T>): Promise<T> {
      // One at a time on their own connection, in one read transaction.
      const run = async () => {
        const snapshotDb = snapshots();
        snapshotDb.$client.run("BEGIN");
        try {
          return await read(snapshotDb);
        } finally {
          snapshotDb.$client.run("COMMIT");
        }
      };
      const result = queue.then(run, run);
      // The queue keeps only that the last one settled, never its result: a format's read of a 100,000-entry
      // whitelist would stay in memory until the next snapshot.
      queue = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    async lastEventId(q) {
      // SQLite keeps the last id of an AUTOINCREMENT table, even once its row is deleted.
      const [row] = q.all<{ seq: number }>(sql`SELECT seq FROM sqlite_sequence WHERE name = 'events'`);
      return row?.seq ?? 0;
    },
    async tryWithoutWaiting(write) {
      const previous = db.$client.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()?.timeout ?? 0;
      db.$client.run("PRAGMA busy_timeout = 0");
      try {
        return await unlessUnavailable(write);
      } finally {
        db.$client.run(`PRAGMA busy_timeout = ${previous}`);
      }
    },
    prepared: (build) => preparedPerConnection(build, (statement, values) => statement.all(values)),
    preparedValues: (build) => preparedPerConnection(build, (statement, values) => statement.values(values)),
    readable() {
      // Never waits for a writer: WAL readers are not blocked.
      try {
        db.$client.query("SELECT 1").get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      // A checkpoint under way on its thread finishes first.
      await durability?.close();
      closeDatabase(db);
    },
  };
}

/** The connections of a SQLite store, in the order they close (the writer's last). */
const closers = new WeakMap<Db, Database[]>();
/** What flushes the commits of a store openDatabase opened: stopped before its connections close. */
const durabilities = new WeakMap<Db, Durability>();

/**
 * A ConfigError for a file SQLite opened but cannot use as a store (not a database, a device, a file in /proc,
 * a corrupt file), or undefined when the error is something else (a busy lock is not the path's fault).
 */
function notUsable(path: string, error: unknown): ConfigError | undefined {
  const reasons: Record<string, string> = {
    SQLITE_NOTADB:
      "it is not a SQLite database; point DATABASE_PATH at a new file or a whitelist-sync database",
    SQLITE_CORRUPT: "the database is corrupt; restore a backup (docs/operations.md, Backups)",
    SQLITE_CANTOPEN: "SQLite cannot use it as a database file",
    SQLITE_IOERR: "SQLite cannot read or write it as a database file",
    SQLITE_READONLY: "it is read-only",
    SQLITE_FULL: "no space left on the device",
  };
  const code = sqliteCode(error) ?? "";
  const reason = Object.entries(reasons).find(([prefix]) => code.startsWith(prefix))?.[1];
  return reason ? new ConfigError(`DATABASE_PATH: cannot use ${resolve(path)} (${reason})`) : undefined;
}

/**
 * Creates the store's directory and checks up front that it, and the file if it exists, can be written:
 * SQLite opens a write-protected file read-only and fails only at the first write. Throws a ConfigError
 * naming DATABASE_PATH, the path and what is wrong, which start-up turns into exit code 78.
 */
function prepareFile(path: string): void {
  const directory = resolve(dirname(path));
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    throw unusable(`cannot create the directory ${directory}`, error);
  }
  try {
    accessSync(directory, constants.W_OK);
  } catch (error) {
    throw unusable(`the directory ${directory} is not writable`, error);
  }
  try {
    accessSync(path, constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw unusable(`cannot write ${resolve(path)}`, error);
  }
}

/** Opens the SQLite file; a failure becomes a ConfigError naming DATABASE_PATH and the path. */
function openFile(path: string): Database {
  try {
    return reuseStatements(new Database(path, { create: true, strict: true }));
  } catch (error) {
    if (path === ":memory:") throw error;
    const directory = statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
    throw new ConfigError(
      `DATABASE_PATH: cannot open ${resolve(path)} (${directory ? "it is a directory" : (error as Error).message})`,
    );
  }
}

/** Compiled statements a connection keeps; past this many different texts it starts over. */
export const STATEMENTS_KEPT = 500;

/**
 * Makes the connection compile each statement once. drizzle asks bun:sqlite to `prepare` every query it runs,
 * which compiles it anew each time: with the building of the query, the largest part of a registration's CPU (300
 * members at once, issue 38: docs/performance.md). A statement is run to its end within the call that runs it
 * (bun:sqlite is synchronous), so one compiled statement serves every query of the same text. Bounded, since
 * lists of varying length make new texts; one dropped is finalized when collected.
 */
function reuseStatements(client: Database): Database {
  const prepare = client.prepare.bind(client);
  const kept = new Map<string, ReturnType<Database["prepare"]>>();
  client.prepare = ((query: string, ...rest: unknown[]) => {
    if (rest.length > 0) return (prepare as (...args: unknown[]) => unknown)(query, ...rest);
    let statement = kept.get(query);
    if (!statement) {
      if (kept.size >= STATEMENTS_KEPT) kept.clear();
      statement = prepare(query);
      kept.set(query, statement);
    }
    return statement;
  }) as Database["prepare"];
  // Closing finalizes them: SQLite keeps a connection with statements left open (its file's descriptors, its
  // memory) until they are finalized, which for kept ones would wait for a collection.
  const close = client.close.bind(client);
  client.close = ((throwOnError?: boolean) => {
    for (const statement of kept.values()) statement.finalize();
    kept.clear();
    close(throwOnError);
  }) as Database["close"];
  return client;
}

/** A ConfigError for DATABASE_PATH saying what failed and why, in words rather than an errno. */
function unusable(what: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "read-only file system",
    ENOTDIR: "a part of the path is a file, not a directory",
    EEXIST: "a file of that name is in the way",
    ENOSPC: "no space left on the device",
  };
  return new ConfigError(`DATABASE_PATH: ${what} (${reasons[code ?? ""] ?? (error as Error).message})`);
}

/**
 * Applies the embedded migrations not applied yet, recording each in drizzle's own `__drizzle_migrations` table so
 * drizzle-kit tooling sees the same history. A new database (none applied) with `baseline` given, whose migrations
 * `migrations` holds, gets the baseline's schema in one step in place of replaying those, each recorded as a
 * replay records it (test/db/baseline.test.ts: the same schema and records as a database upgraded migration by
 * migration). Throws NewerSchemaError, changing nothing, on a database a newer version migrated.
 */
export function migrate(sqlite: Database, migrations: Migration[], baseline?: Baseline): number {
  sqlite.run(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)",
  );
  // One IMMEDIATE transaction around reading what is applied and applying the rest: two processes opening
  // a fresh file at once cannot both apply the same migration.
  const apply = sqlite.transaction(() => {
    const applied =
      sqlite
        .query<{ createdAt: number | null }, []>(
          "SELECT max(created_at) AS createdAt FROM __drizzle_migrations",
        )
        .get()?.createdAt ?? 0;
    refuseNewer(applied, migrations);
    // How many of the migrations the baseline stands for (0: none, or an existing database).
    const covered =
      applied === 0 && baseline ? migrations.findIndex((one) => one.tag === baseline.through) + 1 : 0;
    for (const statement of covered > 0 ? (baseline?.statements ?? []) : []) sqlite.run(statement);
    const pending = migrations.filter((migration) => migration.createdAt > applied);
    for (const [index, migration] of pending.entries()) {
      if (index >= covered) for (const statement of migration.statements) sqlite.run(statement);
      const hash = new Bun.CryptoHasher("sha256").update(migration.statements.join("\n")).digest("hex");
      sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [
        hash,
        migration.createdAt,
      ]);
    }
    return pending.length;
  });
  return apply.immediate();
}

/** Closes a SQLite store (`db`: its `Store.db`), checkpointing the WAL so the file is self-contained. */
export function closeDatabase(db: Db): void {
  const connections = closers.get(db);
  const last = connections?.at(-1);
  if (!connections || !last) throw new TypeError("not a store opened by openDatabase or useSqlite");
  // A checkpoint under way on its thread finishes there; the one below runs after it on the writer's connection.
  durabilities.get(db)?.closeNow();
  closers.delete(db);
  for (const connection of connections.slice(0, -1)) connection.close();
  try {
    last.run("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    last.close();
  }
}

/** What drizzle's bun:sqlite prepared query offers: rows as objects (mapped), or as the driver's arrays. */
type Statement = {
  all(values: Record<string, unknown>): unknown[];
  values(values: Record<string, unknown>): unknown[][];
};

/** A query built once and prepared once per connection it runs on, run by `run` (rows or arrays). */
function preparedPerConnection<Rows>(
  build: (q: Db) => unknown,
  run: (statement: Statement, values: Record<string, unknown>) => Rows,
): (q: Db, values: Record<string, unknown>) => Promise<Rows> {
  // A statement belongs to its connection: the readers' and the writer's each prepare their own, once.
  const statements = new WeakMap<Db, Statement>();
  return async (q, values) => {
    let statement = statements.get(q);
    if (!statement) {
      statement = (build(q) as { prepare(): Statement }).prepare();
      statements.set(q, statement);
    }
    return run(statement, values);
  };
}
