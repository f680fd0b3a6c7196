import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { runStoreCommand } from "../../src/backup/index.ts";
import { TABLES } from "../../src/backup/tables.ts";
import { closeDatabase, openDatabase } from "../../src/db/client.ts";
import { closeStore, lastEventId } from "../../src/db/driver.ts";
import * as pgSchema from "../../src/db/pg/schema.ts";
import { openPostgres } from "../../src/db/pg/store.ts";
import * as sqliteSchema from "../../src/db/schema.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { describeOnPostgres, seedEntries, tempDir } from "../helpers/services.ts";
import { contentsOf, filledSqliteFile, servicesOver } from "../helpers/store-contents.ts";

// Issue 27 §5: `whitelist-sync copy` moves a stopped database from SQLite to an empty PostgreSQL one and back,
// every table of the schema (taken from the schema objects, so a table added later is copied too), every row as
// it was, event ids kept in value and order, and each auto-increment going on from where it was, so plugins
// resume without a resync and new ids continue above.

const dir = tempDir("wls-copy-");
afterAll(() => dir.cleanup());

/** Runs `whitelist-sync copy|backup|restore` in this process; its exit code and what it printed. */
async function command(
  name: "copy" | "backup" | "restore",
  argv: string[],
  env: Record<string, string> = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await runStoreCommand(name, argv, {
    env: { HOME: dir.path, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { exitCode, out: out.join("\n"), err: err.join("\n") };
}

const tablesOf = (schema: object, kind: typeof SQLiteTable | typeof PgTable) =>
  Object.values(schema)
    .filter((table) => is(table, kind))
    .map((table) => getTableName(table))
    .sort();

test("the copy covers every table of both schemas, parents before children", () => {
  const names = TABLES.map((table) => table.name);
  expect([...names].sort()).toEqual(tablesOf(sqliteSchema, SQLiteTable));
  expect([...names].sort()).toEqual(tablesOf(pgSchema, PgTable));
  // A whitelist's rows come after its guild's, an entry's after its whitelist's.
  expect(names.indexOf("guilds")).toBeLessThan(names.indexOf("whitelists"));
  expect(names.indexOf("whitelists")).toBeLessThan(names.indexOf("entries"));
});

describeOnPostgres("copy between SQLite and PostgreSQL", () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await sharedPostgres();
  });

  test("SQLite into an empty PostgreSQL and back: every row, event ids and positions kept", async () => {
    const { path, contents: original, last } = await filledSqliteFile(dir.path, "source.db");
    for (const [name, rows] of Object.entries(original)) {
      expect({ name, filled: rows.length > 0 }).toEqual({ name, filled: true });
    }

    const url = await pg.database();
    const there = await command("copy", ["--from", path], { DATABASE_URL: url });
    expect(there).toMatchObject({ exitCode: 0, err: "" });
    expect(there.out).toContain("each table's count checked against the source");

    const onPostgres = servicesOver(await openPostgres({ url }));
    try {
      expect(await contentsOf(onPostgres.store)).toEqual(original);
      expect(await lastEventId(onPostgres.db)).toBe(last);
      // A plugin holding the last cursor resumes: nothing missed, no resync; the next change gets the next id.
      expect(
        await onPostgres.events.page(last, { guildId: "100000000000000001", whitelistId: null }, 10),
      ).toEqual({
        events: [],
        next: String(last),
        more: false,
      });
      const [added] = await seedEntries(onPostgres, original.whitelists?.[0]?.id as string, ["Marc"]);
      expect(await lastEventId(onPostgres.db)).toBe(last + 1);
      const entryIds = (original.entries ?? []).map((entry) => entry.id as number);
      expect(added?.id).toBeGreaterThan(Math.max(...entryIds));
    } finally {
      await closeStore(onPostgres.db);
    }

    const back = join(dir.path, "back.db");
    expect(await command("copy", ["--to", back], { DATABASE_URL: url })).toMatchObject({
      exitCode: 0,
      err: "",
    });
    const onSqlite = servicesOver(openDatabase({ path: back }));
    try {
      const returned = await contentsOf(onSqlite.store);
      // Everything, plus the one entry added on PostgreSQL and its event.
      expect(returned.entries?.slice(0, -1)).toEqual(original.entries);
      expect(returned.events?.slice(0, -1)).toEqual(original.events);
      expect({ ...returned, entries: [], events: [] }).toEqual({ ...original, entries: [], events: [] });
      expect(await lastEventId(onSqlite.db)).toBe(last + 1);
      const [next] = await seedEntries(onSqlite, original.whitelists?.[0]?.id as string, ["Jeb"]);
      expect(await lastEventId(onSqlite.db)).toBe(last + 2);
      expect(next?.id).toBeGreaterThan(returned.entries?.at(-1)?.id as number);
    } finally {
      closeDatabase(onSqlite.db);
    }
  });

  test("a target that is not empty is refused, and nothing is changed", async () => {
    const { path } = await filledSqliteFile(dir.path, "small.db");
    const url = await pg.database();
    expect((await command("copy", ["--from", path, "--to", url])).exitCode).toBe(0);
    const again = await command("copy", ["--from", path, "--to", url]);
    expect(again).toEqual({
      exitCode: 1,
      out: "",
      err: expect.stringMatching(
        /^whitelist-sync copy: postgres:\/\/postgres@127\.0\.0\.1:\d+\/wls_\d+ is not empty \(.*\bguilds: 1, .*\): copy into a new, empty database; nothing was changed$/,
      ),
    });
    const into = join(dir.path, "small-copy.db");
    expect((await command("copy", ["--from", url, "--to", into])).exitCode).toBe(0);
    expect((await command("copy", ["--from", path, "--to", into])).err).toContain("is not empty");
  });

  test("a source the service still runs on is refused: the copy would miss what it writes next", async () => {
    const path = join(dir.path, "running.db");
    const running = openDatabase({ path });
    try {
      expect(await command("copy", ["--from", path, "--to", join(dir.path, "never.db")])).toEqual({
        exitCode: 1,
        out: "",
        err: `whitelist-sync copy: ${path} is open in another program (the service?): stop it before copying it; nothing was changed`,
      });
      expect(existsSync(join(dir.path, "never.db"))).toBe(false);
    } finally {
      closeDatabase(running.db);
    }
    const url = await pg.database();
    const replica = await openPostgres({ url });
    try {
      expect(await command("copy", ["--from", url, "--to", join(dir.path, "never.db")])).toEqual({
        exitCode: 1,
        out: "",
        err: expect.stringMatching(
          /^whitelist-sync copy: a whitelist-sync service is connected to postgres:\/\/\S+ \(\d+ connections\): stop every replica before copying it; nothing was changed$/,
        ),
      });
      expect((await command("copy", ["--from", path, "--to", url])).err).toContain(
        "stop every replica before copying into it",
      );
    } finally {
      await closeStore(replica.db);
    }
  });

  test("the command line: a side is needed, and a side left out is the configured store", async () => {
    expect(await command("copy", [])).toEqual({
      exitCode: 2,
      out: "",
      err: "whitelist-sync copy: give --from, --to or both (a side left out is the configured store)",
    });
    expect(
      (await command("copy", ["--from", join(dir.path, "x.db")], { DATABASE_PATH: join(dir.path, "x.db") }))
        .err,
    ).toBe("whitelist-sync copy: --from and --to are the same database");
  });
});
