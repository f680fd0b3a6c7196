/**
 * Bench helper for bench/scale.ts: runs the real service from the environment, as `src/main.ts` does, prints
 * `{"url": …}` once it listens, and answers each `gc` line on stdin with `{"rss": …}` after `Bun.gc(true)`
 * (the compiled binary cannot be asked to collect). With SCALE_TRACE=1 it also notes when its event loop stalled
 * and when its heap shrank (a collection), and answers a `trace` line with them and the stages of each write
 * (WLS_WRITE_STAGES=1: src/shared/write-stages.ts) (bench/scale.ts `--trace`); a `slices` line with the first reads'
 * slices (WLS_SLICE_TRACE=1: src/formats/slice-trace.ts, bench/first-read.ts `--trace`). Logs
 * go to stderr. Not meant to be run by hand.
 */
import { loadConfig } from "../../src/config.ts";
import { takeSliceTraces } from "../../src/formats/slice-trace.ts";
import { startService } from "../../src/server.ts";
import { createLogger } from "../../src/shared/logger.ts";
import { takeWriteTraces } from "../../src/shared/write-stages.ts";

const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(line));
const running = await startService(config, { logger });
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

/** With SCALE_TRACE=1: when the event loop stalled (a 1 ms timer late by 2 ms or more) and when the heap shrank. */
const stalls: [at: number, ms: number][] = [];
const collections: [at: number, freedMb: number][] = [];
if (process.env.SCALE_TRACE === "1") {
  const wallNow = () => performance.timeOrigin + performance.now();
  let last = wallNow();
  let heap = process.memoryUsage().heapUsed;
  setInterval(() => {
    const now = wallNow();
    if (now - last - 1 >= 2) stalls.push([now, now - last - 1]);
    last = now;
    const used = process.memoryUsage().heapUsed;
    if (used < heap - 1e6) collections.push([now, (heap - used) / 1e6]);
    heap = used;
  }, 1);
}

const decoder = new TextDecoder();
for await (const chunk of Bun.stdin.stream()) {
  for (const line of decoder.decode(chunk).split("\n")) {
    if (line.trim() === "trace") {
      process.stdout.write(`${JSON.stringify({ stalls, collections, writes: takeWriteTraces() })}\n`);
      stalls.length = 0;
      collections.length = 0;
    }
    // WLS_SLICE_TRACE=1: the first reads' slices (src/formats/slice-trace.ts; bench/first-read.ts `--trace`).
    if (line.trim() === "slices") process.stdout.write(`${JSON.stringify({ slices: takeSliceTraces() })}\n`);
    if (line.trim() !== "gc") continue;
    Bun.gc(true);
    process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage.rss() })}\n`);
  }
}
await running.stop();
process.exit(0);
