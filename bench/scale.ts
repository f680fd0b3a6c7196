/**
 * How the cost of a change grows with a whitelist (issue: 100,000 entries, 1,000 whitelists, one small machine).
 * For 1,000 / 10,000 / 100,000 entries in one whitelist, and 1,000 whitelists of 100: seeding time, the first
 * read of each format, a DELETE followed by a fresh read of all four formats (median and p99 over 200 changes,
 * each beside the same four reads with nothing changed), DELETE latency beside a bare commit of its size on the
 * same disk at the same moment, and the service's RSS right after the first reads, a second later (idle: what its
 * allocator kept once it gave back what it could), after the changes and after Bun.gc(true). Runs the real service
 * (bench/scale/serve.ts) on loopback over a real SQLite file; prints a table and the targets.
 *
 * "4 reads cpu" is the service's own CPU time (from /proc, in ticks of 10 ms) for the four reads: what sending the
 * bytes costs the service, apart from the client receiving them in this process; "chg+4 cpu" the same for a change
 * and its four reads.
 *
 *   bun bench/scale.ts            (a few minutes)
 *   bun bench/scale.ts 100000 [--seed-file /tmp/wls-100k.db] [--checkout ../main] [--changes 200] [--trace]
 *
 * The argument runs the scenarios whose count it names (`100000` or `100,000`). `--seed-file` keeps the seeded
 * database of a one-whitelist scenario in that file (seeded when missing) and runs each time on a copy of it, so
 * runs alternated between checkouts skip the minute of seeding. `--checkout <dir>` serves with that checkout's
 * `bench/scale/serve.ts` (the code before a change) against this one's seeding and measurements. `--trace` prints
 * each DELETE over 10 ms with the bare commit beside it, the service's event-loop stalls and its collections.
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
import { fixed, median, quantile, table } from "./lib.ts";
import { printTrace, type Trace } from "./scale/trace.ts";

const FORMATS = ["json", "vanilla", "plain", "easywhitelist"] as const;
const WARMUP = 5;
/** How long the service is left idle after the first reads before its RSS is read again ("+1 s"). */
const SETTLE_MS = 1000;
const GUILD = "1161034120542384128";
const { values: options, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: {
    "seed-file": { type: "string" },
    checkout: { type: "string" },
    changes: { type: "string", default: "200" },
    trace: { type: "boolean", default: false },
  },
  allowPositionals: true,
});
const SERVE = join(
  options.checkout ? resolve(options.checkout, "bench") : import.meta.dir,
  "scale",
  "serve.ts",
);
const USER = "300000000000000001";
/** Changes measured per scenario: enough that a p99 is not the second-worst of a few. */
const changes = Number(options.changes);
if (!Number.isInteger(changes) || changes < 1) throw new Error(`--changes: a count, not ${options.changes}`);
// An older checkout's serve.ts does not answer `trace`.
if (options.trace && options.checkout) throw new Error("--trace: with this checkout only");

type Result = {
  scenario: string;
  seedS: number;
  firstReadMs: Record<string, number>;
  changeReadMedianMs: number;
  changeReadP99Ms: number;
  deleteP50Ms: number;
  deleteP99Ms: number;
  /** A bare commit on this disk right after each DELETE (bareCommits). */
  bareP50Ms: number;
  bareP99Ms: number;
  /** Each DELETE less the bare commit right after it: what the service adds to the disk's flush of the moment. */
  overBareP99Ms: number;
  /** The four reads alone with nothing changed: what the transfer of the bytes costs. */
  readsMedianMs: number;
  /** The median over the pairs of a change and its reads ÷ the four reads with nothing changed beside it. */
  ratio: number;
  /** The same for the four reads after the change alone (its DELETE left out): what the change adds to the reads. */
  readsAfterRatio: number;
  /** The service's own CPU time for the four reads (their median). */
  readsCpuMs: number;
  /** The service's own CPU time for a change and its four reads (their median). */
  changeCpuMs: number;
  /** Right after the first read of every format (of every whitelist), before the changes. */
  rssFirstMb: number;
  /** A second later, nothing asked meanwhile: what the allocator kept once it gave back what it could. */
  rssSettledMb: number;
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
      SCALE_TRACE: options.trace ? "1" : "0",
      WLS_WRITE_STAGES: options.trace ? "1" : "0",
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
    /** What SCALE_TRACE noted since the last call: the loop's stalls and the collections, at wall-clock ms. */
    async trace(): Promise<Trace> {
      child.stdin.write("trace\n");
      child.stdin.flush();
      return (await nextLine()) as Trace;
    },
    async stop() {
      child.stdin.end();
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

/** Milliseconds since the epoch, comparable with the service's (bench/scale/serve.ts). */
const wallNow = () => performance.timeOrigin + performance.now();

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
    const commits = bareCommits();
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
      const rssFirst = server.rss();
      await Bun.sleep(SETTLE_MS);
      const rssSettled = server.rss();
      const changeRead: number[] = [];
      const deletes: number[] = [];
      const reads: number[] = [];
      const readsCpu: number[] = [];
      const changeCpu: number[] = [];
      const ratios: number[] = [];
      /** The four reads after each change, its DELETE left out. */
      const readsAfter: number[] = [];
      const readsAfterRatios: number[] = [];
      const bare: number[] = [];
      const windows: { start: number; end: number; ms: number; bareMs: number }[] = [];
      const fourReads = async () => {
        const started = performance.now();
        const cpuBefore = server.cpuMs();
        for (const format of FORMATS) await read(first, format);
        readsCpu.push(server.cpuMs() - cpuBefore);
        return performance.now() - started;
      };
      const change = async (i: number) => {
        const nick = `p0_${((i * 7) % perWhitelist).toString(36)}`;
        // The first flush after a pause pays for what others wrote meanwhile (ext4 commits its journal for every
        // file): the bare commit goes before the DELETE in two changes of every four, after it in the others (so
        // not always in the same half of a pair).
        const before = i % 4 < 2 ? commits.once() : undefined;
        const started = performance.now();
        const cpuBefore = server.cpuMs();
        const wallStart = wallNow();
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
        const after = before === undefined ? commits.once() : 0;
        bare.push(before ?? after);
        windows.push({
          start: wallStart,
          end: wallStart + removal.ms,
          ms: removal.ms,
          bareMs: before ?? after,
        });
        for (const format of FORMATS) await read(first, format);
        changeCpu.push(server.cpuMs() - cpuBefore);
        const total = performance.now() - started - after;
        readsAfter.push(total - removal.ms);
        return total;
      };
      // Pairs: a change and its four reads beside the same four reads with nothing changed, in alternating order,
      // so both halves of a pair meet the same moment of the machine; the ratio is the median of the pairs' ratios.
      // The first pairs after start compile the DELETE path (JIT, prepared statements): WARMUP of them are not
      // counted, so the figures are the steady state's.
      // Each change removes another entry: a whitelist of 100 has fewer to remove than `changes`.
      const count = Math.min(changes, perWhitelist - WARMUP);
      for (let i = 0; i < count + WARMUP; i++) {
        if (i === WARMUP)
          for (const list of [
            changeRead,
            deletes,
            reads,
            readsCpu,
            changeCpu,
            ratios,
            readsAfter,
            readsAfterRatios,
            bare,
            windows,
          ])
            list.length = 0;
        let changed: number;
        let unchanged: number;
        if (i % 2 === 0) {
          changed = await change(i);
          unchanged = await fourReads();
        } else {
          unchanged = await fourReads();
          changed = await change(i);
        }
        changeRead.push(changed);
        reads.push(unchanged);
        ratios.push(changed / unchanged);
        readsAfterRatios.push((readsAfter.at(-1) as number) / unchanged);
      }
      if (options.trace) printTrace(windows, await server.trace());
      if (process.env.BENCH_VERBOSE)
        console.error("DELETE ms:", deletes.map((ms) => ms.toFixed(1)).join(" "));
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
        bareP50Ms: quantile(bare, 0.5),
        bareP99Ms: quantile(bare, 0.99),
        overBareP99Ms: quantile(
          deletes.map((ms, i) => ms - (bare[i] ?? 0)),
          0.99,
        ),
        readsMedianMs: quantile(reads, 0.5),
        ratio: median(ratios),
        readsAfterRatio: median(readsAfterRatios),
        readsCpuMs: quantile(readsCpu, 0.5),
        changeCpuMs: quantile(changeCpu, 0.5),
        rssFirstMb: rssFirst / 1024 / 1024,
        rssSettledMb: rssSettled / 1024 / 1024,
        rssLoadMb: rssLoad / 1024 / 1024,
        rssGcMb: rssGc / 1024 / 1024,
      };
    } finally {
      commits.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** B-trees a bare commit changes: a DELETE of the bench's changes 10-13 pages of the WAL (its row, the entries'
 * five indexes, the event logged and its two), so the floor writes about as much: a row and its nine indexes. */
const BARE_INDEXES = 9;

/**
 * The floor under a DELETE's latency: one write transaction of about a DELETE's size committed and flushed on this
 * disk, as the store commits (WAL; `synchronous = FULL` makes SQLite fsync the WAL at each COMMIT, as the store's
 * flush does). Taken right after each DELETE, so that a disk slowed by others at that moment shows in both.
 */
function bareCommits() {
  const dir = mkdtempSync(join(tmpdir(), "wls-commit-"));
  const sqlite = new Database(join(dir, "commit.db"));
  sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run("PRAGMA synchronous = FULL");
  const columns = Array.from({ length: BARE_INDEXES }, (_, i) => `c${i}`);
  sqlite.run(`CREATE TABLE t (id INTEGER PRIMARY KEY, ${columns.map((c) => `${c} REAL`).join(", ")})`);
  for (const c of columns) sqlite.run(`CREATE INDEX t_${c} ON t (${c})`);
  const insert = sqlite.prepare(
    `INSERT INTO t (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  // Random keys land in different leaves of each index once the table has some pages, as a DELETE's do.
  const row = () => columns.map(() => Math.random());
  sqlite.transaction(() => {
    for (let i = 0; i < 5_000; i++) insert.run(...row());
  })();
  const commit = sqlite.transaction(() => insert.run(...row()));
  return {
    /** One commit's time, ms. */
    once(): number {
      const started = performance.now();
      commit();
      return performance.now() - started;
    },
    close() {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
      "chg+4 cpu",
      "DEL p50",
      "DEL p99",
      "bare p50",
      "bare p99",
      "RSS 1st MB",
      "+1 s MB",
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
      ms(r.changeCpuMs),
      ms(r.deleteP50Ms),
      ms(r.deleteP99Ms),
      ms(r.bareP50Ms),
      ms(r.bareP99Ms),
      fixed(r.rssFirstMb, 0),
      fixed(r.rssSettledMb, 0),
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
"bare": a commit of a DELETE's size (10-16 WAL pages) on this disk right before or after each DELETE (WAL, synchronous=FULL: an fsync of the WAL, as the store's flush)
("4 reads": the four formats read with nothing changed, i.e. what moving the bytes over loopback costs)
targets (100,000 entries): change + read of all four formats ≤ 1.2× the four reads alone: ${big.changeReadMedianMs.toFixed(1)} ms against ${big.readsMedianMs.toFixed(1)}, ${big.ratio.toFixed(2)}× (median of ${changes} pairs' ratios), ${verdict(big.ratio <= 1.2)}
                           (of it: the DELETE, p50 ${big.deleteP50Ms.toFixed(1)} ms; the four reads after it ${big.readsAfterRatio.toFixed(2)}× the four alone)
                           DELETE p99 ≤ 10 ms: ${big.deleteP99Ms.toFixed(1)} ms, ${verdict(big.deleteP99Ms <= 10)} (a bare commit's p99 at the same moments: ${big.bareP99Ms.toFixed(1)} ms; a DELETE less its bare commit, p99: ${big.overBareP99Ms.toFixed(1)} ms)
                           RSS after load ≤ 150 MB: ${big.rssFirstMb.toFixed(0)} MB right after the first reads (${big.rssSettledMb.toFixed(0)} MB a second later), ${big.rssLoadMb.toFixed(0)} MB after the changes, ${verdict(Math.max(big.rssFirstMb, big.rssLoadMb) <= 150)}`);
if (many)
  console.log(
    `(1,000 × 100, each read once) RSS ≤ 150 MB: ${many.rssLoadMb.toFixed(0)} MB, ${verdict(many.rssLoadMb <= 150)}`,
  );
