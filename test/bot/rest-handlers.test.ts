import { afterEach, expect, test } from "bun:test";
import { Routes } from "discord.js";
import { createDiscordRest, type DiscordRest, REST_HANDLER_SWEEP_MS } from "../../src/bot/discord.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { IDS, TOKEN, tracker } from "../sandbox/helpers.ts";

// discord.js keeps a request queue per route and major parameter, and an interaction's webhook route counts its
// token in it: each edit of an answer leaves a queue of its own. The bot's REST client drops idle queues every
// minute, not every hour (discord.js's default), or a busy hour of registrations stays in memory
// (docs/performance.md, Steady state).

const t = tracker();
const rests: DiscordRest[] = [];
afterEach(async () => {
  for (const { rest } of rests.splice(0)) {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  await t.cleanup();
});

test("every interaction token's edits get a queue of their own, and idle queues are dropped every minute", async () => {
  const sandbox = await t.sandbox({ rateLimits: false });
  const discord = createDiscordRest({ token: TOKEN, discordApiUrl: sandbox.apiUrl, logger: silentLogger });
  rests.push(discord);
  for (const token of ["first-token", "second-token", "third-token"]) {
    // Unknown tokens: Discord answers 404, and the queue exists all the same.
    await discord.rest
      .patch(Routes.webhookMessage(IDS.bot, token, "@original"), { body: { content: "x" } })
      .catch(() => {});
  }
  expect([...discord.rest.handlers.keys()].filter((key) => key.includes("/webhooks/")).length).toBe(3);
  expect({
    sweepMs: discord.rest.options.handlerSweepInterval,
    atMost: REST_HANDLER_SWEEP_MS <= 60_000,
  }).toEqual({
    sweepMs: REST_HANDLER_SWEEP_MS,
    atMost: true,
  });
});
