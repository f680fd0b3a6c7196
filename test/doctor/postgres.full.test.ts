import { beforeAll, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { pgMigrations } from "../../src/db/migrations.ts";
import { openPostgres } from "../../src/db/pg/store.ts";
import { checkStore } from "../../src/doctor/store.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";

// `whitelist-sync doctor` with DATABASE_URL: whether PostgreSQL answers and its schema is this version's, read
// without changing anything (a database not migrated yet stays so), its password never printed.

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
});

const titles = async (url: string) => {
  const report = await checkStore(loadConfig({ DATABASE_URL: url }));
  await report.close();
  return {
    titles: report.checks.map((check) => `${check.ok ? "✔" : "✘"} ${check.title}`),
    services: !!report.services,
  };
};

test("a fresh database: it answers, the migrations wait for the service's start, and doctor applies none", async () => {
  const url = await pg.database();
  expect(await titles(url)).toEqual({
    titles: [
      `✔ the PostgreSQL database ${url} answers`,
      `✔ ${pgMigrations.length} migration(s) not applied yet: the service applies them at its next start`,
    ],
    services: false,
  });
  // Still none applied: doctor only read.
  expect((await titles(url)).titles[1]).toContain("not applied yet");
});

test("a database the service migrated: current, and its whitelists are read for the other checks", async () => {
  const url = await pg.database();
  await (await openPostgres({ url })).driver.close();
  expect(await titles(url)).toEqual({
    titles: [`✔ the PostgreSQL database ${url} answers`, "✔ the database's migrations are current"],
    services: true,
  });
});

test("an unreachable server or a wrong password: ✘ naming DATABASE_URL's parts, the password hidden", async () => {
  const url = (await pg.database()).replace("postgres@", "postgres:s3cret@").replace(/:\d+\//, ":1/");
  const { titles: found } = await titles(url);
  expect(found).toHaveLength(1);
  expect(found[0]).toStartWith("✘ the PostgreSQL database postgres://postgres:***@127.0.0.1:1/");
  expect(found[0]).not.toContain("s3cret");
});
