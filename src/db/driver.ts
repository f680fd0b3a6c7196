import type { Clock } from "../shared/clock.ts";
import type { Observer } from "../shared/observer.ts";
import { isStoreUnavailable } from "./errors.ts";
import type { Db } from "./store.ts";
import type { Writer } from "./writer.ts";

/**
 * What differs between the two stores behind the services' one `Db`: SQLite (the embedded default, one file)
 * and PostgreSQL (DATABASE_URL, several replicas). The services never ask which one they run on; these
 * functions do, for them (docs/architecture.md, Stores).
 */
export type StoreDriver = {
  /** The writer of the store: one write transaction at a time, in the order asked. */
  writer(options: {
    clock: Clock;
    budgetMs: number;
    observer?: Observer;
    /** Waited for after each commit (PostgreSQL: until its changes are published on this replica's bus). */
    settle?: () => Promise<void>;
  }): Writer;
  /** Reads that must see one state of the store, in one read-only transaction. */
  snapshot<T>(read: (q: Db) => Promise<T>): Promise<T>;
  /** The last event id committed (0 before the first), read through `q` (a snapshot's own connection). */
  lastEventId(q: Db): Promise<number>;
  /** A best-effort write that never waits for a lock: resolves false when it could not run now. */
  tryWithoutWaiting(write: () => Promise<unknown>): Promise<boolean>;
  /**
   * A read whose query `build(q)` makes with `sql.placeholder`s, built once and run through any connection `q` of
   * the store (the store itself, a write's transaction) with each call's values: what runs it skips building the
   * SQL again (the look-ups registration and imports make for every nick). SQLite: prepared once per connection.
   * PostgreSQL: built once, its text handed to each transaction (src/db/pg/prepared.ts).
   */
  prepared(
    build: (q: Db) => unknown,
    name: string,
  ): (q: Db, values: Record<string, unknown>) => Promise<unknown[]>;
  /**
   * As `prepared`, each row an array of the driver's values in the order selected, not decoded (no object per row,
   * no column's mapping: a large read's pages, docs/performance.md, First reads beside the CPU hogs).
   */
  preparedValues(
    build: (q: Db) => unknown,
    name: string,
  ): (q: Db, values: Record<string, unknown>) => Promise<unknown[][]>;
  /**
   * Whether the store answers reads (health): never waits. SQLite: a `SELECT 1` now. PostgreSQL: whether its last
   * probe of every table answered, and none has waited past the budget (src/db/pg/probe.ts).
   */
  readable(): boolean;
  close(): Promise<void>;
};

const drivers = new WeakMap<Db, StoreDriver>();

/** Records the driver of a store just opened, for what holds only its `db` (or a transaction's). */
export function registerDriver(db: Db, driver: StoreDriver): void {
  drivers.set(db, driver);
}

/** The driver of the store whose `db` this is (a store opened by openDatabase, useSqlite or openPostgres). */
export function driverOf(db: Db): StoreDriver {
  const driver = drivers.get(db);
  if (!driver) throw new TypeError("not a store opened by openDatabase or openPostgres");
  return driver;
}

/** Runs a best-effort write: resolves false when the store could not take it now, instead of failing. */
export async function unlessUnavailable(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isStoreUnavailable(error)) return false;
    throw error;
  }
}

/**
 * A read built once for every connection of the store (the store itself, a write's transaction): `build(q)` makes
 * the query on `q` with `sql.placeholder`s, and each call runs it through `q` with `values` (StoreDriver.prepared).
 */
export function preparedRead<Row>(
  db: Db,
  name: string,
  build: (q: Db) => unknown,
): (q: Db, values: Record<string, unknown>) => Promise<Row[]> {
  let run: ReturnType<StoreDriver["prepared"]> | undefined;
  return (q, values) => {
    run ??= driverOf(db).prepared(build, name);
    return run(q, values) as Promise<Row[]>;
  };
}

/**
 * As `preparedRead`, each row the driver's values in the order selected, not decoded (StoreDriver.preparedValues):
 * decode each with its column's `mapFromDriverValue`.
 */
export function preparedValues(
  db: Db,
  name: string,
  build: (q: Db) => unknown,
): (q: Db, values: Record<string, unknown>) => Promise<unknown[][]> {
  let run: ReturnType<StoreDriver["preparedValues"]> | undefined;
  return (q, values) => {
    run ??= driverOf(db).preparedValues(build, name);
    return run(q, values);
  };
}

/** See StoreDriver.snapshot. */
export const readSnapshot = <T>(db: Db, read: (q: Db) => Promise<T>): Promise<T> =>
  driverOf(db).snapshot(read);

/** See StoreDriver.lastEventId; `q` defaults to the store itself. */
export const lastEventId = (db: Db, q: Db = db): Promise<number> => driverOf(db).lastEventId(q);

/** See StoreDriver.tryWithoutWaiting. */
export const tryWithoutWaiting = (db: Db, write: () => Promise<unknown>): Promise<boolean> =>
  driverOf(db).tryWithoutWaiting(write);

/** See StoreDriver.readable. */
export const databaseReadable = (db: Db): boolean => driverOf(db).readable();

/** Closes the store (SQLite: checkpoints the WAL; PostgreSQL: ends the pool). */
export const closeStore = (db: Db): Promise<void> => driverOf(db).close();
