/**
 * Bench helper for bench/soak.ts `--heap-every N`: preloaded into the service (`bun --preload`), it appends to
 * the file `SOAK_HEAP_STATS` names, every `SOAK_HEAP_EVERY_S` seconds, one JSON line with the time, the RSS and
 * the live objects by type (`bun:jsc` heapStats after a full collection, so garbage is not counted). The soak
 * diffs the first and last line of its load by type: what grows is what leaks. To see who holds it, send the
 * service SIGUSR2: it writes a V8 heap snapshot (Chrome DevTools' format) beside that file, numbered; two of them
 * compared by constructor and closure name say which code keeps what. Not meant to be run by hand.
 */
import { heapStats } from "bun:jsc";
import { appendFileSync, writeFileSync } from "node:fs";

const file = process.env.SOAK_HEAP_STATS;
const every = Number(process.env.SOAK_HEAP_EVERY_S);
if (file && every > 0) {
  setInterval(() => {
    Bun.gc(true);
    const stats = heapStats();
    const line = {
      at: Date.now(),
      rss: process.memoryUsage.rss(),
      heapSize: stats.heapSize,
      extraMemorySize: stats.extraMemorySize,
      types: stats.objectTypeCounts,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every * 1000).unref();
}

if (file) {
  let taken = 0;
  process.on("SIGUSR2", () => {
    Bun.gc(true);
    writeFileSync(`${file}.${++taken}.heapsnapshot`, Bun.generateHeapSnapshot("v8"));
  });
}
