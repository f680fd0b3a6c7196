import { afterEach, describe, expect, test } from "bun:test";
import { DiscordAPIError, type RateLimitData, REST, RESTEvents, Routes } from "discord.js";
import type { RateLimitChanges, RestExchange, SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { checkExchange } from "../helpers/discord-contract.ts";
import { IDS, TOKEN, tracker } from "./helpers.ts";

// Discord's rate limits in the sandbox met by the client the bot uses: discord.js's REST manager
// (`@discordjs/rest`, unchanged). The sandbox runs on a clock the test moves; discord.js sleeps on its own timers,
// so the windows here are a few tens of milliseconds and, each time discord.js says it waits (its `rateLimited`
// event), the test moves the sandbox's clock past the window: no test sleeps, and no figure depends on how fast
// the machine is.

const t = tracker();
const clients: REST[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.clearHashSweeper();
    client.clearHandlerSweeper();
  }
  await t.cleanup();
});

/**
 * Windows short enough that discord.js's own waits stay brief, and long enough that a loaded machine cannot let
 * one pass on discord.js's timers between an answer and the next request (at 20 ms, a busy full-suite run did:
 * discord.js saw its bucket reset and sent at once while the sandbox's clock had not moved, and got a 429).
 */
const WINDOW_S = 0.25;

/**
 * A limited sandbox on a clock the test moves, and what it answered; `seen` runs on each exchange before its
 * answer leaves.
 */
async function limitedSandbox(
  rateLimits: RateLimitChanges,
  seen: (exchange: RestExchange) => void = () => {},
) {
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const exchanges: RestExchange[] = [];
  const observe = (exchange: RestExchange) => {
    exchanges.push(exchange);
    seen(exchange);
  };
  const sandbox = await t.sandbox({ clock, rateLimits, observe });
  return { clock, sandbox, exchanges };
}

/**
 * discord.js's REST manager on the sandbox (no offset added to Discord's reset times, so its waits are the
 * sandbox's windows); whenever it waits, the sandbox's clock moves on by `advanceMs`.
 */
function discordRest(
  sandbox: SandboxDiscord,
  clock: ReturnType<typeof manualClock>,
  advanceMs: (data: RateLimitData) => number,
  options: ConstructorParameters<typeof REST>[0] = {},
) {
  const client = new REST({ api: sandbox.apiUrl, offset: 0, ...options }).setToken(TOKEN);
  clients.push(client);
  const waits: RateLimitData[] = [];
  client.on(RESTEvents.RateLimited, (data) => {
    waits.push(data);
    clock.advance(advanceMs(data));
  });
  return { client, waits };
}

const statuses = (exchanges: RestExchange[], method: string, fragment: string) =>
  exchanges.filter((e) => e.method === method && e.path.includes(fragment)).map((e) => e.status);

describe("discord.js against Discord's rate limits", () => {
  test("it reads the headers and waits out a channel's bucket before a 429; another channel does not wait", async () => {
    const { clock, sandbox, exchanges } = await limitedSandbox({
      buckets: { messageCreate: { limit: 2, resetAfter: WINDOW_S } },
    });
    const { client, waits } = discordRest(sandbox, clock, () => WINDOW_S * 1000);
    const remaining = new Map<string, string[]>();
    client.on(RESTEvents.Response, (request, response) => {
      const seen = remaining.get(request.path) ?? [];
      seen.push(response.headers.get("x-ratelimit-remaining") ?? "none");
      remaining.set(request.path, seen);
    });
    const send = (channelId: string, content: string) =>
      client.post(Routes.channelMessages(channelId), { body: { content } });
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((n) => send(IDS.general, `general ${n}`)),
      send(IDS.log, "log 1"),
      send(IDS.log, "log 2"),
    ]);

    // Two waits, both on the general channel's bucket, foreseen from the headers: not one request refused.
    expect(statuses(exchanges, "POST", "/messages")).toEqual(Array(7).fill(200));
    expect(
      waits.map(({ route, majorParameter, limit, global }) => ({ route, majorParameter, limit, global })),
    ).toEqual(
      Array(2).fill({
        route: "/channels/:id/messages",
        majorParameter: IDS.general,
        limit: 2,
        global: false,
      }),
    );
    expect(remaining.get(`/channels/${IDS.general}/messages`)).toEqual(["1", "0", "1", "0", "1"]);
    // The log channel's second answer says "0" or, when the general channel's wait moved the one clock past the
    // window before it came in (the order of two channels' requests is the machine's), a fresh "1".
    expect(remaining.get(`/channels/${IDS.log}/messages`)).toEqual(["1", expect.stringMatching(/^[01]$/)]);
    // In the order they were asked for.
    const general = [...sandbox.state.messages.values()].filter((m) => m.channelId === IDS.general);
    expect(general.map((m) => m.content)).toEqual([1, 2, 3, 4, 5].map((n) => `general ${n}`));
  });

  test("a 429 it could not foresee is waited out for Reset-After and the request sent again", async () => {
    const { clock, sandbox, exchanges } = await limitedSandbox({
      buckets: { roles: { limit: 1, resetAfter: WINDOW_S } },
    });
    const { client, waits } = discordRest(sandbox, clock, () => WINDOW_S * 1000);
    // Another client (another process of the same bot, say) has just used the guild's role bucket.
    const other = await fetch(
      `${sandbox.apiUrl}/v10${Routes.guildMemberRole(IDS.guild, IDS.bob, IDS.playerRole)}`,
      {
        method: "PUT",
        headers: { authorization: `Bot ${TOKEN}` },
      },
    );
    expect(other.status).toBe(204);

    await client.put(Routes.guildMemberRole(IDS.guild, IDS.alice, IDS.playerRole));
    expect(statuses(exchanges, "PUT", "/roles/")).toEqual([204, 429, 204]);
    expect(waits.map(({ route, majorParameter }) => ({ route, majorParameter }))).toEqual([
      { route: "/guilds/:id/members/:id/roles/:id", majorParameter: IDS.guild },
    ]);
    // Removing a role shares the bucket: nothing told discord.js so before, so its first DELETE meets a 429 too
    // (and then it knows, from X-RateLimit-Bucket).
    await client.delete(Routes.guildMemberRole(IDS.guild, IDS.bob, IDS.playerRole));
    expect(statuses(exchanges, "DELETE", "/roles/")).toEqual([429, 204]);
    expect(exchanges.filter((e) => e.status === 429).flatMap((e) => checkExchange(e).violations)).toEqual([]);
    expect(sandbox.state.members.get(IDS.bob)?.roleIds).toEqual([]);
  });

  test("a global 429 holds every route for Retry-After (whole seconds), then all complete", async () => {
    const { clock, sandbox, exchanges } = await limitedSandbox({ global: { limit: 3, resetAfter: 1 } });
    let held: Promise<unknown> | null = null;
    const { client, waits } = discordRest(sandbox, clock, () => {
      // While discord.js waits out the global limit, a request to another route waits with it.
      held ??= client.get(Routes.channel(IDS.general));
      return 1_000;
    });
    for (const route of [Routes.guildRoles(IDS.guild), Routes.guildChannels(IDS.guild), Routes.user("@me")]) {
      await client.get(route);
    }
    expect(await client.get(Routes.guildMember(IDS.guild, IDS.alice))).toMatchObject({
      user: { id: IDS.alice },
    });
    expect(await held).toMatchObject({ id: IDS.general });
    // One refusal (the fourth request); the request sent during the wait never met one.
    const answered = exchanges.map((e) => `${e.path.replace("/api/v10", "")} ${e.status}`);
    expect([...answered.slice(0, 4), ...answered.slice(4).sort()]).toEqual([
      `${Routes.guildRoles(IDS.guild)} 200`,
      `${Routes.guildChannels(IDS.guild)} 200`,
      `${Routes.user("@me")} 200`,
      `${Routes.guildMember(IDS.guild, IDS.alice)} 429`,
      `${Routes.channel(IDS.general)} 200`,
      `${Routes.guildMember(IDS.guild, IDS.alice)} 200`,
    ]);
    expect(checkExchange(exchanges[3] as RestExchange).violations).toEqual([]);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((data) => data.global && data.limit === 50)).toBe(true);
  });

  test("invalid answers are counted; once banned, discord.js sends the request again at once until the ban ends", async () => {
    // The test ends the ban (moves the clock past it) as the second ban answer leaves.
    let banAnswers = 0;
    const { clock, sandbox, exchanges } = await limitedSandbox(
      { invalidRequests: { limit: 2, resetAfter: 600, banFor: 60 } },
      (exchange) => {
        const body = exchange.responseBody as { message?: string } | undefined;
        if (
          exchange.status === 429 &&
          body?.message?.startsWith("You are being blocked") &&
          ++banAnswers === 2
        ) {
          clock.advance(60_000);
        }
      },
    );
    const { client } = discordRest(sandbox, clock, () => 0, { invalidRequestWarningInterval: 1 });
    let warnings = 0;
    client.on(RESTEvents.InvalidRequestWarning, () => warnings++);
    // Three roles above the bot's: three 403 Missing Permissions, one more than the limit.
    for (let i = 0; i < 3; i++) {
      const refused = await client
        .put(Routes.guildMemberRole(IDS.guild, IDS.bob, IDS.staffRole))
        .catch((e) => e);
      expect(refused).toBeInstanceOf(DiscordAPIError);
      expect((refused as DiscordAPIError).code).toBe(50013);
    }
    // Cloudflare's 429 has no Retry-After and no bucket headers: discord.js sends the request again at once.
    expect(await client.get(Routes.guildRoles(IDS.guild))).toHaveLength(4);
    expect(statuses(exchanges, "GET", "/roles")).toEqual([429, 429, 200]);
    // discord.js counted all five invalid answers (it warns at every one with an interval of 1).
    expect(warnings).toBe(5);
  });
});
