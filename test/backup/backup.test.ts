import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runStoreCommand } from "../../src/backup/index.ts";
import { closeDatabase, openDatabase } from "../../src/db/client.ts";
import { closeStore, lastEventId } from "../../src/db/driver.ts";
import { openPostgres } from "../../src/db/pg/store.ts";
import type { Services } from "../../src/services.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { runToEnd } from "../helpers/run.ts";
import { describeOnPostgres, seedEntries, tempDir } from "../helpers/services.ts";
import { contentsOf, fillEveryTable, filledSqliteFile, servicesOver } from "../helpers/store-contents.ts";
import { writeV01BedrockDatabase } from "../helpers/upgrade.ts";

// Issue 27 §5: `whitelist-sync backup <file>` takes a consistent copy of the running store (SQLite: VACUUM INTO;
// PostgreSQL: one repeatable-read snapshot written as a SQLite file), and `restore <file>` says what it replaces
// and, with --yes, replaces it, refusing while the service runs on it. The backups taken while the service writes
// run in a child process (the compiled binary when CI built one), so the two truly run at once.

const dir = tempDir("wls-backup-");
afterAll(() => dir.cleanup());
const GUILD = "100000000000000001";

/** Runs a store command in this process: its exit code and what it printed. */
async function command(name: "backup" | "restore", argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await runStoreCommand(name, argv, {
    env: { HOME: dir.path, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { exitCode, out: out.join("\n"), err: err.join("\n") };
}

/** Runs `whitelist-sync <argv>` as a child process, to its exit. */
async function child(argv: string[], env: Record<string, string>) {
  const base = process.env.WLS_BINARY
    ? [process.env.WLS_BINARY]
    : [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts")];
  const { code, stdout, stderr } = await runToEnd([...base, ...argv], {
    cwd: dir.path,
    env: { PATH: process.env.PATH ?? "", HOME: dir.path, ...env },
  });
  return { exitCode: code, out: stdout, err: stderr };
}

/** Adds entries, one write after another, until `stop` resolves; how many it added. */
async function keepWriting(services: Services, whitelistId: string, stop: Promise<unknown>) {
  let done = false;
  void stop.then(() => {
    done = true;
  });
  let added = 0;
  while (!done) {
    await seedEntries(services, whitelistId, [`Writer${added++}`]);
    // A SQLite write settles within the turn: let the child's exit be heard between two.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}

/**
 * In a backup, every entry change has its event (they commit together): the entries added minus those removed
 * is the entries there are. A copy taken across two states would break it.
 */
function changesMatchEntries(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
    return {
      entries: count("SELECT count(*) AS n FROM entries"),
      fromEvents:
        count("SELECT count(*) AS n FROM events WHERE type = 'entry.added'") -
        count("SELECT count(*) AS n FROM events WHERE type = 'entry.removed'"),
    };
  } finally {
    db.close();
  }
}

describe("backup and restore on SQLite", () => {
  test("a backup while the service writes is one consistent state, and restore is refused while it runs", async () => {
    const { path } = await filledSqliteFile(dir.path, "live.db");
    const services = servicesOver(openDatabase({ path }));
    const [whitelist] = (await contentsOf(services.store)).whitelists ?? [];
    const file = join(dir.path, "live-backup.db");
    const backup = child(["backup", file], { DATABASE_PATH: path });
    const added = await keepWriting(services, whitelist?.id as string, backup);
    expect(await backup).toMatchObject({ exitCode: 0, err: "" });
    expect(added).toBeGreaterThan(0);
    const consistent = changesMatchEntries(file);
    expect(consistent.fromEvents).toBe(consistent.entries);

    // Refused while the service has the file open: nothing changes.
    const refused = await command("restore", [file, "--yes"], { DATABASE_PATH: path });
    expect(refused).toEqual({
      exitCode: 1,
      out: "",
      err: `whitelist-sync restore: ${path} is open in another program (the service?): stop it before restoring over it; nothing was changed`,
    });
    closeDatabase(services.db);
  });

  test("restore: without --yes it only says; with it the file is replaced and the old one kept", async () => {
    const { path: backupFile, contents: backedUp, last } = await filledSqliteFile(dir.path, "b1.db");
    const { path: live } = await filledSqliteFile(dir.path, "current.db");
    const asked = await command("restore", [backupFile], { DATABASE_PATH: live });
    expect(asked.exitCode).toBe(1);
    expect(asked.out.split("\n")).toEqual([
      `Restoring ${backupFile} into ${live} replaces everything the database holds:`,
      expect.stringMatching(/^ {2}table +now +backup$/),
      ...Object.entries(backedUp).map(([name, rows]) =>
        expect.stringMatching(new RegExp(`^  ${name} +\\d+ +${rows.length}$`)),
      ),
      expect.stringMatching(new RegExp(`^  last event id +\\d+ +${last}$`)),
      "Nothing was changed: run it again with --yes to replace it.",
    ]);
    const done = await command("restore", [backupFile, "--yes"], { DATABASE_PATH: live });
    expect(done).toMatchObject({ exitCode: 0, err: "" });
    const kept = readdirSync(dir.path).find((name) => name.startsWith("current.db.replaced-"));
    expect(done.out).toContain(`The database it replaced is kept as ${join(dir.path, kept as string)}.`);
    const restored = servicesOver(openDatabase({ path: live }));
    try {
      expect(await contentsOf(restored.store)).toEqual(backedUp);
      expect(await lastEventId(restored.db)).toBe(last);
    } finally {
      closeDatabase(restored.db);
    }
  });

  test("a backup never overwrites a file, and restore takes a backup of an older version", async () => {
    const { path } = await filledSqliteFile(dir.path, "any.db");
    expect(await command("backup", [path], { DATABASE_PATH: path })).toEqual({
      exitCode: 1,
      out: "",
      err: `whitelist-sync backup: ${path} exists: back up into a new file`,
    });
    const old = join(dir.path, "v01.db");
    writeV01BedrockDatabase(old, {
      guildId: GUILD,
      roleId: "400000000000000001",
      gamertags: ["Steve", "Alex"],
    });
    const target = join(dir.path, "from-v01.db");
    expect(await command("restore", [old, "--yes"], { DATABASE_PATH: target })).toMatchObject({
      exitCode: 0,
    });
    const restored = servicesOver(openDatabase({ path: target }));
    try {
      expect((await restored.entries.list("wl1")).map((entry) => entry.nick)).toEqual([".Steve", ".Alex"]);
    } finally {
      closeDatabase(restored.db);
    }
    // The backup itself is left as it was.
    expect(existsSync(old)).toBe(true);
  });
});

describeOnPostgres("backup and restore on PostgreSQL", () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await sharedPostgres();
  });

  test("a backup while replicas write is one snapshot; restore is refused while one runs, then replaces all", async () => {
    const url = await pg.database();
    const services = servicesOver(await openPostgres({ url }));
    await fillEveryTable(services);
    const [whitelist] = (await contentsOf(services.store)).whitelists ?? [];
    const live = join(dir.path, "pg-live.db");
    const backup = child(["backup", live], { DATABASE_URL: url });
    const added = await keepWriting(services, whitelist?.id as string, backup);
    expect(await backup).toMatchObject({ exitCode: 0, err: "" });
    expect(added).toBeGreaterThan(0);
    const consistent = changesMatchEntries(live);
    expect(consistent.fromEvents).toBe(consistent.entries);

    // Quiet now: a backup holds exactly what PostgreSQL holds.
    const file = join(dir.path, "pg-backup.db");
    expect(await command("backup", [file], { DATABASE_URL: url })).toMatchObject({ exitCode: 0, err: "" });
    const backedUp = await contentsOf(services.store);
    const last = await lastEventId(services.db);

    expect(await command("restore", [file, "--yes"], { DATABASE_URL: url })).toEqual({
      exitCode: 1,
      out: "",
      err: expect.stringMatching(
        /^whitelist-sync restore: a whitelist-sync service is connected to postgres:\/\/\S+ \(\d+ connections\): stop every replica before restoring into it; nothing was changed$/,
      ),
    });
    // Changes after the backup, which the restore takes back.
    await seedEntries(services, whitelist?.id as string, ["AfterTheBackup"]);
    await services.entries.remove({ whitelistId: whitelist?.id as string, nick: "Writer0", origin: "api" });
    await closeStore(services.db);

    const done = await command("restore", [file, "--yes"], { DATABASE_URL: url });
    expect(done).toMatchObject({ exitCode: 0, err: "" });
    const restored = servicesOver(await openPostgres({ url }));
    try {
      expect(await contentsOf(restored.store)).toEqual(backedUp);
      expect(await lastEventId(restored.db)).toBe(last);
      // The backup's state as it was, its id positions included: the next event follows the backup's last.
      await seedEntries(restored, whitelist?.id as string, ["AfterTheRestore"]);
      expect(await lastEventId(restored.db)).toBe(last + 1);
    } finally {
      await closeStore(restored.db);
    }
  });

  test("a backup of an older version (a SQLite file) restores into a new PostgreSQL database", async () => {
    const old = join(dir.path, "v01-for-pg.db");
    writeV01BedrockDatabase(old, {
      guildId: GUILD,
      roleId: "400000000000000001",
      gamertags: ["Steve", "Alex"],
    });
    const url = await pg.database();
    expect(await command("restore", [old, "--yes"], { DATABASE_URL: url })).toMatchObject({
      exitCode: 0,
      err: "",
    });
    const restored = servicesOver(await openPostgres({ url }));
    try {
      expect((await restored.entries.list("wl1")).map((entry) => entry.nick)).toEqual([".Steve", ".Alex"]);
    } finally {
      await closeStore(restored.db);
    }
  });
});
