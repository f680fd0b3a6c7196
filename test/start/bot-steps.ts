/**
 * Test helper (test/start/deferred.test.ts): starts the service with its bot against the sandbox Discord in this
 * fresh process (its module registry holds nothing of the bot yet), asks `/health` the moment the API listens, and
 * prints as one JSON line what it answered and whether the bot's client module (src/bot/client.ts) was loaded when
 * the answer came, and once the start is over.
 */
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SEED, TOKEN } from "../bot/world.ts";
import { firstHealth } from "./first-health.ts";

const CLIENT = join(import.meta.dir, "..", "..", "src", "bot", "client.ts");
const clientLoaded = () => require.cache[CLIENT] !== undefined;

const sandbox = await startSandboxDiscord({ port: 0, seed: SEED, token: TOKEN });
const config = loadConfig({
  DISCORD_TOKEN: TOKEN,
  DISCORD_API_URL: sandbox.apiUrl,
  // Loopback only: nothing here looks a player up, and nothing may reach for a real hostname.
  MOJANG_API_URL: sandbox.apiUrl,
  MOJANG_SESSION_URL: sandbox.apiUrl,
  GEYSER_API_URL: sandbox.apiUrl,
  RENAME_CHECK_DAYS: "0",
  DATABASE_PATH: join(process.argv[2] ?? ".", "bot-steps.db"),
  HOST: "127.0.0.1",
  PORT: "0",
});
let first: Promise<{ status: number; gateway: string; clientLoaded: boolean }> | undefined;
const running = await startService(config, {
  fastIdentify: true,
  logger: silentLogger,
  onListening: (url) => {
    first = firstHealth(url, clientLoaded).then(({ status, gateway, probed }) => ({
      status,
      gateway,
      clientLoaded: probed,
    }));
  },
});
console.log(JSON.stringify({ first: await first, started: { clientLoaded: clientLoaded() } }));
await running.stop();
await sandbox.stop();
