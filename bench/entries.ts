/**
 * Benchmark: reading a 1,000-entry whitelist through the API, against the fastest Bun serves the same bytes.
 *
 * What it measures: a temp SQLite database is seeded (one guild, one whitelist of 1,000 entries, ~40 %
 * premium, and a guild-wide link key). The real service (bench/entries/serve.ts: `loadConfig` +
 * `startService`) and a raw `Bun.serve` baseline (bench/entries/raw-server.ts: a plain string compare of the
 * Authorization header, then the same precomputed bytes and content type) each run in their own process.
 * Both get the identical load: `wrk` if installed, else bench/entries/load.ts in its own process; N
 * keep-alive connections sending `Authorization: Bearer <key>` for a fixed time per scenario, after an
 * unreported warm-up. Then the compiled binary is started 5 times in an empty directory: spawn → first
 * `/health` 200, and its RSS after a second of idling.
 *
 * How to read it: "ratio" is whitelist-sync req/s ÷ raw req/s in the same scenario: the share of the bare
 * server's throughput left after the rate limiter (with the socket address), key verification, the scope
 * rule, the whitelist lookup, the representation cache and the response headers (ETag, RateLimit, …). The
 * read is a route of Bun's own router ahead of Elysia (src/api/entries/fast-route.ts); Elysia's context
 * and hooks cost about as much again. The geometric mean of the four ratios is compared
 * with issue 38's 0.85× target. "cpu µs" is the server process's own CPU time (user + system, from /proc) per
 * answered request, and "cpu ratio" is raw ÷ whitelist-sync of it: the same comparison, far less disturbed
 * than req/s by other work on the machine (the load generator and any neighbour compete for the cores).
 * "faults" is the server's minor page faults per answered request: memory its allocator handed back to the
 * system and touched again (its scavenger's `madvise` and the faults after it cost CPU on both cores).
 * Under the table, the load generator's CPU per answered request against each server: on a 2-core machine it
 * competes with the server for the cores, so what it spends reading an answer moves req/s as the server's own CPU
 * does (bench/entries/load.ts is a `fetch` loop: Bun parses every header of each answer it reads).
 * Errors and non-200 responses must be 0, or the figures mean nothing (the program then exits with 1).
 * Absolute figures depend on the machine: compare ratios across machines, and distrust a run whose
 * starting load average (printed) shows other work; `--rounds 3` takes the median of three runs per cell.
 *
 * Usage: bun bench/entries.ts [--duration 5] [--warmup 1] [--rounds 1] [--connections 32] [--threads 1]
 *                             [--loader auto|wrk|bun] [--binary dist/whitelist-sync | none]
 *                             [--checkout <dir>] [--raw-headers content-type|all] [--cpu-prof <dir>]
 * `--binary none` leaves out the compiled binary's start; `--checkout <dir>` serves with that checkout's
 * bench/entries/serve.ts (the code before a change), seeded and loaded by this one. `--raw-headers all` has
 * the raw server send every header the service sends (ETag, security and rate-limit headers: nine or ten
 * rather than one), to tell what those headers cost on the wire from what the service's code costs.
 * `--cpu-prof <dir>` runs the service under Bun's sampling CPU profiler and has it write its profile there (a
 * `.cpuprofile` for Chrome's DevTools and a Markdown summary) when it stops: where a read's CPU goes (count the
 * samples: a sample's time runs to the next one, so idle gaps between requests swell the times).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import { closeDatabase } from "../src/db/client.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import type { LoadOptions, LoadResult } from "./entries/load.ts";
import type { RawManifest } from "./entries/raw-server.ts";
import { baseEnv, fixed, grouped, median, table, withTimeout } from "./lib.ts";

const ROOT = resolve(import.meta.dir, "..");
/** The helper programs, each run as its own process. */
const HELPERS = join(import.meta.dir, "entries");
const ENTRY_COUNT = 1_000;
/** Issue 38's goal for the overall ratio, idle. */
const TARGET_RATIO = 0.85;
/** Headers Bun writes itself on any response: the raw server's answers get their own. */
const HEADERS_BUN_WRITES = new Set(["date", "content-length", "transfer-encoding"]);
const BINARY_RUNS = 5;
const IDLE_BEFORE_RSS_MS = 1_000;
const CHILD_START_TIMEOUT_MS = 15_000;

const SCENARIOS = [
  { name: "json", query: "" },
  { name: "plain", query: "?format=plain" },
  { name: "easywhitelist", query: "?format=easywhitelist" },
  { name: "vanilla", query: "?format=vanilla" },
] as const;

type Options = {
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  connections: number;
  threads: number;
  loader: "wrk" | "bun";
  binary: string | undefined;
  checkout: string | undefined;
  rawHeaders: "content-type" | "all";
  cpuProf: string | undefined;
};

/** One load run, whichever generator made it, with the generator's own CPU time (µs, user + system). */
type Measurement = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failures: number;
  loaderCpuUs: number;
};

/**
 * A measurement with the server's own CPU time (user + system, all threads) and minor page faults per answered
 * request (memory the allocator handed back to the system and touched again: each a trip into the kernel), and
 * the load generator's CPU time per answered request (reading each answer: its headers too).
 */
type ServerMeasurement = Measurement & {
  cpuUsPerRequest: number;
  faultsPerRequest: number;
  loaderUsPerRequest: number;
};

/** A child we spawned, with stdout piped to us and stderr passed through. */
type Child = Subprocess<"ignore", "pipe", "inherit">;

// ---------------------------------------------------------------------------------------------------------
// Child processes and temp files: every one is tracked so that any exit path removes it.

const children = new Set<Child>();
let scratchDir: string | undefined;

function spawnChild(cmd: string[], options: { cwd?: string; env: Record<string, string> }): Child {
  const child = Bun.spawn(cmd, { ...options, stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  children.add(child);
  return child;
}

/** SIGTERM, then SIGKILL if the child has not exited within 3 s. */
async function stopChild(child: Child): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
    await child.exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stopChild));
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  scratchDir = undefined;
}

/**
 * Reads the child's stdout until a JSON line for which `pick` returns a value, then keeps draining it in the
 * background (so a chatty child never blocks on a full pipe).
 */
async function waitForJsonLine<T>(
  child: Child,
  what: string,
  pick: (line: Record<string, unknown>) => T | undefined,
): Promise<T> {
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const search = async (): Promise<T> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`${what} exited (code ${await child.exited}) before printing its address`);
      buffered += decoder.decode(value, { stream: true });
      for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (!line.startsWith("{")) continue;
        const found = pick(JSON.parse(line) as Record<string, unknown>);
        if (found !== undefined) return found;
      }
    }
  };
  const found = await withTimeout(search(), CHILD_START_TIMEOUT_MS, `${what} did not start in time`);
  void (async () => {
    while (!(await reader.read()).done);
  })().catch(() => undefined);
  return found;
}

const urlField = (line: Record<string, unknown>) => (typeof line.url === "string" ? line.url : undefined);

// ---------------------------------------------------------------------------------------------------------
// Seeding.

/** A small deterministic PRNG (mulberry32), so every run serves the same bytes. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// biome-ignore format: a word list reads better packed
const NICK_HEADS = [
  "Dark", "Shadow", "Craft", "Pixel", "Block", "Ender", "Creeper", "Steve", "Alex", "Nether", "Red", "Blue",
  "Iron", "Gold", "Diamond", "Sky", "Night", "Fire", "Ice", "Wolf", "Fox", "Dragon", "Ninja", "Pro", "Epic",
  "Lucky", "Silent", "Mega", "Super", "Toast", "Potato", "Cookie", "Frost", "Storm", "Moon", "Star",
];
// biome-ignore format: a word list reads better packed
const NICK_TAILS = [
  "Miner", "Builder", "Gamer", "King", "Slayer", "Hunter", "Knight", "Wizard", "Lord", "Boy", "Girl",
  "Master", "Rider", "Walker", "Plays", "Dude", "Cat", "Bear", "Blade", "Craft", "Man", "Queen", "Fan",
];

/** Java nicks as players pick them (3-16 of `[A-Za-z0-9_]`), unique whatever the letter case. */
function realisticNicks(random: () => number, count: number): string[] {
  const pick = (words: readonly string[]) => words[Math.floor(random() * words.length)] ?? "";
  const seen = new Set<string>();
  const nicks: string[] = [];
  while (nicks.length < count) {
    let nick = pick(NICK_HEADS) + pick(NICK_TAILS);
    const style = random();
    if (style < 0.4) nick += String(Math.floor(random() * (random() < 0.5 ? 100 : 10_000)));
    else if (style < 0.55) nick = nick.toLowerCase();
    else if (style < 0.65) nick = `${nick}_`;
    else if (style < 0.7) nick = `xX${nick}Xx`;
    else if (style < 0.75) nick = `${pick(NICK_HEADS)}_${pick(NICK_HEADS).toLowerCase()}`;
    if (nick.length < 3 || nick.length > 16 || seen.has(nick.toLowerCase())) continue;
    seen.add(nick.toLowerCase());
    nicks.push(nick);
  }
  return nicks;
}

/** A random (version 4) dashed UUID from the seeded PRNG. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return hex.join("").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
}

/** Seeds a guild, a whitelist of ENTRY_COUNT entries (~40 % premium) and a guild-wide key, then closes it. */
async function seedDatabase(path: string): Promise<{ whitelistId: string; key: string }> {
  const services = openServices({ path, clock: systemClock, logger: silentLogger });
  try {
    // Seeding speed is not what is measured: skip the per-entry fsync (this connection only).
    services.store.client.run("PRAGMA synchronous = OFF");
    const guildId = "100000000000000001";
    const whitelist = await services.whitelists.create({
      guildId,
      name: "survival",
      channelId: "200000000000000001",
      nickType: "java",
      registrationMode: "command",
    });
    const random = seededRandom(1_000);
    for (const [i, nick] of realisticNicks(random, ENTRY_COUNT).entries()) {
      const premium = random() < 0.4;
      const userId = String(300_000_000_000_000_000n + BigInt(i));
      await services.entries.add({
        whitelistId: whitelist.id,
        nick,
        uuid: premium ? seededUuid(random) : null,
        premium,
        userId,
        addedBy: userId,
        origin: "discord",
      });
    }
    const { plaintext } = await services.keys.create({
      guildId,
      name: "bench",
      whitelistId: null,
      createdBy: "300000000000000009",
    });
    return { whitelistId: whitelist.id, key: plaintext };
  } finally {
    closeDatabase(services.db);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Load generation.

const WRK_MARK = "BENCH ";

/** wrk's Lua hooks: the Authorization header, and one machine-readable summary line at the end. */
function wrkScript(authorization: string): string {
  return `wrk.headers["Authorization"] = ${JSON.stringify(authorization)}
done = function(summary, latency, requests)
  local e = summary.errors
  local format = '{"requests":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"p50Us":%f,"p99Us":%f}'
  io.write("${WRK_MARK}" .. string.format(format,
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)) .. "\\n")
end
`;
}

/** One load run against the server whose process is `pid`. */
type LoadRun = { url: string; pid: number; authorization: string; seconds: number; scriptPath: string };

/** The CPU time (user + system, every thread) a child that has exited took, in µs. */
function childCpuUs(child: Child): number {
  return Number(child.resourceUsage()?.cpuTime.total ?? 0);
}

async function childOutput(child: Child, what: string, seconds: number): Promise<string> {
  const [text, code] = await withTimeout(
    Promise.all([new Response(child.stdout).text(), child.exited]),
    (seconds + 30) * 1_000,
    `${what} did not finish in time`,
  );
  children.delete(child);
  if (code !== 0) throw new Error(`${what} failed with exit code ${code}:\n${text}`);
  return text;
}

async function runWrk(run: LoadRun, options: Options): Promise<Measurement> {
  const child = spawnChild(
    [
      "wrk",
      `--threads=${options.threads}`,
      `--connections=${options.connections}`,
      `--duration=${run.seconds}s`,
      "--timeout=5s",
      "--latency",
      `--script=${run.scriptPath}`,
      run.url,
    ],
    { env: baseEnv() },
  );
  const output = await childOutput(child, "wrk", run.seconds);
  const line = output.split("\n").find((text) => text.startsWith(WRK_MARK));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const summary = JSON.parse(line.slice(WRK_MARK.length)) as {
    requests: number;
    durationUs: number;
    errors: number;
    non2xx: number;
    p50Us: number;
    p99Us: number;
  };
  return {
    rps: summary.requests / (summary.durationUs / 1e6),
    p50Ms: summary.p50Us / 1_000,
    p99Ms: summary.p99Us / 1_000,
    requests: summary.requests,
    loaderCpuUs: childCpuUs(child),
    // wrk counts statuses >= 400 as errors.status; nothing here can answer 1xx/3xx (no If-None-Match sent).
    failures: summary.errors + summary.non2xx,
  };
}

async function runBunLoad(run: LoadRun, options: Options): Promise<Measurement> {
  const loadOptions: LoadOptions = {
    url: run.url,
    authorization: run.authorization,
    durationMs: run.seconds * 1_000,
    connections: options.connections,
  };
  const child = spawnChild([process.execPath, join(HELPERS, "load.ts"), JSON.stringify(loadOptions)], {
    env: baseEnv(),
  });
  const result = JSON.parse(await childOutput(child, "bench/entries/load.ts", run.seconds)) as LoadResult;
  return {
    rps: result.requests / result.seconds,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    requests: result.requests,
    failures: result.errors + result.non200,
    loaderCpuUs: childCpuUs(child),
  };
}

async function load(run: LoadRun, options: Options): Promise<ServerMeasurement> {
  const before = processStat(run.pid);
  const measured = await (options.loader === "wrk" ? runWrk(run, options) : runBunLoad(run, options));
  const after = processStat(run.pid);
  const requests = Math.max(1, measured.requests);
  return {
    ...measured,
    cpuUsPerRequest: ((after.cpuTicks - before.cpuTicks) * MICROSECONDS_PER_TICK) / requests,
    faultsPerRequest: (after.minorFaults - before.minorFaults) / requests,
    loaderUsPerRequest: measured.loaderCpuUs / requests,
  };
}

/**
 * Loads the service and the baseline in turn, `rounds` times, each after one unreported warm-up; returns the
 * median run of each (by req/s) and every failure seen.
 */
async function compare(
  runs: { real: LoadRun; base: LoadRun },
  options: Options,
): Promise<{ real: ServerMeasurement; base: ServerMeasurement; failures: number }> {
  const seen = { real: [] as ServerMeasurement[], base: [] as ServerMeasurement[] };
  for (const side of ["real", "base"] as const) {
    if (options.warmupSeconds > 0) await load({ ...runs[side], seconds: options.warmupSeconds }, options);
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const side of ["real", "base"] as const) seen[side].push(await load(runs[side], options));
  }
  const middle = (measurements: ServerMeasurement[]) =>
    [...measurements].sort((a, b) => a.rps - b.rps)[(measurements.length - 1) >> 1] as ServerMeasurement;
  const failures = [...seen.real, ...seen.base].reduce((sum, run) => sum + run.failures, 0);
  return { real: middle(seen.real), base: middle(seen.base), failures };
}

// ---------------------------------------------------------------------------------------------------------
// Process figures from /proc (Linux).

/** /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second whatever the kernel's HZ. */
const MICROSECONDS_PER_TICK = 10_000;

/** The process's CPU time so far (user + system, every thread), in ticks, and its minor page faults. */
function processStat(pid: number): { cpuTicks: number; minorFaults: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the parenthesised command name (it may hold spaces): state is field 3, minflt 10, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { cpuTicks: Number(fields[11]) + Number(fields[12]), minorFaults: Number(fields[7]) };
}

/** The process's resident set size, in KiB. */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

// ---------------------------------------------------------------------------------------------------------
// The compiled binary.

async function waitForHealth(url: string): Promise<void> {
  const deadline = performance.now() + CHILD_START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not answering yet
    }
    await Bun.sleep(5);
  }
  throw new Error(`${url}/health did not answer 200 in time`);
}

async function builtBinary(path: string | undefined): Promise<string> {
  if (path) {
    if (!(await Bun.file(path).exists())) throw new Error(`--binary ${path}: no such file`);
    return resolve(path);
  }
  const binary = join(ROOT, "dist", "whitelist-sync");
  if (await Bun.file(binary).exists()) return binary;
  console.log("building dist/whitelist-sync (bun run build) ...");
  const build = Bun.spawn([process.execPath, "run", "build"], {
    cwd: ROOT,
    stdout: "ignore",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) throw new Error("bun run build failed");
  return binary;
}

/** Starts the binary BINARY_RUNS times, each in a fresh empty directory: spawn → /health 200, idle RSS. */
async function measureBinary(binary: string, dir: string): Promise<{ startMs: number[]; rssKb: number[] }> {
  const startMs: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < BINARY_RUNS; run++) {
    const cwd = join(dir, `binary-${run}`);
    mkdirSync(cwd);
    const env = { ...baseEnv(), HOME: cwd, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" };
    const spawned = performance.now();
    const child = spawnChild([binary], { cwd, env });
    try {
      const url = await waitForJsonLine(child, "the binary", (line) =>
        line.msg === "whitelist-sync started" ? urlField(line) : undefined,
      );
      await waitForHealth(url);
      startMs.push(performance.now() - spawned);
      await Bun.sleep(IDLE_BEFORE_RSS_MS);
      rss.push(rssKb(child.pid));
    } finally {
      await stopChild(child);
    }
  }
  return { startMs, rssKb: rss };
}

// ---------------------------------------------------------------------------------------------------------
// Reporting.

const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

// ---------------------------------------------------------------------------------------------------------

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "5" },
      warmup: { type: "string", default: "1" },
      rounds: { type: "string", default: "1" },
      connections: { type: "string", default: "32" },
      threads: { type: "string", default: "1" },
      loader: { type: "string", default: "auto" },
      binary: { type: "string" },
      checkout: { type: "string" },
      "raw-headers": { type: "string", default: "content-type" },
      "cpu-prof": { type: "string" },
    },
  });
  const whole = (name: string, text: string, min: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return value;
  };
  const hasWrk = Bun.which("wrk") !== null;
  if (!["auto", "wrk", "bun"].includes(values.loader)) throw new Error("--loader must be auto, wrk or bun");
  if (values.loader === "wrk" && !hasWrk) throw new Error("--loader wrk: wrk is not installed");
  const rawHeaders = values["raw-headers"];
  if (rawHeaders !== "content-type" && rawHeaders !== "all")
    throw new Error("--raw-headers must be content-type or all");
  const options: Options = {
    durationSeconds: whole("duration", values.duration, 1),
    warmupSeconds: whole("warmup", values.warmup, 0),
    rounds: whole("rounds", values.rounds, 1),
    connections: whole("connections", values.connections, 1),
    threads: whole("threads", values.threads, 1),
    loader: values.loader === "bun" || (values.loader === "auto" && !hasWrk) ? "bun" : "wrk",
    binary: values.binary,
    checkout: values.checkout,
    rawHeaders,
    cpuProf: values["cpu-prof"] === undefined ? undefined : resolve(values["cpu-prof"]),
  };
  if (options.loader === "wrk" && options.threads > options.connections) {
    throw new Error("--threads cannot exceed --connections");
  }
  return options;
}

async function main(): Promise<number> {
  const options = parseOptions();
  // First, so that a missing binary or a failed build shows before minutes of load.
  const binary = options.binary === "none" ? null : await builtBinary(options.binary);
  scratchDir = mkdtempSync(join(tmpdir(), "wls-bench-"));
  const dir = scratchDir;

  const { whitelistId, key } = await seedDatabase(join(dir, "whitelist-sync.db"));
  const authorization = `Bearer ${key}`;
  const paths = SCENARIOS.map(({ query }) => `/api/v1/whitelists/${whitelistId}/entries${query}`);

  const serve = options.checkout
    ? resolve(options.checkout, "bench", "entries", "serve.ts")
    : join(HELPERS, "serve.ts");
  // Bun writes the service's CPU profile (sampled, and as Markdown) when it exits, after the last run.
  const profiling = options.cpuProf
    ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${options.cpuProf}`, "--cpu-prof-interval=250"]
    : [];
  const service = spawnChild([process.execPath, ...profiling, serve], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      DATABASE_PATH: join(dir, "whitelist-sync.db"),
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
    },
  });
  const serviceUrl = await waitForJsonLine(service, "bench/entries/serve.ts", urlField);

  // The baseline answers exactly what the service answers, fetched once.
  const manifest: RawManifest = { authorization, routes: [] };
  const bodies: Uint8Array[] = [];
  for (const [i, path] of paths.entries()) {
    const response = await fetch(serviceUrl + path, { headers: { authorization } });
    const body = await response.bytes();
    if (response.status !== 200)
      throw new Error(`GET ${path}: ${response.status} ${new TextDecoder().decode(body)}`);
    const file = join(dir, `body-${i}`);
    await Bun.write(file, body);
    bodies.push(body);
    const headers =
      options.rawHeaders === "all"
        ? Object.fromEntries([...response.headers].filter(([name]) => !HEADERS_BUN_WRITES.has(name)))
        : { "content-type": response.headers.get("content-type") ?? "" };
    manifest.routes.push({ path, file, headers });
  }
  const manifestPath = join(dir, "raw-manifest.json");
  await Bun.write(manifestPath, JSON.stringify(manifest));
  const raw = spawnChild([process.execPath, join(HELPERS, "raw-server.ts"), manifestPath], {
    env: baseEnv(),
  });
  const rawUrl = await waitForJsonLine(raw, "bench/entries/raw-server.ts", urlField);
  for (const [i, path] of paths.entries()) {
    const response = await fetch(rawUrl + path, { headers: { authorization } });
    const body = await response.bytes();
    if (response.status !== 200 || Buffer.compare(body, bodies[i] ?? new Uint8Array()) !== 0) {
      throw new Error(`the raw server does not answer ${path} like the service`);
    }
  }

  const scriptPath = join(dir, "auth.lua");
  await Bun.write(scriptPath, wrkScript(authorization));
  const loader =
    options.loader === "wrk"
      ? `wrk (${options.threads} thread${options.threads > 1 ? "s" : ""})`
      : "bench/entries/load.ts";
  console.log(
    `GET /api/v1/whitelists/{id}/entries, ${ENTRY_COUNT.toLocaleString("en-US")} entries: ` +
      `${options.connections} keep-alive connections, ${options.durationSeconds} s per run ` +
      `(+${options.warmupSeconds} s warm-up), load by ${loader}; raw answers with ` +
      `${options.rawHeaders === "all" ? "every header the service sends" : "a content type only"}; bun ${Bun.version}, ` +
      `${availableParallelism()} cores, load average ${fixed(loadavg()[0] ?? 0, 2)} before starting\n`,
  );

  const side = ["req/s", "p50 ms", "p99 ms", "cpu µs", "faults"];
  const rows = [
    ["", "", "whitelist-sync", "", "", "", "", "raw Bun.serve", "", "", "", "", "", "cpu"],
    ["scenario", "bytes", ...side, ...side, "ratio", "ratio"],
  ];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const loaderUs: string[] = [];
  let failures = 0;
  for (const [i, scenario] of SCENARIOS.entries()) {
    const run = { authorization, seconds: options.durationSeconds, scriptPath };
    const { real, base, ...seen } = await compare(
      {
        real: { ...run, url: serviceUrl + paths[i], pid: service.pid },
        base: { ...run, url: rawUrl + paths[i], pid: raw.pid },
      },
      options,
    );
    failures += seen.failures;
    const ratio = real.rps / base.rps;
    const cpuRatio = base.cpuUsPerRequest / real.cpuUsPerRequest;
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    loaderUs.push(
      `${scenario.name} ${fixed(real.loaderUsPerRequest, 0)}/${fixed(base.loaderUsPerRequest, 0)}`,
    );
    rows.push([
      scenario.name,
      grouped(bodies[i]?.length ?? 0),
      grouped(real.rps),
      fixed(real.p50Ms, 2),
      fixed(real.p99Ms, 2),
      fixed(real.cpuUsPerRequest, 0),
      fixed(real.faultsPerRequest, 2),
      grouped(base.rps),
      fixed(base.p50Ms, 2),
      fixed(base.p99Ms, 2),
      fixed(base.cpuUsPerRequest, 0),
      fixed(base.faultsPerRequest, 2),
      `${fixed(ratio, 2)}×`,
      `${fixed(cpuRatio, 2)}×`,
    ]);
  }
  const serviceRssKb = rssKb(service.pid);
  await Promise.all([stopChild(service), stopChild(raw)]);

  const overall = geometricMean(ratios);
  console.log(table(rows));
  console.log(
    `\noverall (geometric mean) whitelist-sync/raw: ${fixed(overall, 2)}× ` +
      `(target ${TARGET_RATIO}×: ${overall >= TARGET_RATIO ? "met" : "NOT met"}); ` +
      `by server CPU per request (raw/whitelist-sync): ${fixed(geometricMean(cpuRatios), 2)}×`,
  );
  // Both processes share the cores: what the load generator spends reading an answer (its headers too) slows
  // the requests as the server's own CPU does.
  console.log(`load generator's cpu µs per request, whitelist-sync/raw: ${loaderUs.join(", ")}`);
  console.log(
    `errors + non-200 responses: ${failures}${failures > 0 ? " (the figures above are void)" : ""}`,
  );
  console.log(`whitelist-sync RSS after the load: ${fixed(serviceRssKb / 1_024, 1)} MiB`);

  if (!binary) return failures > 0 ? 1 : 0;
  const started = await measureBinary(binary, dir);
  console.log(
    `\ncompiled binary (${relative(process.cwd(), binary) || binary}, ` +
      `built ${fixed((Date.now() - statSync(binary).mtimeMs) / 60_000, 0)} min ago), ` +
      `${BINARY_RUNS} starts in an empty directory:\n` +
      `  spawn → /health 200: median ${fixed(median(started.startMs), 1)} ms ` +
      `(runs: ${started.startMs.map((ms) => fixed(ms, 1)).join(", ")})\n` +
      `  RSS after /health + ${IDLE_BEFORE_RSS_MS / 1_000} s idle: ` +
      `median ${fixed(median(started.rssKb) / 1_024, 1)} MiB ` +
      `(runs: ${started.rssKb.map((kb) => fixed(kb / 1_024, 1)).join(", ")})`,
  );
  return failures > 0 ? 1 : 0;
}

// Interrupted: no time for a graceful stop, but nothing may outlive us.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGKILL");
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    process.exit(code);
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
