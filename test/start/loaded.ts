/**
 * Test helper (test/start/deferred.test.ts): starts the service in this fresh process, with the settings given as
 * JSON in argv[2], then prints as one JSON line which of the modules a start may defer are loaded (Bun's module
 * registry, `require.cache`, which holds ES modules too) and, when it runs, the link endpoint's port; then stops.
 */
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";

const SRC = join(import.meta.dir, "..", "..", "src");
/** What a start loads only when it needs it, by the path a test names it with. */
const DEFERRED = ["link/index.ts", "i18n/catalogues.ts"];

const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", ...JSON.parse(process.argv[2] ?? "{}") });
const running = await startService(config, { logger: silentLogger });
const loaded = DEFERRED.filter((path) => require.cache[join(SRC, path)] !== undefined);
console.log(JSON.stringify({ loaded, linkPort: running.link?.port ?? null }));
await running.stop();
