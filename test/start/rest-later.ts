/**
 * Test helper (test/start/deferred.test.ts): starts the service with its bot against the sandbox Discord in this
 * fresh process, asks `/health` the moment the API listens, and prints as one JSON line what it answered and
 * whether Discord's REST client (src/bot/discord.ts, which loads discord.js) was made when the answer came, and
 * once the start is over.
 */
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SEED, TOKEN } from "../bot/world.ts";
import { firstHealth } from "./first-health.ts";

const REST = join(import.meta.dir, "..", "..", "src", "bot", "discord.ts");
const restLoaded = () => require.cache[REST] !== undefined;

const sandbox = await startSandboxDiscord({ port: 0, seed: SEED, token: TOKEN });
const config = loadConfig({
  DISCORD_TOKEN: TOKEN,
  DISCORD_API_URL: sandbox.apiUrl,
  // Loopback only: nothing here looks a player up, and nothing may reach for a real hostname.
  MOJANG_API_URL: sandbox.apiUrl,
  MOJANG_SESSION_URL: sandbox.apiUrl,
  GEYSER_API_URL: sandbox.apiUrl,
  RENAME_CHECK_DAYS: "0",
  DATABASE_PATH: join(process.argv[2] ?? ".", "rest-later.db"),
  HOST: "127.0.0.1",
  PORT: "0",
});
let first: Promise<{ status: number; gateway: string; restLoaded: boolean }> | undefined;
const listening = { restLoaded: true };
const running = await startService(config, {
  fastIdentify: true,
  logger: silentLogger,
  onListening: (url) => {
    listening.restLoaded = restLoaded();
    first = firstHealth(url, restLoaded).then(({ status, gateway, probed }) => ({
      status,
      gateway,
      restLoaded: probed,
    }));
  },
});
const started = { restLoaded: restLoaded(), bot: running.bot?.gatewayState() };
console.log(JSON.stringify({ listening, first: await first, started }));
await running.stop();
await sandbox.stop();
