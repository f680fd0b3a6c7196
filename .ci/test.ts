/**
 * `bun run test` and `bun run test:full`: the two floors of the tests (docs/architecture.md, "Testing";
 * test/helpers/floors.ts). Arguments after the floor go to `bun test` (files, `-t`, `--bail`…).
 *
 *   bun .ci/test.ts [args]          the quick floor: every in-process suite on SQLite, *.full.test.ts left out
 *   bun .ci/test.ts --full [args]   the full floor: every test, the PostgreSQL copies included
 *
 * Both run the files in parallel worker processes (`--parallel`, one per core) with the suite's time limit
 * (`--timeout`): bunfig.toml's `[test]` section can set neither in Bun 1.4.4, hence this runner. A worker keeps its
 * modules from one file to the next (`--no-isolate`), as one serial `bun test` process always did: loading Elysia,
 * discord.js and the services afresh for each file cost a fifth of the quick floor's CPU time. The full floor
 * starts one PostgreSQL server and migrates one template database for the whole run, and hands both to the
 * workers (WLS_TEST_POSTGRES_URL, WLS_TEST_POSTGRES_TEMPLATE): no worker runs `initdb` or the migrations again.
 * The compiled binary is WLS_BINARY when given (CI builds it once), else built by the first test that needs it,
 * once for the run (test/helpers/binary.ts). The run's temp files (SQLite files, the PostgreSQL cluster, agents'
 * files) go to a directory of its own, on a RAM file system when there is one (/dev/shm): SQLite's fsyncs on a
 * disk made the quick floor twice as slow, and a test asks SQLite for crash safety against a killed process, which
 * a RAM file system keeps as a disk does. The directory is removed after the run, with whatever a test left in it.
 * Bun's own summary ("N pass", "N fail") ends the output; the exit status is bun test's.
 */
import { randomUUID } from "node:crypto";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FLOOR_ENV, FULL_FILES, TEST_TIMEOUT_MS } from "../test/helpers/floors.ts";
import {
  migratedDatabase,
  SHARED_POSTGRES_ENV,
  startPostgres,
  type TestPostgres,
} from "../test/helpers/postgres.ts";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const full = args[0] === "--full";
const passed = full ? args.slice(1) : args;

/** /dev/shm when this machine has a writable one, else the system's temp directory. */
function ramOrTemp(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}
const temp = mkdtempSync(join(ramOrTemp(), "wls-test-"));
// Like /tmp: PostgreSQL's server runs as its own user when the tests run as root (test/helpers/postgres.ts).
chmodSync(temp, 0o1777);
// For the run's PostgreSQL below, and every test process.
process.env.TMPDIR = temp;

const env: Record<string, string | undefined> = {
  ...process.env,
  [FLOOR_ENV]: full ? "full" : "quick",
  // One id for the run's processes: the binary is built once for all of them.
  WLS_TEST_RUN: randomUUID(),
};
let pg: TestPostgres | undefined;
if (full) {
  const started = Date.now();
  pg = await startPostgres();
  env[SHARED_POSTGRES_ENV.url] = pg.adminUrl;
  env[SHARED_POSTGRES_ENV.template] = await migratedDatabase(pg);
  console.log(`PostgreSQL for the run at ${pg.adminUrl}, template migrated (${Date.now() - started} ms)`);
}

const command = [
  process.execPath,
  "test",
  "--parallel",
  "--no-isolate",
  `--timeout=${TEST_TIMEOUT_MS}`,
  ...(full ? [] : [`--path-ignore-patterns=${FULL_FILES}`]),
  ...passed,
];
const child = Bun.spawn(command, { cwd: ROOT, env, stdio: ["inherit", "inherit", "inherit"] });
// Ctrl+C reaches the whole foreground group; the runner only waits for bun test to end, then stops the server.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const status = await child.exited;
await pg?.stop();
rmSync(temp, { recursive: true, force: true });
process.exit(status);
