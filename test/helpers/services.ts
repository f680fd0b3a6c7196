import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { getTableName } from "drizzle-orm";
import { createApi } from "../../src/api/app.ts";
import { createClusterBus } from "../../src/cluster/bus.ts";
import { closeDatabase } from "../../src/db/client.ts";
import { databaseReadable } from "../../src/db/driver.ts";
import * as pgSchema from "../../src/db/pg/schema.ts";
import { LOCKS, openPostgres } from "../../src/db/pg/store.ts";
import type { PgStore } from "../../src/db/store.ts";
import type { EntryRecord } from "../../src/entries/model.ts";
import type { NewEntry } from "../../src/entries/service.ts";
import { createHealth } from "../../src/health/status.ts";
import { createHub } from "../../src/realtime/hub.ts";
import { createServices, openServices, type ServiceOptions, type Services } from "../../src/services.ts";
import { type Clock, manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { fullFloor } from "./floors.ts";
import { holdWriteLock, type LockHolder } from "./lock.ts";
import { sharedPostgres, sharedTemplate, type TestPostgres } from "./postgres.ts";

/** A fresh temp directory, removed by `cleanup`. */
export function tempDir(prefix = "wls-test-"): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Which store a test's services run on. */
export type StoreKind = "sqlite" | "postgres";

/** The store `testServices` opens: that of the `forEachStore` block whose tests are running, else SQLite. */
let current: StoreKind = "sqlite";

/**
 * Declares the tests of `body` once per store: as `name` on SQLite and, in the full floor (`bun run test:full`, see
 * test/helpers/floors.ts), again as `name · PostgreSQL` on the run's shared PostgreSQL, where each `testServices`
 * call, and every world built on it, gets a database of its own, empty (a copy of the migrated template, or one a
 * closed test's services emptied). The quick floor (`bun run test`) declares the SQLite block only.
 * A test only SQLite can run (its file, locks, WAL, busy timeout, crash safety, query plans) stays outside these
 * blocks, or is skipped on PostgreSQL with `test.skipIf(store === "postgres")`, and says why.
 */
export function forEachStore(name: string, body: (store: StoreKind) => void): void {
  describe(name, () => {
    beforeAll(() => {
      current = "sqlite";
    });
    body("sqlite");
  });
  if (!fullFloor()) return;
  describe(`${name} · PostgreSQL`, () => {
    beforeAll(async () => {
      current = "postgres";
      await postgresServer();
    });
    afterAll(async () => {
      current = "sqlite";
      // What a test left open gives its connections back before the next block.
      await Promise.all([...openOnPostgres].map((close) => close()));
    });
    body("postgres");
  });
}

/**
 * `describe` for a suite that needs PostgreSQL itself (beside SQLite tests in its file): declared in the full floor
 * only, like the PostgreSQL copies of `forEachStore`.
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (fullFloor()) describe(name, body);
}

/** The shared server, and the migrated database new ones are copied from. */
const postgresServer = async (): Promise<{ pg: TestPostgres; template: string }> => ({
  pg: await sharedPostgres(),
  template: await sharedTemplate(),
});
/**
 * Databases a closed test's services emptied, with their store still open, ready for the next test of this process
 * on the same server (the run's shared one lives through the process's files; one started for a file stops after
 * it). Opening a store (connections, the pool) cost more than the test's own work on PostgreSQL.
 */
const emptied: { url: string; store: PgStore }[] = [];
/** An emptied database on the server at `adminUrl`, taken from the pool, if there is one. */
function reuseEmptied(adminUrl: string) {
  const host = new URL(adminUrl).host;
  const at = emptied.findLastIndex(({ url }) => new URL(url).host === host);
  return at < 0 ? undefined : emptied.splice(at, 1)[0];
}
/** The closing of each test's services still open on PostgreSQL. */
const openOnPostgres = new Set<() => Promise<void>>();

let emptying: Promise<string> | undefined;
/**
 * The statement that empties a database copied from the template and restarts its sequences, as a fresh copy has
 * them. DELETE with the foreign keys' triggers off (`session_replication_role`, which the tests' superuser may
 * set): on tables of a few rows it took 2 ms where TRUNCATE, which makes new files for every table, took 30.
 */
function emptyingStatement(client: SQL): Promise<string> {
  emptying ??= (async () => {
    const sequences = await client`SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'`;
    return [
      "SET lock_timeout = 2000",
      "SET session_replication_role = replica",
      ...Object.values(pgSchema).map((table) => `DELETE FROM ${getTableName(table)}`),
      ...sequences.map(
        ({ sequencename }: { sequencename: string }) => `SELECT setval('${sequencename}', 1, false)`,
      ),
      "SET session_replication_role = DEFAULT",
      "RESET lock_timeout",
    ].join(";\n");
  })();
  return emptying;
}

/** The first instant of every test's manual clock. */
const START = Date.UTC(2026, 10, 22, 12, 0, 0);

/** Test services, on the store of the block that runs them (see `forEachStore`). */
export type TestServices = Services & {
  kind: StoreKind;
  clock: ReturnType<typeof manualClock>;
  /** What a service started over the same store is given: DATABASE_PATH, or DATABASE_URL. */
  env: { DATABASE_PATH: string } | { DATABASE_URL: string };
  /**
   * Runs SQL the services would never write (a row outside the rules, a failing trigger) or reads rows back, on
   * either store: services.sql`SELECT nick FROM entries WHERE whitelist_id = ${id}`.
   */
  sql(strings: TemplateStringsArray, ...values: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs one statement without parameters (a trigger, a function) on either store. */
  exec(statement: string): Promise<void>;
  /**
   * Another program holding the store's write lock until released: on SQLite a process with the file's lock (as
   * a backup would), on PostgreSQL another replica's session with the cluster's write lock.
   */
  holdWriteLock(): Promise<LockHolder>;
  /**
   * Closes these services, keeping their store, and opens new ones over it with the same clock, as a restart of
   * the service would (`options` replace the first ones). Close the new ones instead.
   */
  reopen(options?: Partial<Omit<ServiceOptions, "clock">>): Promise<TestServices>;
  /** Closes the services' store (on PostgreSQL, empties its database for another test first). */
  close(): Promise<void>;
};

type Options = Partial<Omit<ServiceOptions, "clock">>;

/**
 * Services over a fresh store, with a manual clock: a SQLite file in a temp directory or, in the PostgreSQL
 * block of `forEachStore`, a database of their own on the shared server.
 */
export async function testServices(options: Options = {}): Promise<TestServices> {
  const clock = manualClock(START);
  if (current === "sqlite") {
    const dir = tempDir();
    return sqliteOver(join(dir.path, "whitelist-sync.db"), dir.cleanup, clock, options);
  }
  const { pg, template } = await postgresServer();
  const pooled = reuseEmptied(pg.adminUrl);
  return postgresOver(pooled?.url ?? (await pg.database({ template })), clock, options, pooled?.store);
}

/** Test services over the SQLite file at `path`; `cleanup` removes it once they are closed. */
function sqliteOver(path: string, cleanup: () => void, clock: TestServices["clock"], options: Options) {
  const services = openServices({ path, clock, logger: silentLogger, ...options });
  const client = services.store.client;
  const testing: TestServices = {
    ...services,
    kind: "sqlite",
    clock,
    env: { DATABASE_PATH: path },
    async sql(strings, ...values) {
      return client.query(strings.join("?")).all(...(values as never[])) as Record<string, unknown>[];
    },
    async exec(statement) {
      client.run(statement);
    },
    holdWriteLock: () => holdWriteLock(path),
    async reopen(again = options) {
      closeDatabase(services.db);
      return sqliteOver(path, cleanup, clock, again);
    },
    async close() {
      closeDatabase(services.db);
      cleanup();
    },
  };
  return testing;
}

/**
 * Test services over the PostgreSQL database at `url` of the shared server (a copy of the migrated template, or
 * one emptied with its store still `open`), wired as a replica's (src/services.ts, openStoreServices): changes are
 * published from the log by the cluster's bus, which is also the outbox, as the leader forwards it
 * (src/cluster/leader.ts).
 */
async function postgresOver(
  url: string,
  clock: TestServices["clock"],
  options: Options,
  open?: PgStore,
): Promise<TestServices> {
  const store = open ?? (await openPostgres({ url, poolSize: 4, migrate: false }));
  const start = await store.driver.lastEventId(store.db);
  const logger = options.logger ?? silentLogger;
  // These services write through a writer that refuses once they are closed: the store outlives them, and what
  // they still had under way (a retry, a timer) must not write into the next test's database.
  let closed = false;
  const driver = {
    ...store.driver,
    writer(settings: Parameters<PgStore["driver"]["writer"]>[0]) {
      const writer = store.driver.writer(settings);
      return {
        ...writer,
        write: ((...args: Parameters<typeof writer.write>) =>
          closed
            ? Promise.reject(new Error("these test services are closed"))
            : writer.write(...args)) as typeof writer.write,
      };
    },
  };
  const services = createServices({
    store: { ...store, driver },
    clock,
    logger,
    ...options,
    feeds: (events) => {
      const bus = createClusterBus({ events, logger, start });
      return { bus, outbox: bus };
    },
  });
  // A database whose schema a test changed (`exec`) is not handed to another test.
  let reusable = true;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      openOnPostgres.delete(close);
      closed = true;
      try {
        if (reusable && !store.driver.readable()) reusable = false;
        if (reusable) await store.client.unsafe(await emptyingStatement(store.client)).simple();
      } catch {
        reusable = false;
      }
      if (reusable) emptied.push({ url, store });
      else await store.driver.close();
    })();
    return closing;
  };
  openOnPostgres.add(close);
  return {
    ...services,
    kind: "postgres",
    clock,
    env: { DATABASE_URL: url },
    async sql(strings, ...values) {
      const text = strings.reduce((all, part, i) => `${all}$${i}${part}`);
      return [...(await store.client.unsafe(text, values))];
    },
    async exec(statement) {
      reusable = false;
      await store.client.unsafe(statement);
    },
    async holdWriteLock() {
      const other = new SQL(url, { max: 1 });
      const session = await other.reserve();
      await session`SELECT pg_advisory_lock(${LOCKS.write})`;
      let released: Promise<void> | undefined;
      return {
        release() {
          released ??= (async () => {
            await session`SELECT pg_advisory_unlock(${LOCKS.write})`;
            session.release();
            await other.close();
          })();
          return released;
        },
      };
    },
    async reopen(again = options) {
      openOnPostgres.delete(close);
      closed = true;
      closing = store.driver.close();
      await closing;
      return postgresOver(url, clock, again);
    },
    close,
  };
}

/**
 * Services over a real SQLite file in a temp directory, with a manual clock, closed at once: for tests of what
 * only SQLite has (its file, locks, WAL, query plans), which say why where they use it.
 */
export function sqliteTestServices(options: Partial<Omit<ServiceOptions, "clock">> = {}) {
  const dir = tempDir();
  const clock = manualClock(START);
  const path = join(dir.path, "whitelist-sync.db");
  const services = openServices({ path, clock, logger: silentLogger, ...options });
  return {
    ...services,
    clock,
    path,
    dir: dir.path,
    close() {
      closeDatabase(services.db);
      dir.cleanup();
    },
  };
}

/**
 * Makes every insert into `table` fail once it holds `rows` rows or more (a disk that says no), on either store;
 * resolves with what lets them through again.
 */
export async function failInserts(
  services: TestServices,
  table: string,
  rows = 0,
): Promise<() => Promise<void>> {
  const full = `(SELECT count(*) FROM ${table}) >= ${rows}`;
  if (services.kind === "sqlite") {
    await services.exec(
      `CREATE TRIGGER fail_inserts BEFORE INSERT ON ${table} WHEN ${full} BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    return () => services.exec("DROP TRIGGER fail_inserts");
  }
  await services.exec(
    `CREATE FUNCTION fail_inserts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${full} THEN RAISE EXCEPTION 'disk says no'; END IF; RETURN NEW; END $$`,
  );
  await services.exec(
    `CREATE TRIGGER fail_inserts BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_inserts()`,
  );
  return async () => {
    await services.exec(`DROP TRIGGER fail_inserts ON ${table}`);
    await services.exec("DROP FUNCTION fail_inserts");
  };
}

/** The SQLite connection (the reads') of services a test knows run on SQLite: a service started on a file. */
export function sqliteClient(services: Services): Database {
  if (services.store.kind !== "sqlite") throw new TypeError("these services run on PostgreSQL, not SQLite");
  return services.store.client;
}

/** A whitelist with test defaults (the API never adds anything: tests seed through the services). */
export function seedWhitelist(services: Services, input: Partial<NewWhitelist> & { guildId: string }) {
  return services.whitelists.create({
    name: `wl${Math.random().toString(36).slice(2, 8)}`,
    channelId: "200000000000000001",
    nickType: "java",
    registrationMode: "command",
    ...input,
  });
}

/**
 * Seeds `count` entries owned by `owner` in every state the formats show: premium or not, Bedrock (gamertag),
 * expiring, verified, waiting for proof, with groups and without; letter cases an EasyWhitelist line folds. `exec`
 * runs a statement on the store (TestServices' own, or a SQLite client's `run`).
 */
export async function seedEveryState(
  services: Services,
  exec: (statement: string) => unknown,
  whitelistId: string,
  owner: string,
  count: number,
): Promise<void> {
  await services.entries.addMany(
    Array.from({ length: count }, (_, i) => ({
      whitelistId,
      nick: i % 10 === 0 ? `Shared_${i % 20}` : i % 10 === 1 ? `shared_${(i - 1) % 20}x` : `Player_${i}`,
      uuid: i % 3 === 0 ? `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` : null,
      premium: i % 3 === 0,
      gamertag: i % 7 === 0 ? `Gamer ${i}` : null,
      expiresAt: i % 5 === 0 ? 1_800_000_000_000 + i : null,
      userId: owner,
      addedBy: owner,
      origin: "discord" as const,
    })),
  );
  await exec("UPDATE entries SET verified = true, proof_due_at = 1700000000123 WHERE id % 2 = 0");
  await exec(`UPDATE entries SET groups = '["vip","builder"]' WHERE id % 4 = 1`);
}

/** Adds entries as Discord registrations by one member, in order. */
export async function seedEntries(
  services: Services,
  whitelistId: string,
  nicks: (string | Partial<NewEntry>)[],
): Promise<EntryRecord[]> {
  const added: EntryRecord[] = [];
  for (const nick of nicks) {
    added.push(
      await services.entries.add({
        whitelistId,
        uuid: null,
        premium: false,
        userId: "300000000000000001",
        addedBy: "300000000000000001",
        origin: "discord",
        ...(typeof nick === "string" ? { nick } : { nick: "Someone", ...nick }),
      }),
    );
  }
  return added;
}

/** A link key's plaintext. */
export function seedKey(
  services: Services,
  guildId: string,
  whitelistId: string | null = null,
  mayRemove = true,
) {
  return services.keys.create({
    guildId,
    name: "test",
    whitelistId,
    mayRemove,
    createdBy: "300000000000000009",
  });
}

/** Test services of either kind, as `testApi` and `testHealth` need them. */
type AnyTestServices = Services & { clock: Clock };

/** The health of test services: no bot, the real database check. */
export const testHealth = (services: AnyTestServices) =>
  createHealth({
    version: "test",
    clock: services.clock,
    gateway: () => "disabled",
    database: () => (databaseReadable(services.db) ? "ok" : "unavailable"),
    roleQueue: () => services.grants.queued(),
  });

/** The API app over test services, for `call` (test/helpers/http.ts). */
export function testApi(services: AnyTestServices, options: { rateLimitPerMinute?: number } = {}) {
  return createApi({
    ...services,
    version: "test",
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000_000,
    trustProxy: { kind: "off" },
    hub: createHub(services),
    health: testHealth(services),
  });
}
