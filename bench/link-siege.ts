/**
 * Benchmark: the link endpoint under siege (issue 36 §2). Do honest players still get their code while many
 * addresses hold every connection they are allowed?
 *
 * What it runs, per variant of the endpoint's bounds (`--variants`): the real service (bench/link/siege-service.ts:
 * `loadConfig` + `startService` over a temp SQLite file, LINK_PORT set, the variant's `LinkLimits`) in a process
 * of its own; the fake Mojang in this one. Then two phases against it:
 * - idle, the baseline: `--baseline` honest logins, one every 500 ms;
 * - siege: the attacker (bench/link/siege-attack.ts, its own process) opens, from `--addresses` loopback addresses
 *   127.x.y.z (`--per-network` of them in each /24), as many connections per address as the variant allows (its
 *   cap, or its share of its network's), idle, dripping their Handshake a byte a second, or holding a login after
 *   the Encryption Request, and reopens each whenever it is cut; once its ramp is over, `--honest` honest logins,
 *   one every `--every` ms.
 * Each honest login is npm minecraft-protocol's own client under Node (bench/link/honest.cjs, as the tests run
 * it), from an address of its own (127.250+.x.1), timed from `createClient` until it reads its code. Meanwhile this
 * process asks the service's `GET /health` every 100 ms and reads its RSS (/proc) every 250 ms.
 *
 * It prints, per variant and phase: honest logins that read their code within 5 s (the goal: ≥ 95% under siege),
 * their p50/p95/max; `/health` p50/p99 (goal: p99 < 50 ms); the RSS, idle (the baseline phase's largest) and the
 * siege's largest, with the difference (goal: ≤ +50 MB); and the ratios siege ÷ idle. Then what the attack held and
 * what the endpoint counted (evicted, refused at a cap, cut at a deadline). Exit code 1 when the last variant misses
 * a goal.
 *
 * Variants: `now` (the defaults) or `before` (the bounds before issue 36: 256 in all, 8 per address, no network
 * cap, one 20 s deadline, a full cap refusing the newcomer), then any of the directions added (`+`) or
 * taken away (`-`): `deadline` (10 s to send the Handshake and Login Start), `evict` (a full cap makes room),
 * `networks` (32 per network), `total` (8,192 in all); then any bound set as `:bound=value`. E.g.
 * `--variants before,before+evict,now+deadline,now:maxConnections=4096`.
 *
 * The attack targets 127.0.0.1 only, holds at most addresses × per-address cap connections, and every process
 * stops by itself: about 45 s per variant at the defaults. Run it beside `stress-ng --cpu 2` to see it on a
 * busy machine.
 *
 * Usage: bun bench/link-siege.ts [--variants now] [--addresses 1000] [--per-network 1] [--honest 40]
 *        [--every 750] [--baseline 10]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultLimits, type LinkLimits } from "../src/link/guard.ts";
import type { LinkCounters } from "../src/link/index.ts";
import { startFakeMojang } from "../src/sandbox/mojang.ts";
import { baseEnv, cpuMs, fixed, quantile, table } from "./lib.ts";

const { values } = parseArgs({
  options: {
    variants: { type: "string", default: "now" },
    addresses: { type: "string", default: "1000" },
    "per-network": { type: "string", default: "1" },
    honest: { type: "string", default: "40" },
    every: { type: "string", default: "750" },
    baseline: { type: "string", default: "10" },
  },
});
const addresses = Number(values.addresses);
const perNetwork = Number(values["per-network"]);
const honestCount = Number(values.honest);
const everyMs = Number(values.every);
const baselineCount = Number(values.baseline);
const GOAL = { withinMs: 5000, share: 0.95, rssMb: 50, healthP99Ms: 50 };
/** How long an honest login may take before it counts as lost; also how long the attack outlasts the logins. */
const TIMEOUT_MS = 15_000;
/** How long the attack runs before honest players come: its ramp (3 s) and a little more. */
const WARM_MS = 5000;

/** The bounds before issue 36, where each direction of the issue is off. */
const before: Partial<LinkLimits> = {
  maxConnections: 256,
  maxConnectionsPerNetwork: 256,
  maxConnectionsPerAddress: 8,
  handshakeDeadlineMs: 20_000,
  evict: false,
};
/**
 * The directions, each as the bound it sets when on and when off (before issue 36). The short deadline
 * is off in `now`: measured, it made reconnecting attackers come back in waves (docs/link.md, What the caps cost).
 */
const directions: Record<string, { bound: keyof LinkLimits; on: number | boolean; off: number | boolean }> = {
  deadline: { bound: "handshakeDeadlineMs", on: 10_000, off: 20_000 },
  evict: { bound: "evict", on: true, off: false },
  networks: { bound: "maxConnectionsPerNetwork", on: 32, off: 256 },
  total: { bound: "maxConnections", on: 8192, off: 256 },
};
/**
 * A variant's bounds: `now` or `before`, then `+direction` or `-direction` any number of times, then any bound
 * set to a number as `:bound=value` (`now:maxConnections=4096`).
 */
function variant(name: string): LinkLimits {
  const [directed = "", ...settings] = name.split(":");
  const [base, ...changes] = directed.split(/(?=[+-])/);
  if (base !== "now" && base !== "before") throw new Error(`a variant starts with now or before: ${name}`);
  const limits: Record<string, unknown> = { ...defaultLimits, ...(base === "before" ? before : {}) };
  for (const change of changes) {
    const direction = directions[change.slice(1)];
    if (!direction) throw new Error(`no direction ${change.slice(1)}: ${Object.keys(directions)}`);
    limits[direction.bound] = change.startsWith("+") ? direction.on : direction.off;
  }
  for (const setting of settings) {
    const [bound = "", value] = setting.split("=");
    if (!(bound in defaultLimits) || !Number.isFinite(Number(value)))
      throw new Error(`not a bound: ${setting}`);
    limits[bound] = Number(value);
  }
  return limits as LinkLimits;
}
const variants = (values.variants ?? "now").split(",");
for (const name of variants) variant(name);

const HERE = import.meta.dir;
const NODE = Bun.which("node");
if (!NODE) throw new Error("this bench needs Node (node on PATH) to run minecraft-protocol's client");
const accounts = Array.from({ length: 64 }, (_, i) => ({
  name: `Honest_${i}`,
  uuid: `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`,
}));
const mojang = startFakeMojang({ profiles: accounts });

/** Lines of a child's stdout as JSON, to `onLine`; resolves with the first. */
function readLines<T>(child: { stdout: ReadableStream<Uint8Array<ArrayBuffer>> }, onLine: (line: T) => void) {
  return new Promise<T>((resolve, reject) => {
    let first = true;
    let buffered = "";
    void (async () => {
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        buffered += chunk;
        let end = buffered.indexOf("\n");
        while (end !== -1) {
          const line = JSON.parse(buffered.slice(0, end)) as T;
          buffered = buffered.slice(end + 1);
          if (first) resolve(line);
          first = false;
          onLine(line);
          end = buffered.indexOf("\n");
        }
      }
      if (first) reject(new Error("a child exited before it printed anything"));
    })();
  });
}

type Login = { i: number; ms: number; text?: string; error?: string };
/** What the attacker prints every second (`t`) and at the end (`done`). */
type AttackReport = {
  t?: number;
  open: number;
  opened: number;
  cut: number;
  cutAtOnce: number;
  byKind: Record<"idle" | "drip" | "login", { open: number; cut: number }>;
};
/** What the service prints: its addresses once, then its counters every second. */
type ServiceLine = { url?: string; linkPort?: number; counters?: LinkCounters };

/** Runs `count` honest logins from `network`'s addresses (127.<network + i>.… .1); resolves with each outcome. */
async function honest(port: number, count: number, every: number, network: number): Promise<Login[]> {
  const playerAddresses = Array.from({ length: count + 1 }, (_, i) => {
    const n = network * 256 + i;
    return `127.${n >> 8}.${n & 255}.1`;
  });
  const child = Bun.spawn(
    [
      NODE as string,
      join(HERE, "link", "honest.cjs"),
      JSON.stringify({
        host: "127.0.0.1",
        port,
        version: "1.21.1",
        sessionServer: mojang.url,
        accounts,
        count,
        everyMs: every,
        timeoutMs: TIMEOUT_MS,
        addresses: playerAddresses,
      }),
    ],
    { stdout: "pipe", stderr: "inherit", env: baseEnv() },
  );
  const logins: Login[] = [];
  await readLines(child, (line: Login) => {
    if (line.i >= 0) logins.push(line);
  }).catch(() => undefined);
  await child.exited;
  return logins;
}

/** `GET /health` every 100 ms and the process's RSS every 250 ms, until `stop`; and its CPU time meanwhile. */
function probe(url: string, pid: number) {
  const health: number[] = [];
  const rss: number[] = [];
  const started = { at: performance.now(), cpu: cpuMs([pid]) };
  let running = true;
  const asking = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${url}/health`);
      await answer.arrayBuffer();
      health.push(performance.now() - started);
      await Bun.sleep(100);
    }
  })();
  const reading = setInterval(() => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
  }, 250);
  return {
    async stop() {
      running = false;
      clearInterval(reading);
      await asking;
      return { health, rss, cpu: (cpuMs([pid]) - started.cpu) / (performance.now() - started.at) };
    },
  };
}

type Phase = { logins: Login[]; count: number; health: number[]; rss: number[]; cpu: number };
type Outcome = {
  name: string;
  idle: Phase;
  siege: Phase;
  attack: AttackReport | undefined;
  counters: LinkCounters | undefined;
  /** The attacker's CPU time during the siege, over its wall time. */
  attackCpu: number;
};

const proven = (login: Login) => login.text?.includes("your account is proven") ?? false;
const within = (phase: Phase) =>
  phase.logins.filter((login) => proven(login) && login.ms <= GOAL.withinMs).length;
const mb = (bytes: number) => bytes / 1024 / 1024;

/** One variant: the service with its bounds, the idle phase, then the siege. */
async function run(name: string): Promise<Outcome> {
  const limits = variant(name);
  const dir = mkdtempSync(join(tmpdir(), "link-siege-"));
  const service = Bun.spawn(
    [process.execPath, join(HERE, "link", "siege-service.ts"), JSON.stringify(limits)],
    {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
      env: {
        ...baseEnv(),
        HOST: "127.0.0.1",
        PORT: "0",
        LINK_PORT: "0",
        DATABASE_PATH: join(dir, "service.db"),
        MOJANG_SESSION_URL: mojang.url,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_MINUTE: "1000000",
      },
    },
  );
  let counters: LinkCounters | undefined;
  const hello = await readLines<ServiceLine>(service, (line) => {
    if (line.counters) counters = line.counters;
  });
  const { url, linkPort } = hello as { url: string; linkPort: number };
  try {
    const idleProbe = probe(url, service.pid);
    const idleLogins = await honest(linkPort, baselineCount, 500, 251);
    const idle = { logins: idleLogins, count: baselineCount, ...(await idleProbe.stop()) };

    // As many as each address is allowed: its cap, or its share of its network's.
    const slots = Math.min(
      limits.maxConnectionsPerAddress,
      Math.floor(limits.maxConnectionsPerNetwork / Math.min(perNetwork, addresses)),
    );
    // Stopped once the honest logins are over; this bound only ends it should this process die first (the honest
    // client's own warm-up and time-outs included, with a minute to spare).
    const seconds = Math.ceil((WARM_MS + honestCount * everyMs + 3 * TIMEOUT_MS) / 1000) + 60;
    const attacker = Bun.spawn(
      [
        process.execPath,
        join(HERE, "link", "siege-attack.ts"),
        JSON.stringify({ port: linkPort, addresses, perNetwork, slots, seconds, retryMs: 1000 }),
      ],
      { stdout: "pipe", stderr: "inherit", env: baseEnv() },
    );
    let attack: AttackReport | undefined;
    let warm: () => void = () => {};
    const warmed = new Promise<void>((resolve) => {
      warm = resolve;
    });
    void readLines<AttackReport>(attacker, (line) => {
      attack = line;
      if ((line.t ?? 0) >= WARM_MS) warm();
    });
    await Promise.race([warmed, attacker.exited]);
    const siegeProbe = probe(url, service.pid);
    const attackStart = { at: performance.now(), cpu: cpuMs([attacker.pid]) };
    const siegeLogins = await honest(linkPort, honestCount, everyMs, 250);
    const siege = { logins: siegeLogins, count: honestCount, ...(await siegeProbe.stop()) };
    const attackCpu = (cpuMs([attacker.pid]) - attackStart.cpu) / (performance.now() - attackStart.at);
    const atPeak = { attack, counters, attackCpu };
    attacker.kill();
    await attacker.exited;
    return { name, idle, siege, ...atPeak };
  } finally {
    service.stdin.end();
    await service.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures of a phase, as table cells. */
function figures(phase: Phase) {
  const times = phase.logins.filter(proven).map((login) => login.ms);
  const got = within(phase);
  return {
    within: `${got}/${phase.count} (${fixed((100 * got) / phase.count, 0)}%)`,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: quantile(times, 1),
    healthP50: quantile(phase.health, 0.5),
    healthP99: quantile(phase.health, 0.99),
    rss: Math.max(...phase.rss),
    rssMedian: quantile(phase.rss, 0.5),
    cpu: phase.cpu,
  };
}

const describe = (limits: Partial<LinkLimits>) => {
  const all = { ...defaultLimits, ...limits };
  return (
    `${all.maxConnections} in all, ${all.maxConnectionsPerNetwork} per network, ` +
    `${all.maxConnectionsPerAddress} per address; ${all.handshakeDeadlineMs / 1000} s to log in, ` +
    `${all.deadlineMs / 1000} s in all; a full cap ${all.evict ? "makes room" : "refuses"}`
  );
};

console.log(
  `link endpoint under siege: ${addresses} attacking addresses (${perNetwork} per /24), ` +
    `${honestCount} honest logins one every ${everyMs} ms (idle: ${baselineCount}); goal: ` +
    `≥ ${GOAL.share * 100}% within ${GOAL.withinMs / 1000} s, RSS ≤ +${GOAL.rssMb} MB, /health p99 < ${GOAL.healthP99Ms} ms`,
);
let met = false;
try {
  for (const name of variants) {
    const outcome = await run(name);
    const idle = figures(outcome.idle);
    const siege = figures(outcome.siege);
    const ms = (value: number) => `${fixed(value, 0)} ms`;
    const ratio = (a: number, b: number) => `${fixed(a / b, 1)}×`;
    console.log(`\n${name}: ${describe(variant(name))}`);
    console.log(
      table(
        [
          ["", "idle", "siege", "siege ÷ idle"],
          ["honest logins with their code within 5 s", idle.within, siege.within, ""],
          [
            "login p50 / p95",
            `${ms(idle.p50)} / ${ms(idle.p95)}`,
            `${ms(siege.p50)} / ${ms(siege.p95)}`,
            `${ratio(siege.p50, idle.p50)} / ${ratio(siege.p95, idle.p95)}`,
          ],
          ["login max", ms(idle.max), ms(siege.max), ratio(siege.max, idle.max)],
          [
            "/health p50 / p99",
            `${ms(idle.healthP50)} / ${ms(idle.healthP99)}`,
            `${ms(siege.healthP50)} / ${ms(siege.healthP99)}`,
            `${ratio(siege.healthP50, idle.healthP50)} / ${ratio(siege.healthP99, idle.healthP99)}`,
          ],
          [
            "service RSS (largest)",
            `${fixed(mb(idle.rss))} MB`,
            `${fixed(mb(siege.rss))} MB`,
            `+${fixed(mb(siege.rss - idle.rss))} MB`,
          ],
          [
            "service RSS (median)",
            `${fixed(mb(idle.rssMedian))} MB`,
            `${fixed(mb(siege.rssMedian))} MB`,
            `+${fixed(mb(siege.rssMedian - idle.rssMedian))} MB`,
          ],
          [
            "service CPU (of one core)",
            `${fixed(100 * idle.cpu, 0)}%`,
            `${fixed(100 * siege.cpu, 0)}%`,
            ratio(siege.cpu, idle.cpu),
          ],
        ],
        "  ",
      ),
    );
    const failures = outcome.siege.logins.filter((login) => !proven(login));
    const reasons = new Map<string, number>();
    for (const login of failures) {
      const reason = (login.error ?? login.text ?? "").split("\n")[0] as string;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    if (reasons.size > 0) console.log(`  honest logins lost: ${JSON.stringify(Object.fromEntries(reasons))}`);
    const { attack, counters } = outcome;
    if (attack) {
      console.log(
        `  attack at the end: ${attack.open} open (idle ${attack.byKind.idle.open}, drip ${attack.byKind.drip.open}, ` +
          `held logins ${attack.byKind.login.open}); ${attack.opened} opened, ${attack.cut} cut (${attack.cutAtOnce} within 200 ms); ` +
          `the attacker's CPU ${fixed(100 * outcome.attackCpu, 0)}% of one core`,
      );
    }
    if (counters) {
      const refused = Object.entries(counters.refused).filter(([, n]) => n > 0);
      console.log(
        `  endpoint: ${counters.open} open, ${counters.proven} proven; ${JSON.stringify(Object.fromEntries(refused))}`,
      );
    }
    met =
      within(outcome.siege) >= GOAL.share * honestCount &&
      siege.healthP99 < GOAL.healthP99Ms &&
      mb(siege.rss - idle.rss) <= GOAL.rssMb;
    console.log(`  goal ${met ? "met" : "missed"}`);
  }
} finally {
  await mojang.stop();
}
if (!met) process.exitCode = 1;
