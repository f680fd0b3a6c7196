import type { TransactionSQL } from "bun";
import { sql } from "drizzle-orm";
import type { BunSQLDatabase } from "drizzle-orm/bun-sql";
import { text } from "../../i18n/messages.ts";
import { DomainError } from "../../shared/errors.ts";
import { isStoreUnavailable, postgresCode } from "../errors.ts";
import { type Db, inWrite, type Tx } from "../store.ts";
import type { Write, Writer } from "../writer.ts";
import { onTheLine } from "./line.ts";
import type * as schema from "./schema.ts";

/**
 * How long a write transaction may wait for its own client between statements before PostgreSQL ends it: a replica
 * frozen in the middle of a write (SIGSTOP, a stalled VM) holds the cluster's write lock, and every replica's
 * writes would fail (503) until it ran again. Writes send their statements back to back, so this never ends one
 * that is alive.
 */
const WRITE_IDLE_LIMIT_MS = 5_000;

/**
 * The most writes one transaction commits together. Each has a savepoint, a subtransaction: PostgreSQL keeps up to
 * 64 of a session's in shared memory, and beyond that every other session's snapshots look them up in
 * `pg_subtrans` instead, which slows every reader while the transaction runs.
 */
export const MOST_PER_TRANSACTION = 32;

/** PostgreSQL's SQLSTATE of a lock not granted within `lock_timeout` (lock_not_available). */
const LOCK_TIMED_OUT = "55P03";

/** Rolls back a transaction whose lock wait ran out behind this replica's own transaction before it. */
const AGAIN = new Error("the write lock was held by this replica's transaction before: asked for again");

/** drizzle over Bun's SQL client. */
type PgDb = BunSQLDatabase<typeof schema>;
/** A transaction of PgDb. */
type PgTx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

type Pending = {
  work: (tx: Tx) => Promise<unknown>;
  committed: ((value: unknown) => void) | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/** The writes that share one transaction, in the order asked for, and how many of them started their work. */
type Group = { writes: Pending[]; started: number };

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A failure the caller sees: PostgreSQL away or too slow is "store-unavailable" (the API's 503), as on SQLite. */
function asSeen(error: unknown): unknown {
  if (isStoreUnavailable(error) && !(error instanceof DomainError)) {
    return new DomainError("store-unavailable", text("error.storeDown"));
  }
  return error;
}

/**
 * The PostgreSQL writer (docs/architecture.md, PostgreSQL's round trips): each transaction first takes the
 * cluster's write lock `lock` (a transaction-level advisory lock, released at commit), so writes of every replica
 * commit one after another and event ids become visible in id order: a reader of `id > last` never skips one. This
 * replica runs its writes in the order asked, and keeps off that line the round trips that need not be on it:
 * - group commit: groupable writes (WriteOptions) asked for while a transaction is under way wait together and then
 *   share the next one, each under its own savepoint, so one that fails is undone alone. A transaction's BEGIN, lock
 *   and COMMIT are so paid once for the group (a write asked for on a quiet replica is a group of one, without a
 *   savepoint). Any other write has a transaction of its own;
 * - the next transaction opens and asks for the lock as soon as this one holds it, so its BEGIN and its lock wait
 *   overlap this one's work and commit, and PostgreSQL hands it the lock at this one's commit (one transaction
 *   waits so, on a second connection of the pool); its work still starts only once this one committed and every
 *   `committed` of it ran, as if it had begun then;
 * - `SET LOCAL lock_timeout` and the lock are one statement, and a savepoint goes with its write's first statement;
 * - the next transaction does not wait for this one's changes to be published on the bus (read-your-writes only
 *   needs each write to wait for its own: `settle`): one read of the log then publishes several commits.
 * A transaction waiting for the lock longer than `budgetMs` (DB_BUSY_TIMEOUT_MS) fails its writes as
 * "store-unavailable", as on SQLite; the wait behind this replica's own transaction before it does not count (it
 * asks again, with the whole budget, once that one ended).
 */
export function createPgWriter({
  pg,
  lock,
  asDb,
  budgetMs,
  settle,
}: {
  pg: PgDb;
  /** The advisory lock key of the cluster's writes. */
  lock: number;
  /** The services' view of a transaction. */
  asDb(tx: PgTx): Db;
  budgetMs: number;
  /** Resolves once this replica's committed changes are published here (the bus's `settleOwn`). */
  settle?: () => Promise<void>;
}): Writer {
  const lockTimeout = String(Math.max(1, Math.trunc(budgetMs)));
  /** Settles once the last transaction begun holds the write lock, or gave up on it: the next may ask for it. */
  let locked: Promise<void> = Promise.resolve();
  /** Settles once the last transaction begun committed and its `committed` ran, or failed: the next may work. */
  let finished: Promise<void> = Promise.resolve();
  /** The last transaction begun, while groupable writes may still join it (until its work starts). */
  let gathering: Group | undefined;
  /** The transactions begun and not ended: the writes of theirs that did not start their work are waiting. */
  const live = new Set<Group>();

  /** Runs the writes of `group` in order, each alone or under its savepoint, recording in `outcomes` how each ended. */
  const runGroup = async (tx: PgTx, group: Group, outcomes: Outcome[]) => {
    const db = inWrite(asDb(tx));
    if (group.writes.length === 1) {
      // Alone: its failure rolls the transaction back.
      group.started++;
      outcomes.push({ ok: true, value: await onTheLine(() => (group.writes[0] as Pending).work(db)) });
      return;
    }
    // Bun's own handle of the transaction, under drizzle's: a query started there is queued on the connection at
    // once, where drizzle's go through promises first.
    const connection = (tx._.session as unknown as { client: TransactionSQL }).client;
    for (const write of group.writes) {
      group.started++;
      // Queued before the work's first statement, and sent with it without waiting for an answer (the connection
      // pipelines them). A savepoint that failed fails that statement, and so the write.
      connection`SAVEPOINT write`.execute();
      try {
        outcomes.push({ ok: true, value: await onTheLine(() => write.work(db)) });
      } catch (error) {
        outcomes.push({ ok: false, error });
        // Undoes this write alone; a rollback that fails fails the transaction, and so every write of it.
        await connection`ROLLBACK TO SAVEPOINT write`;
      }
    }
  };

  /** Begins `group`'s transaction after the one before it holds the lock, and settles each of its writes. */
  const run = async (group: Group, lockedBefore: Promise<void>, finishedBefore: Promise<void>) => {
    const holding = Promise.withResolvers<void>();
    const done = Promise.withResolvers<void>();
    locked = holding.promise;
    finished = done.promise;
    /** How each write ended, as far as the transaction got. */
    let outcomes: Outcome[] = [];
    /** Whether the transaction before this one on this replica ended: until then it holds the lock, or waits for it. */
    let beforeEnded = false;
    void finishedBefore.then(() => {
      beforeEnded = true;
    });
    try {
      await lockedBefore;
      for (;;) {
        // Asked for while this replica's own transaction before holds the lock: part of the wait is that one's work.
        const behindOwn = !beforeEnded;
        try {
          await pg.transaction(async (tx) => {
            try {
              // One round trip: `SET LOCAL lock_timeout` (set_config's `true`), then the lock, waiting under it. A
              // writer that stops between statements (a frozen process) would keep the cluster's write lock until it
              // ran again: PostgreSQL ends its session after WRITE_IDLE_LIMIT_MS instead (docs/architecture.md,
              // Replicas).
              await tx.execute(
                sql`SELECT set_config('lock_timeout', ${lockTimeout}, true), set_config('idle_in_transaction_session_timeout', ${String(WRITE_IDLE_LIMIT_MS)}, true), pg_advisory_xact_lock(${lock})`,
              );
            } catch (error) {
              // The budget (DB_BUSY_TIMEOUT_MS) is for other replicas' writes and a stuck lock, not for the work of
              // this replica's transaction before this one, which may take longer on a starved CPU (a group of 32
              // registrations): its writes were refused as "store-unavailable", all of them (issue 38). Once that one
              // ended, this transaction begins again and asks with the whole budget (never more than once so).
              if (behindOwn && postgresCode(error) === LOCK_TIMED_OUT) throw AGAIN;
              holding.resolve();
              throw error;
            }
            holding.resolve();
            await finishedBefore;
            // Its writes are known from here on: a groupable write asked for now waits for the next transaction.
            if (gathering === group) gathering = undefined;
            await runGroup(tx, group, outcomes);
          });
          break;
        } catch (error) {
          if (error !== AGAIN) throw error;
        }
        await finishedBefore;
      }
    } catch (error) {
      // Not committed: a write that failed on its own keeps its error, the others get the transaction's.
      outcomes = group.writes.map((_, index) => {
        const outcome = outcomes[index];
        return outcome && !outcome.ok ? outcome : { ok: false, error };
      });
    } finally {
      if (gathering === group) gathering = undefined;
      live.delete(group);
      holding.resolve();
    }
    // In order, before the next transaction's work starts (`committed` runs right after the commit).
    for (const [index, write] of group.writes.entries()) settleWrite(write, outcomes[index] as Outcome);
    done.resolve();
  };

  /** Tells a write how it ended: committed (its `committed` runs first), or refused with the error it sees. */
  const settleWrite = (write: Pending, outcome: Outcome) => {
    if (!outcome.ok) {
      write.reject(asSeen(outcome.error));
      return;
    }
    try {
      write.committed?.(outcome.value);
      write.resolve(outcome.value);
    } catch (error) {
      write.reject(error);
    }
  };

  const write: Write = <T>(
    work: (tx: Tx) => Promise<T>,
    committed?: (value: T) => void,
    options?: { groupable?: boolean },
  ) => {
    const result = new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        work,
        committed: committed as Pending["committed"],
        resolve: resolve as Pending["resolve"],
        reject,
      };
      const groupable = options?.groupable === true;
      if (groupable && gathering && gathering.writes.length < MOST_PER_TRANSACTION) {
        gathering.writes.push(pending);
        return;
      }
      const group: Group = { writes: [pending], started: 0 };
      gathering = groupable ? group : undefined;
      live.add(group);
      void run(group, locked, finished);
    });
    // Read-your-writes: the change is published here (caches, sockets) before the write resolves.
    if (!settle) return result;
    return result.then(async (value) => {
      await settle();
      return value;
    });
  };
  return {
    write,
    waiting: () => [...live].reduce((sum, group) => sum + group.writes.length - group.started, 0),
  };
}
