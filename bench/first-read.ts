/**
 * Benchmark: what the rest of the service waits while a large whitelist's formats are built for the first time
 * (after a start or an eviction; issue 26 §3: `/health` p99 under 20 ms during a first read of all four formats
 * of a 100,000-entry whitelist).
 *
 * What runs: the real service (bench/scale/serve.ts, as `whitelist-sync serve` starts it) on a SQLite file seeded
 * once with one whitelist of `--entries` entries, on 127.0.0.1, port 0. For each round the service is started
 * afresh (nothing built), then `/health` is probed every `--every` ms on a fixed schedule, whether or not the
 * last probe was answered (so a stall is counted for every probe that waits behind it, not once):
 * - "idle": `--idle` seconds with nothing else going on;
 * - "first read": the four formats of the whitelist asked for at once, each the first read since the start, by
 *   a process of its own (bench/first-read/reads.ts: receiving 18 MB here would hold up the probes and count as
 *   the service's wait); the probes sent from the moment they are asked until the last one has its body.
 *
 * How to read it: the "first read" row against the "idle" row of the same round (the ratio of the p99s), and
 * against the target (p99 under 20 ms); "4 formats" is how long the four first reads took, wall clock. On a
 * shared 2-core machine the bench, the probes and the service share the cores: the load average printed first
 * says how busy it was.
 *
 * Beside the game server (issue 38): `--neighbours cpu` (or `disk`, `cpu,disk`: bench/neighbours.ts) starts
 * `stress-ng --cpu 2` before the first round and stops it after the last, so both rows of every round, "idle"
 * included, are measured beside it. As bench/launch-day.ts does for its sandbox Discord, this process (the
 * probes: a monitor that does not run on the host) raises its own priority when it may, and starts the service,
 * the reads and the neighbours at the host's ordinary priority, where they compete as on a game server's host.
 *
 * Usage: bun bench/first-read.ts [--entries 100000] [--rounds 3] [--every 5] [--idle 2] [--neighbours cpu]
 *                               [--seed-file /tmp/wls-first-read.db] [--checkout ../main] [--trace] [--gc]
 * `--seed-file` seeds that file once and runs on copies; `--checkout` serves with another checkout's code.
 * `--trace` prints, for each round, the service's slices (wall and CPU time, longest step, the turn of the event
 * loop after each: src/formats/slice-trace.ts) and what the slowest probes overlapped. `--gc` counts the service's
 * collections during each round's first reads and their longest pauses, from JavaScriptCore's log
 * (bench/first-read/gc-log.ts; any checkout).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import type { SliceTrace } from "../src/formats/slice-trace.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { type Collection, collectionsBetween, GC_LOG_ENV, readCollections } from "./first-read/gc-log.ts";
import { printSlices } from "./first-read/trace.ts";
import { seedLargeWhitelist } from "./large-whitelist.ts";
import { baseEnv, fixed, quantile, table } from "./lib.ts";
import { type Neighbours, parseNeighbours, raisePriority, startNeighbours } from "./neighbours.ts";

const { values } = parseArgs({
  options: {
    entries: { type: "string", default: "100000" },
    rounds: { type: "string", default: "3" },
    every: { type: "string", default: "5" },
    idle: { type: "string", default: "2" },
    neighbours: { type: "string" },
    "seed-file": { type: "string" },
    checkout: { type: "string" },
    trace: { type: "boolean", default: false },
    gc: { type: "boolean", default: false },
  },
});
// An older checkout's serve.ts does not answer `slices`.
if (values.trace && values.checkout) throw new Error("--trace: with this checkout only");
/** The service's entry: this checkout's, or with `--checkout` another's (the code before a change). */
const SERVE = join(
  values.checkout ? resolve(values.checkout, "bench") : import.meta.dir,
  "scale",
  "serve.ts",
);
const ENTRIES = Number(values.entries);
const ROUNDS = Number(values.rounds);
const EVERY_MS = Number(values.every);
const IDLE_S = Number(values.idle);
const NEIGHBOURS = parseNeighbours(values.neighbours);
/** How long the neighbours run before the first round. */
const NEIGHBOURS_RAMP_MS = 3_000;
const TARGET_P99_MS = 20;
const FORMATS = ["json", "plain", "easywhitelist", "vanilla"] as const;
const GUILD = "1161034120542384128";
const USER = "300000000000000001";

/** One whitelist of ENTRIES entries (a third premium) and a guild-wide key, through the services. */
async function seed(path: string) {
  const services = openServices({ path, clock: systemClock, logger: silentLogger });
  const whitelist = await seedLargeWhitelist(services, {
    guildId: GUILD,
    userId: USER,
    name: "large",
    entries: ENTRIES,
  });
  const { plaintext } = await services.keys.create({
    guildId: GUILD,
    name: "bench",
    whitelistId: null,
    createdBy: USER,
  });
  closeDatabase(services.db);
  return { whitelistId: whitelist.id, key: plaintext };
}

/**
 * `seed`, or with `--seed-file` a copy of the file seeded the first time (its whitelist id and key kept beside
 * it), so that runs alternated between checkouts skip the seeding.
 */
async function seededOnce(path: string): Promise<{ whitelistId: string; key: string }> {
  const file = values["seed-file"];
  if (!file) return seed(path);
  const saved = `${file}.json`;
  if (!existsSync(saved)) await Bun.write(saved, JSON.stringify({ ...(await seed(file)), entries: ENTRIES }));
  const seeded = JSON.parse(readFileSync(saved, "utf8")) as {
    whitelistId: string;
    key: string;
    entries: number;
  };
  if (seeded.entries !== ENTRIES) throw new Error(`${file} holds ${seeded.entries} entries`);
  copyFileSync(file, path);
  return seeded;
}

/** The service on `path`, started afresh; resolves once it listens. */
async function startServer(path: string) {
  const child = Bun.spawn([...hostPrefix, process.execPath, SERVE], {
    env: {
      ...baseEnv(),
      DATABASE_PATH: path,
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      WLS_SLICE_TRACE: values.trace ? "1" : "0",
      ...(values.gc ? GC_LOG_ENV : {}),
    },
    stdin: "pipe",
    stdout: "pipe",
    stderr: values.gc ? "pipe" : "inherit",
  });
  const collections: Collection[] = values.gc
    ? readCollections(child.stderr as ReadableStream<Uint8Array>)
    : [];
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the service exited before it listened");
    text += new TextDecoder().decode(value);
  }
  const { url } = JSON.parse(text.slice(0, text.indexOf("\n"))) as { url: string };
  text = text.slice(text.indexOf("\n") + 1);
  return {
    url,
    collections,
    /** The slices noted since the start (WLS_SLICE_TRACE=1: src/formats/slice-trace.ts). */
    async slices(): Promise<SliceTrace[]> {
      child.stdin.write("slices\n");
      child.stdin.flush();
      while (!text.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the service exited before it answered");
        text += new TextDecoder().decode(value);
      }
      const line = text.slice(0, text.indexOf("\n"));
      text = text.slice(text.indexOf("\n") + 1);
      return (JSON.parse(line) as { slices: SliceTrace[] }).slices;
    },
    async stop() {
      child.stdin.end();
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

/**
 * Probes `/health` every EVERY_MS until `stop` is called; resolves with each probe's latency, open loop (a probe
 * is sent on time even while earlier ones wait).
 */
function probe(url: string) {
  const latencies: number[] = [];
  /** When each probe was sent (ms since the epoch), beside its latency: `--trace` lines them up with slices. */
  const sentAt: number[] = [];
  const pending: Promise<void>[] = [];
  let stopped = false;
  const done = (async () => {
    const start = performance.now();
    for (let n = 0; !stopped; n++) {
      const sent = performance.now();
      pending.push(
        fetch(`${url}/health`).then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
          latencies.push(performance.now() - sent);
          sentAt.push(performance.timeOrigin + sent);
        }),
      );
      const next = start + (n + 1) * EVERY_MS;
      await Bun.sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(pending);
    return latencies;
  })();
  return {
    stop(): Promise<number[]> {
      stopped = true;
      return done;
    },
    sentAt,
  };
}

/** The four first reads, in a process of their own (bench/first-read/reads.ts), started and waiting for `go`. */
async function startReads(url: string, whitelistId: string, key: string) {
  const child = Bun.spawn(
    [...hostPrefix, process.execPath, join(import.meta.dir, "first-read", "reads.ts"), url, whitelistId, key],
    {
      env: baseEnv(),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const newline = buffered.indexOf("\n");
      if (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        return line;
      }
      const { value, done } = await lines.read();
      if (done) throw new Error("the reads' process exited");
      buffered += value;
    }
  };
  if ((await nextLine()) !== "ready") throw new Error("the reads' process did not start");
  return {
    /** Asks for the four formats now; resolves with how long they took, all and each. */
    async go(): Promise<{ readsMs: number; formatMs: Record<string, number> }> {
      child.stdin.write("go\n");
      child.stdin.flush();
      const result = JSON.parse(await nextLine());
      child.stdin.end();
      await child.exited;
      return result;
    },
  };
}

type Round = {
  idle: number[];
  during: number[];
  readsMs: number;
  formatMs: Record<string, number>;
  trace?: { sentAt: number[]; slices: SliceTrace[] };
  gc: ReturnType<typeof collectionsBetween>;
};

async function round(path: string, whitelistId: string, key: string): Promise<Round> {
  const server = await startServer(path);
  try {
    // A few probes first: the first requests of a process compile its paths.
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}/health`)).arrayBuffer();
    const idleProbe = probe(server.url);
    await Bun.sleep(IDLE_S * 1000);
    const idle = await idleProbe.stop();

    const reader = await startReads(server.url, whitelistId, key);
    const duringProbe = probe(server.url);
    const readsFrom = performance.now();
    const { readsMs, formatMs } = await reader.go();
    const during = await duringProbe.stop();
    // The log's last lines of the reads reach this process a moment after them.
    if (values.gc) await Bun.sleep(50);
    const gc = collectionsBetween(server.collections, readsFrom, performance.now());
    const trace = values.trace ? { sentAt: duringProbe.sentAt, slices: await server.slices() } : undefined;
    return { idle, during, readsMs, formatMs, trace, gc };
  } finally {
    await server.stop();
  }
}

const loadavg = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
/** Before the service, the reads and the neighbours (nice) when this process raised its priority; [] otherwise. */
let hostPrefix: string[] = [];
let neighbours: Neighbours | undefined;
const dir = mkdtempSync(join(tmpdir(), "wls-first-read-"));
try {
  const path = join(dir, "first-read.db");
  const seedStarted = performance.now();
  const { whitelistId, key } = await seededOnce(path);
  console.log(
    `${ENTRIES.toLocaleString("en-US")} entries (seeded in ${fixed((performance.now() - seedStarted) / 1000)} s), /health every ${EVERY_MS} ms, ${ROUNDS} rounds; load ${await loadavg()}`,
  );
  if (NEIGHBOURS.length > 0) {
    const raised = raisePriority();
    if (raised) hostPrefix = raised;
    else console.log("note: could not raise this process's priority; the probes compete with the neighbours");
    // Bounded: a bench that dies leaves nothing running long (rounds take some seconds each).
    neighbours = startNeighbours(NEIGHBOURS, dir, NEIGHBOURS_RAMP_MS + ROUNDS * 120_000, hostPrefix);
    await Bun.sleep(NEIGHBOURS_RAMP_MS);
    console.log(`neighbours running (${NEIGHBOURS.join(", ")}): load ${await loadavg()}`);
  }
  const rows: string[][] = [
    ["round", "probes", "p50 ms", "p99 ms", "max ms", "p99 ÷ idle", "4 formats ms", ...FORMATS],
  ];
  const gcRows: string[][] = [
    ["round", "collections", "full", "with a pause ≥ 4 ms", "paused ms", "longest pause ms", "in workers"],
  ];
  const p99s: number[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const result = await round(path, whitelistId, key);
    const idleP99 = quantile(result.idle, 0.99);
    const duringP99 = quantile(result.during, 0.99);
    p99s.push(duringP99);
    rows.push([
      `${r} idle`,
      String(result.idle.length),
      fixed(quantile(result.idle, 0.5)),
      fixed(idleP99),
      fixed(Math.max(...result.idle)),
      "",
      "",
      ...FORMATS.map(() => ""),
    ]);
    rows.push([
      `${r} first read`,
      String(result.during.length),
      fixed(quantile(result.during, 0.5)),
      fixed(duringP99),
      fixed(Math.max(...result.during)),
      `${fixed(duringP99 / idleP99)}×`,
      fixed(result.readsMs, 0),
      ...FORMATS.map((format) => fixed(result.formatMs[format] ?? Number.NaN, 0)),
    ]);
    const { gc } = result;
    gcRows.push([
      String(r),
      String(gc.count),
      String(gc.full),
      String(gc.over4),
      fixed(gc.totalMs),
      fixed(gc.maxMs),
      String(gc.elsewhere),
    ]);
    if (result.trace) printSlices(r, result.during, result.trace.sentAt, result.trace.slices);
  }
  if (neighbours) console.log(`neighbours (${NEIGHBOURS.join(", ")}) until the end: load ${await loadavg()}`);
  console.log(table(rows));
  if (values.gc)
    console.log(
      `\nthe service's collections during the first reads, of its main heap (longest pause of each), and its workers':\n${table(gcRows)}`,
    );
  const worst = Math.max(...p99s);
  console.log(
    `\ntarget: /health p99 under ${TARGET_P99_MS} ms during the first read: worst round ${fixed(worst)} ms, ${worst < TARGET_P99_MS ? "met" : "NOT met"}`,
  );
} finally {
  await neighbours?.stop();
  rmSync(dir, { recursive: true, force: true });
}
