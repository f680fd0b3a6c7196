/**
 * What a first build allocates, stage by stage, and how much of it outlives it: over a seeded large whitelist
 * (bench/scale.ts `--seed-file`), the store's read of the entries, the ETag sum, then each format's build, in one
 * process. Per stage: the heap's growth with no collection forced during it (what it allocated, less what an
 * eden collection took meanwhile), and after a full collection (what stays). Figures per 1,000 entries too.
 *
 *   bun bench/build-alloc.ts [--seed-file /tmp/wls-100k.db]
 */
import { heapStats, memoryUsage } from "bun:jsc";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import { building, summing } from "../src/formats/whitelist-formats.ts";
import { type FormatName, formats } from "../src/formats/index.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { runAtOnce } from "../src/shared/slices.ts";

const { values: options } = parseArgs({ options: { "seed-file": { type: "string" } } });
const file = options["seed-file"] ?? "/tmp/wls-100k.db";
const { ids } = JSON.parse(readFileSync(`${file}.json`, "utf8")) as { ids: string[] };
const dir = mkdtempSync(join(tmpdir(), "wls-build-alloc-"));
const path = join(dir, "store.db");
copyFileSync(file, path);
const services = openServices({ path, clock: systemClock, logger: silentLogger });
const whitelistId = ids[0] as string;

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const heap = () => process.memoryUsage().heapUsed;
/** A full collection, twice, then a turn of the event loop (the heap's figures lag one collection otherwise). */
async function collect() {
  Bun.gc(true);
  await Bun.sleep(0);
  Bun.gc(true);
  await Bun.sleep(0);
}
const rows: string[][] = [];
let entries = 0;
/** Runs `stage` after a full collection; notes the heap's growth during it, and after a collection. */
async function stage<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  await collect();
  const before = heap();
  const objects = heapStats().objectCount;
  const allocator = memoryUsage().current;
  const result = await run();
  const grown = heap() - before;
  const made = heapStats().objectCount - objects;
  const allocated = memoryUsage().current - allocator;
  await collect();
  const kept = heap() - before;
  const per = (n: number) => (entries > 0 ? (n / entries) * 1000 : 0);
  rows.push([name, mb(grown), mb(kept), mb(grown - kept), mb(per(grown - kept)), String(made), mb(allocated)]);
  return result;
}

// One warm-up read and build, so the figures are not the compiler's.
{
  const { entries: warm } = await services.entries.snapshotForFormats(whitelistId);
  for (const format of Object.keys(formats) as FormatName[])
    runAtOnce(building(format, { entries: warm.slice(0, 2000), through: 0, sum: 0n }));
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
console.log(`${entries} entries; heap MB (garbage: grown during the stage, less what stays after a full collection)`);
console.log(["stage", "grown", "kept", "garbage", "garbage/1000", "objects", "malloc"].join("\t"));
for (const row of rows) console.log(row.join("\t"));
console.log(`rss after, collected: ${mb(process.memoryUsage.rss())} MB; built ${built.length}`);
closeDatabase(services.db);
rmSync(dir, { recursive: true, force: true });
