/**
 * Where an idle start's RSS is (issue 38; docs/performance.md, Start and memory): starts each program as `serve`
 * against the sandbox Discord (a process of its own, as bench/start.ts does), waits for its ready line and `--idle`
 * seconds, then splits its resident memory: the executable's pages present in its page tables
 * (/proc/<pid>/pagemap's present bit) by ELF section (`readelf -S -W`: Bun's code is `.text`, its read-only data
 * with ICU's `.rodata`, the program's bytecode `.bun`), the anonymous memory (the heaps, JIT code), the rest of its
 * mappings. Medians of `--runs` starts, the programs alternated. Not a bench of speed: a probe of what a start
 * touches, to compare one program with another (the service with the baseline, or with a variant of itself).
 *
 *   bun bench/start/pages.ts [--runs 3] [--idle 3] [--no-bot] [--env '{"NAME":"value"}'] <program> [<program> ...]
 *
 * A program is an executable, `baseline` (bench/start/baseline.ts) or a `.ts` entry point, the last two compiled
 * with the service's flags (.ci/compile.ts, BUILD_FLAGS). `--no-bot`: DISCORD_TOKEN empty (the service without its
 * bot); `--env`: more environment for every program (e.g. a JavaScriptCore option, `BUN_JSC_useDFGJIT`). Linux
 * only; the executable must not be position-independent (Bun's is not): its sections' addresses are the process's.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { lineOf, sandboxDiscord, serviceStarted } from "../../.ci/bytecode-order.ts";
import { compile, currentCommit } from "../../.ci/compile.ts";
import { baseEnv, fixed, median, table } from "../lib.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    idle: { type: "string", default: "3" },
    "no-bot": { type: "boolean", default: false },
    env: { type: "string", default: "{}" },
  },
});
const PAGE = 4096n;
const START_TIMEOUT_MS = 30_000;
const dir = mkdtempSync(join(tmpdir(), "wls-pages-"));

/** A section the executable loads, by its address in the process. */
type Section = { name: string; start: bigint; end: bigint };
/** Resident KiB by what holds them. */
type Split = Map<string, number>;

/** The executable's sections that are loaded (their address is not 0), from `readelf -S -W`. */
function sectionsOf(binary: string): Section[] {
  const out = Bun.spawnSync(["readelf", "-S", "-W", binary]).stdout.toString();
  const list: Section[] = [];
  for (const line of out.split("\n")) {
    // `[Nr] Name Type Address Off Size …`; a name may hold a comma (`__DATA,__jsc_opcodes`), never a space.
    const match = /\]\s+(\S+)\s+\S+\s+([0-9a-f]{16})\s+[0-9a-f]+\s+([0-9a-f]+)/.exec(line);
    if (!match) continue;
    const start = BigInt(`0x${match[2]}`);
    if (start === 0n) continue;
    list.push({ name: match[1] as string, start, end: start + BigInt(`0x${match[3]}`) });
  }
  return list;
}

/** Resident KiB of `pid`: each section of `binary` (by pagemap), `anonymous`, `[stack]` and the like, other files. */
function splitOf(pid: number, binary: string, sections: Section[]): Split {
  const split: Split = new Map();
  const add = (kind: string, kib: number) => split.set(kind, (split.get(kind) ?? 0) + kib);
  const pagemap = openSync(`/proc/${pid}/pagemap`, "r");
  const entry = Buffer.alloc(8);
  let mapping: { start: bigint; end: bigint; path: string } | undefined;
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) {
        mapping = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), path: head[3] ?? "" };
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (!rss || !mapping || rss[1] === "0") continue;
      if (mapping.path !== binary) {
        const kind =
          mapping.path === "" ? "anonymous" : mapping.path.startsWith("[") ? mapping.path : "other files";
        add(kind, Number(rss[1]));
        continue;
      }
      for (let page = mapping.start; page < mapping.end; page += PAGE) {
        readSync(pagemap, entry, 0, 8, Number((page / PAGE) * 8n));
        if (entry.readBigUInt64LE(0) >> 63n === 0n) continue; // not present
        const section = sections.find((s) => page + PAGE > s.start && page < s.end);
        add(`executable ${section?.name ?? "(between sections)"}`, Number(PAGE) / 1024);
      }
    }
  } finally {
    closeSync(pagemap);
  }
  return split;
}

/** One start of `binary`: its split once it is ready and has idled. */
async function probe(binary: string, sections: Section[], env: Record<string, string>): Promise<Split> {
  const cwd = mkdtempSync(join(dir, "run-"));
  mkdirSync(cwd, { recursive: true });
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  const child = Bun.spawn([binary, "serve"], {
    cwd,
    env: { ...baseEnv(), HOME: cwd, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
  });
  try {
    const ready = lineOf(child.stdout, (line) => line === "ready" || serviceStarted(line));
    const late = Bun.sleep(START_TIMEOUT_MS).then(() => {
      throw new Error(`${binary} did not start within ${START_TIMEOUT_MS} ms`);
    });
    await Promise.race([ready, late]);
    await Bun.sleep(Number(values.idle) * 1000);
    return splitOf(child.pid, binary, sections);
  } finally {
    child.kill("SIGKILL");
    await child.exited;
  }
}

/** The executable of a program as given: built when it is `baseline` or a `.ts` entry point. */
async function executableOf(given: string, index: number): Promise<string> {
  if (given !== "baseline" && !given.endsWith(".ts")) return resolve(given);
  const outfile = join(dir, `program-${index}`);
  const entry = given === "baseline" ? join(import.meta.dir, "baseline.ts") : resolve(given);
  await compile({ target: "host", outfile, commit: currentCommit(), entry });
  return outfile;
}

let stopSandbox = () => {};
try {
  if (positionals.length === 0) throw new Error("name at least one program (see the header comment)");
  const binaries = await Promise.all(positionals.map(executableOf));
  const sections = binaries.map(sectionsOf);
  const sandbox = await sandboxDiscord();
  stopSandbox = sandbox.stop;
  const env = {
    ...sandbox.env,
    ...(values["no-bot"] ? { DISCORD_TOKEN: "" } : {}),
    ...(JSON.parse(values.env) as Record<string, string>),
  };
  const splits = binaries.map((): Split[] => []);
  for (let round = 0; round < Number(values.runs); round++) {
    // Each round in the other order, so no program always follows the same one.
    const order = binaries.map((_, i) => (round % 2 === 0 ? i : binaries.length - 1 - i));
    for (const i of order) {
      splits[i]?.push(await probe(binaries[i] as string, sections[i] as Section[], env));
    }
  }
  const kinds = [...new Set(splits.flatMap((list) => list.flatMap((split) => [...split.keys()])))].sort();
  const mib = (list: Split[], of: (split: Split) => number) => fixed(median(list.map(of)) / 1024, 2);
  const sum = (split: Split) => [...split.values()].reduce((a, b) => a + b, 0);
  const rows = kinds
    .map((kind) => [kind, ...splits.map((list) => mib(list, (split) => split.get(kind) ?? 0))])
    .filter((row) => row.slice(1).some((cell) => cell !== "0.00"));
  console.log(`resident MiB, medians of ${values.runs} starts each, ${values.idle} s after ready\n`);
  console.log(table([["", ...positionals], ...rows, ["total", ...splits.map((list) => mib(list, sum))]]));
} finally {
  stopSandbox();
  rmSync(dir, { recursive: true, force: true });
}
