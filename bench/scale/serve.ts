/**
 * Bench helper for bench/scale.ts: runs the real service from the environment, as `src/main.ts` does, prints
 * `{"url": …}` once it listens, and answers each `gc` line on stdin with `{"rss": …}` after `Bun.gc(true)`
 * (the compiled binary cannot be asked to collect). Logs go to stderr. Not meant to be run by hand.
 */
import { loadConfig } from "../../src/config.ts";
import { startService } from "../../src/server.ts";
import { createLogger } from "../../src/shared/logger.ts";

const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(line));
const running = await startService(config, { logger });
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

const decoder = new TextDecoder();
for await (const chunk of Bun.stdin.stream()) {
  for (const line of decoder.decode(chunk).split("\n")) {
    if (line.trim() !== "gc") continue;
    Bun.gc(true);
    process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage.rss() })}\n`);
  }
}
await running.stop();
process.exit(0);
