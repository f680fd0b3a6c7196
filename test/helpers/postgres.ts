import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgres } from "../../src/db/pg/store.ts";
import { runToEnd } from "./run.ts";

/**
 * A throwaway PostgreSQL from Debian's `postgresql` package: its own data directory in a temp dir, listening on
 * 127.0.0.1 at a free port, run as the unprivileged `postgres` user when the tests run as root (PostgreSQL
 * refuses root), stopped and removed by `stop`. `.ci/run` installs the package; without it this throws, so the
 * tests that need it fail instead of being skipped. The full floor (`bun run test:full`, .ci/test.ts) starts one
 * for the whole run and hands it to every test process (`sharedPostgres`).
 */
export type TestPostgres = {
  /**
   * A `postgres://` URL of a fresh database (one per call: tests do not see each other's rows): empty, or a copy
   * of the database at `template` (a database nobody is connected to).
   */
  database(options?: { template?: string }): Promise<string>;
  /** Stops the server at once (`immediate`), as a crash would look to its clients, and removes its files. */
  stop(): Promise<void>;
  /** Stops the server at once (`immediate`, a crash to its clients), keeping its files for `restart`. */
  crash(): Promise<void>;
  /** Starts the server again on the same data directory and port; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** The server's `postgres://` URL of the `postgres` database, for a test's own administration. */
  adminUrl: string;
};

const BIN_DIRS = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"];

/** Whether Debian's PostgreSQL server programs are installed here. */
export const postgresInstalled = (): boolean => BIN_DIRS.some((dir) => existsSync(join(dir, "initdb")));

/** The directory of Debian's PostgreSQL server programs (initdb, pg_ctl). */
export function postgresBin(): string {
  const found = BIN_DIRS.find((dir) => existsSync(join(dir, "initdb")));
  if (!found) {
    throw new Error(
      "PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does it when missing)",
    );
  }
  return found;
}

/** A TCP port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the user that may run the server; throws with its output when it fails. */
async function run(command: string[]): Promise<void> {
  const argv = asRoot ? ["runuser", "-u", "postgres", "--", ...command] : command;
  const { code, stdout, stderr } = await runToEnd(argv, { env: { ...process.env, LC_ALL: "C" } });
  if (code !== 0) throw new Error(`${command.join(" ")} failed (${code}): ${stderr || stdout}`);
}

/**
 * Starts a throwaway server; resolves once it accepts connections. `settings` are passed as `-c name=value` after
 * the defaults, which they override (a test's own low `max_connections`).
 */
export async function startPostgres(settings: Record<string, string | number> = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(join(tmpdir(), "wls-pg-"));
  // The server's user must reach its data directory.
  chmodSync(root, 0o777);
  const data = join(root, "data");
  const port = await freePort();
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  await run([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const start = () =>
    run([
      join(bin, "pg_ctl"),
      "-D",
      data,
      "-l",
      join(root, "server.log"),
      "-w",
      "-o",
      `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c fsync=off -c max_connections=200${extra.join("")}`,
      "start",
    ]);
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new Bun.SQL(adminUrl);
  // A test process that ends without calling `stop` (a failure in a hook) leaves no server behind.
  const stopAtExit = () => {
    const argv = [join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"];
    Bun.spawnSync(asRoot ? ["runuser", "-u", "postgres", "--", ...argv] : argv, {
      stdout: "ignore",
      stderr: "ignore",
    });
    rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", stopAtExit);
  return {
    database: creator(admin, adminUrl),
    adminUrl,
    async crash() {
      await run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]);
    },
    async restart() {
      await run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]).catch(() => {});
      await start();
    },
    async stop() {
      process.off("exit", stopAtExit);
      await admin.close({ timeout: 0 }).catch(() => {});
      await run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * What makes a fresh database on the server at `adminUrl`, named `wls_` and random digits: the test processes of a
 * run share the server, and a process may run several files, each with its modules afresh.
 */
function creator(admin: Bun.SQL, adminUrl: string): TestPostgres["database"] {
  return async (options = {}) => {
    const name = `wls_${crypto.getRandomValues(new Uint32Array(2)).join("")}`;
    // FILE_COPY: with fsync off, copying the template's files beats replaying them through the WAL.
    const template = options.template
      ? ` TEMPLATE ${new URL(options.template).pathname.slice(1)} STRATEGY FILE_COPY`
      : "";
    await admin.unsafe(`CREATE DATABASE ${name}${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.href;
  };
}

/** The environment through which the full floor's runner (.ci/test.ts) hands its server to the test processes. */
export const SHARED_POSTGRES_ENV = {
  /** The `postgres://` URL of the server's `postgres` database. */
  url: "WLS_TEST_POSTGRES_URL",
  /** The URL of a database the migrations were applied to, for `CREATE DATABASE … TEMPLATE`. */
  template: "WLS_TEST_POSTGRES_TEMPLATE",
} as const;

/**
 * The server another process started for the run (its admin URL): databases are made on it as on one's own, and
 * `stop` only lets go of it. The databases stay for the run (a worker hands the ones a file's tests emptied to its
 * next file: test/helpers/services.ts) and go with the server when the runner stops it.
 */
function attachPostgres(adminUrl: string): TestPostgres {
  const admin = new Bun.SQL(adminUrl, { max: 1 });
  const refuse = async () => {
    throw new Error("the run's shared PostgreSQL is not crashed or restarted by a test: use startPostgres()");
  };
  return {
    adminUrl,
    database: creator(admin, adminUrl),
    crash: refuse,
    restart: refuse,
    async stop() {
      await admin.close({ timeout: 0 }).catch(() => {});
    },
  };
}

let shared: Promise<TestPostgres> | undefined;

/**
 * The server the tests of this process share, for tests that neither crash nor restart it: the run's (handed down
 * by the full floor's runner in WLS_TEST_POSTGRES_URL), else one started by the first test that needs it.
 */
export const sharedPostgres = (): Promise<TestPostgres> => {
  const given = process.env[SHARED_POSTGRES_ENV.url];
  shared ??= given ? Promise.resolve(attachPostgres(given)) : startPostgres();
  return shared;
};

/** A fresh database on `pg` with every migration applied, closed again: a template for `pg.database`. */
export async function migratedDatabase(pg: TestPostgres): Promise<string> {
  const url = await pg.database();
  await (await openPostgres({ url })).driver.close();
  return url;
}

let template: Promise<string> | undefined;

/**
 * The migrated template on the shared server: the run's (WLS_TEST_POSTGRES_TEMPLATE, beside its server), else one
 * made by this process when first asked for.
 */
export const sharedTemplate = (): Promise<string> => {
  const given = process.env[SHARED_POSTGRES_ENV.template];
  template ??= given ? Promise.resolve(given) : sharedPostgres().then(migratedDatabase);
  return template;
};

/**
 * Stops (or lets go of) the shared server once the file's tests have run (test/setup.ts): after each file of a
 * parallel run, once at the end of a serial one. The next test that needs a server gets one again.
 */
export async function stopSharedPostgres(): Promise<void> {
  const started = shared;
  shared = undefined;
  template = undefined;
  await (await started?.catch(() => undefined))?.stop();
}
