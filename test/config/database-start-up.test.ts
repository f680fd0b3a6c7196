import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type Socket, SQL } from "bun";
import { openDatabase } from "../../src/db/client.ts";
import { closeStore } from "../../src/db/driver.ts";
import { migrations, pgMigrations } from "../../src/db/migrations.ts";
import { quietPort } from "../helpers/ports.ts";
import { sharedPostgres, startPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { spawnServe } from "../helpers/serve.ts";
import { describeOnPostgres, tempDir } from "../helpers/services.ts";

// Issue 27 §4, the database at start-up: what a person must fix exits 78 with one line naming the variable (a
// database written by a newer version among them, a server with too few free connection slots for a replica,
// issue 36 §3); what passes by itself (a PostgreSQL not reachable yet at
// boot or during a failover, every connection slot taken) is waited for, each try logged with the delay before
// the next, and the service starts once the database answers. Child processes: the compiled binary when CI built
// one (WLS_BINARY), otherwise the sources.

const dir = tempDir("wls-db-start-");
afterAll(() => dir.cleanup());

/** Standard error as lines of JSON (LOG_FORMAT=json), or the text itself when a line is not JSON. */
const said = (stderr: string): unknown[] | string => {
  try {
    return stderr
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return stderr;
  }
};

/** The one line, as JSON, that stops the process with exit 78: its message matching `message`. */
const stopped = (message: RegExp) => [
  { time: expect.any(String), level: "error", msg: expect.stringMatching(message), exitCode: 78 },
];

const waiting = (line: Record<string, unknown>) =>
  line.msg === "PostgreSQL cannot be reached yet: waiting for it";
const started = (line: Record<string, unknown>) => line.msg === "whitelist-sync started";

/** A day after the newest migration this version knows, as a newer version's migration would be dated. */
const newer = (known: { createdAt: number }[]) => Math.max(...known.map((m) => m.createdAt)) + 86_400_000;

test("serve on a SQLite file a newer version migrated refuses with exit 78", async () => {
  const path = join(dir.path, "newer.db");
  const store = openDatabase({ path });
  store.client.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-the-future', ?)", [
    newer(migrations),
  ]);
  await closeStore(store.db);
  const service = spawnServe({ env: { DATABASE_PATH: path } });
  const { exitCode, stderr } = await service.exit();
  expect({ exitCode, stderr: said(stderr), stdout: service.seen }).toEqual({
    exitCode: 78,
    stderr: stopped(
      new RegExp(
        `^Configuration error: DATABASE_PATH: cannot use ${path} \\(it was written by a newer whitelist-sync: its last migration is of \\d{4}-\\d\\d-\\d\\d, this version's newest of \\d{4}-\\d\\d-\\d\\d; run that version or a later one, or restore a backup taken before the upgrade\\)$`,
      ),
    ),
    stdout: [],
  });
});

describeOnPostgres("serve on PostgreSQL at start-up", () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await sharedPostgres();
  });

  test("a database a newer version migrated: exit 78 naming DATABASE_URL, nothing changed", async () => {
    const url = await pg.database();
    const admin = new SQL(url, { max: 1 });
    try {
      const applied = newer(pgMigrations);
      await admin`CREATE SCHEMA drizzle`;
      await admin`CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`;
      await admin`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-the-future', ${applied})`;
      const service = spawnServe({ env: { DATABASE_URL: url } });
      const { exitCode, stderr } = await service.exit();
      expect({ exitCode, stderr: said(stderr) }).toEqual({
        exitCode: 78,
        stderr: stopped(
          /^Configuration error: DATABASE_URL: cannot use postgres:\/\/postgres@127\.0\.0\.1:\d+\/wls_\d+ \(it was written by a newer whitelist-sync: .*restore a backup taken before the upgrade\)$/,
        ),
      });
      // Not one of this version's tables was created.
      const [row] = await admin`SELECT to_regclass('public.entries') AS entries`;
      expect(row).toEqual({ entries: null });
    } finally {
      await admin.close();
    }
  });

  test("a missing database is for a person to fix: exit 78 naming DATABASE_URL, its password as ***", async () => {
    const url = new URL(await pg.database());
    url.pathname = "/no_such_database";
    url.password = "secretpw";
    const { exitCode, stderr } = await spawnServe({ env: { DATABASE_URL: url.href } }).exit();
    expect({ exitCode, stderr: said(stderr) }).toEqual({
      exitCode: 78,
      stderr: stopped(
        /^Configuration error: DATABASE_URL: cannot use postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/no_such_database \(database "no_such_database" does not exist, SQLSTATE 3D000\)$/,
      ),
    });
  });

  test("every connection slot taken (too many clients): waited for, each try logged, then it starts", async () => {
    const owner = await pg.database();
    const admin = new SQL(owner, { max: 1 });
    const role = `full_${crypto.randomUUID().slice(0, 8)}`;
    const database = `${role}_db`;
    try {
      // A role allowed no connection at all gets what a server out of slots answers: SQLSTATE 53300.
      await admin.unsafe(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`);
      await admin.unsafe(`CREATE DATABASE ${database} OWNER ${role}`);
      const url = new URL(owner);
      url.username = role;
      url.pathname = `/${database}`;
      const service = spawnServe({ env: { DATABASE_URL: url.href } });
      const tries = [await service.until(waiting), await service.until(waiting)];
      expect(tries).toEqual(
        [1, 2].map((attempt) =>
          expect.objectContaining({
            level: "warn",
            database: url.href,
            error: expect.stringContaining("too many connections"),
            attempt,
            retryInMs: expect.any(Number),
          }),
        ),
      );
      await admin.unsafe(`ALTER ROLE ${role} CONNECTION LIMIT -1`);
      await service.until(started);
      service.child.kill("SIGTERM");
      expect((await service.exit()).exitCode).toBe(0);
    } finally {
      await admin.close();
    }
  });

  test("too few free connection slots (issue 36 §3): exit 78, one line naming DATABASE_URL and what to change", async () => {
    // A server of the test's own, every slot taken but one: enough for the migrations, not for a replica's pool
    // and LISTEN connection.
    const own = await startPostgres({ max_connections: 16 });
    const held: SQL[] = [];
    try {
      const url = await own.database();
      for (;;) {
        const connection = new SQL(own.adminUrl, { max: 1 });
        const taken = await connection`SELECT 1`.then(
          () => true,
          () => false,
        );
        if (!taken) {
          await connection.close({ timeout: 0 });
          break;
        }
        held.push(connection);
      }
      await held.pop()?.close({ timeout: 0 });
      const service = spawnServe({ env: { DATABASE_URL: url } });
      const { exitCode, stderr } = await service.exit();
      expect({ exitCode, stderr: said(stderr), started: service.seen.some(started) }).toEqual({
        exitCode: 78,
        stderr: [
          {
            time: expect.any(String),
            level: "error",
            msg:
              `Configuration error: DATABASE_URL: cannot use ${url} (sorry, too many clients already, SQLSTATE 53300): ` +
              "PostgreSQL has too few free connection slots for this replica, which opens a pool of up to 10 " +
              "connections and one to LISTEN; raise max_connections (or the role's CONNECTION LIMIT), or stop what " +
              "holds them (docs/operations.md, PostgreSQL)",
            exitCode: 78,
          },
        ],
        started: false,
      });
    } finally {
      await Promise.all(held.map((connection) => connection.close({ timeout: 0 })));
      await own.stop();
    }
  });

  test("nothing listening at its address yet: waited for, each try logged, then it starts", async () => {
    const target = new URL(await pg.database());
    const port = quietPort();
    const url = new URL(target.href);
    url.port = String(port);
    url.password = "secretpw";
    const service = spawnServe({ env: { DATABASE_URL: url.href } });
    const tries = [await service.until(waiting), await service.until(waiting)];
    expect(
      tries.map(({ level, database, attempt, retryInMs }) => ({ level, database, attempt, retryInMs })),
    ).toEqual([
      { level: "warn", database: url.href.replace("secretpw", "***"), attempt: 1, retryInMs: 500 },
      { level: "warn", database: url.href.replace("secretpw", "***"), attempt: 2, retryInMs: 1000 },
    ]);
    // PostgreSQL comes up at that address (a forwarder to the test's server stands in for it).
    const forwarder = forward(port, Number(target.port));
    try {
      await service.until(started);
      service.child.kill("SIGTERM");
      expect((await service.exit()).exitCode).toBe(0);
    } finally {
      forwarder.stop(true);
    }
  });

  test("a shutdown asked for while it waits ends the wait: exit 0", async () => {
    const url = new URL(await pg.database());
    url.port = String(quietPort());
    const service = spawnServe({ env: { DATABASE_URL: url.href } });
    await service.until(waiting);
    service.child.kill("SIGTERM");
    await service.until((line) => line.msg === "shutting down");
    const { exitCode, stderr } = await service.exit();
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(service.seen.some(started)).toBe(false);
  });
});

/** Forwards connections to 127.0.0.1:`port` on to 127.0.0.1:`to`, both ways. */
function forward(port: number, to: number) {
  type Pair = { other?: Socket<Pair>; pending: Uint8Array[] };
  return Bun.listen<Pair>({
    hostname: "127.0.0.1",
    port,
    socket: {
      open(client) {
        client.data = { pending: [] };
        void Bun.connect<Pair>({
          hostname: "127.0.0.1",
          port: to,
          data: { other: client, pending: [] },
          socket: {
            data: (_server, chunk) => void client.write(chunk),
            close: () => void client.end(),
            error: () => void client.end(),
          },
        }).then((server) => {
          client.data.other = server;
          for (const chunk of client.data.pending.splice(0)) server.write(chunk);
        });
      },
      data(client, chunk) {
        if (client.data.other) client.data.other.write(chunk);
        else client.data.pending.push(new Uint8Array(chunk));
      },
      close: (client) => void client.data.other?.end(),
      error: (client) => void client.data.other?.end(),
    },
  });
}
