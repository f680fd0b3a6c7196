import { SQL } from "bun";
import { type SQL as Query, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { NewerSchemaError, pgMigrations, refuseNewer } from "../db/migrations.ts";
import { APPLICATION_NAME, poolSettings } from "../db/pg/connect.ts";
import * as schema from "../db/pg/schema.ts";
import { appliedMigration, migrate } from "../db/pg/store.ts";
import { redactUrl } from "../shared/redact.ts";
import { type CopyReport, copyTables, type Source, StoreCommandError, type Target } from "./copy.ts";
import type { Contents } from "./sqlite.ts";
import { afterRow, keyColumns, TABLES } from "./tables.ts";

/**
 * A connection to the PostgreSQL database at `url` for a store command: no statement limits (a copy reads and
 * writes whole tables), and a name of its own, so it is never taken for the service (`serviceSessions`).
 */
export async function openPostgresFor(url: string, command: string): Promise<SQL> {
  const client = new SQL(url, poolSettings(1, undefined, `${APPLICATION_NAME} ${command}`));
  try {
    await client`SELECT 1`;
    return client;
  } catch (error) {
    await client.close({ timeout: 0 }).catch(() => {});
    throw new StoreCommandError(`cannot use ${redactUrl(url)} (${(error as Error).message})`);
  }
}

/** How long a service's sessions may linger after it stopped (PostgreSQL ends a backend after its client left). */
const LINGER_CHECKS = { times: 10, everyMs: 200 };

/**
 * Throws when a whitelist-sync service is connected to the database (its connections carry the application
 * name `whitelist-sync`, src/db/pg/connect.ts): what a copy reads or a restore replaces must not change meanwhile.
 * A service that has just stopped is given LINGER_CHECKS to let its sessions end. PostgreSQL shows another role's
 * sessions without their name, so the service and the command should log in as the same role (they normally
 * share DATABASE_URL).
 */
export async function refuseWhileServed(client: SQL, url: string, doing: string): Promise<void> {
  let sessions = 0;
  for (let check = 1; check <= LINGER_CHECKS.times; check++) {
    const [row] = await client`
      SELECT count(*)::int AS sessions FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${APPLICATION_NAME} AND pid <> pg_backend_pid()`;
    sessions = Number(row?.sessions ?? 0);
    if (sessions === 0) return;
    if (check < LINGER_CHECKS.times) await Bun.sleep(LINGER_CHECKS.everyMs);
  }
  throw new StoreCommandError(
    `a whitelist-sync service is connected to ${redactUrl(url)} (${sessions} connections): stop every replica before ${doing}; nothing was changed`,
  );
}

/** Throws unless the database at `client` is at this version's schema (a source is read, never migrated). */
export async function refuseOtherVersion(client: SQL, url: string): Promise<void> {
  const applied = await appliedMigration(client);
  const newest = Math.max(...pgMigrations.map((migration) => migration.createdAt));
  try {
    refuseNewer(applied, pgMigrations);
  } catch (error) {
    if (error instanceof NewerSchemaError)
      throw new StoreCommandError(`cannot use ${redactUrl(url)}: ${error.message}`);
    throw error;
  }
  if (applied < newest) {
    throw new StoreCommandError(
      `${redactUrl(url)} is not at this version's schema${applied === 0 ? " (no whitelist-sync tables)" : ""}: start this version's service on it once, so it migrates, then stop it and try again`,
    );
  }
}

/** A transaction of drizzle's PostgreSQL database, and the rows a raw query of it returns. */
type Tx = Parameters<Parameters<ReturnType<typeof drizzle<typeof schema>>["transaction"]>[0]>[0];
const rowsOf = async (tx: Tx, query: Query) => [
  ...((await tx.execute(query)) as unknown as Record<string, unknown>[]),
];

/** The identity (or serial) sequence of each table that has one, with its column. */
async function sequences(tx: Tx): Promise<{ table: string; column: string; sequence: string }[]> {
  return (await rowsOf(
    tx,
    sql`SELECT t.relname AS "table", a.attname AS "column", s.oid::regclass::text AS "sequence"
      FROM pg_class s
      JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
      JOIN pg_class t ON t.oid = d.refobjid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND t.relnamespace = 'public'::regnamespace`,
  )) as { table: string; column: string; sequence: string }[];
}

/** The rows of table `name`. */
const countRows = async (tx: Tx, name: string) =>
  Number((await rowsOf(tx, sql.raw(`SELECT count(*)::bigint AS rows FROM "${name}"`)))[0]?.rows ?? 0);

/** Reads of the PostgreSQL database at `client` (a copy's source), in one repeatable-read, read-only snapshot. */
export function readPostgres<T>(client: SQL, read: (source: Source) => Promise<T>): Promise<T> {
  return drizzle({ client, schema }).transaction(
    async (tx) =>
      read({
        page: async (table, after, limit) =>
          (await tx
            .select()
            .from(table.pg)
            .where(after ? afterRow(table.pg, table, after) : undefined)
            .orderBy(...keyColumns(table.pg, table))
            .limit(limit)) as Record<string, unknown>[],
        count: async (table) => countRows(tx, table.name),
        async positions() {
          const found = new Map<string, number>();
          for (const { table, sequence } of await sequences(tx)) {
            const [row] = await rowsOf(tx, sql`SELECT pg_sequence_last_value(${sequence}::regclass) AS last`);
            if (row?.last !== null && row?.last !== undefined) found.set(table, Number(row.last));
          }
          return found;
        },
      }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Copies `read`'s source into the PostgreSQL database at `client`, migrated to this version first, in one
 * transaction committed once the counts match; with `replace`, its tables are emptied first, in that same
 * transaction (a restore: until it commits, the old rows are what everyone sees).
 */
export async function writePostgres(
  client: SQL,
  where: string,
  read: <T>(work: (source: Source) => Promise<T>) => Promise<T>,
  options: { replace?: boolean } = {},
): Promise<CopyReport> {
  try {
    await migrate(client, pgMigrations);
  } catch (error) {
    if (error instanceof NewerSchemaError)
      throw new StoreCommandError(`cannot use ${where}: ${error.message}`);
    throw error;
  }
  return drizzle({ client, schema }).transaction(async (tx) => {
    if (options.replace) {
      await tx.execute(
        sql.raw(`TRUNCATE ${TABLES.map((table) => `"${table.name}"`).join(", ")} RESTART IDENTITY`),
      );
    }
    const target: Target = {
      insert: async (table, rows) => {
        await tx.insert(table.pg).values(rows as never);
      },
      count: async (table) => countRows(tx, table.name),
      async advance(positions) {
        for (const { table, column, sequence } of await sequences(tx)) {
          const [row] = await rowsOf(
            tx,
            sql.raw(`SELECT coalesce(max("${column}"), 0) AS highest FROM "${table}"`),
          );
          const next = Math.max(positions.get(table) ?? 0, Number(row?.highest ?? 0));
          if (next >= 1) await tx.execute(sql`SELECT setval(${sequence}::regclass, ${next})`);
        }
      },
    };
    return read((source) => copyTables(source, target, where));
  });
}

/** What the PostgreSQL database at `client` holds (a table it lacks counts as empty). */
export async function postgresContents(client: SQL): Promise<Contents> {
  const tables: Contents["tables"] = [];
  for (const table of TABLES) {
    const [exists] = await client`SELECT to_regclass(${`public.${table.name}`}) IS NOT NULL AS found`;
    const rows = exists?.found
      ? Number((await client.unsafe(`SELECT count(*)::bigint AS rows FROM "${table.name}"`))[0]?.rows ?? 0)
      : 0;
    tables.push({ name: table.name, rows });
  }
  const [events] = await client`SELECT to_regclass('public.events') IS NOT NULL AS found`;
  const lastEvent = events?.found
    ? Number((await client`SELECT coalesce(max(id), 0)::bigint AS last FROM events`)[0]?.last ?? 0)
    : 0;
  return { tables, lastEvent };
}
