import { Database } from "bun:sqlite";
import { accessSync, constants, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Config } from "../config.ts";
import { useSqlite } from "../db/client.ts";
import { type Migration, migrations, pgMigrations } from "../db/migrations.ts";
import type { PgStore } from "../db/store.ts";
import { createServices, type Services } from "../services.ts";
import type { Check } from "../setup/checks.ts";
import { systemClock } from "../shared/clock.ts";
import { silentLogger } from "../shared/logger.ts";
import { redactUrl } from "../shared/redact.ts";
import { assertPublicUrl, hostOf } from "../webhooks/ssrf.ts";

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });

/** What checking the store found: its checks, and services over it to read the whitelists when it is usable. */
type StoreReport = { checks: Check[]; services?: Services; close(): void | Promise<void> };

/** The store's checks: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export function checkStore(config: Config): Promise<StoreReport> | StoreReport {
  return config.DATABASE_URL ? checkPostgres(config, config.DATABASE_URL) : checkSqlite(config);
}

/** Whether PostgreSQL answers and its schema is this version's; its services when it is, opened without migrating. */
async function checkPostgres(config: Config, url: string): Promise<StoreReport> {
  const { openPostgres, appliedMigration } = await import("../db/pg/store.ts");
  const where = redactUrl(url);
  let store: PgStore;
  try {
    store = await openPostgres({ url, migrate: false, poolSize: 2 });
  } catch (error) {
    return {
      checks: [
        fail(
          `the PostgreSQL database ${where} does not answer (${(error as Error).message})`,
          "check DATABASE_URL (host, port, user, password, database) and that the server runs",
        ),
      ],
      close() {},
    };
  }
  const checks: Check[] = [pass(`the PostgreSQL database ${where} answers`)];
  const applied = await appliedMigration(store.client);
  const verdict = migrationCheck(applied, pgMigrations);
  checks.push(verdict.check);
  const close = () => store.driver.close();
  if (!verdict.current) return { checks, close };
  const services = createServices({
    store,
    clock: systemClock,
    logger: silentLogger,
    allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE,
  });
  return { checks, services, close };
}

/** The check of the migrations applied (`applied`: the last one's `createdAt`) against this version's. */
function migrationCheck(applied: number, known: Migration[]): { check: Check; current: boolean } {
  const newest = Math.max(...known.map((migration) => migration.createdAt));
  const pending = known.filter((migration) => migration.createdAt > applied).length;
  if (applied > newest) {
    return {
      check: fail(
        "the database was written by a newer whitelist-sync than this one",
        "run that newer version (or restore a backup taken before the upgrade)",
      ),
      current: false,
    };
  }
  if (pending > 0) {
    return {
      check: pass(`${pending} migration(s) not applied yet: the service applies them at its next start`),
      current: false,
    };
  }
  return { check: pass("the database's migrations are current"), current: true };
}

/** The SQLite file's checks, and its services opened read-only when the database exists. */
function checkSqlite(config: Config): StoreReport {
  const path = resolve(config.DATABASE_PATH);
  if (!existsSync(path)) {
    const parent = nearestExisting(dirname(path));
    return {
      checks: [
        writable(parent)
          ? pass(`no database yet at ${path}: the service creates it at its first start`)
          : fail(
              `no database yet at ${path}, and ${parent} is not writable: the service could not create it`,
              `make ${parent} writable for the user that runs whitelist-sync, or set DATABASE_PATH elsewhere`,
            ),
      ],
      close() {},
    };
  }
  const checks: Check[] = [
    writable(path) && writable(dirname(path))
      ? pass(`the database ${path} is writable`)
      : fail(
          `the database ${path} (or its directory) is not writable`,
          `give the user that runs whitelist-sync write access to ${path} and ${dirname(path)} ` +
            "(SQLite writes its -wal and -shm files beside it)",
        ),
  ];
  let sqlite: Database;
  try {
    sqlite = new Database(path, { readonly: true });
    sqlite.query("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    checks.push(
      fail(
        `${path} cannot be read as a database (${(error as Error).message})`,
        "point DATABASE_PATH at the right file",
      ),
    );
    return { checks, close() {} };
  }
  const tracked =
    sqlite.query("SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'").get() !== null;
  const applied = tracked
    ? (sqlite
        .query<{ createdAt: number | null }, []>(
          "SELECT max(created_at) AS createdAt FROM __drizzle_migrations",
        )
        .get()?.createdAt ?? 0)
    : 0;
  const verdict = migrationCheck(applied, migrations);
  checks.push(verdict.check);
  // A schema other than this version's: its tables cannot be read safely.
  if (!verdict.current) return { checks, close: () => sqlite.close() };
  const services = createServices({
    store: useSqlite(sqlite),
    clock: systemClock,
    logger: silentLogger,
    allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE,
  });
  return { checks, services, close: () => sqlite.close() };
}

/**
 * PUBLIC_URL, when set: a base URL the links the service prints can be built on. Its form (the base alone, no
 * query, fragment or credentials) is the configuration's rule: a PUBLIC_URL that breaks it stops doctor as it
 * stops the service (src/config.ts); what is left is a host the URL parser refuses.
 */
export function checkPublicUrl(config: Config): Check[] {
  const raw = config.PUBLIC_URL;
  if (raw === undefined) return [pass("PUBLIC_URL is not set: links show this machine's address")];
  if (!URL.canParse(raw)) {
    return [
      fail(
        `PUBLIC_URL ${raw} is not a URL`,
        "set it to the address users reach, e.g. https://wl.example.org",
      ),
    ];
  }
  return [pass(`PUBLIC_URL ${raw} is well-formed`)];
}

/** Every webhook of the guild's keys still passes the address rules (set once, checked again at delivery). */
export async function checkWebhooks(config: Config, services: Services, guildId: string): Promise<Check[]> {
  const checks: Check[] = [];
  for (const target of await services.webhooks.listFor(guildId)) {
    const host = hostOf(target.url);
    try {
      await assertPublicUrl(target.url, { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });
      checks.push(pass(`link ${target.keyId}'s webhook (${host}) passes the address rules`));
    } catch (error) {
      checks.push(
        fail(
          `link ${target.keyId}'s webhook (${host}) is refused: ${(error as Error).message}`,
          `set another URL with \`/server-link webhook id:${target.keyId} url:\` (or WEBHOOK_ALLOW_PRIVATE=true ` +
            "for a receiver on your own network)",
        ),
      );
    }
  }
  return checks;
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function nearestExisting(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
