import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import { writeStage } from "../shared/write-stages.ts";
import type { SqliteDb } from "./client.ts";
import type { Durability } from "./durability.ts";
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
   * own (group commit: docs/architecture.md, The writer). It sees their changes through `tx`, but not through a
   * cache or `db`, and their `committed` runs after the shared commit, not before its work.
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
/**
 * Groupable writes queued together share a transaction for about this long, and without a flush queued writes
 * commit in slices of it: a backlog never freezes the loop.
 */
const SLICE_MS = 20;

type Pending = {
  work: (tx: Tx) => Promise<unknown>;
  committed: ((value: unknown) => void) | undefined;
  groupable: boolean;
  deadline: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A flush the file system refused: the change is committed (readers see it) but may not survive a power cut. */
function notFlushed(error: unknown): Error {
  return Object.assign(new Error(`the store's commit could not be flushed to disk (${String(error)})`), {
    code: "SQLITE_IOERR_FSYNC",
    cause: error,
  });
}

/**
 * The SQLite writer (on the store's writer connection: use `store.driver.writer`): the one way the services write
 * to the embedded store. SQLite is synchronous, so a write that waited for a lock held by another process (a
 * backup, a `sqlite3` shell) would freeze every read, socket and health check for as long as it waited. Instead
 * each attempt waits at most LOCK_WAIT_MS; while the lock stays taken, writes queue in order and the first one is
 * retried from a timer, with the event loop free in between, until the budget (DB_BUSY_TIMEOUT_MS) is spent: then
 * it fails as "store-unavailable" (the API's 503 with Retry-After). Writes run one transaction at a time on the one
 * connection, so a transaction never interleaves with another; its work awaits only SQLite, which answers within
 * the same turn.
 *
 * With `durability` (the store's own: src/db/durability.ts) a COMMIT does not flush: the writer asks for
 * `durability.flush()` right after it, off the event loop, runs `committed` while the disk flushes, and resolves only
 * once the commit is on disk: a write is acknowledged only once durable, while sockets, timers and interactions go
 * on. Groupable writes (WriteOptions) waiting when a transaction begins share it for up to SLICE_MS, each under a
 * savepoint of its own so one that fails is undone alone, and so share one flush (group commit); any other write has
 * a transaction of its own. The next transaction's work starts once the last one is on disk.
 */
export function createWriter({
  db,
  clock,
  budgetMs,
  observer = noObserver,
  durability,
  now = () => performance.now(),
}: {
  db: SqliteDb;
  clock: Clock;
  budgetMs: number;
  /** Told of each write refused as busy (metrics). */
  observer?: Observer;
  /** Flushes commits off the event loop; without it, each COMMIT is as durable as the connection's settings. */
  durability?: Pick<Durability, "flush" | "written" | "catchingUp" | "makeRoom">;
  /**
   * Real time in ms, as the slices run (performance.now): a test holds it still, so that a group is what was waiting
   * when its transaction began however long a starved CPU or a collection pauses the work between two writes.
   */
  now?: () => number;
}): Writer {
  const sqlite = db.$client;
  const queue: Pending[] = [];
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let draining = false;
  /** Whether the WAL has its room (Durability.makeRoom): no step is asked for any more. */
  let roomMade = durability === undefined;

  /** Runs the work of `pending` inside the open transaction (under a savepoint when `alone` is false). */
  const run = async (pending: Pending, alone: boolean): Promise<Outcome> => {
    if (alone) {
      try {
        return { ok: true, value: await pending.work(inWrite(db)) };
      } catch (error) {
        return { ok: false, error };
      }
    }
    sqlite.run("SAVEPOINT write");
    try {
      const value = await pending.work(inWrite(db));
      sqlite.run("RELEASE write");
      return { ok: true, value };
    } catch (error) {
      // Undoes this write alone; the others of the transaction stay. Some errors (a full disk, an I/O error) end
      // the whole transaction: then there is no savepoint left, and the caller sees the transaction gone.
      if (sqlite.inTransaction) {
        sqlite.run("ROLLBACK TO write");
        sqlite.run("RELEASE write");
      }
      return { ok: false, error };
    }
  };

  /**
   * One transaction, begun already: the first waiting write alone, or the groupable writes at the head of the queue
   * for up to SLICE_MS; then COMMIT (ROLLBACK when nothing is left to commit) and the flush. Returns each write
   * with how it ended, in order, and whether its changes are committed but could not be flushed.
   */
  const transaction = async (): Promise<{ done: [Pending, Outcome][]; unflushed?: Error }> => {
    const head = queue.shift() as Pending;
    // The group is what was waiting when the transaction began, as on PostgreSQL: a write asked for while the
    // head's work runs (right after it, by the same caller's chain) goes to the next transaction, after the head's
    // `committed` (a removal's `committed` notes the roles its revert decides on, which a registration then reads).
    let waiting = queue.length;
    writeStage("begun");
    const done: [Pending, Outcome][] = [[head, await run(head, !head.groupable)]];
    const sliceEnd = now() + SLICE_MS;
    while (
      head.groupable &&
      waiting-- > 0 &&
      sqlite.inTransaction &&
      queue[0]?.groupable &&
      now() < sliceEnd
    ) {
      const next = queue.shift() as Pending;
      done.push([next, await run(next, false)]);
    }
    /** Every write of the transaction failed with `error`, except those that failed on their own. */
    const undone = (error: unknown) => ({
      done: done.map(([pending, outcome]): [Pending, Outcome] => [
        pending,
        outcome.ok ? { ok: false, error } : outcome,
      ]),
    });
    if (!sqlite.inTransaction) {
      // SQLite rolled the whole transaction back (the last work's error says why): nothing of it was written.
      const [, last] = done.at(-1) as [Pending, Outcome];
      return undone(last.ok ? new Error("the write transaction ended unexpectedly") : last.error);
    }
    const written = done.filter(([, outcome]) => outcome.ok).length;
    writeStage("worked");
    try {
      if (written === 0) {
        sqlite.run("ROLLBACK");
        return { done };
      }
      sqlite.run("COMMIT");
      writeStage("committed");
    } catch (error) {
      if (sqlite.inTransaction) sqlite.run("ROLLBACK");
      return undone(error);
    }
    // The flush is asked for first: it runs on Bun's I/O threads while this thread runs the `committed` work
    // (publishing: each built format of a large whitelist changed, each subscriber told), rather than after it
    // (docs/performance.md, Where a DELETE's time goes).
    const flushed = durability?.flush();
    // Right after the commit, before anything else runs (the readers' connections see the change from now on):
    // what must follow a change without a gap (its events, caches, the roles a removal notes) goes there.
    const settled = done.map(([pending, outcome]): [Pending, Outcome] => [
      pending,
      afterCommit(pending, outcome),
    ]);
    writeStage("published");
    if (!durability || !flushed) return { done: settled };
    try {
      await flushed;
      writeStage("flushed");
      return { done: settled };
    } catch (error) {
      return { done: settled, unflushed: notFlushed(error) };
    } finally {
      // Counted once flushed: a checkpoint it sets off then starts after this flush, never beside it (its syncs of
      // the WAL and the database file held a DELETE's flush behind them: docs/performance.md, Where a DELETE's
      // time goes).
      durability.written(written);
    }
  };

  /** Runs the `committed` of a write that was committed; one that throws fails the write with its error. */
  const afterCommit = (pending: Pending, outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    try {
      pending.committed?.(outcome.value);
      return outcome;
    } catch (error) {
      return { ok: false, error };
    }
  };

  /**
   * Tells a write how it ended, once its commit is on disk: resolved, or refused with its error. `unflushed`: the
   * change is committed (readers see it, and its `committed` ran) but the file system refused its flush, so the
   * caller learns that it may not survive a power cut.
   */
  const settle = (pending: Pending, outcome: Outcome, unflushed?: Error) => {
    if (!outcome.ok) pending.reject(outcome.error);
    else if (unflushed) pending.reject(unflushed);
    else pending.resolve(outcome.value);
  };

  /** Refuses the waiting writes whose budget is spent, without trying them against a lock known to be taken. */
  const expire = () => {
    const at = clock.now();
    while (queue.length > 0 && (queue[0] as Pending).deadline <= at) {
      observer.databaseBusy();
      (queue.shift() as Pending).reject(new DomainError("store-unavailable", text("error.storeBusy")));
    }
  };

  const schedule = (delay: number) => {
    timer = setTimeout(drain, delay);
  };

  /** Commits waiting writes in order, a transaction at a time, until one finds the lock taken again. */
  async function drain(): Promise<void> {
    timer = undefined;
    if (draining) return;
    draining = true;
    try {
      const sliceEnd = now() + SLICE_MS;
      while (queue.length > 0) {
        // Rarely: the WAL outgrew its bound while checkpoints ran beside writes; one runs alone first.
        await durability?.catchingUp();
        try {
          sqlite.run("BEGIN IMMEDIATE");
        } catch (error) {
          if (isStoreBusy(error)) {
            expire();
            if (queue.length > 0)
              schedule(RETRY_DELAYS_MS[Math.min(retries++, RETRY_DELAYS_MS.length - 1)] ?? 100);
            return;
          }
          (queue.shift() as Pending).reject(error);
          continue;
        }
        retries = 0;
        const { done, unflushed } = await transaction();
        for (const [pending, outcome] of done) settle(pending, outcome, unflushed);
        // A flush gave the event loop its turn; without one, a backlog goes on in the next slice.
        if (!durability && now() >= sliceEnd && queue.length > 0) {
          schedule(0);
          return;
        }
      }
      if (!roomMade) setImmediate(makeRoom);
    } finally {
      draining = false;
    }
  }

  /**
   * While no write waits, after the first: grows the WAL's file a step (Durability.makeRoom), holding the write lock
   * so that nothing appends to it meanwhile, and flushes the zeros before the next write begins, so that no write's
   * flush carries them; then the next step, until the WAL has its room. A write asked for meanwhile waits for one
   * step's flush at most.
   */
  async function makeRoom(): Promise<void> {
    if (!durability || roomMade || draining || timer !== undefined || queue.length > 0) return;
    try {
      sqlite.run("BEGIN IMMEDIATE");
    } catch {
      // The lock is taken elsewhere: the next write's end tries again.
      return;
    }
    draining = true;
    try {
      let grew: boolean;
      try {
        grew = durability.makeRoom();
      } finally {
        sqlite.run("ROLLBACK");
      }
      if (!grew) {
        roomMade = true;
        return;
      }
      // Zeros only: every commit before was flushed (and acknowledged) already, and the next one's flush reports
      // its own failure. Nothing to tell if this one fails.
      await durability.flush().catch(() => undefined);
    } finally {
      draining = false;
    }
    if (queue.length > 0) void drain();
    else setImmediate(makeRoom);
  }

  const write: Write = <T>(
    work: (tx: Tx) => Promise<T>,
    committed?: (value: T) => void,
    options?: WriteOptions,
  ) =>
    new Promise<T>((resolve, reject) => {
      // Behind writes already waiting, never ahead of them: changes commit in the order they were asked for.
      queue.push({
        work,
        committed: committed as Pending["committed"],
        groupable: options?.groupable === true,
        deadline: clock.now() + budgetMs,
        resolve: resolve as Pending["resolve"],
        reject,
      });
      writeStage("queued");
      if (timer === undefined && !draining) void drain();
    });

  return { write, waiting: () => queue.length };
}
