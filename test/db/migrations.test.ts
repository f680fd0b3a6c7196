import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase, migrate, openDatabase } from "../../src/db/client.ts";
import { migrations } from "../../src/db/migrations.ts";
import { LOCK_WAIT_MS } from "../../src/db/writer.ts";
import { generateKey, hashKey } from "../../src/keys/token.ts";
import { createServices } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { tempDir } from "../helpers/services.ts";

const drizzleDir = join(import.meta.dir, "..", "..", "drizzle");
type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = (await Bun.file(join(drizzleDir, "meta", "_journal.json")).json()) as Journal;

const dir = tempDir("wls-migrations-");
afterAll(() => dir.cleanup());
let files = 0;
const freshPath = () => join(dir.path, `db-${++files}`, "whitelist-sync.db");
/** The position of a migration in the journal: `migrations.slice(0, tagIndex(tag))` stops just before it. */
const tagIndex = (tag: string) => migrations.findIndex((migration) => migration.tag === tag);

const appliedRows = (sqlite: Database) =>
  sqlite
    .query<{ id: number; hash: string; created_at: number }, []>(
      "SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY id",
    )
    .all();

describe("embedded migrations", () => {
  test("embed every migration of drizzle-kit's journal, in order, with the statements of its SQL file", async () => {
    const expected = await Promise.all(
      journal.entries.map(async (entry) => ({
        tag: entry.tag,
        createdAt: entry.when,
        statements: (await Bun.file(join(drizzleDir, `${entry.tag}.sql`)).text())
          .split("--> statement-breakpoint")
          .map((statement) => statement.trim())
          .filter((statement) => statement.length > 0),
      })),
    );
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(expected.every((migration) => migration.statements.length > 0)).toBe(true);
    expect(migrations).toEqual(expected);
  });

  test("every SQL file in drizzle/ is listed in the journal", () => {
    const sqlFiles = readdirSync(drizzleDir).filter((name) => name.endsWith(".sql"));
    expect(sqlFiles.sort()).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  test("opening a fresh database applies them all and records each one", () => {
    const db = openDatabase({ path: freshPath() });
    try {
      const rows = appliedRows(db.client);
      expect(rows.map((row) => row.created_at)).toEqual(migrations.map((migration) => migration.createdAt));
      const tables = db.client
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => row.name);
      expect(tables).toEqual(
        expect.arrayContaining(["entries", "events", "guilds", "link_keys", "whitelists"]),
      );
    } finally {
      closeDatabase(db.db);
    }
  });

  test("migrate() on an empty database reports how many it applied", () => {
    const sqlite = new Database(":memory:");
    try {
      expect(migrate(sqlite, migrations)).toBe(migrations.length);
      expect(migrate(sqlite, migrations)).toBe(0);
    } finally {
      sqlite.close();
    }
  });

  test("opening an existing database again applies nothing", () => {
    const path = freshPath();
    const first = openDatabase({ path });
    const before = appliedRows(first.client);
    // Data written before must survive the reopen untouched.
    first.client.run("INSERT INTO guilds (id, created_at) VALUES ('100000000000000001', 1)");
    closeDatabase(first.db);

    const again = openDatabase({ path });
    try {
      expect(appliedRows(again.client)).toEqual(before);
      expect(migrate(again.client, migrations)).toBe(0);
      expect(again.client.query("SELECT id FROM guilds").all()).toEqual([{ id: "100000000000000001" }]);
    } finally {
      closeDatabase(again.db);
    }
  });
});

describe("upgrades", () => {
  test("a link key made before read-only keys existed may still remove (0008_read_only_keys)", async () => {
    const path = freshPath();
    const plaintext = generateKey();
    const old = openDatabase({ path, migrations: migrations.slice(0, tagIndex("0008_read_only_keys")) });
    old.client.run("INSERT INTO guilds (id, created_at) VALUES ('100000000000000001', 1)");
    old.client.run(
      `INSERT INTO link_keys (id, guild_id, name, whitelist_id, key_hash, created_by, created_at)
         VALUES ('oldkey01', '100000000000000001', 'plugin', NULL, ?, '300000000000000009', 1)`,
      [hashKey(plaintext)],
    );
    closeDatabase(old.db);

    const store = openDatabase({ path });
    try {
      const services = createServices({ store, clock: manualClock(1), logger: silentLogger });
      expect({
        verified: (await services.keys.verify(plaintext))?.mayRemove,
        listed: (await services.keys.list("100000000000000001")).map((key) => key.mayRemove),
      }).toEqual({ verified: true, listed: [true] });
    } finally {
      closeDatabase(store.db);
    }
  });
});

describe("store pragmas", () => {
  const pragma = (sqlite: Database, name: string) => sqlite.query(`PRAGMA ${name}`).values()[0]?.[0];

  // The writer's own durability settings (synchronous, checkpoints) are test/db/durability.test.ts's.
  test("WAL, foreign keys on and the configured busy timeout are in force", () => {
    const db = openDatabase({ path: freshPath(), busyTimeoutMs: 1234 });
    try {
      expect({
        journal_mode: pragma(db.client, "journal_mode"),
        foreign_keys: pragma(db.client, "foreign_keys"),
        busy_timeout: pragma(db.client, "busy_timeout"),
      }).toEqual({ journal_mode: "wal", foreign_keys: 1, busy_timeout: 1234 });
    } finally {
      closeDatabase(db.db);
    }
  });

  test("a statement waits for a lock only briefly by default: the writer retries, the event loop does not", () => {
    const db = openDatabase({ path: freshPath() });
    try {
      expect(pragma(db.client, "busy_timeout")).toBe(LOCK_WAIT_MS);
    } finally {
      closeDatabase(db.db);
    }
  });
});
