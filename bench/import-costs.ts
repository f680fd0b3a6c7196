/**
 * What each module costs a start (issue 38: load what a start does not need when it is first needed): for each
 * module of bench/import-costs/program.ts (not src/main.ts: importing it runs the CLI), a fresh process imports it
 * alone and prints the time the import took and how much its RSS grew; the median of `--runs` processes per module.
 * By default the program is compiled as the service is (.ci/compile.ts, BUILD_FLAGS: bytecode, each module a chunk
 * read only when imported), which is what a user's start pays; `--source` runs it with `bun` from source, where
 * transpiling weighs on every figure. A module's figure includes everything it imports, so the libraries come
 * first, then the service's layers from the bottom up: the difference between a layer and the libraries it imports
 * is its own. Baseline: the program importing nothing, in the same run.
 *
 *   bun bench/import-costs.ts [--runs 5] [--source]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compile, currentCommit } from "../.ci/compile.ts";
import { MODULES } from "./import-costs/program.ts";
import { baseEnv, fixed, median, table } from "./lib.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, source: { type: "boolean", default: false } },
});
const RUNS = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const PROGRAM = join(import.meta.dir, "import-costs", "program.ts");

/** One fresh process of `command` importing `module`: the import's milliseconds and the RSS it added, in MiB. */
async function cost(command: string[], module: string): Promise<{ ms: number; mib: number }> {
  const child = Bun.spawn([...command, module], {
    cwd: ROOT,
    env: baseEnv(),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  await child.exited;
  const line = out.trim().split("\n").at(-1) ?? "";
  if (!line.startsWith("{")) throw new Error(`import ${module}: ${err.trim() || out.trim()}`);
  return JSON.parse(line);
}

const dir = mkdtempSync(join(tmpdir(), "wls-import-costs-"));
try {
  let command = [process.execPath, PROGRAM];
  if (!values.source) {
    const outfile = join(dir, "program");
    await compile({ target: "host", outfile, commit: currentCommit(), entry: PROGRAM });
    command = [outfile];
  }
  const rows = [["module", "import ms (median)", "RSS + MiB (median)"]];
  const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  for (const module of Object.keys(MODULES)) {
    const runs: { ms: number; mib: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await cost(command, module));
    rows.push([module, fixed(median(runs.map((run) => run.ms))), fixed(median(runs.map((run) => run.mib)))]);
  }
  const how = values.source ? "from source" : "compiled as the service is";
  console.log(`${RUNS} fresh processes per module, ${how}; load ${load}\n`);
  console.log(table(rows));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
