import { SQL } from "bun";
import { ConfigError } from "../../shared/errors.ts";
import type { Logger } from "../../shared/logger.ts";
import { redactUrl } from "../../shared/redact.ts";
import { isPostgresUnreachable, postgresCode } from "../errors.ts";
import { NewerSchemaError } from "../migrations.ts";

/**
 * What the service's connections tell PostgreSQL (sent when each opens): its name, seen in `pg_stat_activity`,
 * where `whitelist-sync copy` and `restore` look for a service still running on a database.
 */
export const APPLICATION_NAME = "whitelist-sync";

/** How long each statement may wait for a lock and run, on every connection of the service's pool. */
export type StatementLimits = {
  /** DB_BUSY_TIMEOUT_MS: `lock_timeout` (0 would mean no limit to PostgreSQL: 1 ms is the least). */
  busyMs: number;
  /** DB_QUERY_TIMEOUT_MS: `statement_timeout`. */
  queryMs: number;
};

/** Bun's pool settings for the service: `max` connections, each with the limits (0 for none) and the name. */
export function poolSettings(max: number, limits: StatementLimits | undefined, name = APPLICATION_NAME) {
  return {
    max,
    connectionTimeout: 10,
    connection: {
      application_name: name,
      statement_timeout: limits ? Math.max(1, Math.trunc(limits.queryMs)) : 0,
      lock_timeout: limits ? Math.max(1, Math.trunc(limits.busyMs)) : 0,
    },
  };
}

/** Waiting for a PostgreSQL that cannot be reached at start: who is told of each try, and what stops the wait. */
export type WaitForServer = { logger: Logger; signal?: AbortSignal };

/** Pauses between tries at start while PostgreSQL cannot be reached: doubling, then every 30 s for good. */
export const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Opens a pool at `url` and runs `ready` on it (migrations, or a first query), and returns the pool once that
 * succeeds. When PostgreSQL cannot be reached for a reason that passes by itself (`isPostgresUnreachable`: boot
 * order, a restart, a failover, every connection slot taken) and `wait` is given, it tries again after each of
 * RETRY_DELAYS_MS, then every 30 s for as long as it takes, logging each failed try with the delay before the
 * next; `wait.signal` (a shutdown asked for meanwhile) ends the wait with its reason. Anything a person must fix
 * (a wrong password, a missing database, a refused privilege, a database of a newer version) throws a
 * ConfigError naming DATABASE_URL, its password as `***`: start-up exits 78.
 */
export async function connectPostgres(
  url: string,
  settings: ReturnType<typeof poolSettings>,
  ready: (client: SQL) => Promise<unknown>,
  wait?: WaitForServer,
): Promise<SQL> {
  const where = redactUrl(url);
  for (let attempt = 1; ; attempt++) {
    wait?.signal?.throwIfAborted();
    const client = new SQL(url, settings);
    try {
      await ready(client);
      if (attempt > 1) wait?.logger.info("PostgreSQL answers: starting", { database: where, attempt });
      return client;
    } catch (error) {
      await client.close({ timeout: 0 }).catch(() => {});
      const reason = describe(error);
      if (!wait || error instanceof NewerSchemaError || !isPostgresUnreachable(error)) {
        throw new ConfigError(`DATABASE_URL: cannot use ${where} (${reason})`);
      }
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] as number;
      wait.logger.warn("PostgreSQL cannot be reached yet: waiting for it", {
        database: where,
        error: reason,
        attempt,
        retryInMs: delay,
      });
      await pause(delay, wait.signal);
    }
  }
}

/**
 * What a start-up step past the first connection failed with, as start-up should report it: PostgreSQL answered
 * (migrations ran), then refused a further connection for want of slots (SQLSTATE 53300: "sorry, too many clients
 * already" at `max_connections`, or "too many connections for role" at its CONNECTION LIMIT), such as the LISTEN
 * connection every replica opens. It has too few free slots for a replica, a setting a person must change: a
 * ConfigError naming DATABASE_URL, its password as `***` (start-up exits 78). Anything else is returned as it is.
 * When every slot is taken before the first connection, `connectPostgres` waits instead (it may pass).
 */
export function explainStartUpFailure(url: string, error: unknown): unknown {
  if (postgresCode(error) !== "53300") return error;
  return new ConfigError(
    `DATABASE_URL: cannot use ${redactUrl(url)} (${describe(error)}): PostgreSQL has too few free connection ` +
      "slots for this replica, which opens a pool of up to 10 connections and one to LISTEN; raise max_connections " +
      "(or the role's CONNECTION LIMIT), or stop what holds them (docs/operations.md, PostgreSQL)",
  );
}

/** Why a connection failed, in words: Bun says only "Failed to connect" when nothing answers at the address. */
function describe(error: unknown): string {
  const code = postgresCode(error);
  if (code === "ERR_POSTGRES_CONNECTION_REFUSED") {
    return "nothing accepts connections at that address, or the host name does not resolve";
  }
  const message = error instanceof Error ? error.message : String(error);
  return code && /^[0-9A-Z]{5}$/.test(code) ? `${message}, SQLSTATE ${code}` : message;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
}
