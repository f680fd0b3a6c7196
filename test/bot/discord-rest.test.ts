import { afterEach, describe, expect, test } from "bun:test";
import { Client, RateLimitError, RESTEvents, Routes } from "discord.js";
import { createDiscordRest, type DiscordRest } from "../../src/bot/discord.ts";
import { INVALID_REQUEST_WARNING_EVERY } from "../../src/bot/rate-limits.ts";
import type { RestExchange } from "../../src/sandbox/discord/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { recordingLogger } from "../helpers/log.ts";
import { IDS, TOKEN, tracker } from "../sandbox/helpers.ts";

// The bot's one REST client (src/bot/discord.ts) against the sandbox: one manager for the gateway's client and the
// services' ports, warnings of invalid requests, and a Cloudflare ban met by holding every request back.

const t = tracker();
const rests: DiscordRest[] = [];
afterEach(async () => {
  for (const { rest } of rests.splice(0)) {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  await t.cleanup();
});

describe("the bot's REST client", () => {
  test("the gateway's client sends through it, and a client destroyed (a reconnect) leaves it working", async () => {
    const sandbox = await t.sandbox({ rateLimits: false });
    const log = recordingLogger();
    const discord = createDiscordRest({ token: TOKEN, discordApiUrl: sandbox.apiUrl, logger: log.logger });
    rests.push(discord);
    const seen: string[] = [];
    discord.rest.on(RESTEvents.Response, (request) => seen.push(request.route));
    const client = new Client({ intents: [] });
    discord.use(client);
    await client.rest.get(Routes.guildRoles(IDS.guild));
    await client.destroy();
    // The destroyed client cleared "its" token: the shared one is untouched.
    expect(await discord.rest.get(Routes.guildRoles(IDS.guild))).toHaveLength(4);
    expect(seen).toEqual(["/guilds/:id/roles", "/guilds/:id/roles"]);
  });

  test("on Cloudflare's ban it holds every request instead of sending them again at once, and says so", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const exchanges: RestExchange[] = [];
    const sandbox = await t.sandbox({
      clock,
      rateLimits: { invalidRequests: { limit: 2, resetAfter: 600, banFor: 3600 } },
      observe: (exchange) => exchanges.push(exchange),
    });
    const log = recordingLogger();
    const discord = createDiscordRest({ token: TOKEN, discordApiUrl: sandbox.apiUrl, logger: log.logger });
    rests.push(discord);
    // Three roles above the bot's: three 403 Missing Permissions, one more than the limit: banned.
    for (let i = 0; i < 3; i++) {
      await discord.rest.put(Routes.guildMemberRole(IDS.guild, IDS.bob, IDS.staffRole)).catch(() => {});
    }
    const refusals = await Promise.all(
      [1, 2, 3].map(() => discord.rest.get(Routes.guildRoles(IDS.guild)).catch((error: unknown) => error)),
    );
    expect(refusals.every((error) => error instanceof RateLimitError)).toBe(true);
    // One request met the ban; the others were held back, not sent into it (discord.js alone sends each again
    // at once, up to 50 a second, each one counting towards a longer ban).
    expect(exchanges.filter((e) => e.method === "GET").map((e) => e.status)).toEqual([429]);
    expect(discord.heldUntil()).toBeGreaterThan(Date.now() + 55_000);
    expect(log.at("error")).toEqual([
      expect.stringContaining("Cloudflare's ban after too many invalid requests"),
    ]);
  });

  test("an interaction's edit goes out while the bot's global budget is spent, which holds the bot's own requests", async () => {
    const exchanges: RestExchange[] = [];
    const sandbox = await t.sandbox({ rateLimits: false, observe: (exchange) => exchanges.push(exchange) });
    const discord = createDiscordRest({
      token: TOKEN,
      discordApiUrl: sandbox.apiUrl,
      logger: recordingLogger().logger,
    });
    rests.push(discord);
    // 50 requests of the bot this second (role grants, log posts): discord.js holds the next until the second ends.
    discord.rest.globalRemaining = 0;
    discord.rest.globalReset = Date.now() + 60_000;
    const held = discord.rest.get(Routes.guildRoles(IDS.guild)).catch(() => {});
    // Discord does not count an interaction's webhook against the bot's budget (docs/decisions.md, What the bot
    // does with Discord's limits). The sandbox knows no such interaction: its refusal is the edit's answer.
    const edit = await discord.rest
      .patch(Routes.webhookMessage(IDS.bot, "an-interaction-token", "@original"), {
        body: { content: "ok" },
        auth: false,
      })
      .then(
        () => "answered",
        (error: unknown) => `refused: ${String(error).slice(0, 40)}`,
      );
    expect(edit).toStartWith("refused: DiscordAPIError");
    expect(exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual([
      `PATCH /api/v10/webhooks/${IDS.bot}/an-interaction-token/messages/%40original`,
    ]);
    void held;
  });

  test("the role gateway tells what Discord's budget for member changes has left, from its answers' headers", async () => {
    const sandbox = await t.sandbox({ clock: manualClock(Date.UTC(2026, 0, 1)) });
    const discord = createDiscordRest({
      token: TOKEN,
      discordApiUrl: sandbox.apiUrl,
      logger: recordingLogger().logger,
    });
    rests.push(discord);
    const { roles } = discord.ports;
    // Nothing known before the first change: nothing waits for it.
    expect(roles.room?.(IDS.guild)).toBeUndefined();
    await roles.grant(IDS.guild, IDS.bob, [IDS.playerRole]);
    await roles.revoke(IDS.guild, IDS.bob, [IDS.playerRole]);
    const room = roles.room?.(IDS.guild);
    // The guild's role bucket (10 per 10 s), as the sandbox applies Discord's: two spent, the rest for 10 s.
    expect({ remaining: room?.remaining, limit: room?.limit }).toEqual({ remaining: 8, limit: 10 });
    expect(room?.resetInMs).toBeGreaterThan(9_000);
    expect(roles.room?.("100000000000000999")).toBeUndefined();
  });

  test(`every ${INVALID_REQUEST_WARNING_EVERY} invalid answers a warning is logged`, async () => {
    const sandbox = await t.sandbox({ rateLimits: false });
    const log = recordingLogger();
    const discord = createDiscordRest({ token: TOKEN, discordApiUrl: sandbox.apiUrl, logger: log.logger });
    rests.push(discord);
    expect(discord.rest.options.invalidRequestWarningInterval).toBe(INVALID_REQUEST_WARNING_EVERY);
    discord.rest.emit(RESTEvents.InvalidRequestWarning, { count: 1_000, remainingTime: 420_000 });
    expect(log.at("warn")).toEqual([
      expect.stringContaining("Discord counted invalid requests from the bot"),
    ]);
  });
});
