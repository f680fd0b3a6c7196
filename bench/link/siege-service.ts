/**
 * Bench helper: the real service for bench/link-siege.ts, started from the environment as src/main.ts does
 * (`loadConfig` + `startService`, LINK_PORT set), with the link endpoint's bounds given as JSON in argv[2] (`{}`:
 * the defaults). Prints `{"url","linkPort"}` once listening, then the endpoint's counters every second, and stops
 * when its stdin closes. Logs go to stderr. Not meant to be run by hand.
 */
import { loadConfig } from "../../src/config.ts";
import type { LinkLimits } from "../../src/link/index.ts";
import { startService } from "../../src/server.ts";
import { createLogger } from "../../src/shared/logger.ts";

const linkLimits = JSON.parse(process.argv[2] ?? "{}") as Partial<LinkLimits>;
const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(line));
const running = await startService(config, { logger, linkLimits });
const link = running.link;
if (!link) throw new Error("LINK_PORT must be set");

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
print({ url: running.url, linkPort: link.port });
const counting = setInterval(() => print({ counters: link.counters() }), 1000);

for await (const _ of process.stdin);
clearInterval(counting);
await running.stop();
process.exit(0);
