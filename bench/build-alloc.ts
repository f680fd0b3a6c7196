/**
 * What a first build allocates, stage by stage, and how much of it outlives it: over a seeded large whitelist
 * (bench/scale.ts `--seed-file`), the store's read of the entries, the ETag sum, then each format's build, in one
 * process. Per stage: how much the allocator grew during it (per 1,000 entries too), what the heap keeps of it
 * after a full collection, and its time. The first read's rows count for the read only (every build shares them).
 *
 *   bun bench/build-alloc.ts [--seed-file /tmp/wls-100k.db] [--checkout /work/main]
 */
import { memoryUsage } from "bun:jsc";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { FormatName } from "../src/formats/index.ts";
import type { FormatEntry } from "../src/formats/spec.ts";

const { values: options } = parseArgs({
  options: { "seed-file": { type: "string" }, checkout: { type: "string" } },
});
// `--checkout <dir>`: that checkout's code (the code before a change), over the same seed file.
const root = options.checkout ? resolve(options.checkout) : resolve(import.meta.dir, "..");
const from = <T>(path: string): Promise<T> => import(join(root, "src", path));
const { closeDatabase } = await from<typeof import("../src/db/client.ts")>("db/client.ts");
const { formats } = await from<typeof import("../src/formats/index.ts")>("formats/index.ts");
const { building, summing } = await from<typeof import("../src/formats/whitelist-formats.ts")>(
  "formats/whitelist-formats.ts",
);
const { openServices } = await from<typeof import("../src/services.ts")>("services.ts");
const { systemClock } = await from<typeof import("../src/shared/clock.ts")>("shared/clock.ts");
const { silentLogger } = await from<typeof import("../src/shared/logger.ts")>("shared/logger.ts");
const { runAtOnce } = await from<typeof import("../src/shared/slices.ts")>("shared/slices.ts");
const file = options["seed-file"] ?? "/tmp/wls-100k.db";
const { ids } = JSON.parse(readFileSync(`${file}.json`, "utf8")) as { ids: string[] };
const dir = mkdtempSync(join(tmpdir(), "wls-build-alloc-"));
const path = join(dir, "store.db");
copyFileSync(file, path);
const services = openServices({ path, clock: systemClock, logger: silentLogger });
const whitelistId = ids[0] as string;

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const heap = () => process.memoryUsage().heapUsed;
/** A full collection, twice, then a turn of the event loop (the heap's figures lag a collection otherwise). */
async function collect() {
  Bun.gc(true);
  await Bun.sleep(0);
  Bun.gc(true);
  await Bun.sleep(0);
}
const rows: string[][] = [];
let entries = 0;
/**
 * Runs `stage` after a full collection: what the allocator holds more at its end (JSC's heap blocks and native
 * memory: what it allocated, less what an eden collection freed meanwhile), and what the JS heap keeps after
 * a full collection (`heapSize()` returns 0 on Bun 1.4.4; the heap's figures barely move between collections).
 */
async function stage<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  await collect();
  const before = heap();
  const allocator = memoryUsage().current;
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const grown = memoryUsage().current - allocator;
  await collect();
  const kept = heap() - before;
  const count = entries || (result as { entries?: unknown[] }).entries?.length || 1;
  rows.push([name, mb(grown), (grown / count).toFixed(0), mb(kept), ms.toFixed(0)]);
  return result;
}

// One warm-up read and build, so the figures are not the compiler's.
{
  const { entries: warm } = await services.entries.snapshotForFormats(whitelistId);
  for (const format of Object.keys(formats) as FormatName[])
    runAtOnce(
      building(format, {
        // The first 2,000, each copied (`at` may refill one object: src/entries/columns.ts).
        entries: Array.from({ length: 2000 }, (_, i) => ({ ...(warm.at(i) as FormatEntry) })),
        through: 0,
        sum: 0n,
      }),
    );
}
const snapshot = await stage("read (store pages)", () => services.entries.snapshotForFormats(whitelistId));
entries = snapshot.entries.length;
const sum = await stage("ETag sum", () => runAtOnce(summing(snapshot.entries)));
const built: unknown[] = [];
for (const format of ["json", "plain", "easywhitelist", "vanilla"] as FormatName[]) {
  built.push(
    await stage(`build ${format}`, () =>
      runAtOnce(building(format, { entries: snapshot.entries, through: snapshot.through, sum })),
    ),
  );
}
console.log(
  `${root}: ${entries} entries; uptime load ${(await Bun.file("/proc/loadavg").text()).split(" ")[0]}`,
);
console.log(["stage", "grown MB", "KB/1000 entries", "kept MB", "ms"].join("\t"));
for (const row of rows) console.log(row.join("\t"));
console.log(`rss after, collected: ${mb(process.memoryUsage.rss())} MB; built ${built.length}`);
closeDatabase(services.db);
rmSync(dir, { recursive: true, force: true });
