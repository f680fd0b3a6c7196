import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SEED, TOKEN } from "../bot/world.ts";
import { tempDir } from "../helpers/services.ts";

// What /health and the gauge say of a bot that is starting (docs/api.md, Health): the API listens before the
// leader's duties log the bot in, so a monitor polling at start must see `connecting`, not `disabled` (no token).

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What discord.js asks before it opens the gateway, and what the bot asks before that (its portal's intents). */
const LOGIN = "/api/v10/gateway/bot";
const PORTAL = "/api/v10/applications/@me";

/**
 * The sandbox Discord holding the bot's start at `held` (a GET) until `release`: `arrived` settles once that request
 * is held. It is answered then as ever (src/sandbox/discord/rest/session.ts).
 */
async function discordHolding(held: string, token = TOKEN) {
  const arrived = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  const sandbox = await startSandboxDiscord({
    port: 0,
    seed: SEED,
    token,
    beforeRest: async ({ method, path }) => {
      if (method !== "GET" || path !== held) return;
      arrived.resolve();
      await released.promise;
    },
  });
  cleanups.push(() => sandbox.stop());
  cleanups.push(() => released.resolve());
  return { sandbox, arrived: arrived.promise, release: () => released.resolve() };
}

/** Starts the service against `apiUrl`; `listening` settles with its address as soon as the API listens. */
function startAgainst(apiUrl: string, token = TOKEN) {
  const dir = tempDir("wls-health-");
  cleanups.push(() => dir.cleanup());
  const listening = Promise.withResolvers<string>();
  const config = loadConfig({
    DISCORD_TOKEN: token,
    DISCORD_API_URL: apiUrl,
    // Loopback only: nothing here looks a player up, and nothing may reach for a real hostname.
    MOJANG_API_URL: apiUrl,
    MOJANG_SESSION_URL: apiUrl,
    GEYSER_API_URL: apiUrl,
    RENAME_CHECK_DAYS: "0",
    DATABASE_PATH: join(dir.path, "whitelist-sync.db"),
    HOST: "127.0.0.1",
    PORT: "0",
    METRICS: "on",
    LOG_LEVEL: "silent",
  });
  const started = startService(config, {
    fastIdentify: true,
    logger: silentLogger,
    onListening: (url) => listening.resolve(url),
  });
  // A start that fails before it listens must not leave the test waiting for an address.
  started.catch((error: unknown) => listening.reject(error));
  return { started, listening: listening.promise };
}

const gatewayOf = async (url: string) =>
  ((await (await fetch(`${url}/health`)).json()) as { gateway: string }).gateway;

/** The gateway states the gauge marks 1 (one, when it is right). */
async function gaugeOf(url: string): Promise<string[]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^whitelist_sync_gateway_state\{state="([a-z]+)"\} 1$/gm)].map(
    (match) => match[1] ?? "",
  );
}

test("while the bot logs in, /health and the gauge say `connecting`; once it is ready, `connected`", async () => {
  const discord = await discordHolding(LOGIN);
  const { started, listening } = startAgainst(discord.sandbox.apiUrl);
  let running: RunningService | undefined;
  cleanups.push(async () => {
    discord.release();
    await (running ?? (await started.catch(() => undefined)))?.stop();
  });
  const url = await listening;
  await discord.arrived;
  expect(await gatewayOf(url)).toBe("connecting");
  expect(await fetch(`${url}/api/v1/health`).then((r) => r.json())).toMatchObject({ gateway: "connecting" });
  expect(await gaugeOf(url)).toEqual(["connecting"]);
  expect(discord.sandbox.gatewayStats().identifies).toBe(0);

  discord.release();
  running = await started;
  expect(await gatewayOf(url)).toBe("connected");
  expect(await gaugeOf(url)).toEqual(["connected"]);

  // At shutdown the bot is gone for good: `offline` from the moment the stop begins (the API then closes).
  const stopping = running.stop();
  expect(running.health().gateway).toBe("offline");
  await stopping;
  expect(running.health().gateway).toBe("offline");
});

test("a start whose login Discord refuses: `connecting` until then, and no /health left once it is undone", async () => {
  // The bot reads its portal's intents before it logs in: with a token Discord refuses, that read fails first.
  const discord = await discordHolding(PORTAL, "the-token-discord-knows");
  const { started, listening } = startAgainst(discord.sandbox.apiUrl, TOKEN);
  const url = await listening;
  await discord.arrived;
  expect(await gatewayOf(url)).toBe("connecting");
  discord.release();
  expect(
    await started.then(
      () => "started",
      (error: unknown) => (error as Error).name,
    ),
  ).toBe("BotLoginError");
  // The start is undone (the process exits 78): nothing answers at the address any more.
  expect(
    await fetch(`${url}/health`).then(
      () => "answered",
      () => "refused",
    ),
  ).toBe("refused");
});
