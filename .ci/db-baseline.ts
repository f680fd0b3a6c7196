/**
 * `bun run db:baseline`: writes drizzle/baseline/sqlite.sql, the SQLite schema every migration of drizzle/ leaves,
 * as SQLite records it after replaying them, from which a new database is created in one step
 * (src/db/migrations.ts, `baseline`). Run it after `bun run db:generate`: test/db/baseline.test.ts fails while the
 * file is not what the migrations leave.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { migrate } from "../src/db/client.ts";
import { type Migration, migrations, STATEMENT_BREAKPOINT } from "../src/db/migrations.ts";
import { ROOT } from "./compile.ts";

/** Where the baseline is kept. */
export const BASELINE_FILE = join(ROOT, "drizzle", "baseline", "sqlite.sql");

/**
 * The baseline's text for `list`: its header names the last migration it stands for, then the statement of each
 * table and index a replay of `list` leaves, in the order SQLite created them (drizzle's own record excepted).
 */
export function renderBaseline(list: Migration[] = migrations): string {
  const last = list.at(-1);
  if (!last) throw new Error("no migrations: nothing to write a baseline of");
  const sqlite = new Database(":memory:");
  try {
    migrate(sqlite, list);
    const statements = sqlite
      .query<{ sql: string }, []>(
        // SQLite makes its own tables (sqlite_sequence, with the first AUTOINCREMENT table) itself.
        `SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> '__drizzle_migrations'
           AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`,
      )
      .all()
      .map((row) => row.sql);
    return [
      "-- The SQLite schema every migration of drizzle/ leaves, as SQLite records it once they are replayed: a new",
      "-- database is created from it in one step (src/db/migrations.ts). Written by `bun run db:baseline`; do not edit.",
      `-- through ${last.tag}`,
      statements.join(`;\n${STATEMENT_BREAKPOINT}\n`),
      "",
    ].join("\n");
  } finally {
    sqlite.close();
  }
}

if (import.meta.main) {
  await Bun.write(BASELINE_FILE, renderBaseline());
  console.log(`wrote ${BASELINE_FILE}`);
}
