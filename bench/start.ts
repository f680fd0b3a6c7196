/**
 * Start and memory (issue 38): `serve` with its bot, on an empty database, against the least a Discord bot with a
 * health check can be (bench/start/baseline.ts: discord.js's Client logged in and a `Bun.serve`), both compiled
 * with the same `bun build` flags (.ci/compile.ts, BUILD_FLAGS) and logged in to the same sandbox Discord
 * (bench/soak/sandbox.ts, a process of its own). Each round starts every program once, in an order that turns
 * round by round, each in a fresh empty directory on a loopback port found free just before; per program it
 * prints the medians of
 * - exec → `/health` 200 (probed every 2 ms from the spawn on),
 * - exec → the bot ready (the service's "whitelist-sync started" line, which follows its bot's READY; the
 *   baseline's `ready`),
 * - the CPU time (user + system, every thread) the program had used by then, which a busy machine moves less than
 *   the clock,
 * - the RSS after the bot is ready and `--idle` seconds of idling, and of it the anonymous memory (the heaps, the
 *   code compiled; the rest is the executable's and the libraries' pages),
 * and their ratios to the baseline's. Each start reads its executable from the disk (its pages dropped from the page
 * cache first, start/page-cache.ts), so no program is measured with more of itself cached than another. Goal: start ≤ 1.2×, idle RSS ≤ 1.15×. With `--stages`, also the stages of the
 * service's start (src/shared/start-stages.ts, WLS_START_STAGES=1: exec → main → configuration → the server's
 * modules → store opened → migrated → store ready → services built → listening → discord.js → the bot's modules),
 * the medians of the milliseconds since exec and of the RSS at each, for each program that reports them (an
 * executable built before them reports none). Writing them costs the service some 0.4 MiB of RSS: compare RSS in runs without it.
 *
 *   bun bench/start.ts [--runs 5] [--idle 3] [--stages] [--binary path] [--before path [--before-flags="…"]]
 *
 * `--binary`: the service's executable (default: the work tree, built into a temp directory for this run);
 * `--before`: another one run in the same rounds (e.g. main's, from `bun run build` in its checkout), to compare
 * before and after in one sitting; `--before-flags`: the `bun build` flags it was built with, when they are not
 * today's (a second baseline is built with them, and `before` is compared with that one).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import { lineOf, recordBytecodeOrder, sandboxDiscord, serviceStarted } from "../.ci/bytecode-order.ts";
import { BUILD_FLAGS, compile, currentCommit } from "../.ci/compile.ts";
import { baseEnv, cpuMs, fixed, median, table, withTimeout } from "./lib.ts";
import { dropFromPageCache } from "./start/page-cache.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    idle: { type: "string", default: "3" },
    stages: { type: "boolean", default: false },
    binary: { type: "string" },
    before: { type: "string" },
    "before-flags": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const IDLE_MS = Number(values.idle) * 1000;
const START_TIMEOUT_MS = 30_000;
const HERE = join(import.meta.dir, "start");

/** One program measured: how to tell it is ready, and which baseline it is compared with. */
type Program = { name: string; binary: string; readyLine: (line: string) => boolean; baselines?: string[] };
type Run = {
  healthMs: number;
  readyMs: number;
  /** CPU time (user + system, every thread) from exec to the bot ready: steadier than the clock on a busy machine. */
  cpuMs: number;
  rssMiB: number;
  /** Of the RSS, the anonymous memory: the heaps and the compiled code, not the executable's pages. */
  anonMiB: number;
  stages: Stage[];
  order: Order | null;
};
/** The figures of a run, by name. */
type Figure = Exclude<keyof Run, "stages" | "order">;
/** What a start loaded of its bytecode, by the part of it the build's profile placed it in (start-stages.ts). */
type Order = { hot: number; cold: number; unknown: number };
/** A stage of a start as the program reported it: milliseconds since it started, and its RSS then. */
type Stage = { name: string; ms: number; rssMiB: number };

const dir = mkdtempSync(join(tmpdir(), "wls-start-"));
const running = new Set<Subprocess>();
let stopSandbox = () => {};
const cleanUp = () => {
  for (const child of running) child.kill("SIGKILL");
  stopSandbox();
  rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

/** A loopback port free a moment ago (the programs listen on it; PORT=0 would hide it until they log it). */
function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** The process's resident memory, all of it and the anonymous part, in MiB (/proc/<pid>/status). */
function residentMiB(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    if (!match?.[1]) throw new Error(`no ${name} in /proc/${pid}/status`);
    return Number(match[1]) / 1024;
  };
  return { rss: field("VmRSS"), anon: field("RssAnon") };
}

/** Resolves with the time `/health` first answered 200, probing every 2 ms. */
async function healthAt(url: string, exited: Promise<number>): Promise<number> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (!gone) {
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(2);
  }
  throw new Error("exited before /health answered");
}

/** Resolves with the time a line of stdout matched (the rest of it is read and dropped). */
const lineAt = (child: Subprocess<"ignore", "pipe", "pipe">, matches: (line: string) => boolean) =>
  lineOf(child.stdout, matches).then(() => performance.now());

async function measure(program: Program, env: Record<string, string>, round: number): Promise<Run> {
  const cwd = join(dir, `${program.name}-${round}`);
  mkdirSync(cwd);
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  // Every start reads its executable from the disk, as the first after a boot: what the page cache held of one
  // executable and not of another moved their RSS by megabytes (start/page-cache.ts).
  dropFromPageCache(program.binary);
  const spawned = performance.now();
  const child = Bun.spawn([program.binary, "serve"], {
    cwd,
    env: { ...baseEnv(), HOME: cwd, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(child);
  const stderr = new Response(child.stderr).text();
  let run: Run;
  try {
    const [health, ready] = await withTimeout(
      Promise.all([healthAt(url, child.exited), lineAt(child, program.readyLine)]),
      START_TIMEOUT_MS,
      `${program.name} did not start within ${START_TIMEOUT_MS} ms`,
    );
    const cpu = cpuMs([child.pid]);
    await Bun.sleep(IDLE_MS);
    const resident = residentMiB(child.pid);
    run = {
      healthMs: health - spawned,
      readyMs: ready - spawned,
      cpuMs: cpu,
      rssMiB: resident.rss,
      anonMiB: resident.anon,
      stages: [],
      order: null,
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${program.name}: ${(error as Error).message}\n${await stderr}`);
  } finally {
    child.kill("SIGTERM");
    const exited = await Promise.race([child.exited, Bun.sleep(10_000).then(() => null)]);
    if (exited === null) child.kill("SIGKILL");
    await child.exited;
    running.delete(child);
  }
  const reported = await stderr;
  return { ...run, stages: stagesOf(reported), order: orderOf(reported) };
}

/** The bytecode a start loaded, by part, as it reported it (a `start-bytecode-order <JSON>` line); null: no profile. */
function orderOf(stderr: string): Order | null {
  const line = /^start-bytecode-order (.+)$/m.exec(stderr)?.[1];
  return line ? (JSON.parse(line) as Order | null) : null;
}

/** The stages a start reported on standard error (`start-stage <name> <ms> <MiB>` lines). */
function stagesOf(stderr: string): Stage[] {
  return [...stderr.matchAll(/^start-stage (.+) (\S+) (\S+)$/gm)].map(([, name, ms, mib]) => ({
    name: name as string,
    ms: Number(ms),
    rssMiB: Number(mib),
  }));
}

/** Per program that reported its stages, the median milliseconds since exec and RSS at each, in the start's order. */
function stagesTable(programs: Program[], runs: Map<string, Run[]>): string {
  const rows = [["program", "stage", "ms since exec", "+ ms", "RSS MiB", "+ MiB"]];
  for (const program of programs) {
    const list = runs.get(program.name) ?? [];
    const names = list[0]?.stages.map((stage) => stage.name) ?? [];
    let last = { ms: 0, rssMiB: 0 };
    for (const name of names) {
      const at = (key: "ms" | "rssMiB") =>
        median(
          list.flatMap((run) => run.stages.filter((stage) => stage.name === name).map((stage) => stage[key])),
        );
      const now = { ms: at("ms"), rssMiB: at("rssMiB") };
      rows.push([
        program.name,
        name,
        fixed(now.ms, 0),
        fixed(now.ms - last.ms, 0),
        fixed(now.rssMiB),
        fixed(now.rssMiB - last.rssMiB),
      ]);
      last = now;
    }
    if (names.length > 0) {
      const health = median(list.map((run) => run.healthMs));
      rows.push([
        program.name,
        "/health 200 (from the spawn)",
        fixed(health, 0),
        fixed(health - last.ms, 0),
        "",
        "",
      ]);
    }
  }
  const loaded = programs.flatMap((program) => {
    const orders = (runs.get(program.name) ?? []).flatMap((run) => (run.order ? [run.order] : []));
    const part = (key: keyof Order) => fixed(median(orders.map((order) => order[key])), 0);
    return orders.length === 0
      ? []
      : [
          `${program.name}: ${part("hot")} profiled, ${part("cold")} not, ${part("unknown")} unknown to the profile`,
        ];
  });
  const layout =
    loaded.length > 0 ? `\nfunctions a start loaded, by its profile (medians)\n${loaded.join("\n")}` : "";
  return rows.length > 1
    ? `stages of a start (medians)\n${table(rows)}${layout}`
    : "no program reported its stages";
}

async function build(
  name: string,
  options: { entry?: string; flags?: string[]; bytecodeOrder?: string } = {},
): Promise<string> {
  const outfile = join(dir, name);
  await compile({ target: "host", outfile, commit: currentCommit(), ...options });
  return outfile;
}

try {
  console.log(`building the baseline and the service with the same flags (${BUILD_FLAGS.join(" ")}) ...`);
  const entry = join(HERE, "baseline.ts");
  const baseline = await build("baseline", { entry });
  const service = values.binary ? resolve(values.binary) : await build("whitelist-sync");
  const ready = (line: string) => line === "ready";
  const beforeFlags = values["before-flags"]?.split(/\s+/).filter(Boolean);

  const sandbox = await sandboxDiscord();
  stopSandbox = sandbox.stop;
  // The baseline's own profile, recorded as the service's is (a start, /health, ready): the service's build has
  // one, so the baseline is also measured with one, and each service against both.
  console.log("recording the baseline's bytecode-order profile ...");
  const order = join(dir, "baseline.order");
  await recordBytecodeOrder({ binary: baseline, out: order, env: sandbox.env, ready, paths: ["/health"] });
  const orderedBaseline = await build("baseline-ordered", { entry, bytecodeOrder: order });
  const baselines = ["baseline", "baseline-ordered"];
  const programs: Program[] = [
    { name: "baseline", binary: baseline, readyLine: ready },
    { name: "baseline-ordered", binary: orderedBaseline, readyLine: ready },
    { name: "whitelist-sync", binary: service, readyLine: serviceStarted, baselines },
  ];
  if (values.before) {
    const differs = beforeFlags && beforeFlags.join(" ") !== BUILD_FLAGS.join(" ");
    if (differs) {
      const binary = await build("baseline-before", { entry, flags: beforeFlags });
      programs.push({ name: "baseline-before", binary, readyLine: ready });
    }
    programs.push({
      name: "before",
      binary: resolve(values.before),
      readyLine: serviceStarted,
      baselines: differs ? ["baseline-before"] : baselines,
    });
  }

  const env = {
    ...sandbox.env,
    LOG_LEVEL: "info",
    ...(values.stages ? { WLS_START_STAGES: "1" } : {}),
  };
  const loadBefore = loadavg();
  const runs = new Map<string, Run[]>(programs.map((program) => [program.name, []]));
  for (let round = 0; round < RUNS; round++) {
    // The order turns each round, and runs backwards every other round: turned alone, each program followed the
    // same one in every round but one (the `--binary` service, always after `baseline-ordered`, was the slower of
    // the two services in 4 sittings of 5, whichever binary it was).
    const turned = programs.map((_, i) => programs[(i + round) % programs.length] as Program);
    const order = round % 2 === 1 ? turned.reverse() : turned;
    for (const program of order) {
      runs.get(program.name)?.push(await measure(program, env, round));
    }
    process.stdout.write(`round ${round + 1}/${RUNS} done\n`);
  }
  sandbox.stop();
  const loadAfter = loadavg();

  const med = (list: Run[], key: Figure) => median(list.map((run) => run[key]));
  const range = (list: Run[], key: Figure) =>
    `${fixed(Math.min(...list.map((run) => run[key])), 0)}-${fixed(Math.max(...list.map((run) => run[key])), 0)}`;
  const rows = [
    [
      "program",
      "exec → /health ms",
      "(range)",
      "exec → bot ready ms",
      "CPU ms",
      "idle RSS MiB",
      "(range)",
      "of it anon",
    ],
    ...programs.map((program) => {
      const list = runs.get(program.name) as Run[];
      return [
        program.name,
        fixed(med(list, "healthMs"), 0),
        range(list, "healthMs"),
        fixed(med(list, "readyMs"), 0),
        fixed(med(list, "cpuMs"), 0),
        fixed(med(list, "rssMiB"), 1),
        range(list, "rssMiB"),
        fixed(med(list, "anonMiB"), 1),
      ];
    }),
  ];
  const load = (values_: number[]) => values_.map((value) => value.toFixed(1)).join(" ");
  console.log(
    `\n${RUNS} starts each, alternated; ${IDLE_MS / 1000} s idle before the RSS; ` +
      `load ${load(loadBefore)} before, ${load(loadAfter)} after\n`,
  );
  console.log(table(rows));
  console.log("");
  for (const program of programs) {
    for (const name of program.baselines ?? []) {
      const list = runs.get(program.name) as Run[];
      const base = runs.get(name) as Run[];
      const ratio = (key: Figure) => fixed(med(list, key) / med(base, key), 2);
      console.log(
        `${program.name} / ${name}: exec → /health ${ratio("healthMs")}× (goal ≤ 1.2), ` +
          `bot ready ${ratio("readyMs")}× (CPU ${ratio("cpuMs")}×), idle RSS ${ratio("rssMiB")}× (goal ≤ 1.15)`,
      );
    }
  }
  if (values.stages) console.log(`\n${stagesTable(programs, runs)}`);
} finally {
  cleanUp();
}
