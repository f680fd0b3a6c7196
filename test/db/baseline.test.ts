import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BASELINE_FILE, renderBaseline } from "../../.ci/db-baseline.ts";
import { closeDatabase, migrate, openDatabase } from "../../src/db/client.ts";
import { baseline, migrations } from "../../src/db/migrations.ts";
import { tempDir } from "../helpers/services.ts";

// A new SQLite store is created from drizzle/baseline/sqlite.sql in one step instead of replaying every migration
// (docs/performance.md, Start and memory): it must end exactly as a replay, and as an upgrade, leave it.
const dir = tempDir("wls-baseline-");
afterAll(() => dir.cleanup());
let files = 0;
const freshPath = () => join(dir.path, `db-${++files}`, "whitelist-sync.db");

/** Everything of a database's schema and drizzle's record that a migration can leave, in a comparable form. */
function stateOf(sqlite: Database) {
  return {
    schema: sqlite.query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all(),
    applied: sqlite.query("SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY id").all(),
    sequences: sqlite.query("SELECT name, seq FROM sqlite_sequence ORDER BY name").all(),
    userVersion: sqlite.query("PRAGMA user_version").values(),
    foreignKeyProblems: sqlite.query("PRAGMA foreign_key_check").all(),
  };
}

const tableNames = (sqlite: Database) =>
  sqlite
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

describe("the SQLite baseline", () => {
  test("is what every migration leaves (after `bun run db:generate`, run `bun run db:baseline`)", async () => {
    expect(await Bun.file(BASELINE_FILE).text()).toBe(renderBaseline(migrations));
    expect(baseline.through).toBe(migrations.at(-1)?.tag as string);
  });

  test("a new store created from it has the schema and drizzle's record of a store upgraded migration by migration", () => {
    const fresh = openDatabase({ path: freshPath() });
    // Made by the first version, then upgraded by this one: every later migration replayed.
    const upgradedPath = freshPath();
    closeDatabase(openDatabase({ path: upgradedPath, migrations: migrations.slice(0, 1) }).db);
    const upgraded = openDatabase({ path: upgradedPath });
    const replayed = new Database(":memory:");
    try {
      migrate(replayed, migrations);
      const expected = stateOf(upgraded.client);
      expect(expected.applied).toHaveLength(migrations.length);
      expect(stateOf(fresh.client)).toEqual(expected);
      expect(stateOf(replayed)).toEqual(expected);
    } finally {
      closeDatabase(fresh.db);
      closeDatabase(upgraded.db);
      replayed.close();
    }
  });

  test("stands for the migrations it names on a new database only, recording each, and the later ones are replayed", () => {
    const last = migrations.at(-1);
    if (!last) throw new Error("no migrations");
    const marker = { through: last.tag, statements: ["CREATE TABLE made_by_the_baseline (x)"] };
    const sqlite = new Database(":memory:");
    const older = new Database(":memory:");
    try {
      expect(migrate(sqlite, migrations, marker)).toBe(migrations.length);
      expect(tableNames(sqlite)).toEqual(["__drizzle_migrations", "made_by_the_baseline"]);
      expect(
        sqlite.query<{ created_at: number }, []>("SELECT created_at FROM __drizzle_migrations").all(),
      ).toEqual(migrations.map((migration) => ({ created_at: migration.createdAt })));
      // A baseline through an earlier migration: those after it are applied as usual.
      const before = migrations.slice(0, -1);
      migrate(older, before);
      const through = { through: before.at(-1)?.tag as string, statements: [...stateless(older)] };
      const partial = new Database(":memory:");
      try {
        expect(migrate(partial, migrations, through)).toBe(migrations.length);
        expect(stateOf(partial)).toEqual(stateOf(replay()));
      } finally {
        partial.close();
      }
      // A list without the migration it names (an older binary's), or a database migrated already: replayed.
      const subset = new Database(":memory:");
      try {
        migrate(subset, migrations.slice(0, 2), marker);
        expect(tableNames(subset)).not.toContain("made_by_the_baseline");
        expect(migrate(subset, migrations, marker)).toBe(migrations.length - 2);
        expect(tableNames(subset)).not.toContain("made_by_the_baseline");
      } finally {
        subset.close();
      }
    } finally {
      sqlite.close();
      older.close();
    }
  });
});

/** A database with every migration replayed. */
function replay(): Database {
  const sqlite = new Database(":memory:");
  migrate(sqlite, migrations);
  return sqlite;
}

/** The statements that make `sqlite`'s tables and indexes, as a baseline holds them. */
function stateless(sqlite: Database): string[] {
  return sqlite
    .query<{ sql: string }, []>(
      `SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> '__drizzle_migrations'
         AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`,
    )
    .all()
    .map((row) => row.sql);
}
