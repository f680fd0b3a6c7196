import type { SQL } from "bun";
import { text } from "../../i18n/messages.ts";
import { DomainError } from "../../shared/errors.ts";
import { isStoreUnavailable } from "../errors.ts";
import { isOnTheLine } from "./line.ts";

/**
 * What bounds each call the services make on PostgreSQL (docs/operations.md, Deadlines). The server bounds a
 * statement once it runs (`statement_timeout` and `lock_timeout`, set on every connection of the pool, see
 * `poolSettings`); these bound what it cannot see: the wait for a pooled connection, which Bun's pool does not
 * bound (it has no acquire timeout: a query waits in its queue for as long as every connection is busy).
 */
export type Deadlines = {
  /** Where the calls a write's work makes go instead (isOnTheLine): the write line's own connections. */
  line?: SQL;
  /** The longest a call may take from asked to answered, or to its transaction's start (DB_QUERY_TIMEOUT_MS). */
  queryMs: number;
  /** Told of every call that failed as unavailable: ran out of time, or a lock or statement timeout. */
  onUnavailable(): void;
};

/** The failure of a call that ran out of time: the API's 503 `store-unavailable`, with Retry-After. */
const tooSlow = (ms: number, detail: string) =>
  new DomainError("store-unavailable", text("error.storeSlow", { ms, detail }));

/** What a query of Bun's client is: a promise that runs when awaited, and can be cancelled. */
type Query<T> = PromiseLike<T> & { cancel(): unknown; values(): Query<T> };

/**
 * Bun's pool as drizzle's `bun-sql` driver uses it (`unsafe` for each statement, `begin` for a transaction), with
 * a deadline on each:
 * - a statement not answered within `queryMs` is cancelled (Bun drops it from its queue when it has not been
 *   sent; otherwise it asks the server to cancel it, which rolls it back) and fails as "store-unavailable";
 * - a transaction that has not started within `queryMs` (every connection busy) fails the same way, and its
 *   work never runs: when a connection frees up later, the transaction is rolled back before the work's first
 *   statement, so a write reported as failed cannot commit late. Once started, its statements are bounded by the
 *   server's own timeouts.
 * The services never see the difference; the cluster's LISTEN and leader connections use the pool itself.
 * Writes go through transactions (the writer), where a late start is harmless as said. A statement outside one
 * is a read, or the leader's outbox cursor (an idempotent upsert): one cancelled just as the server committed it
 * may stand although its caller was told it failed, which for those changes nothing.
 */
export function withDeadlines(client: SQL, deadlines: Deadlines): SQL {
  const { queryMs, onUnavailable } = deadlines;
  const answered = <T>(query: Query<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        query.cancel();
        onUnavailable();
        reject(tooSlow(queryMs, ""));
      }, queryMs);
      query.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (isStoreUnavailable(error)) onUnavailable();
          reject(error);
        },
      );
    });
  const bounded = {
    unsafe(text: string, params?: unknown[]) {
      const target = deadlines.line && isOnTheLine() ? deadlines.line : client;
      const query = target.unsafe(text, params) as unknown as Query<unknown>;
      let running: Promise<unknown> | undefined;
      return {
        values: () => answered(query.values()),
        // biome-ignore lint/suspicious/noThenProperty: drizzle awaits what `unsafe` returns, as it does Bun's query.
        then<R1, R2>(ok?: (value: unknown) => R1, fail?: (error: unknown) => R2) {
          running ??= answered(query);
          return running.then(ok, fail);
        },
      };
    },
    begin(...args: unknown[]) {
      const work = args.pop() as (tx: unknown) => Promise<unknown>;
      let state: "waiting" | "started" | "abandoned" = "waiting";
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          if (state !== "waiting") return;
          state = "abandoned";
          onUnavailable();
          reject(tooSlow(queryMs, " (every connection was busy); nothing was changed"));
        }, queryMs);
        const begin = client.begin as (...args: unknown[]) => Promise<unknown>;
        begin
          .call(client, ...args, async (tx: unknown) => {
            if (state === "abandoned") throw LATE;
            state = "started";
            clearTimeout(timer);
            return work(tx);
          })
          .then(resolve, (error: unknown) => {
            clearTimeout(timer);
            if (state === "abandoned") return;
            if (isStoreUnavailable(error)) onUnavailable();
            reject(error);
          });
      });
    },
  };
  return bounded as unknown as SQL;
}

/** Rolls back a transaction that started after its caller was told it failed. */
const LATE = new Error("the transaction started after its deadline: rolled back before its work");
