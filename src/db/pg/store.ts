import { SQL } from "bun";
import { sql } from "drizzle-orm";
import { type BunSQLDatabase, drizzle } from "drizzle-orm/bun-sql";
import { registerDriver, type StoreDriver, unlessUnavailable } from "../driver.ts";
import { type Migration, pgMigrations, refuseNewer } from "../migrations.ts";
import type { Db, PgStore, Tables } from "../store.ts";
import { connectPostgres, poolSettings, type StatementLimits, type WaitForServer } from "./connect.ts";
import { withDeadlines } from "./deadline.ts";
import { splitPool } from "./line.ts";
import { preparedOnPool } from "./prepared.ts";
import { createProbe, type Probe } from "./probe.ts";
import * as schema from "./schema.ts";
import { createPgWriter } from "./writer.ts";

/**
 * Advisory lock keys of whitelist-sync (one 64-bit namespace shared with whatever else uses the database):
 * migrating, writing (one write transaction at a time in the cluster, so event ids commit in id order), and
 * leading (src/cluster/leader.ts).
 */
export const LOCKS = { migrate: 7_715_001, write: 7_715_002, lead: 7_715_003 } as const;

/** Options for opening a PostgreSQL store. */
export type OpenPostgresOptions = {
  /** DATABASE_URL: `postgres://user:password@host:port/database`. */
  url: string;
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  migrations?: Migration[];
  /** false: open without touching the schema (whitelist-sync doctor reads a database as it is). */
  migrate?: boolean;
  /**
   * DB_BUSY_TIMEOUT_MS and DB_QUERY_TIMEOUT_MS: how long a statement may wait for a lock, and a call may take,
   * waiting for a pooled connection included (the defaults: the configuration's).
   */
  limits?: StatementLimits;
  /** Given (by start-up): a server that cannot be reached yet is waited for, each try logged (connectPostgres). */
  wait?: WaitForServer;
};

/** drizzle over Bun's SQL client, with PostgreSQL's own builder types. */
type PgDb = BunSQLDatabase<typeof schema>;

/** A transaction of PgDb. */
type PgTx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

/**
 * PostgreSQL's database (or one of its transactions) and tables, seen through the services' one authoring surface:
 * SQLite's builder types (`Db`, `Tables`, src/db/store.ts). This is the one conversion between the two dialects'
 * types, and why it is sound:
 * - drizzle has no type common to its dialects (drizzle-orm issue #1196), and a structural type of our own is not
 *   satisfied by either without a cast (docs/architecture.md, Stores), so queries are typed once;
 * - the builders the services use (select, insert, update, delete; where, orderBy, limit, groupBy, joins,
 *   returning, onConflictDoNothing/DoUpdate; sql, count, min) have the same names and shapes in both dialects, and
 *   the services only await them (never SQLite's own `.get()`, `.all()`, `.run()`);
 * - both schemas give the very same row types, checked at compile time (test/db/postgres.full.test.ts);
 * - every service suite runs on both stores (test/helpers/services.ts, `forEachStore`), so a query only SQLite
 *   accepts fails a test instead of a replica.
 */
function asServiceStore(pg: PgDb | PgTx): { db: Db; tables: Tables } {
  return { db: pg, tables: schema } as unknown as { db: Db; tables: Tables };
}

/** The configuration's defaults of DB_BUSY_TIMEOUT_MS and DB_QUERY_TIMEOUT_MS. */
const DEFAULT_LIMITS: StatementLimits = { busyMs: 2_000, queryMs: 5_000 };

/**
 * Opens the PostgreSQL store and brings its schema up to date, under an advisory lock so that replicas starting
 * together migrate once (docs/operations.md, PostgreSQL). Every call the services make is bounded (`limits`:
 * the pool's statement and lock timeouts, and `withDeadlines` for the wait for a connection). Throws a
 * ConfigError naming DATABASE_URL when the server refuses the login, the database is missing or of a newer
 * version, or (without `wait`) cannot be reached: start-up turns it into exit code 78.
 */
export async function openPostgres(options: OpenPostgresOptions): Promise<PgStore> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const pool = splitPool(options.poolSize ?? 10);
  const client = await connectPostgres(
    options.url,
    poolSettings(pool.rest, limits),
    (client) =>
      options.migrate === false ? client`SELECT 1` : migrate(client, options.migrations ?? pgMigrations),
    options.wait,
  );
  let probe: Probe | undefined;
  const onUnavailable = () => probe?.probe();
  // The write line's own connections (src/db/pg/line.ts), opened when first used.
  const lineClient = pool.line > 0 ? new SQL(options.url, poolSettings(pool.line, limits)) : undefined;
  const bounded = withDeadlines(client, { queryMs: limits.queryMs, onUnavailable, line: lineClient });
  probe = createProbe(bounded, limits.busyMs);
  const pg = drizzle({ client: bounded, schema });
  const writes = lineClient
    ? drizzle({ client: withDeadlines(lineClient, { queryMs: limits.queryMs, onUnavailable }), schema })
    : pg;
  const { db, tables } = asServiceStore(pg);
  const driver: StoreDriver = {
    writer: (settings) =>
      createPgWriter({
        pg: writes,
        lock: LOCKS.write,
        asDb: (tx) => asServiceStore(tx).db,
        budgetMs: settings.budgetMs,
        settle: settings.settle,
      }),
    snapshot: (read) =>
      pg.transaction((tx) => read(asServiceStore(tx).db), {
        isolationLevel: "repeatable read",
        accessMode: "read only",
      }),
    async lastEventId(q) {
      // Pruning always keeps the newest event (EventLog.prune), so the highest id stored is the last assigned.
      const [row] = await q
        .select({ id: sql<number>`coalesce(max(${tables.events.id}), 0)`.mapWith(Number) })
        .from(tables.events);
      return row?.id ?? 0;
    },
    tryWithoutWaiting: unlessUnavailable,
    prepared: (build, name) => preparedOnPool(db, build, name, "objects"),
    preparedValues: (build, name) => preparedOnPool(db, build, name, "values"),
    readable: () => probe.readable(),
    async close() {
      probe.stop();
      await Promise.all([client.close({ timeout: 5 }), lineClient?.close({ timeout: 5 })]);
    },
  };
  registerDriver(db, driver);
  return { kind: "postgres", db, tables, driver, client };
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

/**
 * Applies the migrations not applied yet, recording them in drizzle's own `drizzle.__drizzle_migrations` table,
 * all under the migration advisory lock on one reserved connection: a second replica starting at the same moment
 * waits, then finds nothing left to apply. Throws NewerSchemaError, changing nothing, on a database a newer
 * version migrated.
 */
export async function migrate(client: SQL, migrations: Migration[]): Promise<number> {
  const connection = await client.reserve();
  try {
    // Another replica may be migrating (this waits for its lock), and a migration may rewrite a large table:
    // neither is bounded by the pool's statement limits, restored before the connection goes back.
    await connection`SET statement_timeout = 0`;
    await connection`SET lock_timeout = 0`;
    await connection`SELECT pg_advisory_lock(${LOCKS.migrate})`;
    try {
      await connection`CREATE SCHEMA IF NOT EXISTS drizzle`;
      await connection`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`;
      const [row] =
        await connection`SELECT coalesce(max(created_at), 0)::bigint AS applied FROM drizzle.__drizzle_migrations`;
      const applied = Number(row?.applied ?? 0);
      refuseNewer(applied, migrations);
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
    await connection`RESET statement_timeout; RESET lock_timeout`.simple().catch(() => {});
    connection.release();
  }
}
