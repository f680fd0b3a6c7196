/**
 * Benchmark: a bounded soak of the whole service: registrations, removals, reads, 1,000 WebSocket subscribers
 * and a webhook at once for a few minutes, watching its memory and latencies, and checking that no change is
 * lost or doubled on the way out.
 *
 * What runs, every process on 127.0.0.1 (port 0):
 * - the service, alone in its own process so that its RSS is its own: the compiled binary
 *   (`dist/whitelist-sync demo`, or `--binary`; `--source` runs `bun src/main.ts demo` instead) in demo mode,
 *   i.e. with its bot connected to the built-in sandbox Discord and a fake Mojang API, on a temp database.
 *   The sandbox keeps every message it was sent, in that same process; `--sandbox-apart` runs it (and the fake
 *   Mojang) in a process of its own (bench/soak/sandbox.ts) and the service with `serve`, its bot pointed at
 *   it, so the RSS is the service's alone (the set-up then also does what the demo would: the log channel and
 *   a guild-wide key);
 * - set-up through the sandbox as the guild owner: an `offline` whitelist "soak" in `command` mode (offline
 *   nicks are never looked up, so nothing depends on the fake Mojang), with the granted role "Whitelisted",
 *   and a link key limited to it whose webhook points at a receiver in this process that verifies every
 *   delivery's Standard Webhooks signature;
 * - `--subscribers` sockets on `/api/v1/ws` with the demo's guild key, spread over `--clients` processes
 *   (bench/soak/subscribers.ts), connected before the first change and held to the end;
 * - the load, each stream paced at its own rate (open loop, with a cap on requests in flight):
 *   registrations of new nicks (`POST /_sandbox/members` for a new member every 20 nicks, then
 *   `POST /_sandbox/interactions` running `/register nick whitelist:soak` as that member: the bot's whole path,
 *   role grant and log post included); removals of the oldest nicks through `DELETE …/entries/{nick}` (every
 *   other one in lower case) whenever the whitelist holds more than `--entries`; reads of `GET …/entries` as
 *   JSON, `plain`, `easywhitelist`, `vanilla` and JSON with `If-None-Match`; and `/health` probes.
 *
 * The phases, in order: start-up; set-up; subscribers connect; prefill (registrations alone up to
 * `--entries` + 100 nicks, then 100 removals alone: the idle figures of both); idle (`/health` and reads alone
 * for `--idle-seconds`: their idle figures); load (everything at once for `--seconds`/`--minutes`); drain
 * (in-flight requests finish and every event reaches every subscriber and the receiver, bounded); cool-down
 * (`--cool-down` seconds idle, to see whether memory comes back); checks. The RSS of the service (VmRSS from
 * /proc) is printed every `--rss-every` seconds throughout; with it, the service's and this process's CPU
 * use during the load (this process must not be the bottleneck).
 *
 * How to read it: "p99 ratio" is the p99 latency under the full load ÷ the p99 of the same requests against
 * the same service when idle, measured in the same run (the figure each bench here compares with a baseline).
 * RSS should level off once the load runs: a steady climb over minutes is a leak, with one caveat: the demo
 * process also holds the sandbox Discord, which keeps every message it was sent (each registration's reply
 * and log post, each removal's log post; its size is printed at the end), so a slow rise of that size is the
 * sandbox's, not the service's (`--sandbox-apart` shows the two apart). The checks, any of which failing
 * makes the exit code 1: no 5xx and no other unexpected answer; the events the service stored (read back at
 * the end with `?after=0`) are exactly one `entry.added` per registration and one `entry.removed` per
 * removal, in id order; every subscriber received exactly those, once each and in order; the webhook
 * receiver got each of them once, correctly signed; the log channel shows every change within a few seconds
 * of the load's end (none left queued); the service's RSS grows at most 1 MiB/min over the last ten minutes of
 * the load (its last two thirds when shorter), by the least-squares slope of every sample there, never by one
 * reference sample (run with `--sandbox-apart`, or the sandbox's own messages count too); the final entries are the
 * registrations minus the removals; and the service stops on SIGTERM with exit code 0.
 * The service is stopped (SIGTERM, then SIGKILL) and the temp directory removed on every exit path.
 *
 * Usage: bun bench/soak.ts [--minutes 5 | --seconds 300] [--binary dist/whitelist-sync | --source]
 *                          [--sandbox-apart]
 *                          [--register-rate 20] [--delete-rate 25] [--read-rate 100] [--health-rate 20]
 *                          [--subscribers 1000] [--clients 2] [--entries 200] [--idle-seconds 10-30]
 *                          [--rss-every 5] [--cool-down 10] [--heap-every 30 (with --source)]
 *   --seconds 30 is a quick run; --idle-seconds defaults to a tenth of the load, between 10 and 30.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import { Webhook } from "standardwebhooks";
import { Child, killChildren } from "./fanout/child.ts";
import { readLines } from "./fanout/protocol.ts";
import { baseEnv, fixed, grouped, quantile, table, withTimeout } from "./lib.ts";
import type { SandboxHello, SandboxMessage } from "./soak/sandbox.ts";
import type { SubscriberMessage, SubscriberOptions, SubscriberReport } from "./soak/subscribers.ts";

const ROOT = resolve(import.meta.dir, "..");
const HERE = join(import.meta.dir, "soak");
/** A new sandbox member registers every this many nicks (well under the whitelist's max-nicks). */
const NICKS_PER_MEMBER = 20;
const MAX_NICKS = 100;
/** Removals in the prefill phase: the idle baseline of DELETE. */
const PREFILL_REMOVALS = 100;
const REQUEST_TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 120_000;
const STATUS_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
/** How long after the load stops the log channel may take to show every change ("a few seconds"). */
const LOG_CAUGHT_UP_S = 5;
/** How long the bench watches for it before giving up. */
const LOG_CATCH_UP_LIMIT_MS = 60_000;
/**
 * The last stretch of the load over which the service's memory must not grow (issue 38): the least-squares slope
 * of every RSS sample in it, so that no single sample (a spike at its start) decides; the last two thirds of the
 * load when it is shorter.
 */
const FLAT_WINDOW_S = 600;
/** The most the RSS may grow over that stretch, by its regression slope, in MiB per minute. */
const FLAT_SLOPE_MIB_PER_MIN = 1;
/** Beyond the load itself, what set-up, prefill, idle phase, drain and checks may take at most. */
const RUN_ALLOWANCE_MS = 10 * 60_000;
/** Requests of one stream in flight at once; past that the stream waits (and falls behind its rate). */
const MAX_IN_FLIGHT = { register: 16, remove: 16, read: 32, health: 4 } as const;

const READ_KINDS = ["json", "plain", "easywhitelist", "vanilla", "if-none-match"] as const;
type ReadKind = (typeof READ_KINDS)[number];

/** The answers each kind of request should get; anything else is counted as unexpected. */
const EXPECTED: Record<string, readonly string[]> = {
  health: ["200"],
  "read json": ["200"],
  "read plain": ["200"],
  "read easywhitelist": ["200"],
  "read vanilla": ["200"],
  "read if-none-match": ["200", "304"],
  remove: ["200"],
  register: ["200"],
  member: ["201"],
};

type Options = {
  seconds: number;
  /** The executable to run; null: `bun src/main.ts`. */
  binary: string | null;
  /** Run the sandbox Discord in a process of its own and the service with `serve`, instead of `demo`. */
  sandboxApart: boolean;
  registerRate: number;
  deleteRate: number;
  readRate: number;
  healthRate: number;
  subscribers: number;
  clients: number;
  entries: number;
  idleSeconds: number;
  rssEverySeconds: number;
  /** Idle time after the drain before the last RSS reading. */
  coolDownSeconds: number;
  /** Seconds between two counts of the service's heap by object type (`--source` only); null: none. */
  heapEverySeconds: number | null;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string" },
      seconds: { type: "string" },
      binary: { type: "string" },
      source: { type: "boolean", default: false },
      "sandbox-apart": { type: "boolean", default: false },
      "register-rate": { type: "string", default: "20" },
      "delete-rate": { type: "string", default: "25" },
      "read-rate": { type: "string", default: "100" },
      "health-rate": { type: "string", default: "20" },
      subscribers: { type: "string", default: "1000" },
      clients: { type: "string", default: "2" },
      entries: { type: "string", default: "200" },
      "idle-seconds": { type: "string" },
      "rss-every": { type: "string", default: "5" },
      "cool-down": { type: "string", default: "10" },
      "heap-every": { type: "string" },
    },
  });
  const positive = (name: string, text: string, integer = true): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isSafeInteger(value))) {
      throw new Error(`--${name} must be a positive ${integer ? "integer" : "number"}, got "${text}"`);
    }
    return value;
  };
  if (values.minutes !== undefined && values.seconds !== undefined) {
    throw new Error("give --minutes or --seconds, not both");
  }
  if (values.binary !== undefined && values.source) throw new Error("give --binary or --source, not both");
  if (values["heap-every"] !== undefined && !values.source) throw new Error("--heap-every needs --source");
  const seconds =
    values.seconds !== undefined
      ? positive("seconds", values.seconds, false)
      : positive("minutes", values.minutes ?? "5", false) * 60;
  const defaultBinary = join(ROOT, "dist", "whitelist-sync");
  let binary: string | null = null;
  if (values.binary !== undefined) {
    binary = resolve(values.binary);
    if (!existsSync(binary)) throw new Error(`--binary ${values.binary}: no such file`);
  } else if (!values.source && existsSync(defaultBinary)) binary = defaultBinary;
  return {
    seconds,
    binary,
    sandboxApart: values["sandbox-apart"],
    registerRate: positive("register-rate", values["register-rate"], false),
    deleteRate: positive("delete-rate", values["delete-rate"], false),
    readRate: positive("read-rate", values["read-rate"], false),
    healthRate: positive("health-rate", values["health-rate"], false),
    subscribers: positive("subscribers", values.subscribers),
    clients: positive("clients", values.clients),
    entries: positive("entries", values.entries),
    // Enough samples for a p99 (200 probes at the default rate), more for longer runs.
    idleSeconds:
      values["idle-seconds"] === undefined
        ? Math.min(30, Math.max(10, seconds / 10))
        : positive("idle-seconds", values["idle-seconds"], false),
    rssEverySeconds: positive("rss-every", values["rss-every"], false),
    coolDownSeconds: positive("cool-down", values["cool-down"], false),
    heapEverySeconds:
      values["heap-every"] === undefined ? null : positive("heap-every", values["heap-every"], false),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Processes and temp files: every one is tracked, so that any exit path stops and removes it.

type ServiceProcess = Subprocess<"ignore", "pipe", "inherit">;

let service: ServiceProcess | undefined;
const subscriberChildren: Child<SubscriberMessage>[] = [];
let sandboxChild: Child<SandboxMessage> | undefined;
let receiverServer: { stop(closeActiveConnections?: boolean): unknown } | undefined;
let scratchDir: string | undefined;

/** Why the run stops early (the service died under it); the load streams stop at once when set. */
let aborted: string | null = null;

/** Throws if the run was aborted. */
function assertRunning(): void {
  if (aborted) throw new Error(aborted);
}

/** How the service's stop went: null until it was asked to stop. */
let serviceStop: { code: number | null; signal: string | null; ms: number; killed: boolean } | null = null;

/** SIGTERM, then SIGKILL if the service has not exited within STOP_TIMEOUT_MS. */
async function stopService(): Promise<void> {
  const child = service;
  if (!child) return;
  service = undefined;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const started = performance.now();
  let killed = false;
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, STOP_TIMEOUT_MS);
  await child.exited;
  clearTimeout(timer);
  serviceStop = {
    code: child.exitCode,
    signal: child.signalCode,
    ms: performance.now() - started,
    killed,
  };
}

let cleaning: Promise<void> | undefined;
/** Stops everything we started and removes the temp directory; runs once, whichever path gets here first. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(subscriberChildren.map((child) => child.stop().catch(() => child.kill())));
    receiverServer?.stop(true);
    await stopService();
    // After the service, so that its bot does not see the gateway go away and try to reconnect.
    await sandboxChild?.stop().catch(() => sandboxChild?.kill());
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    scratchDir = undefined;
  })();
  return cleaning;
}

/** Warnings and errors the service logged (one JSON object per line on its stdout). */
type ServiceLogs = { warn: number; error: number; samples: string[] };

/**
 * The running service: its API, the sandbox's control API, and the demo's guild-wide key (null with
 * `--sandbox-apart`, where set-up creates one).
 */
type Target = { apiUrl: string; key: string | null; sandboxUrl: string; logs: ServiceLogs };

/**
 * Starts the service: `demo` (it prints the lines `API:`, `API key:` and `Sandbox:` scripts rely on), or with
 * `--sandbox-apart` the sandbox helper first and then `serve` with its bot pointed at it.
 */
/** Where `--heap-every` has the service write its heap's counts (bench/soak/heap-stats.ts). */
const heapStatsFile = (dir: string) => join(dir, "heap-stats.jsonl");

/**
 * The object types whose live count grew most between the first and the last heap count taken during the load
 * (bench/soak/heap-stats.ts), with the heap's size then and now; null when fewer than two were taken.
 */
function heapGrowth(dir: string, from: number, to: number): string | null {
  if (!existsSync(heapStatsFile(dir))) return null;
  type Line = { at: number; heapSize: number; extraMemorySize: number; types: Record<string, number> };
  const lines = readFileSync(heapStatsFile(dir), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Line)
    .filter(({ at }) => at >= from && at <= to);
  const first = lines[0];
  const last = lines.at(-1);
  if (!first || !last || first === last) return null;
  const minutes = (last.at - first.at) / 60_000;
  const grown = Object.entries(last.types)
    .map(([type, count]) => [type, count - (first.types[type] ?? 0)] as const)
    .filter(([, delta]) => delta > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  return (
    `Heap (live, after a full collection) over ${fixed(minutes, 1)} min of the load: ` +
    `${mib(first.heapSize / 1024)} → ${mib(last.heapSize / 1024)}, outside it ` +
    `${mib(first.extraMemorySize / 1024)} → ${mib(last.extraMemorySize / 1024)}; grew most:\n  ` +
    (grown.length === 0
      ? "nothing"
      : grown
          .map(([type, delta]) => `${type} +${grouped(delta)} (${fixed(delta / minutes, 0)}/min)`)
          .join(", "))
  );
}

async function startTarget(options: Options, dir: string): Promise<Target> {
  let apart: SandboxHello | undefined;
  if (options.sandboxApart) {
    sandboxChild = new Child<SandboxMessage>("sandbox", join(HERE, "sandbox.ts"), [], { env: baseEnv() });
    apart = await sandboxChild.next("hello", START_TIMEOUT_MS);
  }
  const command = apart ? "serve" : "demo";
  const cmd = options.binary
    ? [options.binary, command]
    : [
        process.execPath,
        ...(options.heapEverySeconds === null ? [] : ["--preload", join(HERE, "heap-stats.ts")]),
        join(ROOT, "src", "main.ts"),
        command,
      ];
  const child = Bun.spawn(cmd, {
    cwd: options.binary ? dir : ROOT,
    env: {
      ...baseEnv(),
      HOST: "127.0.0.1",
      PORT: "0",
      SANDBOX_PORT: "0",
      // The soak measures the service, not Discord's limits (bench/launch-day.ts does): the sandbox limits nothing.
      SANDBOX_RATE_LIMITS: "off",
      DATABASE_PATH: join(dir, "soak.db"),
      RATE_LIMIT_PER_MINUTE: "1000000",
      WEBHOOK_ALLOW_PRIVATE: "true",
      LOG_LEVEL: "info",
      ...(options.heapEverySeconds === null
        ? {}
        : { SOAK_HEAP_STATS: heapStatsFile(dir), SOAK_HEAP_EVERY_S: String(options.heapEverySeconds) }),
      ...(apart
        ? {
            DISCORD_TOKEN: apart.token,
            DISCORD_API_URL: apart.discordApiUrl,
            MOJANG_API_URL: apart.mojangUrl,
            MOJANG_SESSION_URL: apart.mojangUrl,
          }
        : {}),
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
  });
  service = child;
  void child.exited.then((code) => {
    if (service !== child) return; // stopped by us
    aborted = `the service exited by itself (code ${code}, signal ${child.signalCode ?? "none"})`;
    console.error(`soak: ${aborted}`);
  });
  const found: { api?: string; key?: string; sandbox?: string } = {};
  const logs: ServiceLogs = { warn: 0, error: 0, samples: [] };
  let announced: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    announced = resolve;
  });
  // Read to the end, so the service never blocks on a full pipe; only warnings and errors are kept.
  void readLines(child.stdout, (line) => {
    if (line.startsWith("API: ")) found.api = line.slice("API: ".length).trim();
    else if (line.startsWith("API key: ")) found.key = line.slice("API key: ".length).trim();
    else if (line.startsWith("Sandbox: ")) found.sandbox = line.slice("Sandbox: ".length).trim();
    else if (line.startsWith("{")) {
      try {
        const { level, time: _time, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
        if (msg === "whitelist-sync started" && typeof fields.url === "string") {
          found.api = `${fields.url}/api/v1`;
        }
        if (level === "warn" || level === "error") {
          logs[level]++;
          if (logs.samples.length < 5) logs.samples.push(`${level}: ${msg} ${JSON.stringify(fields)}`);
        }
      } catch {
        // not a log line
      }
    }
    if (apart ? found.api : found.api && found.key && found.sandbox) announced();
  });
  const exited = child.exited.then((code) => {
    throw new Error(`the service exited with code ${code} before printing its API and sandbox addresses`);
  });
  await withTimeout(Promise.race([ready, exited]), START_TIMEOUT_MS, "the service did not start in time");
  const target = {
    apiUrl: found.api as string,
    key: apart ? null : (found.key as string),
    sandboxUrl: apart ? apart.sandboxUrl : (found.sandbox as string),
    logs,
  };
  for (const url of [target.apiUrl, target.sandboxUrl]) {
    if (new URL(url).hostname !== "127.0.0.1") throw new Error(`not a loopback address: ${url}`);
  }
  if (apart)
    await withTimeout(botReady(target.sandboxUrl), START_TIMEOUT_MS, "the bot did not connect in time");
  return target;
}

/** Resolves once the bot has registered its slash commands in the sandbox (it is connected then). */
async function botReady(sandboxUrl: string): Promise<void> {
  for (;;) {
    assertRunning();
    const commands = await getJson<{ name: string }[]>(`${sandboxUrl}/commands`).catch(() => []);
    const names = new Set(commands.map((command) => command.name));
    if (["whitelist", "register", "server-link"].every((name) => names.has(name))) return;
    await Bun.sleep(50);
  }
}

/** /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second whatever the kernel's HZ. */
const TICKS_PER_SECOND = 100;

/** The process's CPU time so far (user + system, every thread), in seconds. */
function cpuSeconds(pid: number): number {
  assertRunning();
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the parenthesised command name (it may hold spaces): utime is field 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The process's resident set size, in KiB (0 once it has exited). */
function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(match?.[1] ?? 0);
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

/** One RSS reading of the service, seconds from the start of the run. */
type RssSample = { seconds: number; phase: string; kb: number };

type Tally = { ms: number[]; outcomes: Map<string, number> };

/** Latencies and answers of one phase, by kind of request. */
class Stats {
  readonly tallies = new Map<string, Tally>();

  record(kind: string, ms: number, outcome: string): void {
    let tally = this.tallies.get(kind);
    if (!tally) {
      tally = { ms: [], outcomes: new Map() };
      this.tallies.set(kind, tally);
    }
    tally.ms.push(ms);
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
  }

  /** The latencies of every kind whose name starts with `prefix`. */
  latencies(prefix: string): number[] {
    return [...this.tallies].filter(([kind]) => kind.startsWith(prefix)).flatMap(([, tally]) => tally.ms);
  }

  count(prefix: string): number {
    return this.latencies(prefix).length;
  }
}

/** The largest value (NaN for none), without spreading a long array into arguments. */
const maximum = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((max, value) => Math.max(max, value), -Infinity);
const mib = (kb: number) => `${fixed(kb / 1024)} MiB`;

/** The least-squares slope of RSS over time, in KiB per second (NaN with fewer than 2 samples). */
function slope(samples: RssSample[]): number {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const meanT = samples.reduce((sum, { seconds }) => sum + seconds, 0) / n;
  const meanKb = samples.reduce((sum, { kb }) => sum + kb, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { seconds, kb } of samples) {
    covariance += (seconds - meanT) * (kb - meanKb);
    variance += (seconds - meanT) ** 2;
  }
  return covariance / variance;
}

// ---------------------------------------------------------------------------------------------------------
// Pacing.

/**
 * Starts `op` `rate` times per second (open loop: the schedule does not wait for answers) with at most
 * `maxInFlight` running, until `deadline` (performance.now()) or `count` starts; then waits for those
 * running. A stream that hits its cap falls behind its rate rather than catching up in a burst. `op` must
 * not reject. Returns how many were started.
 */
async function paced(
  rate: number,
  maxInFlight: number,
  limit: { deadline?: number; count?: number },
  op: () => Promise<void>,
): Promise<number> {
  const interval = 1000 / rate;
  const running = new Set<Promise<void>>();
  const over = () =>
    aborted !== null ||
    (limit.count !== undefined && started >= limit.count) ||
    (limit.deadline !== undefined && performance.now() >= limit.deadline);
  let started = 0;
  let next = performance.now();
  while (!over()) {
    while (running.size >= maxInFlight) await Promise.race(running);
    const wait = next - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    if (over()) break;
    const run: Promise<void> = op().finally(() => running.delete(run));
    running.add(run);
    started++;
    next = Math.max(next + interval, performance.now() - interval);
  }
  await Promise.all(running);
  return started;
}

// ---------------------------------------------------------------------------------------------------------
// The sandbox Discord, driven as its members.

type Guild = {
  ownerId: string;
  channels: { id: string; name: string }[];
  roles: { id: string; name: string }[];
};

async function getJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

/** What the set-up created. */
type Setup = {
  whitelistId: string;
  channelId: string;
  linkId: string;
  secret: string;
  /** A guild-wide key, when asked for (the demo prints one). */
  guildKey: string | null;
};

/** Counts the interactions run, for the estimate of what the sandbox keeps. */
let interactionsRun = 0;

/** Runs a slash command as the guild owner; returns the bot's reply, which must match `success`. */
async function ownerCommand(sandboxUrl: string, body: Record<string, unknown>, success: RegExp) {
  interactionsRun++;
  const answer = await getJson<{ content?: string }>(`${sandboxUrl}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const content = answer.content ?? "";
  if (!success.test(content)) {
    throw new Error(`/${body.command} ${body.subcommand ?? ""} answered: ${content.slice(0, 300)}`);
  }
  return content;
}

const line = (content: string, label: string): string => {
  const found = new RegExp(`^${label}: (\\S+)`, "m").exec(content)?.[1];
  if (!found) throw new Error(`no "${label}:" line in the reply: ${content.slice(0, 300)}`);
  return found;
};

/**
 * The soak whitelist, its granted role, and a link key limited to it with a webhook to `receiverUrl`; with
 * `asDemo`, also what the demo sets up itself: the log channel and a guild-wide key.
 */
async function setUp(sandboxUrl: string, receiverUrl: string, asDemo: boolean): Promise<Setup> {
  const guild = await getJson<Guild>(`${sandboxUrl}/guild`);
  const userId = guild.ownerId;
  const channelId = (guild.channels.find((channel) => channel.name === "register-java") ?? guild.channels[0])
    ?.id;
  if (!channelId) throw new Error("the sandbox guild has no channel");
  let guildKey: string | null = null;
  if (asDemo) {
    const log = guild.channels.find((channel) => channel.name === "whitelist-log");
    if (log) {
      await ownerCommand(
        sandboxUrl,
        { userId, channelId, command: "whitelist", subcommand: "log-channel", options: { channel: log.id } },
        /^✅/,
      );
    }
    const created = await ownerCommand(
      sandboxUrl,
      { userId, channelId, command: "server-link", subcommand: "create", options: { name: "soak-guild" } },
      /^Key: /m,
    );
    guildKey = line(created, "Key");
  }
  const created = await ownerCommand(
    sandboxUrl,
    {
      userId,
      channelId,
      command: "whitelist",
      subcommand: "create",
      options: {
        name: "soak",
        channel: channelId,
        "nick-type": "offline",
        mode: "command",
        "max-nicks": MAX_NICKS,
      },
    },
    /^✅ Created/,
  );
  const whitelistId = /\(id `([^`]+)`\)/.exec(created)?.[1];
  if (!whitelistId) throw new Error(`no whitelist id in the reply: ${created}`);
  const granted = guild.roles.find((role) => role.name === "Whitelisted");
  if (granted) {
    await ownerCommand(
      sandboxUrl,
      {
        userId,
        channelId,
        command: "whitelist",
        subcommand: "roles",
        options: { whitelist: whitelistId, "add-granted": granted.id },
      },
      /^✅/,
    );
  }
  const link = await ownerCommand(
    sandboxUrl,
    {
      userId,
      channelId,
      command: "server-link",
      subcommand: "create",
      options: { name: "soak-webhook", whitelist: whitelistId },
    },
    /^Link id: /m,
  );
  const linkId = line(link, "Link id");
  const hook = await ownerCommand(
    sandboxUrl,
    {
      userId,
      channelId,
      command: "server-link",
      subcommand: "webhook",
      options: { id: linkId, url: receiverUrl },
    },
    /^Signing secret: /m,
  );
  return { whitelistId, channelId, linkId, secret: line(hook, "Signing secret"), guildKey };
}

// ---------------------------------------------------------------------------------------------------------
// The webhook receiver.

/** What the receiver saw: deliveries by event id, and what was wrong with any. */
type Receiver = {
  url: string;
  deliveries: Map<string, number>;
  invalid: number;
  /** Deliveries whose `webhook-id` header is not the body's event id. */
  mislabelled: number;
  /** Arrival time − the event's timestamp, per delivery. */
  delaysMs: number[];
  problems: string[];
  /** Set once the secret is known (no event exists before). */
  verifier: Webhook | undefined;
};

function startReceiver(): Receiver {
  const receiver: Receiver = {
    url: "",
    deliveries: new Map(),
    invalid: 0,
    mislabelled: 0,
    delaysMs: [],
    problems: [],
    verifier: undefined,
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      let event: { id?: string; timestamp?: string };
      try {
        if (!receiver.verifier) throw new Error("a delivery before the webhook was set");
        event = receiver.verifier.verify(body, Object.fromEntries(request.headers)) as typeof event;
      } catch (error) {
        receiver.invalid++;
        if (receiver.problems.length < 5) receiver.problems.push(`refused a delivery: ${String(error)}`);
        return new Response(null, { status: 400 });
      }
      const id = String(event.id);
      if (request.headers.get("webhook-id") !== id) receiver.mislabelled++;
      receiver.deliveries.set(id, (receiver.deliveries.get(id) ?? 0) + 1);
      receiver.delaysMs.push(Date.now() - Date.parse(event.timestamp ?? ""));
      return new Response(null, { status: 204 });
    },
  });
  receiverServer = server;
  receiver.url = `http://127.0.0.1:${server.port}/hook`;
  return receiver;
}

// ---------------------------------------------------------------------------------------------------------
// The workload.

type NickState = "live" | "removed" | "refused" | "unknown";

/** Everything the operations share: where to send, and what the bench believes the whitelist holds. */
type Workload = {
  apiUrl: string;
  sandboxUrl: string;
  authorization: string;
  setup: Setup;
  entries: number;
  nicks: Map<string, NickState>;
  /** Live nicks, oldest first, not yet picked for removal. */
  removable: string[];
  members: Map<number, Promise<string | null>>;
  nextNick: number;
  nextRead: number;
  removals: number;
  etag: string | null;
  /** The first few unexpected answers, in words. */
  problems: string[];
};

const note = (work: Workload, text: string) => {
  if (work.problems.length < 10) work.problems.push(text);
};

/** The outcome label of a failed request: "timeout" or the error's name. */
const failure = (error: unknown) =>
  error instanceof Error ? (error.name === "TimeoutError" ? "timeout" : `error ${error.name}`) : "error";

const nickOf = (index: number) => `Soak_${index.toString(36).padStart(5, "0")}`;

/** The sandbox member who registers nick number `index`, joining the server on first use. */
function memberFor(work: Workload, index: number, stats: Stats): Promise<string | null> {
  const number = Math.floor(index / NICKS_PER_MEMBER);
  let member = work.members.get(number);
  if (!member) {
    const id = (1_300_000_000_000_000_000n + BigInt(number)).toString();
    member = (async () => {
      const started = performance.now();
      try {
        const response = await postJson(`${work.sandboxUrl}/members`, { id, username: `soak${number}` });
        const text = await response.text();
        stats.record("member", performance.now() - started, String(response.status));
        if (response.status === 201) return id;
        note(work, `POST /_sandbox/members: ${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        stats.record("member", performance.now() - started, failure(error));
      }
      return null;
    })();
    work.members.set(number, member);
  }
  return member;
}

/** Registers the next nick as its member through `/register`. */
async function register(work: Workload, stats: Stats): Promise<void> {
  const index = work.nextNick++;
  const nick = nickOf(index);
  const userId = await memberFor(work, index, stats);
  if (userId === null) return;
  work.nicks.set(nick, "unknown");
  interactionsRun++;
  const started = performance.now();
  try {
    const response = await postJson(`${work.sandboxUrl}/interactions`, {
      userId,
      channelId: work.setup.channelId,
      command: "register",
      options: { nick, whitelist: work.setup.whitelistId },
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      stats.record("register", ms, String(response.status));
      note(work, `/register ${nick}: ${response.status} ${text.slice(0, 200)}`);
      return;
    }
    const content = (JSON.parse(text) as { content?: string }).content ?? "";
    if (!content.startsWith("✅")) {
      stats.record("register", ms, "refused");
      work.nicks.set(nick, "refused");
      note(work, `/register ${nick} was refused: ${content.slice(0, 200)}`);
      return;
    }
    stats.record("register", ms, "200");
    work.nicks.set(nick, "live");
    work.removable.push(nick);
  } catch (error) {
    stats.record("register", performance.now() - started, failure(error));
  }
}

/** Removes the oldest live nick through the API, if the whitelist holds more than `entries`. */
async function remove(work: Workload, stats: Stats): Promise<void> {
  if (work.removable.length <= work.entries) return;
  const nick = work.removable.shift() as string;
  // Every other one in another letter case: the API matches nicks case-insensitively.
  const asked = work.removals++ % 2 ? nick.toLowerCase() : nick;
  const url = `${work.apiUrl}/whitelists/${work.setup.whitelistId}/entries/${encodeURIComponent(asked)}`;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: "DELETE",
      headers: { authorization: work.authorization },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status === 200 && (JSON.parse(text) as { nick?: string }).nick === nick) {
      stats.record("remove", ms, "200");
      work.nicks.set(nick, "removed");
      return;
    }
    stats.record("remove", ms, response.status === 200 ? "200 with another nick" : String(response.status));
    work.nicks.set(nick, "unknown");
    note(work, `DELETE ${asked}: ${response.status} ${text.slice(0, 200)}`);
  } catch (error) {
    stats.record("remove", performance.now() - started, failure(error));
    work.nicks.set(nick, "unknown");
  }
}

/** Reads the entries, taking the formats in turn. */
async function read(work: Workload, stats: Stats): Promise<void> {
  const kind: ReadKind = READ_KINDS[work.nextRead++ % READ_KINDS.length] ?? "json";
  const format = kind === "json" || kind === "if-none-match" ? "" : `?format=${kind}`;
  const headers: Record<string, string> = { authorization: work.authorization };
  if (kind === "if-none-match" && work.etag) headers["if-none-match"] = work.etag;
  const started = performance.now();
  try {
    const response = await fetch(`${work.apiUrl}/whitelists/${work.setup.whitelistId}/entries${format}`, {
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    stats.record(`read ${kind}`, performance.now() - started, String(response.status));
    if (response.status === 200 && format === "") work.etag = response.headers.get("etag") ?? work.etag;
    if (response.status >= 400) note(work, `GET entries (${kind}): ${response.status}`);
  } catch (error) {
    stats.record(`read ${kind}`, performance.now() - started, failure(error));
  }
}

/**
 * The role changes the service has queued now, as `/health` says (`roleQueue`); null when it does not answer. A
 * queue that grows through the load is a backlog behind Discord's role route, not a leak, though each waiting
 * `/register` holds its interaction meanwhile (docs/performance.md, Steady state).
 */
async function roleQueue(apiUrl: string): Promise<number | null> {
  try {
    const response = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const { roleQueue } = (await response.json()) as { roleQueue?: unknown };
    return typeof roleQueue === "number" ? roleQueue : null;
  } catch {
    return null;
  }
}

async function health(work: Workload, stats: Stats): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(`${work.apiUrl}/health`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    const ok = response.status === 200 && body.includes('"ok":true');
    stats.record(
      "health",
      performance.now() - started,
      ok ? "200" : `${response.status} ${body.slice(0, 40)}`,
    );
  } catch (error) {
    stats.record("health", performance.now() - started, failure(error));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Subscribers and the stored events.

async function startSubscribers(
  options: Options,
  socketUrl: string,
  authorization: string,
): Promise<{ seconds: number }> {
  const processes = Math.min(options.clients, options.subscribers);
  const counts = Array.from(
    { length: processes },
    (_, i) => Math.floor(options.subscribers / processes) + (i < options.subscribers % processes ? 1 : 0),
  );
  for (let i = 0; i < processes; i++) {
    subscriberChildren.push(
      new Child<SubscriberMessage>(`subscribers ${i + 1}/${processes}`, join(HERE, "subscribers.ts"), [], {
        env: baseEnv(),
      }),
    );
  }
  await Promise.all(subscriberChildren.map((child) => child.next("started", START_TIMEOUT_MS)));
  const started = performance.now();
  subscriberChildren.forEach((child, i) => {
    const connect: SubscriberOptions = { url: socketUrl, authorization, count: counts[i] ?? 0, batch: 64 };
    child.send(`connect ${JSON.stringify(connect)}`);
  });
  await Promise.all(subscriberChildren.map((child) => child.next("ready", CONNECT_TIMEOUT_MS)));
  return { seconds: (performance.now() - started) / 1000 };
}

const subscriberStatus = () =>
  Promise.all(
    subscriberChildren.map((child) => {
      child.send("status");
      return child.next("status", STATUS_TIMEOUT_MS);
    }),
  );

/** A change as the socket and the webhook carry it. */
type StoredEvent = { id: string; type: string; whitelistId: string; origin: string; entry: { nick: string } };

/**
 * Every event the service stored for the soak whitelist, read back on a fresh socket with `?after=0` (the
 * replay comes in one go, in id order): what the service emitted, by its own record. Waits until `expected`
 * have come and nothing more follows for a moment, or until nothing at all comes for a while.
 */
async function storedEvents(socketUrl: string, authorization: string, whitelistId: string, expected: number) {
  const events: StoredEvent[] = [];
  const others: string[] = [];
  let last = performance.now();
  const ws = new WebSocket(`${socketUrl}?after=0`, { headers: { authorization } });
  ws.onmessage = (message) => {
    last = performance.now();
    const parsed = JSON.parse(message.data as string) as Partial<StoredEvent> & { type?: string };
    if (parsed.id === undefined) {
      if (parsed.type !== "connected") others.push(String(message.data).slice(0, 120));
    } else if (parsed.whitelistId === whitelistId) events.push(parsed as StoredEvent);
  };
  let closed: string | null = null;
  ws.onclose = (event) => {
    closed = `${event.code} ${event.reason}`;
  };
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    await Bun.sleep(100);
    const quiet = performance.now() - last;
    if (
      (events.length >= expected && quiet > 500) ||
      quiet > 3_000 ||
      closed ||
      performance.now() > deadline
    ) {
      break;
    }
  }
  ws.close();
  return { events, others, closed: closed as string | null };
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parseOptions();
  scratchDir = mkdtempSync(join(tmpdir(), "wls-soak-"));
  const runStart = performance.now();

  const command = options.sandboxApart
    ? "serve, its bot on the sandbox Discord in a process of its own (bench/soak/sandbox.ts)"
    : "demo";
  const what = options.binary
    ? `${relative(process.cwd(), options.binary) || options.binary} (built ` +
      `${fixed((Date.now() - statSync(options.binary).mtimeMs) / 60_000, 0)} min ago) ${command}`
    : `bun src/main.ts ${command}`;
  console.log(
    `soak: ${what}, ${fixed(options.seconds, 0)} s of load; bun ${Bun.version}, ${availableParallelism()} ` +
      `cores, load average ${fixed(loadavg()[0] ?? 0, 2)} before starting`,
  );
  console.log(
    `  /register ${options.registerRate}/s (a new sandbox member every ${NICKS_PER_MEMBER} nicks), DELETE ` +
      `${options.deleteRate}/s while more than ${options.entries} entries, reads ${options.readRate}/s ` +
      `(${READ_KINDS.join(", ")}), /health ${options.healthRate}/s, ${grouped(options.subscribers)} ` +
      `WebSocket subscribers in ${Math.min(options.clients, options.subscribers)} processes, one webhook\n`,
  );

  const target = await startTarget(options, scratchDir);
  const pid = service?.pid ?? 0;
  const sandboxPid = sandboxChild?.pid;
  const socketUrl = `${target.apiUrl.replace(/^http/, "ws")}/ws`;

  let phase = "start-up";
  let work: Workload | undefined;
  const rss: RssSample[] = [];
  const idle = new Stats();
  const loaded = new Stats();
  const sample = () => {
    const kb = rssKb(pid);
    const seconds = (performance.now() - runStart) / 1000;
    rss.push({ seconds, phase, kb });
    const counts = work
      ? `  registered ${grouped(idle.count("register") + loaded.count("register"))}` +
        `  removed ${grouped(idle.count("remove") + loaded.count("remove"))}` +
        `  reads ${grouped(idle.count("read") + loaded.count("read"))}` +
        `  entries ${grouped(work.removable.length)}`
      : "";
    const apart = sandboxPid === undefined ? "" : ` (sandbox process ${mib(rssKb(sandboxPid))})`;
    console.log(
      `[${fixed(seconds).padStart(6)} s] ${phase.padEnd(9)} RSS ${mib(kb).padStart(10)}${apart}${counts}`,
    );
    return kb;
  };
  sample();
  const sampler = setInterval(sample, options.rssEverySeconds * 1000);

  try {
    phase = "set-up";
    const receiver = startReceiver();
    const setup = await setUp(target.sandboxUrl, receiver.url, target.key === null);
    receiver.verifier = new Webhook(setup.secret);
    const authorization = `Bearer ${target.key ?? setup.guildKey}`;
    work = {
      apiUrl: target.apiUrl,
      sandboxUrl: target.sandboxUrl,
      authorization,
      setup,
      entries: options.entries,
      nicks: new Map(),
      removable: [],
      members: new Map(),
      nextNick: 0,
      nextRead: 0,
      removals: 0,
      etag: null,
      problems: [],
    };
    const w = work;

    assertRunning();
    phase = "connect";
    const connected = await startSubscribers(options, socketUrl, authorization);
    console.log(
      `${grouped(options.subscribers)} subscribers connected in ${fixed(connected.seconds, 2)} s ` +
        `(${fixed(options.subscribers / connected.seconds, 0)} handshakes/s)`,
    );

    assertRunning();
    phase = "prefill";
    await paced(
      options.registerRate,
      MAX_IN_FLIGHT.register,
      { count: options.entries + PREFILL_REMOVALS },
      () => register(w, idle),
    );
    await paced(options.deleteRate, MAX_IN_FLIGHT.remove, { count: PREFILL_REMOVALS }, () => remove(w, idle));

    assertRunning();
    phase = "idle";
    const idleDeadline = performance.now() + options.idleSeconds * 1000;
    await Promise.all([
      paced(options.healthRate, MAX_IN_FLIGHT.health, { deadline: idleDeadline }, () => health(w, idle)),
      paced(options.readRate, MAX_IN_FLIGHT.read, { deadline: idleDeadline }, () => read(w, idle)),
    ]);

    assertRunning();
    phase = "load";
    const loadStartKb = sample();
    const loadStart = performance.now();
    const loadStartedAt = Date.now();
    const cpuAtStart = { service: cpuSeconds(pid), bench: process.cpuUsage() };
    const deadline = loadStart + options.seconds * 1000;
    await Promise.all([
      paced(options.registerRate, MAX_IN_FLIGHT.register, { deadline }, () => register(w, loaded)),
      paced(options.deleteRate, MAX_IN_FLIGHT.remove, { deadline }, () => remove(w, loaded)),
      paced(options.readRate, MAX_IN_FLIGHT.read, { deadline }, () => read(w, loaded)),
      paced(options.healthRate, MAX_IN_FLIGHT.health, { deadline }, () => health(w, loaded)),
    ]);
    assertRunning();
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const serviceCpu = (cpuSeconds(pid) - cpuAtStart.service) / loadSeconds;
    const benchUsage = process.cpuUsage(cpuAtStart.bench);
    const benchCpu = (benchUsage.user + benchUsage.system) / 1e6 / loadSeconds;
    const loadEndKb = sample();
    const rolesQueuedAtEnd = await roleQueue(w.apiUrl);
    const loadEnd = performance.now();
    const loadEndedAt = Date.now();
    phase = "drain";
    const loadSamples = rss.filter((entry) => entry.phase === "load");

    // Every change the bench knows of must reach every subscriber and the receiver; bounded.
    const states = [...w.nicks.values()];
    const live = states.filter((state) => state === "live").length;
    const removed = states.filter((state) => state === "removed").length;
    const expectedEvents = live + removed + removed;
    const drainStart = performance.now();
    // Meanwhile: every change is posted to the log channel (batched, from the event log), and how soon.
    const logCaughtUp = (async () => {
      let logged = await sandboxLoggedChanges(target.sandboxUrl);
      while (logged < expectedEvents && performance.now() - loadEnd < LOG_CATCH_UP_LIMIT_MS) {
        await Bun.sleep(250);
        logged = await sandboxLoggedChanges(target.sandboxUrl);
      }
      return { logged, seconds: (performance.now() - loadEnd) / 1000 };
    })();
    let statuses = await subscriberStatus();
    while (performance.now() - drainStart < DRAIN_TIMEOUT_MS) {
      const delivered = statuses.every((status) => status.events >= expectedEvents && status.behind === 0);
      if (delivered && receiver.deliveries.size >= expectedEvents) break;
      await Bun.sleep(200);
      statuses = await subscriberStatus();
    }
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const { logged: loggedChanges, seconds: logCaughtUpSeconds } = await logCaughtUp;
    assertRunning();
    const drainedKb = sample();
    // Idle again: does the memory the load took come back (a collection, the allocator returning pages)?
    phase = "cool-down";
    await Bun.sleep(options.coolDownSeconds * 1000);
    assertRunning();
    const cooledKb = sample();
    clearInterval(sampler);

    const stored = await storedEvents(socketUrl, authorization, setup.whitelistId, expectedEvents);
    const reports = await Promise.all(
      subscriberChildren.map((child) => {
        child.send("report");
        return child.next("report", STATUS_TIMEOUT_MS);
      }),
    );
    const finalEntries = await getJson<{ nick: string }[]>(
      `${target.apiUrl}/whitelists/${setup.whitelistId}/entries`,
      { headers: { authorization } },
    );
    const logChannel = await sandboxLogSize(target.sandboxUrl);

    // -----------------------------------------------------------------------------------------------------
    // Report.

    const rows = [
      ["", "idle", "", "", "load", "", "", "", "p99"],
      ["request", "n", "p50 ms", "p99 ms", "n", "p50 ms", "p99 ms", "max ms", "ratio"],
    ];
    const row = (label: string, idleMs: number[], loadMs: number[]) => {
      const idleP99 = quantile(idleMs, 0.99);
      const loadP99 = quantile(loadMs, 0.99);
      rows.push([
        label,
        grouped(idleMs.length),
        fixed(quantile(idleMs, 0.5), 2),
        fixed(idleP99, 2),
        grouped(loadMs.length),
        fixed(quantile(loadMs, 0.5), 2),
        fixed(loadP99, 2),
        fixed(maximum(loadMs), 1),
        `${fixed(loadP99 / idleP99, 2)}×`,
      ]);
      return loadP99 / idleP99;
    };
    const healthRatio = row("/health", idle.latencies("health"), loaded.latencies("health"));
    const readRatio = row("GET …/entries, all", idle.latencies("read "), loaded.latencies("read "));
    for (const kind of READ_KINDS) {
      row(`  ${kind}`, idle.latencies(`read ${kind}`), loaded.latencies(`read ${kind}`));
    }
    const removeRatio = row("DELETE …/entries/{nick}", idle.latencies("remove"), loaded.latencies("remove"));
    const registerRatio = row(
      "/register (sandbox)",
      idle.latencies("register"),
      loaded.latencies("register"),
    );
    row("new member (sandbox)", idle.latencies("member"), loaded.latencies("member"));
    console.log(
      "\nLatency idle (prefill: registrations alone, then removals alone; then /health and reads together) " +
        `and under the full load (${fixed(loadSeconds, 0)} s), at the same rates:`,
    );
    console.log(table(rows));
    console.log(
      `p99 under load / idle: /health ${fixed(healthRatio, 2)}×, reads ${fixed(readRatio, 2)}×, ` +
        `DELETE ${fixed(removeRatio, 2)}×, /register ${fixed(registerRatio, 2)}×`,
    );

    const rate = (prefix: string) => fixed(loaded.count(prefix) / loadSeconds, 1);
    console.log(
      `\nOperations during the load: ${grouped(loaded.count("register"))} registrations ` +
        `(${rate("register")}/s), ${grouped(loaded.count("remove"))} removals (${rate("remove")}/s), ` +
        `${grouped(loaded.count("read "))} reads (${rate("read ")}/s), ${grouped(loaded.count("health"))} ` +
        `/health (${rate("health")}/s), ${grouped(loaded.count("member"))} new members; in the whole run: ` +
        `${grouped(live + removed)} nicks registered, ${grouped(removed)} removed, ${grouped(expectedEvents)} ` +
        "events",
    );
    const notModified = loaded.tallies.get("read if-none-match")?.outcomes.get("304") ?? 0;
    console.log(
      `If-None-Match under load: ${grouped(notModified)} × 304 of ${grouped(loaded.count("read if-none-match"))}`,
    );
    console.log(
      `Webhook: ${grouped([...receiver.deliveries.values()].reduce((a, b) => a + b, 0))} deliveries, ` +
        `event timestamp → receiver p50 ${fixed(quantile(receiver.delaysMs, 0.5), 0)} ms, ` +
        `p99 ${fixed(quantile(receiver.delaysMs, 0.99), 0)} ms, max ${fixed(maximum(receiver.delaysMs), 0)} ms`,
    );
    console.log(`Drain: every delivery done ${fixed(drainSeconds, 2)} s after the load stopped`);
    console.log(
      `Log channel: ${grouped(loggedChanges)} of ${grouped(expectedEvents)} changes posted ` +
        `${fixed(logCaughtUpSeconds, 2)} s after the load stopped, in ${grouped(logChannel.messages)} messages`,
    );
    console.log(
      `CPU during the load: the service ${fixed(serviceCpu * 100, 0)}% of one core, this process ` +
        `${fixed(benchCpu * 100, 0)}% (of ${availableParallelism()} cores; load average now ` +
        `${fixed(loadavg()[0] ?? 0, 2)})`,
    );

    const peakKb = maximum(loadSamples.map((entry) => entry.kb));
    const minutes = loadSeconds / 60;
    const signed = (kb: number) => `${kb >= 0 ? "+" : ""}${mib(kb)}`;
    const secondHalf = loadSamples.filter(
      (entry) => entry.seconds >= (loadSamples[0]?.seconds ?? 0) + loadSeconds / 2,
    );
    // The last ten minutes of the load (its last two thirds when shorter), judged by their regression slope.
    const flatWindowS = Math.min(FLAT_WINDOW_S, (loadSeconds * 2) / 3);
    const lastMinutes = loadSamples.filter(
      (entry) => entry.seconds >= (loadSamples.at(-1)?.seconds ?? 0) - flatWindowS,
    );
    const flatSlope = (slope(lastMinutes) * 60) / 1024;
    console.log(
      `\nRSS of the service: after start-up ${mib(rss[0]?.kb ?? 0)}, at the start of the load ` +
        `${mib(loadStartKb)}, peak during the load ${mib(peakKb)}, at its end ${mib(loadEndKb)}, ` +
        `after the drain ${mib(drainedKb)}, after ${fixed(options.coolDownSeconds, 0)} s idle ${mib(cooledKb)}`,
    );
    console.log(
      `  over the load ${signed(loadEndKb - loadStartKb)} (${fixed((loadEndKb - loadStartKb) / 1024 / minutes, 2)} ` +
        `MiB/min); trend over its second half ${fixed((slope(secondHalf) * 60) / 1024, 2)} MiB/min ` +
        `(least squares over ${secondHalf.length} samples: a leak shows as a trend that does not fall to 0 in ` +
        "longer runs)",
    );
    const holder =
      sandboxPid === undefined
        ? "the same process holds the sandbox Discord"
        : `the sandbox Discord, in its own process (RSS now ${mib(rssKb(sandboxPid))}), holds`;
    console.log(
      `  ${holder}: ${grouped(logChannel.messages)} log-channel messages ` +
        `(${mib(logChannel.bytes / 1024)} as JSON) and ~${grouped(interactionsRun)} interaction replies`,
    );
    console.log(
      `  role changes queued in the service at the load's end: ${rolesQueuedAtEnd ?? "unknown"} ` +
        "(a backlog behind Discord's role route; each waiting /register holds its answer's token and words)",
    );
    const heap = heapGrowth(scratchDir as string, loadStartedAt, loadEndedAt);
    if (heap) console.log(heap);
    if (target.logs.warn + target.logs.error > 0) {
      console.log(
        `Service log: ${target.logs.warn} warnings, ${target.logs.error} errors; first:\n  ` +
          target.logs.samples.join("\n  "),
      );
    }

    // -----------------------------------------------------------------------------------------------------
    // Checks.

    const failures: string[] = [];
    const passes: string[] = [];
    const check = (ok: boolean, passed: string, failed: string) =>
      (ok ? passes : failures).push(ok ? passed : failed);

    const answers = [...idle.tallies, ...loaded.tallies].flatMap(([kind, tally]) =>
      [...tally.outcomes].map(([outcome, count]) => ({ kind, outcome, count })),
    );
    const serverErrors = answers.filter(({ outcome }) => /^5\d\d/.test(outcome));
    const unexpected = answers.filter(
      ({ kind, outcome }) => !/^5\d\d/.test(outcome) && !(EXPECTED[kind] ?? []).includes(outcome),
    );
    const describe = (list: typeof answers) =>
      list.map(({ kind, outcome, count }) => `${kind} → ${outcome} × ${count}`).join(", ");
    const total = answers.reduce((sum, { count }) => sum + count, 0);
    check(
      serverErrors.length === 0,
      `no 5xx in ${grouped(total)} answers`,
      `5xx answers: ${describe(serverErrors)}`,
    );
    check(
      unexpected.length === 0,
      "no other unexpected answer or failed request",
      `unexpected answers: ${describe(unexpected)}${w.problems.length ? `; first: ${w.problems.join(" | ")}` : ""}`,
    );

    check(
      loggedChanges === expectedEvents && logCaughtUpSeconds <= LOG_CAUGHT_UP_S,
      `the log channel showed all ${grouped(expectedEvents)} changes ${fixed(logCaughtUpSeconds, 1)} s after the ` +
        "load stopped: none left queued",
      `the log channel showed ${grouped(loggedChanges)} of ${grouped(expectedEvents)} changes ` +
        `${fixed(logCaughtUpSeconds, 1)} s after the load stopped (at most ${LOG_CAUGHT_UP_S} s allowed)`,
    );
    check(
      flatSlope <= FLAT_SLOPE_MIB_PER_MIN,
      `the service's RSS grew ${fixed(flatSlope, 2)} MiB/min over the last ${fixed(flatWindowS / 60, 1)} min of ` +
        `the load (least squares over ${lastMinutes.length} samples; at most ${FLAT_SLOPE_MIB_PER_MIN} allowed)`,
      `the service's RSS grew ${fixed(flatSlope, 2)} MiB/min over the last ${fixed(flatWindowS / 60, 1)} min of ` +
        `the load (least squares over ${lastMinutes.length} samples; at most ${FLAT_SLOPE_MIB_PER_MIN} allowed)` +
        (sandboxPid === undefined ? "; it holds the sandbox too: run with --sandbox-apart" : ""),
    );

    // The stored events against what the bench did.
    const registeredNicks = new Set(
      [...w.nicks].filter(([, s]) => s === "live" || s === "removed").map(([n]) => n),
    );
    const removedNicks = new Set([...w.nicks].filter(([, s]) => s === "removed").map(([n]) => n));
    const added = stored.events.filter((event) => event.type === "entry.added");
    const removedEvents = stored.events.filter((event) => event.type === "entry.removed");
    const storedIds = stored.events.map((event) => Number(event.id));
    const outOfOrder = storedIds.filter((id, i) => i > 0 && id <= (storedIds[i - 1] ?? 0)).length;
    const sameSet = (events: StoredEvent[], nicks: Set<string>) =>
      events.length === nicks.size && events.every((event) => nicks.has(event.entry.nick));
    const wrongOrigin = stored.events.filter(
      (event) => event.origin !== (event.type === "entry.added" ? "discord" : "api"),
    ).length;
    check(
      sameSet(added, registeredNicks) &&
        sameSet(removedEvents, removedNicks) &&
        outOfOrder === 0 &&
        wrongOrigin === 0 &&
        stored.others.length === 0 &&
        stored.closed === null,
      `the service stored ${grouped(stored.events.length)} events: one entry.added per registration, one ` +
        "entry.removed per removal, in id order",
      `stored events: ${added.length} entry.added for ${registeredNicks.size} registrations, ` +
        `${removedEvents.length} entry.removed for ${removedNicks.size} removals, ${outOfOrder} out of order, ` +
        `${wrongOrigin} with another origin${stored.others.length ? `, other messages: ${stored.others[0]}` : ""}` +
        `${stored.closed ? `, replay socket closed ${stored.closed}` : ""}`,
    );

    // Every subscriber against the stored events.
    const subscriberFailures = reports.flatMap((report: SubscriberReport, i) => {
      const wrong: string[] = [];
      const same = report.ids.length === storedIds.length && report.ids.every((id, j) => id === storedIds[j]);
      if (!same) {
        const firstDiff = report.ids.findIndex((id, j) => id !== storedIds[j]);
        wrong.push(
          `received ${report.ids.length} distinct events, the service stored ${storedIds.length}` +
            (firstDiff >= 0
              ? ` (first difference at #${firstDiff}: ${report.ids[firstDiff]} vs ${storedIds[firstDiff]})`
              : ""),
        );
      }
      if (report.behind > 0) wrong.push(`${report.behind} sockets short of the last event`);
      if (report.mismatches > 0) wrong.push(`${report.mismatches} missed, repeated or reordered events`);
      if (report.closed > 0) wrong.push(`${report.closed} sockets closed`);
      if (report.orderViolations > 0) wrong.push(`${report.orderViolations} events out of id order`);
      if (report.unexpected > 0) wrong.push(`${report.unexpected} unexpected messages`);
      return wrong.length
        ? [
            `process ${i + 1}: ${wrong.join(", ")}${report.problems.length ? `; first: ${report.problems.slice(0, 3).join(" | ")}` : ""}`,
          ]
        : [];
    });
    const sockets = reports.reduce((sum, report) => sum + report.sockets, 0);
    check(
      subscriberFailures.length === 0 && sockets === options.subscribers,
      `all ${grouped(sockets)} subscribers received every one of the ${grouped(storedIds.length)} events ` +
        "exactly once, in id order",
      `subscribers: ${subscriberFailures.join("; ") || `${sockets} sockets reported, ${options.subscribers} opened`}`,
    );

    // The webhook receiver against the stored events.
    const storedSet = new Set(stored.events.map((event) => event.id));
    const missing = stored.events.filter((event) => !receiver.deliveries.has(event.id)).length;
    const repeated = [...receiver.deliveries.values()].filter((count) => count > 1).length;
    const extra = [...receiver.deliveries.keys()].filter((id) => !storedSet.has(id)).length;
    check(
      missing + repeated + extra + receiver.invalid + receiver.mislabelled === 0,
      `the webhook receiver got each of the ${grouped(storedSet.size)} events once, with a valid signature`,
      `webhook: ${missing} events never delivered, ${repeated} delivered more than once, ${extra} unknown, ` +
        `${receiver.invalid} refused (bad signature), ${receiver.mislabelled} with a webhook-id other than the ` +
        `event id${receiver.problems.length ? `; first: ${receiver.problems.join(" | ")}` : ""}`,
    );

    // The final entries against registrations minus removals.
    const expectedLive = new Set([...w.nicks].filter(([, s]) => s === "live").map(([n]) => n));
    const actual = new Set(finalEntries.map((entry) => entry.nick));
    const missingNicks = [...expectedLive].filter((nick) => !actual.has(nick));
    const extraNicks = [...actual].filter((nick) => !expectedLive.has(nick));
    check(
      missingNicks.length === 0 && extraNicks.length === 0,
      `the final ${grouped(actual.size)} entries are the registrations minus the removals`,
      `final entries: ${missingNicks.length} missing (${missingNicks.slice(0, 5).join(", ")}), ` +
        `${extraNicks.length} unexpected (${extraNicks
          .slice(0, 5)
          .map((n) => `${n}: ${w.nicks.get(n) ?? "not ours"}`)
          .join(", ")})`,
    );

    await cleanUp();
    const stop = serviceStop as typeof serviceStop;
    check(
      stop !== null && stop.code === 0 && !stop.killed,
      `the service stopped on SIGTERM in ${fixed(stop?.ms ?? 0, 0)} ms with exit code 0`,
      `the service ${stop?.killed ? `had to be killed after ${STOP_TIMEOUT_MS} ms` : `exited with code ${stop?.code} (signal ${stop?.signal})`}`,
    );

    console.log("");
    for (const passed of passes) console.log(`check passed: ${passed}`);
    for (const failed of failures) console.log(`CHECK FAILED: ${failed}`);
    console.log(failures.length ? `\n${failures.length} check(s) failed` : "\nall checks passed");
    return failures.length ? 1 : 0;
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The changes of the soak's whitelist shown in the guild's log channel: embeds of nicks added to and removed from
 * `soak`, batched or not (the demo's own seeded registrations are posted too, on their whitelists).
 */
async function sandboxLoggedChanges(sandboxUrl: string): Promise<number> {
  const guild = await getJson<Guild>(`${sandboxUrl}/guild`);
  const log = guild.channels.find((channel) => channel.name === "whitelist-log");
  if (!log) return 0;
  const messages = await getJson<{ embeds: { title?: string; description?: string }[] }[]>(
    `${sandboxUrl}/channels/${log.id}/messages`,
  );
  return messages
    .flatMap((message) => message.embeds)
    .filter(
      (embed) =>
        (embed.title === "Nick added" || embed.title === "Nick removed") &&
        !!embed.description?.endsWith(" **soak**"),
    ).length;
}

/** How many messages the sandbox keeps in the log channel, and their size as the control API shows them. */
async function sandboxLogSize(sandboxUrl: string): Promise<{ messages: number; bytes: number }> {
  const guild = await getJson<Guild>(`${sandboxUrl}/guild`);
  let messages = 0;
  let bytes = 0;
  for (const channel of guild.channels) {
    const response = await fetch(`${sandboxUrl}/channels/${channel.id}/messages`);
    const text = await response.text();
    if (!response.ok) continue;
    messages += (JSON.parse(text) as unknown[]).length;
    bytes += text.length;
  }
  return { messages, bytes };
}

// Interrupted: stop the service gracefully (bounded), remove the temp directory, and exit.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    console.error(`soak: ${signal}, stopping`);
    void cleanUp().finally(() => process.exit(code));
  });
}
// Whatever else happens, nothing outlives us (a synchronous last resort).
process.on("exit", () => {
  killChildren();
  service?.kill("SIGKILL");
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
});

let exitCode = 1;
try {
  const options = parseOptions();
  const bound = options.seconds * 1000 + RUN_ALLOWANCE_MS;
  setTimeout(() => {
    console.error(`soak: the run took longer than ${fixed(bound / 60_000, 0)} min; stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, bound).unref();
  exitCode = await main();
} catch (error) {
  console.error(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
