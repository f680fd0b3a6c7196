/**
 * Bench helper: runs the real service (API only) from the environment, exactly as `src/main.ts` does, and
 * prints one JSON line `{"url": ...}` on stdout once it listens. Logs go to stderr so stdout carries only
 * that line. Stops on SIGTERM/SIGINT. Started by `bench/entries.ts`; not meant to be run by hand.
 */
import { loadConfig } from "../../src/config.ts";
import { startService } from "../../src/server.ts";
import { createLogger } from "../../src/shared/logger.ts";

const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(line));
const running = await startService(config, { logger });
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

const stop = () => {
  running.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
