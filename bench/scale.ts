/**
 * How the cost of a change grows with a whitelist (issue: 100,000 entries, 1,000 whitelists, one small machine).
 * For 1,000 / 10,000 / 100,000 entries in one whitelist, and 1,000 whitelists of 100: seeding time, the first
 * read of each format, a DELETE followed by a fresh read of all four formats (median and p99 over 50 changes),
 * DELETE latency, and the service's RSS after the load and after Bun.gc(true). Runs the real service
 * (bench/scale/serve.ts) on loopback over a real SQLite file; prints a table and the targets.
 *
 * "4 reads cpu" is the service's own CPU time (from /proc) for the four reads: what sending the bytes costs the
 * service, apart from the client receiving them in this process.
 *
 *   bun bench/scale.ts            (about two minutes)
 *   bun bench/scale.ts 100000 [--seed-file /tmp/wls-100k.db] [--checkout ../main]
 *
 * The argument runs the scenarios whose count it names (`100000` or `100,000`). `--seed-file` keeps the seeded
 * database of a one-whitelist scenario in that file (seeded when missing) and runs each time on a copy of it, so
 * runs alternated between checkouts skip the minute of seeding. `--checkout <dir>` serves with that checkout's
 * `bench/scale/serve.ts` (the code before a change) against this one's seeding and measurements.
 */

import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { seedLargeWhitelist } from "./large-whitelist.ts";
import { fixed, quantile, table } from "./lib.ts";

const FORMATS = ["json", "vanilla", "plain", "easywhitelist"] as const;
const CHANGES = 50;
const WARMUP = 5;
const GUILD = "1161034120542384128";
const { values: options, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { "seed-file": { type: "string" }, checkout: { type: "string" } },
  allowPositionals: true,
});
const SERVE = join(
  options.checkout ? resolve(options.checkout, "bench") : import.meta.dir,
  "scale",
  "serve.ts",
);
const USER = "300000000000000001";

type Result = {
  scenario: string;
  seedS: number;
  firstReadMs: Record<string, number>;
  changeReadMedianMs: number;
  changeReadP99Ms: number;
  deleteP50Ms: number;
  deleteP99Ms: number;
  /** The four reads alone with nothing changed: what the transfer of the bytes costs. */
  readsMedianMs: number;
  /** The service's own CPU time for the four reads (their median). */
  readsCpuMs: number;
  rssLoadMb: number;
  rssGcMb: number;
};

/** Seeds `whitelists` whitelists of `perWhitelist` entries through the services (as an import does). */
async function seed(path: string, whitelists: number, perWhitelist: number) {
  const services = openServices({ path, clock: systemClock, logger: silentLogger });
  const ids: string[] = [];
  const started = performance.now();
  for (let w = 0; w < whitelists; w++) {
    const whitelist = await seedLargeWhitelist(services, {
      guildId: GUILD,
      userId: USER,
      name: `wl-${w}`,
      entries: perWhitelist,
      prefix: `p${w}_`,
    });
    ids.push(whitelist.id);
  }
  const seedS = (performance.now() - started) / 1000;
  const { plaintext } = await services.keys.create({
    guildId: GUILD,
    name: "bench",
    whitelistId: null,
    createdBy: USER,
  });
  closeDatabase(services.db);
  return { ids, key: plaintext, seedS };
}

/**
 * `seed`, or with `--seed-file` (one whitelist only) a copy of the file seeded the first time: its whitelist id
 * and key are kept beside it.
 */
async function seededOnce(path: string, whitelists: number, perWhitelist: number) {
  const file = options["seed-file"];
  if (!file || whitelists !== 1) return seed(path, whitelists, perWhitelist);
  const saved = `${file}.json`;
  if (!existsSync(saved)) {
    const seeded = await seed(file, whitelists, perWhitelist);
    await Bun.write(saved, JSON.stringify({ ...seeded, perWhitelist }));
  }
  const seeded = JSON.parse(readFileSync(saved, "utf8")) as Awaited<ReturnType<typeof seed>> & {
    perWhitelist: number;
  };
  if (seeded.perWhitelist !== perWhitelist) throw new Error(`${file} holds ${seeded.perWhitelist} entries`);
  copyFileSync(file, path);
  return seeded;
}

async function startServer(path: string) {
  const child = Bun.spawn([process.execPath, SERVE], {
    env: {
      ...process.env,
      DATABASE_PATH: path,
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
    },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const nextLine = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const newline = buffered.indexOf("\n");
      if (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        return JSON.parse(line);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the service exited");
      buffered += decoder.decode(value);
    }
  };
  const { url } = (await nextLine()) as { url: string };
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  // utime + stime, in clock ticks of 10 ms.
  const cpuMs = () => {
    const fields = (readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return {
    url,
    rss,
    cpuMs,
    async gcRss(): Promise<number> {
      child.stdin.write("gc\n");
      child.stdin.flush();
      return Number(((await nextLine()) as { rss: number }).rss);
    },
    async stop() {
      child.stdin.end();
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function scenario(name: string, whitelists: number, perWhitelist: number): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), "wls-scale-"));
  try {
    const path = join(dir, "scale.db");
    const { ids, key, seedS } = await seededOnce(path, whitelists, perWhitelist);
    const server = await startServer(path);
    const headers = { authorization: `Bearer ${key}` };
    const read = async (id: string, format: string) => {
      const query = format === "json" ? "" : `?format=${format}`;
      const response = await fetch(`${server.url}/api/v1/whitelists/${id}/entries${query}`, {
        headers,
      });
      if (response.status !== 200) throw new Error(`GET ${format}: ${response.status}`);
      await response.arrayBuffer();
    };
    try {
      const first = ids[0] as string;
      const firstReadMs: Record<string, number> = {};
      for (const format of FORMATS) firstReadMs[format] = (await timed(() => read(first, format))).ms;
      // Every other whitelist read once (the 1,000-whitelist case: what the cache holds with its budget).
      for (const id of ids.slice(1)) for (const format of FORMATS) await read(id, format);
      const changeRead: number[] = [];
      const deletes: number[] = [];
      // The first changes after start compile the DELETE path (JIT, prepared statements): WARMUP of them are not
      // counted, so the figures are the steady state's.
      for (let i = 0; i < CHANGES + WARMUP; i++) {
        if (i === WARMUP) {
          changeRead.length = 0;
          deletes.length = 0;
        }
        const nick = `p0_${((i * 7) % perWhitelist).toString(36)}`;
        const started = performance.now();
        const removal = await timed(() =>
          fetch(`${server.url}/api/v1/whitelists/${first}/entries/${nick}`, {
            method: "DELETE",
            headers,
          }).then(async (response) => {
            if (response.status !== 200) throw new Error(`DELETE ${nick}: ${response.status}`);
            await response.arrayBuffer();
          }),
        );
        deletes.push(removal.ms);
        for (const format of FORMATS) await read(first, format);
        changeRead.push(performance.now() - started);
      }
      if (process.env.BENCH_VERBOSE)
        console.error("DELETE ms:", deletes.map((ms) => ms.toFixed(1)).join(" "));
      const reads: number[] = [];
      const readsCpu: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const cpuBefore = server.cpuMs();
        for (const format of FORMATS) await read(first, format);
        reads.push(performance.now() - started);
        readsCpu.push(server.cpuMs() - cpuBefore);
      }
      const rssLoad = server.rss();
      const rssGc = await server.gcRss();
      return {
        scenario: name,
        seedS,
        firstReadMs,
        changeReadMedianMs: quantile(changeRead, 0.5),
        changeReadP99Ms: quantile(changeRead, 0.99),
        deleteP50Ms: quantile(deletes, 0.5),
        deleteP99Ms: quantile(deletes, 0.99),
        readsMedianMs: quantile(reads, 0.5),
        readsCpuMs: quantile(readsCpu, 0.5),
        rssLoadMb: rssLoad / 1024 / 1024,
        rssGcMb: rssGc / 1024 / 1024,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor under a DELETE's latency: one small write transaction committed on this disk, as the store commits. */
function commitBaseline(): { p50: number; p99: number } {
  const dir = mkdtempSync(join(tmpdir(), "wls-commit-"));
  try {
    const sqlite = new Database(join(dir, "commit.db"));
    sqlite.run("PRAGMA journal_mode = WAL");
    sqlite.run("PRAGMA synchronous = FULL");
    sqlite.run("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const insert = sqlite.prepare("INSERT INTO t (v) VALUES (?)");
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      sqlite.transaction(() => insert.run(`row ${i}`))();
      times.push(performance.now() - started);
    }
    sqlite.close();
    return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const baseline = commitBaseline();
const results: Result[] = [];
for (const [name, whitelists, perWhitelist] of [
  ["1,000 entries", 1, 1_000],
  ["10,000 entries", 1, 10_000],
  ["100,000 entries", 1, 100_000],
  ["1,000 wl × 100", 1_000, 100],
] as const) {
  // `bun bench/scale.ts 100000` (or 100,000) runs the scenarios whose name starts so.
  const only = positionals[0]?.replaceAll(",", "");
  if (only && !name.replaceAll(",", "").startsWith(only)) continue;
  results.push(await scenario(name, whitelists, perWhitelist));
  console.error(`done: ${name}`);
}

const ms = (value: number) => `${fixed(value)} ms`;
console.log(
  table([
    [
      "scenario",
      "seed s",
      ...FORMATS.map((f) => `1st ${f}`),
      "chg+4 p50",
      "chg+4 p99",
      "4 reads",
      "4 reads cpu",
      "DEL p50",
      "DEL p99",
      "RSS MB",
      "gc MB",
    ],
    ...results.map((r) => [
      r.scenario,
      fixed(r.seedS),
      ...FORMATS.map((f) => ms(r.firstReadMs[f] ?? 0)),
      ms(r.changeReadMedianMs),
      ms(r.changeReadP99Ms),
      ms(r.readsMedianMs),
      ms(r.readsCpuMs),
      ms(r.deleteP50Ms),
      ms(r.deleteP99Ms),
      fixed(r.rssLoadMb, 0),
      fixed(r.rssGcMb, 0),
    ]),
  ]),
);
const big = results.find((r) => r.scenario === "100,000 entries");
const many = results.find((r) => r.scenario === "1,000 wl × 100");
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
if (big)
  console.log(`
baseline: one small SQLite commit on this disk (WAL, synchronous=FULL, as the store): p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms
("4 reads": the four formats read with nothing changed, i.e. what moving the bytes over loopback costs)
targets (100,000 entries): change + read of all four formats ≤ 1.2× the four reads alone: ${big.changeReadMedianMs.toFixed(1)} ms, ${(big.changeReadMedianMs / big.readsMedianMs).toFixed(2)}×, ${verdict(big.changeReadMedianMs <= 1.2 * big.readsMedianMs)}
                           DELETE p99 ≤ 10 ms: ${big.deleteP99Ms.toFixed(1)} ms, ${verdict(big.deleteP99Ms <= 10)} (${(big.deleteP99Ms / baseline.p99).toFixed(2)}× a bare commit's p99)
                           RSS after load ≤ 150 MB: ${big.rssLoadMb.toFixed(0)} MB, ${verdict(big.rssLoadMb <= 150)}`);
if (many)
  console.log(
    `(1,000 × 100, each read once) RSS ≤ 150 MB: ${many.rssLoadMb.toFixed(0)} MB, ${verdict(many.rssLoadMb <= 150)}`,
  );
