import { SQL } from "bun";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { ConfigError, DomainError } from "../../shared/errors.ts";
import { redactUrl } from "../../shared/redact.ts";
import type { Db } from "../client.ts";
import { registerDriver, unlessUnavailable } from "../driver.ts";
import { isStoreUnavailable } from "../errors.ts";
import { type Migration, pgMigrations } from "../migrations.ts";
import type { Write, Writer } from "../writer.ts";
import * as schema from "./schema.ts";

/**
 * Advisory lock keys of whitelist-sync (one 64-bit namespace shared with whatever else uses the database):
 * migrating, writing (one write transaction at a time in the cluster, so event ids commit in id order), and
 * leading (src/cluster/leader.ts).
 */
export const LOCKS = { migrate: 7_715_001, write: 7_715_002, lead: 7_715_003 } as const;

/** How often the health state of the store is refreshed (a read that answers). */
const PING_MS = 5_000;

/** Options for opening a PostgreSQL store. */
export type OpenPostgresOptions = {
  /** DATABASE_URL: `postgres://user:password@host:port/database`. */
  url: string;
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  migrations?: Migration[];
  /** false: open without touching the schema (whitelist-sync doctor reads a database as it is). */
  migrate?: boolean;
};

/**
 * Opens the PostgreSQL store and brings its schema up to date, under an advisory lock so that replicas starting
 * together migrate once (docs/operations.md, PostgreSQL). Throws a ConfigError naming DATABASE_URL when the
 * server cannot be reached or refuses the login: start-up turns it into exit code 78.
 */
export async function openPostgres(options: OpenPostgresOptions): Promise<Db> {
  const client = new SQL(options.url, { max: options.poolSize ?? 10, connectionTimeout: 10 });
  try {
    if (options.migrate === false) await client`SELECT 1`;
    else await migrate(client, options.migrations ?? pgMigrations);
  } catch (error) {
    await client.close({ timeout: 0 }).catch(() => {});
    if (error instanceof DomainError) throw error;
    throw new ConfigError(`DATABASE_URL: cannot use ${redactUrl(options.url)} (${(error as Error).message})`);
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  let readable = true;
  const ping = setInterval(() => {
    client`SELECT 1`.then(
      () => {
        readable = true;
      },
      () => {
        readable = false;
      },
    );
  }, PING_MS);
  ping.unref();
  registerDriver(db, {
    kind: "postgres",
    writer: (settings) => createPgWriter(db, settings.budgetMs, settings.settle),
    snapshot: (read) =>
      (db as unknown as PgDb).transaction((tx) => read(tx as unknown as Db), {
        isolationLevel: "repeatable read",
        accessMode: "read only",
      }),
    async lastEventId(q) {
      // Pruning always keeps the newest event (EventLog.prune), so the highest id stored is the last assigned.
      const rows = (await (q as unknown as PgDb).execute(
        sql`SELECT coalesce(max(id), 0)::bigint AS id FROM events`,
      )) as unknown as { id: string | number }[];
      return Number(rows[0]?.id ?? 0);
    },
    tryWithoutWaiting: unlessUnavailable,
    prepare(query, name) {
      const statement = (
        query as { prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown[]> } }
      ).prepare(name);
      return (values) => statement.execute(values);
    },
    readable: () => readable,
    async close() {
      clearInterval(ping);
      await client.close({ timeout: 5 });
    },
  });
  return db;
}

/**
 * The migration (`createdAt` of drizzle-kit's journal) last applied to the database at `client`, or 0 when none
 * is (a fresh database); whitelist-sync doctor compares it with the binary's own.
 */
export async function appliedMigration(client: SQL): Promise<number> {
  const [table] = await client`SELECT to_regclass('drizzle.__drizzle_migrations') AS name`;
  if (!table?.name) return 0;
  const [row] =
    await client`SELECT coalesce(max(created_at), 0)::bigint AS applied FROM drizzle.__drizzle_migrations`;
  return Number(row?.applied ?? 0);
}

/** drizzle over Bun's SQL client, as far as the store uses it itself. */
type PgDb = {
  transaction<T>(
    work: (tx: unknown) => Promise<T>,
    config?: { isolationLevel?: "repeatable read" | "read committed"; accessMode?: "read only" },
  ): Promise<T>;
  execute(query: unknown): Promise<unknown>;
};

/**
 * Applies the migrations not applied yet, recording them in drizzle's own `drizzle.__drizzle_migrations` table,
 * all under the migration advisory lock on one reserved connection: a second replica starting at the same moment
 * waits, then finds nothing left to apply.
 */
async function migrate(client: SQL, migrations: Migration[]): Promise<number> {
  const connection = await client.reserve();
  try {
    await connection`SELECT pg_advisory_lock(${LOCKS.migrate})`;
    try {
      await connection`CREATE SCHEMA IF NOT EXISTS drizzle`;
      await connection`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`;
      const [row] =
        await connection`SELECT coalesce(max(created_at), 0)::bigint AS applied FROM drizzle.__drizzle_migrations`;
      const applied = Number(row?.applied ?? 0);
      const pending = migrations.filter((migration) => migration.createdAt > applied);
      for (const migration of pending) {
        await connection.begin(async (tx) => {
          for (const statement of migration.statements) await tx.unsafe(statement);
          const hash = new Bun.CryptoHasher("sha256").update(migration.statements.join("\n")).digest("hex");
          await tx`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${hash}, ${migration.createdAt})`;
        });
      }
      return pending.length;
    } finally {
      await connection`SELECT pg_advisory_unlock(${LOCKS.migrate})`;
    }
  } finally {
    connection.release();
  }
}

/**
 * The PostgreSQL writer: each write is one transaction that first takes the cluster's write lock (a
 * transaction-level advisory lock, released at commit), so writes of every replica commit one after another
 * and event ids become visible in id order: a reader of `id > last` never skips one (docs/architecture.md,
 * Replicas). This replica sends them one at a time, in the order asked. A write waiting for the lock longer
 * than the budget (DB_BUSY_TIMEOUT_MS) fails as "store-unavailable", as on SQLite.
 */
function createPgWriter(db: Db, budgetMs: number, settle?: () => Promise<void>): Writer {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const pg = db as unknown as PgDb;
  const write: Write = <T>(work: (tx: Db) => Promise<T>, committed?: (value: T) => void) => {
    waiting++;
    const run = tail.then(async () => {
      waiting--;
      let value: T;
      try {
        value = await pg.transaction(async (tx) => {
          const locked = tx as PgDb;
          await locked.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.trunc(budgetMs))}`));
          await locked.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.write})`);
          return work(tx as unknown as Db);
        });
      } catch (error) {
        if (isStoreUnavailable(error) && !(error instanceof DomainError)) {
          throw new DomainError(
            "store-unavailable",
            "The database could not be reached or is busy; nothing was changed. Try again in a few seconds.",
          );
        }
        throw error;
      }
      committed?.(value);
      // Read-your-writes: the change is published here (caches, sockets) before the write resolves.
      await settle?.();
      return value;
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return { write, waiting: () => waiting };
}
