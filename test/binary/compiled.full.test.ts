import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { startFakeGeyser } from "../../src/sandbox/geyser.ts";
import { cleanEnv, compiledBinary, linesOf, parseLine, ROOT } from "../helpers/binary.ts";
import {
  PROMTOOL,
  parsePrometheus,
  prometheusParserAvailable,
  promtoolCheck,
  sampleValue,
} from "../helpers/prometheus.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";
import { writeV01BedrockDatabase } from "../helpers/upgrade.ts";

/**
 * The compiled binary as users run it: a child process started from an empty directory, found through
 * the URL it logs (PORT=0), stopped with SIGTERM. Set WLS_BINARY to test a binary built beforehand (CI
 * builds once); otherwise `bun run build` makes dist/whitelist-sync first.
 */

const pkg = (await Bun.file(join(ROOT, "package.json")).json()) as { version: string };

let binary = "";
const children = new Set<Bun.Subprocess>();
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  binary = await compiledBinary();
});

afterAll(() => {
  for (const child of children) child.kill(9);
  for (const cleanup of cleanups) cleanup();
});

/** A fresh empty working directory, removed after the file's tests. */
function emptyDir(): string {
  const dir = tempDir("wls-binary-");
  cleanups.push(dir.cleanup);
  return dir.path;
}

/** Runs the binary to completion (for commands that do not serve). */
async function run(args: string[], env: Record<string, string> = {}, cwd = emptyDir()) {
  const { code, stdout, stderr } = await runToEnd([binary, ...args], {
    cwd,
    env: cleanEnv(env),
    spawned: (child) => children.add(child),
  });
  return { exitCode: code, stdout, stderr };
}

/**
 * Starts `serve` on a free port (in an empty directory unless `cwd` is given) and waits for its startup log
 * line. `until(msg)` resolves with the first log line carrying that message, as soon as it is written.
 */
async function serve(options: { cwd?: string; env?: Record<string, string> } = {}) {
  const cwd = options.cwd ?? emptyDir();
  const child = Bun.spawn([binary], {
    cwd,
    env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", ...options.env }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(child);
  const log: Record<string, unknown>[] = [];
  const lines = linesOf(child.stdout);
  let started: { url: string } | undefined;
  while (!started) {
    const next = await lines.next();
    if (next.done) {
      const stderr = await new Response(child.stderr).text();
      throw new Error(`the binary exited before logging its start (${await child.exited}):\n${stderr}`);
    }
    const line = parseLine(next.value);
    log.push(line);
    if (line.msg === "whitelist-sync started" && typeof line.url === "string") started = { url: line.url };
  }
  const waiters: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  // Keep draining stdout so the child never blocks on a full pipe; later lines are kept for assertions.
  const drained = (async () => {
    for await (const text of lines) {
      const line = parseLine(text);
      log.push(line);
      for (const waiter of waiters.filter((w) => w.msg === line.msg)) waiter.resolve(line);
    }
  })();
  const until = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = log.find((line) => line.msg === msg);
      if (seen) resolve(seen);
      else waiters.push({ msg, resolve });
    });
  return { child, cwd, url: started.url, log, drained, until };
}

describe("the compiled binary serving from an empty directory", () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve();
  });
  afterAll(() => server?.child.kill(9));

  test("logs its URL and version once started", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.log.find((line) => line.msg === "whitelist-sync started")).toMatchObject({
      level: "info",
      version: pkg.version,
      database: "./data/whitelist-sync.db",
    });
  });

  test("answers /health with 200, its version, and no bot (no DISCORD_TOKEN)", async () => {
    const response = await fetch(`${server.url}/health`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: {
        ok: true,
        version: pkg.version,
        uptime: expect.any(Number),
        gateway: "disabled",
        database: "ok",
        roleQueue: 0,
      },
    });
  });

  test("serves the OpenAPI document at /swagger/json", async () => {
    const response = await fetch(`${server.url}/swagger/json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("application/json");
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe(pkg.version);
    expect(Object.keys(document.paths)).toContain("/api/v1/whitelists");
  });

  test("serves Swagger UI at /swagger with every asset from the binary itself", async () => {
    const response = await fetch(`${server.url}/swagger`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    const html = await response.text();
    expect(html).toContain('id="swagger-ui"');
    // data: URIs (the empty favicon) are inline: nothing is requested for them.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1] as string)
      .filter((asset) => !asset.startsWith("data:"));
    expect(assets.length).toBeGreaterThan(0);
    // No CDN: every referenced asset is a local path, and the binary serves it.
    expect(assets.filter((asset) => !asset.startsWith("/"))).toEqual([]);
    const statuses = await Promise.all(
      assets.map(async (asset) => {
        const res = await fetch(`${server.url}${asset}`);
        return { asset, status: res.status, bytes: (await res.arrayBuffer()).byteLength > 0 };
      }),
    );
    expect(statuses).toEqual(assets.map((asset) => ({ asset, status: 200, bytes: true })));
  });

  test("answers /api/v1/whitelists without a key with a 401 problem", async () => {
    const response = await fetch(`${server.url}/api/v1/whitelists`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toStartWith("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 401,
      detail: expect.any(String),
    });
  });

  test("creates its database at the default ./data/whitelist-sync.db under the working directory", () => {
    expect(existsSync(join(server.cwd, "data", "whitelist-sync.db"))).toBe(true);
  });
});

describe.skipIf(!prometheusParserAvailable() && !process.env.CI)(
  "the compiled binary with METRICS=on",
  () => {
    test("logs where /metrics is, and serves it in the Prometheus format with prom-client's metrics", async () => {
      const server = await serve({ env: { METRICS: "on" } });
      try {
        const started = await server.until("whitelist-sync started");
        expect(started.metrics).toBe(`${server.url}/metrics`);
        expect((await fetch(`${server.url}/health`)).status).toBe(200);
        const response = await fetch(`${server.url}/metrics`);
        expect(response.status).toBe(200);
        const text = await response.text();
        const families = await parsePrometheus(text);
        if (PROMTOOL) expect(await promtoolCheck(text)).toEqual({ code: 0, output: "" });
        expect(sampleValue(families, "whitelist_sync_build_info", { version: pkg.version })).toBe(1);
        expect(
          sampleValue(families, "whitelist_sync_http_requests_total", { route: "/health", status: "200" }),
        ).toBe(1);
        expect(sampleValue(families, "whitelist_sync_process_resident_memory_bytes")).toBeGreaterThan(0);
      } finally {
        server.child.kill(9);
      }
    });
  },
);

describe("the compiled binary's command line", () => {
  test("--version prints the package.json version, the commit and the platform it was built for", async () => {
    expect(await run(["--version"])).toEqual({
      exitCode: 0,
      stdout: expect.stringMatching(
        new RegExp(
          `^${pkg.version.replaceAll(".", "\\.")} \\(commit ([0-9a-f]{12}(\\+dirty)?|unknown), linux-x64\\)\n$`,
        ),
      ),
      stderr: "",
    });
  });

  test("--help describes the configuration, including DATABASE_PATH", async () => {
    const { exitCode, stdout } = await run(["--help"]);
    expect(exitCode).toBe(0);
    expect(stdout).toContain("DATABASE_PATH");
  });

  test("a bad PORT stops start-up with one line naming PORT and nothing created", async () => {
    const cwd = emptyDir();
    const { exitCode, stdout, stderr } = await run([], { PORT: "abc" }, cwd);
    expect(exitCode).not.toBe(0);
    expect(stdout).toBe("");
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PORT");
    expect(readdirSync(cwd)).toEqual([]);
  });

  test("lays its bytecode out by the committed profile: a start loads its functions from the profile's part", async () => {
    // WLS_START_STAGES=1 makes it report what it loaded, by part (src/shared/start-stages.ts); null: no profile.
    const { child, drained } = await serve({ env: { WLS_START_STAGES: "1" } });
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    await drained;
    const stderr = await new Response(child.stderr).text();
    const reported = /^start-bytecode-order (.+)$/m.exec(stderr)?.[1];
    const stats = JSON.parse(reported ?? "null") as { hot: number } | null;
    expect(stats?.hot).toBeGreaterThan(0);
  });

  test("SIGTERM stops a running service with exit code 0 and a closed, checkpointed database", async () => {
    const { child, cwd, url, log, drained } = await serve();
    expect((await fetch(`${url}/health`)).status).toBe(200);
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    await drained;
    expect(log.map((line) => line.msg)).toContain("shutting down");
    // A clean close checkpoints the WAL into the database file (and SQLite removes or empties the WAL).
    const wal = join(cwd, "data", "whitelist-sync.db-wal");
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  });
});

describe("the compiled binary upgrading a 0.1 database", () => {
  test("respells its Bedrock nicks as Floodgate does and gives them Floodgate's UUID, with events", async () => {
    const geyser = startFakeGeyser({ accounts: [{ gamertag: "Alex Pocket", xuid: "2535432196048835" }] });
    try {
      const cwd = emptyDir();
      mkdirSync(join(cwd, "data"));
      writeV01BedrockDatabase(join(cwd, "data", "whitelist-sync.db"), {
        guildId: "100000000000000001",
        roleId: "400000000000000002",
        gamertags: ["Alex Pocket"],
      });
      const { child, until } = await serve({ cwd, env: { GEYSER_API_URL: geyser.url } });
      const done = await until("bedrock entries brought up to date");
      expect(done).toEqual(expect.objectContaining({ changed: 1, pending: 0, clashes: 0 }));
      child.kill("SIGTERM");
      expect(await child.exited).toBe(0);
      const db = new Database(join(cwd, "data", "whitelist-sync.db"), { readonly: true });
      try {
        expect(db.query("SELECT nick, uuid, xuid FROM entries").all()).toEqual([
          { nick: ".Alex_Pocket", uuid: "00000000-0000-0000-0009-01f64f65c7c3", xuid: "2535432196048835" },
        ]);
        const events = db
          .query<{ type: string; payload: string }, []>("SELECT type, payload FROM events")
          .all();
        expect(
          events.map((e) => [e.type, JSON.parse(e.payload).entry.nick, JSON.parse(e.payload).origin]),
        ).toEqual([
          ["entry.removed", ".Alex Pocket", "system"],
          ["entry.added", ".Alex_Pocket", "system"],
        ]);
      } finally {
        db.close();
      }
    } finally {
      await geyser.stop();
    }
  });
});
