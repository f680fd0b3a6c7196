/**
 * Benchmark: WebSocket fan-out of one change to N idle subscribers, against a bare `Bun.serve` pub/sub
 * server.
 *
 * What runs, for each N (default 1,000, 5,000 and 10,000), every process on 127.0.0.1, port 0:
 * - whitelist-sync: the real service (bench/fanout/serve.ts: `loadConfig` + `startService` over a temp SQLite
 *   file, seeded through the services with one guild, one whitelist and a guild-wide key); subscribers on
 *   `GET /api/v1/ws`; each event caused by `DELETE /api/v1/whitelists/{id}/entries/{nick}` with that key, so
 *   it includes the committed (fsynced) removal;
 * - bare: bench/fanout/bare-server.ts, which checks the Authorization header, upgrades, subscribes every
 *   socket to one topic and, on `POST /publish`, publishes a message of the real event's size, with the
 *   service's Bun WebSocket settings: only the service's own code differs.
 * Each server gets its own N Bun `WebSocket` clients, spread over `--clients` processes
 * (bench/fanout/clients.ts) and opened in batches. A client process reports when an event has reached the
 * last of its sockets, in high-resolution wall-clock time (`performance.timeOrigin + performance.now()`,
 * comparable across processes; a round trip to every child checks the offset, shown in the table's title).
 * Both servers stay up together and the measured events alternate between them, so a drift of the machine
 * hits both alike.
 *
 * What it measures:
 * - latency: `--events` events one at a time, each once the previous one has reached every socket: (latest
 *   last-socket arrival over the client processes) − (our clock just before sending the request). Median and
 *   p99 (nearest rank: with 20 events the p99 is the slowest one). Split into the API call (request →
 *   response) and "publish → last socket", from the server's own clock right after its event bus ran (the
 *   hub's `server.publish` among its listeners) to the last arrival: the fan-out itself;
 * - server CPU per event: the server process's user + kernel time over those events ÷ their count, and the
 *   kernel's share (10 ms resolution from /proc: read it at large N);
 * - events/s: `--burst` requests back to back, `--concurrency` in flight, sent in 4 rounds that alternate
 *   between the servers: burst size ÷ the summed time from each round's first request until every subscriber
 *   has every event of the round;
 * - memory per connection: the server's VmRSS (/proc/<pid>/status) with all N sockets connected and idle,
 *   minus the same before any client connected, ÷ N; each read after a full GC (`Bun.gc(true)`, asked over
 *   the child's stdin) and once RSS has settled. A few sockets are opened and closed before the "before"
 *   read, so one-time costs of the upgrade path do not count. "JS heap" is the JS heap's share; the rest is
 *   Bun's native per-socket state and allocator pages. A few MB of allocator noise ÷ N: trust it at large N;
 * - handshakes/s: N ÷ the time to open all N sockets (the upgrade path: rate limiter, key check, routing).
 *
 * How to read it: "ratio" is whitelist-sync ÷ bare at the same N in the same run. The ratio of median
 * latencies at 10,000 is compared with the 1.15× target, the service's memory per connection with 4 KB.
 * Servers, clients and this coordinator share the machine's cores, and most of the fan-out is the kernel's
 * loopback TCP work, so absolute figures depend on the machine and vary from run to run by ±20% on a small
 * VM: compare ratios, and rerun (or raise --events) before reading much into one. Any socket that fails or
 * closes aborts the run with exit code 1, as the figures would mean nothing; every child process and the temp
 * directory are removed on every exit path.
 *
 * Usage: bun bench/fanout.ts [--subscribers 1000,5000,10000] [--events 20] [--warmup 3] [--burst 200]
 *                            [--concurrency 4] [--clients 4] [--batch 64] [--quick]
 *   --quick: a single pass at N = 1,000.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Child, killChildren } from "./fanout/child.ts";
import { type ClientOptions, type ServerHello, wallClock } from "./fanout/protocol.ts";
import { quantile, table } from "./lib.ts";

const HERE = join(import.meta.dir, "fanout");
const TARGET_RATIO = 1.15;
const TARGET_RATIO_AT = 10_000;
const TARGET_BYTES_PER_CONNECTION = 4 * 1024;
/** File descriptors a process needs besides its sockets (listener, SQLite, pipes, Bun's own). */
const FD_MARGIN = 64;
const START_TIMEOUT_MS = 20_000;
const EVENT_TIMEOUT_MS = 15_000;
const BURST_TIMEOUT_MS = 120_000;
const GC_TIMEOUT_MS = 30_000;
/** Time allowed to open sockets: a floor, plus a generous allowance per socket. */
const CONNECT_TIMEOUT_MS = (sockets: number) => 20_000 + sockets * 10;
/** The whole run is bounded, whatever goes wrong. */
const RUN_TIMEOUT_MS = 10 * 60_000;
const CLOCK_SAMPLES = 5;
/** The burst is sent in this many rounds, alternating between the servers. */
const BURST_ROUNDS = 4;
/** RSS is read once it has moved by at most RSS_STEADY_BYTES over RSS_STEADY_SAMPLES samples in a row. */
const RSS_SAMPLE_INTERVAL_MS = 100;
const RSS_STEADY_SAMPLES = 4;
const RSS_STEADY_BYTES = 64 * 1024;
const RSS_SETTLE_MAX_MS = 5_000;
const WARM_UP_SOCKETS = 32;
/** The unit of utime and stime in /proc/<pid>/stat (USER_HZ, 100 on every Linux build that matters). */
const CLOCK_TICKS_PER_SECOND = 100;

type Options = {
  subscribers: number[];
  events: number;
  warmup: number;
  burst: number;
  concurrency: number;
  clients: number;
  batch: number;
};

type Target = "whitelist-sync" | "bare";

/** Everything measured for one server at one N. */
type Result = {
  latenciesMs: number[];
  apiMs: number[];
  /** From the server's publish to the last socket's arrival, per event. */
  fanoutMs: number[];
  /** The server process's CPU time per event (request handling and fan-out), over the latency phase. */
  serverCpuMsPerEvent: number;
  /** The share of that time spent in the kernel (sending on the sockets, fsync). */
  serverKernelShare: number;
  eventsPerSecond: number;
  bytesPerConnection: number;
  heapBytesPerConnection: number;
  handshakesPerSecond: number;
  eventBytes: number;
  /** Largest clock offset seen between the coordinator and a child, and its uncertainty. */
  clockOffsetMs: number;
  clockUncertaintyMs: number;
};

/** How a server child is driven: its hello, and how to cause one event. */
type Server = { child: Child; hello: ServerHello; trigger(): Promise<void> };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      subscribers: { type: "string", default: "1000,5000,10000" },
      events: { type: "string", default: "20" },
      warmup: { type: "string", default: "3" },
      burst: { type: "string", default: "200" },
      concurrency: { type: "string", default: "4" },
      clients: { type: "string", default: "4" },
      batch: { type: "string", default: "64" },
      quick: { type: "boolean", default: false },
    },
  });
  const positive = (name: string, text: string, minimum = 1): number => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < minimum) {
      throw new Error(`--${name} must be an integer >= ${minimum}, got "${text}"`);
    }
    return value;
  };
  return {
    subscribers: values.quick
      ? [1_000]
      : values.subscribers.split(",").map((text) => positive("subscribers", text.trim())),
    events: positive("events", values.events),
    // At least one: the real service's warm-up events give the size of the baseline's messages.
    warmup: positive("warmup", values.warmup),
    burst: positive("burst", values.burst),
    concurrency: positive("concurrency", values.concurrency),
    clients: positive("clients", values.clients),
    batch: positive("batch", values.batch),
  };
}

/**
 * The soft and hard limits on open files of this process (`ulimit -n` / `ulimit -Hn`). Bun raises its soft
 * limit to the hard one at start, so every child (a Bun process too) gets the hard limit.
 */
function fdLimits(): { soft: number; hard: number } {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((row) => row.startsWith("Max open files"));
  const [soft, hard] = (line?.slice("Max open files".length).trim().split(/\s+/) ?? []).map((value) =>
    value === "unlimited" ? Number.POSITIVE_INFINITY : Number(value),
  );
  if (soft === undefined || hard === undefined) throw new Error("cannot read the open-file limit");
  return { soft, hard };
}

/** Fails before anything starts if a process holding `sockets` sockets would run out of file descriptors. */
function checkFdLimit(sockets: number, limit: number, holder: string): void {
  const needed = sockets + FD_MARGIN;
  if (needed > limit) {
    throw new Error(
      `${holder} would need ${needed} file descriptors but the limit is ${limit}: ` +
        "raise it (ulimit -n; the hard limit ulimit -Hn as root) or use more --clients",
    );
  }
}

/** The server's resident memory, from /proc. */
function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Collects garbage in the server, then reads its JS heap and, once it has settled, its RSS: the allocator
 * hands freed pages back to the system a few hundred ms after a collection, not during it.
 */
async function idleMemory(server: Child) {
  server.send("gc");
  const report = await server.next("gc", GC_TIMEOUT_MS);
  let rss = residentBytes(server.pid);
  const deadline = performance.now() + RSS_SETTLE_MAX_MS;
  for (let steady = 0; steady < RSS_STEADY_SAMPLES && performance.now() < deadline; ) {
    await Bun.sleep(RSS_SAMPLE_INTERVAL_MS);
    const next = residentBytes(server.pid);
    steady = Math.abs(next - rss) <= RSS_STEADY_BYTES ? steady + 1 : 0;
    rss = next;
  }
  return { rss, heap: report.heapBytes, sockets: report.sockets };
}

/**
 * Opens a few sockets and closes them again, so one-time costs of the upgrade path (route compilation,
 * JIT, the first allocator pages) are paid before the idle baseline, not counted per connection.
 */
async function warmUpSockets(url: string, authorization: string, count: number): Promise<void> {
  const sockets = Array.from({ length: count }, () => new WebSocket(url, { headers: { authorization } }));
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve, reject) => {
          ws.onmessage = () => {
            ws.onclose = () => resolve();
            ws.close();
          };
          ws.onclose = (event) =>
            reject(new Error(`warm-up socket closed with ${event.code} ${event.reason}`));
        }),
    ),
  );
}

/** `total` split into `parts` counts differing by at most one. */
function split(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * A child's clock minus ours, from the round trip with the smallest delay; the offset is only applied when
 * it exceeds that uncertainty (half the round trip), i.e. when the clocks measurably disagree.
 */
async function clockOffset(child: Child): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Number.POSITIVE_INFINITY };
  for (let i = 0; i < CLOCK_SAMPLES; i++) {
    const sent = wallClock();
    child.send("clock");
    const { at } = await child.next("clock", EVENT_TIMEOUT_MS);
    const received = wallClock();
    const uncertainty = (received - sent) / 2;
    if (uncertainty < best.uncertainty) best = { offset: at - (sent + received) / 2, uncertainty };
  }
  return best;
}

async function request(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${body.slice(0, 300)}`);
}

/** Starts the server child for `target`, sized for `subscribers` sockets and `events` triggered events. */
async function startServer(
  target: Target,
  context: { dir: string; subscribers: number; events: number; eventBytes: number },
): Promise<Server> {
  const child =
    target === "whitelist-sync"
      ? new Child(target, join(HERE, "serve.ts"), [String(context.events)], {
          env: {
            DATABASE_PATH: join(context.dir, `fanout-${context.subscribers}.db`),
            HOST: "127.0.0.1",
            PORT: "0",
            // Every handshake counts against the limit, all from 127.0.0.1.
            RATE_LIMIT_PER_MINUTE: String(Math.min(1_000_000, 2 * context.subscribers + 10_000)),
            LOG_LEVEL: "warn",
          },
        })
      : new Child(target, join(HERE, "bare-server.ts"), [String(context.eventBytes)]);
  const hello = await child.next("hello", START_TIMEOUT_MS);
  const headers = { authorization: hello.authorization };
  if (target === "bare") {
    return { child, hello, trigger: () => request(`${hello.url}/publish`, { method: "POST", headers }) };
  }
  const nicks = hello.nicks ?? [];
  let next = 0;
  return {
    child,
    hello,
    trigger() {
      const nick = nicks[next++];
      if (nick === undefined) throw new Error("ran out of seeded nicks");
      const url = `${hello.url}/api/v1/whitelists/${hello.whitelistId}/entries/${encodeURIComponent(nick)}`;
      return request(url, { method: "DELETE", headers });
    },
  };
}

/** One server with its N subscribers connected and idle, ready to be measured. */
type Rig = {
  server: Server;
  clients: Child[];
  /** Clock offsets to subtract from the server's and each client process's times. */
  serverOffset: number;
  clientOffsets: number[];
  clock: { offsetMs: number; uncertaintyMs: number };
  bytesPerConnection: number;
  heapBytesPerConnection: number;
  handshakesPerSecond: number;
};

/** What one event measured. */
type Sample = { latencyMs: number; apiMs: number; fanoutMs: number; bytes: number };

/** Starts the server for `target`, measures it idle, connects the N subscribers, and measures it again. */
async function rigUp(
  target: Target,
  subscribers: number,
  options: Options,
  context: { dir: string; eventBytes: number },
): Promise<Rig> {
  const processes = Math.min(options.clients, subscribers);
  const server = await startServer(target, {
    dir: context.dir,
    subscribers,
    events: options.warmup + options.events + options.burst,
    eventBytes: context.eventBytes,
  });
  const url = `${server.hello.url.replace(/^http/, "ws")}${server.hello.socketPath}`;
  await warmUpSockets(url, server.hello.authorization, WARM_UP_SOCKETS);
  const before = await idleMemory(server.child);

  const counts = split(subscribers, processes);
  const clients = counts.map(
    (_, i) => new Child(`${target} clients ${i + 1}/${processes}`, join(HERE, "clients.ts"), []),
  );
  await Promise.all(clients.map((client) => client.next("started", START_TIMEOUT_MS)));
  const connectStart = performance.now();
  clients.forEach((client, i) => {
    const clientOptions: ClientOptions = {
      url,
      authorization: server.hello.authorization,
      count: counts[i] ?? 0,
      batch: options.batch,
    };
    client.send(`connect ${JSON.stringify(clientOptions)}`);
  });
  await Promise.all(clients.map((client) => client.next("ready", CONNECT_TIMEOUT_MS(subscribers))));
  const connectSeconds = (performance.now() - connectStart) / 1000;

  const after = await idleMemory(server.child);
  if (after.sockets !== subscribers) {
    throw new Error(`${target} counts ${after.sockets} open sockets, expected ${subscribers}`);
  }
  const clocks = await Promise.all([server.child, ...clients].map(clockOffset));
  const [serverOffset = 0, ...clientOffsets] = clocks.map(({ offset, uncertainty }) =>
    Math.abs(offset) > uncertainty ? offset : 0,
  );
  return {
    server,
    clients,
    serverOffset,
    clientOffsets,
    clock: {
      offsetMs: Math.max(...clocks.map(({ offset }) => Math.abs(offset))),
      uncertaintyMs: Math.max(...clocks.map(({ uncertainty }) => uncertainty)),
    },
    bytesPerConnection: (after.rss - before.rss) / subscribers,
    heapBytesPerConnection: (after.heap - before.heap) / subscribers,
    handshakesPerSecond: subscribers / connectSeconds,
  };
}

/** Triggers one event and waits until every subscriber has it. */
async function fire(rig: Rig): Promise<Sample> {
  const sent = wallClock();
  await rig.server.trigger();
  const answered = wallClock();
  const published = (await rig.server.child.next("published", EVENT_TIMEOUT_MS)).at - rig.serverOffset;
  const arrivals = await Promise.all(
    rig.clients.map(async (client, i) => {
      const event = await client.next("event", EVENT_TIMEOUT_MS);
      return { at: event.at - (rig.clientOffsets[i] ?? 0), bytes: event.bytes };
    }),
  );
  const last = Math.max(...arrivals.map(({ at }) => at));
  return {
    latencyMs: last - sent,
    apiMs: answered - sent,
    fanoutMs: last - published,
    bytes: arrivals[0]?.bytes ?? Number.NaN,
  };
}

/** Sends `count` requests, `concurrency` in flight; returns the seconds until every subscriber has all. */
async function burst(rig: Rig, count: number, concurrency: number): Promise<number> {
  let issued = 0;
  const start = wallClock();
  const sender = async () => {
    while (issued < count) {
      issued++;
      await rig.server.trigger();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  const lastPerClient = await Promise.all(
    rig.clients.map(async (client, i) => {
      let last = 0;
      for (let received = 0; received < count; received++) {
        const event = await client.next("event", BURST_TIMEOUT_MS);
        last = Math.max(last, event.at - (rig.clientOffsets[i] ?? 0));
      }
      return last;
    }),
  );
  for (let i = 0; i < count; i++) await rig.server.child.next("published", EVENT_TIMEOUT_MS);
  return (Math.max(...lastPerClient) - start) / 1000;
}

/** CPU time the process has used so far in user space and in the kernel, from /proc (10 ms resolution). */
function cpuMs(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Counted after the command name (in parentheses, may contain spaces): utime and stime are fields 12, 13.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / CLOCK_TICKS_PER_SECOND;
  return { user: ms(fields[11]), system: ms(fields[12]) };
}

/** Stops the clients, then the server. */
async function tearDown(rig: Rig): Promise<void> {
  await Promise.all(rig.clients.map((client) => client.stop()));
  await rig.server.child.stop();
}

/** Measures both servers at one N: events alternate between them, so drifts in the machine hit both alike. */
async function compare(
  subscribers: number,
  options: Options,
  context: { dir: string },
): Promise<Record<Target, Result>> {
  const real = await rigUp("whitelist-sync", subscribers, options, { ...context, eventBytes: 0 });
  const warmUp: Sample[] = [];
  for (let i = 0; i < options.warmup; i++) warmUp.push(await fire(real));
  // The baseline publishes messages of the real events' size.
  const eventBytes = quantile(
    warmUp.map(({ bytes }) => bytes),
    0.5,
  );
  const bare = await rigUp("bare", subscribers, options, { ...context, eventBytes });
  for (let i = 0; i < options.warmup; i++) await fire(bare);

  const rigs = [real, bare];
  const samples = new Map<Rig, Sample[]>(rigs.map((rig) => [rig, []]));
  const cpuBefore = rigs.map((rig) => cpuMs(rig.server.child.pid));
  for (let i = 0; i < options.events; i++) {
    for (const rig of i % 2 === 0 ? rigs : [...rigs].reverse()) samples.get(rig)?.push(await fire(rig));
  }
  const cpuPerEvent = rigs.map((rig, i) => {
    const { user, system } = cpuMs(rig.server.child.pid);
    const before = cpuBefore[i] ?? { user: 0, system: 0 };
    return { user: (user - before.user) / options.events, system: (system - before.system) / options.events };
  });
  // The bursts alternate too, in rounds: events/s = burst events ÷ the summed time of that server's rounds.
  const burstSeconds = new Map<Rig, number>(rigs.map((rig) => [rig, 0]));
  const rounds = split(options.burst, Math.min(BURST_ROUNDS, options.burst));
  for (const [round, count] of rounds.entries()) {
    for (const rig of round % 2 === 0 ? rigs : [...rigs].reverse()) {
      const seconds = await burst(rig, count, options.concurrency);
      burstSeconds.set(rig, (burstSeconds.get(rig) ?? 0) + seconds);
    }
  }
  const rates = rigs.map((rig) => options.burst / (burstSeconds.get(rig) ?? Number.NaN));
  await Promise.all(rigs.map(tearDown));

  const result = (rig: Rig, i: number): Result => {
    const taken = samples.get(rig) ?? [];
    return {
      latenciesMs: taken.map(({ latencyMs }) => latencyMs),
      apiMs: taken.map(({ apiMs }) => apiMs),
      fanoutMs: taken.map(({ fanoutMs }) => fanoutMs),
      serverCpuMsPerEvent: (cpuPerEvent[i]?.user ?? Number.NaN) + (cpuPerEvent[i]?.system ?? Number.NaN),
      serverKernelShare:
        (cpuPerEvent[i]?.system ?? Number.NaN) /
        ((cpuPerEvent[i]?.user ?? 0) + (cpuPerEvent[i]?.system ?? 0)),
      eventsPerSecond: rates[i] ?? Number.NaN,
      bytesPerConnection: rig.bytesPerConnection,
      heapBytesPerConnection: rig.heapBytesPerConnection,
      handshakesPerSecond: rig.handshakesPerSecond,
      eventBytes,
      clockOffsetMs: rig.clock.offsetMs,
      clockUncertaintyMs: rig.clock.uncertaintyMs,
    };
  };
  return { "whitelist-sync": result(real, 0), bare: result(bare, 1) };
}

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kilobytes = (bytes: number) => `${number(bytes / 1024, 2)} KB`;
const ratio = (a: number, b: number) => `${number(a / b, 2)}×`;
const percent = (share: number) => `${number(share * 100)}%`;

/** Prints the comparison table for one N, and returns the verdicts on the targets. */
function report(subscribers: number, processes: number, real: Result, bare: Result): string[] {
  const median = (result: Result) => quantile(result.latenciesMs, 0.5);
  const p99 = (result: Result) => quantile(result.latenciesMs, 0.99);
  const rows: [string, string, string, string][] = [
    ["", "whitelist-sync", "bare Bun.serve", "ratio"],
    [
      "latency median",
      `${number(median(real), 1)} ms`,
      `${number(median(bare), 1)} ms`,
      ratio(median(real), median(bare)),
    ],
    ["latency p99", `${number(p99(real), 1)} ms`, `${number(p99(bare), 1)} ms`, ratio(p99(real), p99(bare))],
    [
      "  API call median",
      `${number(quantile(real.apiMs, 0.5), 2)} ms`,
      `${number(quantile(bare.apiMs, 0.5), 2)} ms`,
      "",
    ],
    [
      "  publish → last socket median",
      `${number(quantile(real.fanoutMs, 0.5), 1)} ms`,
      `${number(quantile(bare.fanoutMs, 0.5), 1)} ms`,
      ratio(quantile(real.fanoutMs, 0.5), quantile(bare.fanoutMs, 0.5)),
    ],
    [
      "server CPU per event",
      `${number(real.serverCpuMsPerEvent, 1)} ms`,
      `${number(bare.serverCpuMsPerEvent, 1)} ms`,
      ratio(real.serverCpuMsPerEvent, bare.serverCpuMsPerEvent),
    ],
    ["  of which in the kernel", percent(real.serverKernelShare), percent(bare.serverKernelShare), ""],
    [
      "events/s to all subscribers",
      number(real.eventsPerSecond),
      number(bare.eventsPerSecond),
      ratio(real.eventsPerSecond, bare.eventsPerSecond),
    ],
    [
      "memory per connection (RSS)",
      kilobytes(real.bytesPerConnection),
      kilobytes(bare.bytesPerConnection),
      ratio(real.bytesPerConnection, bare.bytesPerConnection),
    ],
    [
      "  of which JS heap",
      kilobytes(real.heapBytesPerConnection),
      kilobytes(bare.heapBytesPerConnection),
      "",
    ],
    [
      "handshakes/s",
      number(real.handshakesPerSecond),
      number(bare.handshakesPerSecond),
      ratio(real.handshakesPerSecond, bare.handshakesPerSecond),
    ],
  ];
  const offset = Math.max(real.clockOffsetMs, bare.clockOffsetMs);
  const uncertainty = Math.max(real.clockUncertaintyMs, bare.clockUncertaintyMs);
  console.log(
    `\nN = ${number(subscribers)} idle subscribers (${processes} client processes, events of ` +
      `${number(real.eventBytes)} B, clock offsets ≤ ${number(offset, 3)} ms ± ${number(uncertainty, 3)} ms)`,
  );
  console.log(table(rows, "  "));

  const verdicts: string[] = [];
  const latencyRatio = median(real) / median(bare);
  if (subscribers === TARGET_RATIO_AT) {
    verdicts.push(
      `N=${number(subscribers)}: median latency ratio ${number(latencyRatio, 2)}× ` +
        `(target ≤ ${TARGET_RATIO}×): ${latencyRatio <= TARGET_RATIO ? "met" : "MISSED"}`,
    );
  }
  verdicts.push(
    `N=${number(subscribers)}: whitelist-sync memory per connection ${kilobytes(real.bytesPerConnection)} ` +
      `(target < ${kilobytes(TARGET_BYTES_PER_CONNECTION)}): ` +
      `${real.bytesPerConnection < TARGET_BYTES_PER_CONNECTION ? "met" : "MISSED"}`,
  );
  return verdicts;
}

async function main(): Promise<void> {
  const options = parseOptions();
  const limits = fdLimits();
  const largest = Math.max(...options.subscribers);
  console.log(
    `WebSocket fan-out: Bun ${Bun.version}, ${availableParallelism()} cores; ` +
      `open files (ulimit -n / -Hn, as Bun raised them): ${limits.soft} / ${limits.hard}; ` +
      `largest N needs ${largest + FD_MARGIN} in the server, ` +
      `${Math.ceil(largest / options.clients) + FD_MARGIN} per client process`,
  );
  console.log(
    `${options.events} events (+${options.warmup} warm-up) one at a time, then a burst of ${options.burst} ` +
      `(${options.concurrency} in flight); ${options.clients} client processes, ` +
      `each opening ${options.batch} sockets at a time`,
  );
  checkFdLimit(largest, limits.hard, "the server");
  checkFdLimit(Math.ceil(largest / options.clients), limits.hard, "a client process");

  const dir = mkdtempSync(join(tmpdir(), "wls-fanout-"));
  temporary.add(dir);
  const verdicts: string[] = [];
  for (const subscribers of options.subscribers) {
    const { "whitelist-sync": real, bare } = await compare(subscribers, options, { dir });
    verdicts.push(...report(subscribers, Math.min(options.clients, subscribers), real, bare));
  }
  console.log(`\n${verdicts.join("\n")}`);
}

/** Temp directories to remove however the run ends. */
const temporary = new Set<string>();
/** Runs on every exit path (normal, error, signal, run timeout): no child process or temp file is left. */
const cleanUp = () => {
  killChildren();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
};
process.on("exit", cleanUp);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));
setTimeout(() => {
  console.error(`fanout: the run took longer than ${RUN_TIMEOUT_MS / 60_000} min; stopping`);
  process.exit(1);
}, RUN_TIMEOUT_MS).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`fanout: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
