import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import type { SqliteDb } from "./client.ts";
import { isStoreBusy } from "./errors.ts";
import { inWrite, type Tx } from "./store.ts";

/**
 * Runs `work` in one write transaction and resolves with its result once committed. `work` only reads and
 * writes through `tx` (never waits on the network: the transaction stays open while it runs). `committed`
 * runs synchronously right after the commit, before the next write starts: what must follow a change without
 * a gap (publishing its events) goes there. Rejects with the work's own error (nothing is written), or with
 * DomainError "store-unavailable" when another process held the database's write lock for the whole budget.
 */
export type Write = <T>(
  work: (tx: Tx) => Promise<T>,
  committed?: (value: T) => void,
  options?: WriteOptions,
) => Promise<T>;

/** How a write may be run. */
export type WriteOptions = {
  /**
   * The work reads only through `tx`, or what no other groupable write changes (a whitelist's settings, a denial):
   * it may then share one transaction with the groupable writes queued beside it, each under a savepoint of its
   * own (PostgreSQL's group commit: docs/architecture.md, PostgreSQL's round trips). It sees their changes through
   * `tx`, but not through a cache or `db`, and their `committed` runs after the shared commit, not before its work.
   * SQLite runs every write alone.
   */
  groupable?: boolean;
};

/** The writer of a store, with what tests and shutdown need besides `write`. */
export type Writer = {
  write: Write;
  /** Writes waiting for the lock. */
  waiting(): number;
};

/** How long one attempt may block the event loop waiting for the lock (SQLite's busy_timeout, ms). */
export const LOCK_WAIT_MS = 10;

/** Pauses between attempts while the lock is held elsewhere: short at first, then steady. */
const RETRY_DELAYS_MS = [5, 10, 20, 40, 80, 100];
/** Once the lock is free, queued writes commit in slices of about this long, so a backlog never freezes the loop. */
const SLICE_MS = 20;

type Pending = {
  work: (tx: Tx) => Promise<unknown>;
  committed: ((value: unknown) => void) | undefined;
  deadline: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/**
 * The SQLite writer (on the store's writer connection: use `store.driver.writer`): the one way the services write to the embedded store. SQLite is synchronous, so a write
 * that waited for a lock held by another process (a backup, a `sqlite3` shell) would freeze every read,
 * socket and health check for as long as it waited. Instead each attempt waits at most LOCK_WAIT_MS; while
 * the lock stays taken, writes queue in order and the first one is retried from a timer, with the event loop
 * free in between, until the budget (DB_BUSY_TIMEOUT_MS) is spent: then it fails as "store-unavailable" (the
 * API's 503 with Retry-After). Writes run one at a time on the one connection, so a transaction never
 * interleaves with another; its work awaits only SQLite, which answers within the same turn.
 */
export function createWriter({
  db,
  clock,
  budgetMs,
  observer = noObserver,
}: {
  db: SqliteDb;
  clock: Clock;
  budgetMs: number;
  /** Told of each write refused as busy (metrics). */
  observer?: Observer;
}): Writer {
  const sqlite = db.$client;
  const queue: Pending[] = [];
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining = false;

  /** One attempt; false when the lock is taken elsewhere (nothing ran), true when the write is settled. */
  const attempt = async (pending: Pending): Promise<boolean> => {
    try {
      sqlite.run("BEGIN IMMEDIATE");
    } catch (error) {
      if (isStoreBusy(error)) return false;
      pending.reject(error);
      return true;
    }
    let value: unknown;
    try {
      value = await pending.work(inWrite(db));
      sqlite.run("COMMIT");
    } catch (error) {
      if (sqlite.inTransaction) sqlite.run("ROLLBACK");
      pending.reject(error);
      return true;
    }
    try {
      pending.committed?.(value);
      pending.resolve(value);
    } catch (error) {
      pending.reject(error);
    }
    return true;
  };

  /** Refuses the waiting writes whose budget is spent, without trying them against a lock known to be taken. */
  const expire = () => {
    const now = clock.now();
    while (queue.length > 0 && (queue[0] as Pending).deadline <= now) {
      observer.databaseBusy();
      (queue.shift() as Pending).reject(new DomainError("store-unavailable", text("error.storeBusy")));
    }
  };

  const schedule = (delay: number) => {
    timer = setTimeout(drain, delay);
  };

  /** Commits waiting writes in order, a slice at a time, until one finds the lock taken again. */
  async function drain(): Promise<void> {
    timer = undefined;
    if (draining) return;
    draining = true;
    try {
      const sliceEnd = performance.now() + SLICE_MS;
      while (queue.length > 0) {
        if (!(await attempt(queue[0] as Pending))) {
          expire();
          if (queue.length > 0)
            schedule(RETRY_DELAYS_MS[Math.min(retries++, RETRY_DELAYS_MS.length - 1)] ?? 100);
          return;
        }
        queue.shift();
        retries = 0;
        if (performance.now() >= sliceEnd && queue.length > 0) {
          schedule(0);
          return;
        }
      }
    } finally {
      draining = false;
    }
  }

  const write: Write = <T>(work: (tx: Tx) => Promise<T>, committed?: (value: T) => void) =>
    new Promise<T>((resolve, reject) => {
      // Behind writes already waiting, never ahead of them: changes commit in the order they were asked for.
      queue.push({
        work,
        committed: committed as Pending["committed"],
        deadline: clock.now() + budgetMs,
        resolve: resolve as Pending["resolve"],
        reject,
      });
      if (timer === undefined && !draining) void drain();
    });

  return { write, waiting: () => queue.length };
}
