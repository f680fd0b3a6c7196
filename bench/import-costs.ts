/**
 * What each module costs a start (issue 38: load what a start does not need when it is first needed): for each
 * module below (not src/main.ts: importing it runs the CLI), a fresh `bun` process imports it alone and prints the time the import took and how much its RSS
 * grew; the median of `--runs` processes per module. A module's figure includes everything it imports, so the
 * libraries come first, then the service's layers from the bottom up: the difference between a layer and the
 * libraries it imports is its own. Baseline: a process that imports nothing, in the same run.
 *
 *   bun bench/import-costs.ts [--runs 5]
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { baseEnv, fixed, median, table } from "./lib.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
const ROOT = join(import.meta.dir, "..");

const MODULES = [
  "(nothing)",
  "discord.js",
  "elysia",
  "drizzle-orm",
  "@sinclair/typebox",
  "./src/i18n/messages.ts",
  "./src/config.ts",
  "./src/db/client.ts",
  "./src/services.ts",
  "./src/api/app.ts",
  "./src/bot/client.ts",
  "./src/server.ts",
];

/** One fresh process importing `module`: the import's milliseconds and the RSS it added, in MiB. */
async function cost(module: string): Promise<{ ms: number; mib: number }> {
  const script = `
    const before = process.memoryUsage.rss();
    const started = performance.now();
    ${module === "(nothing)" ? "" : `await import(${JSON.stringify(module)});`}
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, mib: (process.memoryUsage.rss() - before) / 1048576 }));
    process.exit(0);`;
  const child = Bun.spawn([process.execPath, "-e", script], {
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

const rows = [["module", "import ms (median)", "RSS + MiB (median)"]];
const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
for (const module of MODULES) {
  const runs: { ms: number; mib: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await cost(module));
  rows.push([module, fixed(median(runs.map((run) => run.ms))), fixed(median(runs.map((run) => run.mib)))]);
}
console.log(`${RUNS} fresh processes per module; load ${load}\n`);
console.log(table(rows));
