import { Database } from "bun:sqlite";
import { existsSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "../db/client.ts";
import { migrations, NewerSchemaError, refuseNewer } from "../db/migrations.ts";
import * as schema from "../db/schema.ts";
import { type CopyReport, copyTables, type Source, StoreCommandError, type Target } from "./copy.ts";
import { afterRow, keyColumns, TABLES } from "./tables.ts";

/**
 * Opens the SQLite file at `path` for this process alone, or throws when another program has it open (the
 * service, a `sqlite3` shell): in EXCLUSIVE locking mode a first `BEGIN EXCLUSIVE` gets the file's lock only
 * when no other connection has the database open (in WAL mode every open connection holds a shared lock on it),
 * and then keeps it until closed, so the service cannot start on the file meanwhile either.
 */
export function openAlone(path: string, doing: string): Database {
  const db = new Database(path, { create: true, strict: true });
  try {
    db.run("PRAGMA busy_timeout = 0");
    db.run("PRAGMA locking_mode = EXCLUSIVE");
    db.run("BEGIN EXCLUSIVE");
    db.run("COMMIT");
    db.run("PRAGMA foreign_keys = ON");
    return db;
  } catch (error) {
    db.close();
    if (/^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? "")) {
      throw new StoreCommandError(
        `${resolve(path)} is open in another program (the service?): stop it before ${doing}; nothing was changed`,
      );
    }
    throw error;
  }
}

/** The `createdAt` of the last migration applied to a SQLite database (0: none), or null when it is not ours. */
function appliedMigration(db: Database): number | null {
  const tracked = db.query("SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'").get() !== null;
  if (!tracked) {
    const tables = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table'").get() !== null;
    return tables ? null : 0;
  }
  return (
    db.query<{ at: number | null }, []>("SELECT max(created_at) AS at FROM __drizzle_migrations").get()?.at ??
    0
  );
}

/**
 * Makes the whitelist-sync database `db` (at `path`) current for this version: migrated in place when `inPlace`
 * (a target), else left alone (a source, a backup), a migrated copy being made beside it when it is older. Returns
 * the database to read: `db` itself, or the copy (`temporary` says where, to be removed). Throws when it is no
 * whitelist-sync database, or one a newer version wrote.
 */
export function current(db: Database, path: string, inPlace: boolean): { db: Database; temporary?: string } {
  const applied = appliedMigration(db);
  if (applied === null) {
    throw new StoreCommandError(`${resolve(path)} is not a whitelist-sync database; nothing was changed`);
  }
  try {
    refuseNewer(applied, migrations);
    const newest = Math.max(...migrations.map((migration) => migration.createdAt));
    if (applied === newest) return { db };
    if (inPlace) {
      migrate(db, migrations);
      return { db };
    }
    const temporary = join(dirname(resolve(path)), `.whitelist-sync-${crypto.randomUUID()}.db`);
    db.run("VACUUM INTO ?", [temporary]);
    const copy = new Database(temporary, { strict: true });
    migrate(copy, migrations);
    return { db: copy, temporary };
  } catch (error) {
    if (error instanceof NewerSchemaError) {
      throw new StoreCommandError(`cannot use ${resolve(path)}: ${error.message}; nothing was changed`);
    }
    throw error;
  }
}

/**
 * drizzle over `db` whose statements close with it. drizzle prepares each query with `prepare()`, and a statement
 * left unfinalized keeps its connection open after `close()` (SQLite's close_v2), holding this command's exclusive
 * lock on the file for as long as the process lives; `query()` statements are cached and finalized by `close()`.
 */
function ormOver(db: Database) {
  const client = {
    prepare: (text: string) => db.query(text),
    exec: (text: string) => db.exec(text),
    transaction: (work: () => unknown) => db.transaction(work),
  };
  return drizzle({ client: client as unknown as Database, schema });
}

/** Reads of a SQLite database (a copy's source), in the one read transaction `read` runs in. */
export async function readSqlite<T>(db: Database, read: (source: Source) => Promise<T>): Promise<T> {
  const orm = ormOver(db);
  db.run("BEGIN");
  try {
    return await read({
      page: async (table, after, limit) =>
        (await orm
          .select()
          .from(table.sqlite)
          .where(after ? afterRow(table.sqlite, table, after) : undefined)
          .orderBy(...keyColumns(table.sqlite, table))
          .limit(limit)) as Record<string, unknown>[],
      count: async (table) => countRows(db, table.name),
      async positions() {
        const rows = hasSequences(db)
          ? db.query<{ name: string; seq: number }, []>("SELECT name, seq FROM sqlite_sequence").all()
          : [];
        return new Map(rows.map((row) => [row.name, Number(row.seq)]));
      },
    });
  } finally {
    db.run("COMMIT");
  }
}

/** Copies `source` into the empty SQLite database `db` in one transaction, committed once the counts match. */
export async function writeSqlite(
  db: Database,
  where: string,
  read: <T>(work: (source: Source) => Promise<T>) => Promise<T>,
): Promise<CopyReport> {
  const orm = ormOver(db);
  const target: Target = {
    insert: async (table, rows) => {
      await orm.insert(table.sqlite).values(rows as never);
    },
    count: async (table) => countRows(db, table.name),
    async advance(positions) {
      const ours = new Set(TABLES.map((table) => table.name));
      for (const [name, position] of positions) {
        if (!ours.has(name) || position < 1) continue;
        db.run(
          "INSERT INTO sqlite_sequence (name, seq) SELECT ?1, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)",
          [name],
        );
        db.run("UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1", [name, position]);
      }
    },
  };
  db.run("BEGIN IMMEDIATE");
  try {
    const report = await read((source) => copyTables(source, target, where));
    db.run("COMMIT");
    return report;
  } catch (error) {
    if (db.inTransaction) db.run("ROLLBACK");
    throw error;
  }
}

const countRows = (db: Database, name: string) =>
  db.query<{ rows: number }, []>(`SELECT count(*) AS rows FROM "${name}"`).get()?.rows ?? 0;

const hasSequences = (db: Database) =>
  db.query("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== null;

/**
 * A consistent copy of the SQLite database at `path` into the new file `to`, while the service may be running on
 * it: `VACUUM INTO` reads in one read transaction, which in WAL mode never blocks the service's writes, and
 * writes one compact, self-contained file (no -wal). Throws when `to` exists.
 */
export function backupSqlite(path: string, to: string): void {
  if (!existsSync(path)) throw new StoreCommandError(`there is no database at ${resolve(path)}`);
  // Read and write, as the service opens it: a read-only connection cannot always join a WAL database.
  const db = new Database(path, { strict: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    if (appliedMigration(db) === null) {
      throw new StoreCommandError(`${resolve(path)} is not a whitelist-sync database`);
    }
    db.run("VACUUM INTO ?", [resolve(to)]);
  } finally {
    db.close();
  }
}

/** What a store holds: rows per table, and the last event id given. */
export type Contents = { tables: { name: string; rows: number }[]; lastEvent: number };

/** What the whitelist-sync SQLite database `db` holds (a table it lacks counts as empty). */
export function sqliteContents(db: Database): Contents {
  const present = new Set(
    db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name),
  );
  const tables = TABLES.map((table) => ({
    name: table.name,
    rows: present.has(table.name) ? countRows(db, table.name) : 0,
  }));
  const lastEvent = hasSequences(db)
    ? (db.query<{ seq: number }, []>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").get()?.seq ?? 0)
    : 0;
  return { tables, lastEvent };
}

/**
 * Puts the SQLite file `replacement` in place of the database at `path` (a restore), keeping the database it
 * replaces beside it as `<path>.replaced-<time>` (its WAL checkpointed first, so it is one self-contained file).
 * `path` must be closed by everyone; returns where the old one went, or null when there was none.
 */
export function replaceFile(path: string, replacement: string, at: Date): string | null {
  let kept: string | null = null;
  if (existsSync(path)) {
    const old = openAlone(path, "restoring over it");
    old.run("PRAGMA wal_checkpoint(TRUNCATE)");
    old.close();
    kept = `${path}.replaced-${at.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(path, kept);
    for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  }
  renameSync(replacement, path);
  return kept;
}
