import { afterEach, describe, expect, test } from "bun:test";
import { Events, type RateLimitData, RESTEvents } from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const ROLE_ROUTE = "/guilds/:guild/members/:user/roles/:role";
/** Short enough that discord.js's own wait stays a few tens of milliseconds. */
const RETRY_AFTER = 0.05;

/** A REST request as the bot would send it; resolves with the status, the headers and the JSON body. */
async function rest(sandbox: SandboxDiscord, method: string, path: string) {
  const response = await fetch(`${sandbox.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${TOKEN}` },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: text === "" ? null : (JSON.parse(text) as unknown),
  };
}

/** The headers a 429 carries, without the ones every response has. */
const rateLimitHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith("x-ratelimit-") || name === "retry-after"),
  );

const rolePath = (user: string, role: string) => `/guilds/${IDS.guild}/members/${user}/roles/${role}`;

describe("sandbox REST: injected rate limits (429)", () => {
  test("a route limit answers as Discord does: body, Retry-After rounded up, bucket headers, scope user", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const sandbox = await t.sandbox({ clock });
    const created = await control(sandbox, "POST", "/rate-limits", {
      method: "PUT",
      route: ROLE_ROUTE,
      times: 2,
      retryAfter: RETRY_AFTER,
      bucket: "abcd1234",
      limit: 5,
    });
    expect(created).toEqual({
      status: 201,
      body: {
        id: 1,
        method: "PUT",
        route: ROLE_ROUTE,
        remaining: 2,
        hits: 0,
        retryAfter: RETRY_AFTER,
        scope: "user",
        bucket: "abcd1234",
        limit: 5,
        code: 0,
      },
    });
    const first = await rest(sandbox, "PUT", rolePath(IDS.bob, IDS.playerRole));
    expect(first.status).toBe(429);
    expect(first.headers["content-type"]).toStartWith("application/json");
    expect(rateLimitHeaders(first.headers)).toEqual({
      "retry-after": "1",
      "x-ratelimit-limit": "5",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": `${Date.UTC(2026, 0, 1) / 1000}.050`,
      "x-ratelimit-reset-after": "0.050",
      "x-ratelimit-bucket": "abcd1234",
      "x-ratelimit-scope": "user",
    });
    expect(first.body).toEqual({
      message: "You are being rate limited.",
      retry_after: 0.05,
      global: false,
      code: 0,
    });
    // Another route is free; the limited one answers 429 once more, then is handled (and nothing changed before).
    expect((await rest(sandbox, "GET", `/guilds/${IDS.guild}/members/${IDS.bob}`)).status).toBe(200);
    expect((await rest(sandbox, "PUT", rolePath(IDS.bob, IDS.playerRole))).status).toBe(429);
    expect(sandbox.state.members.get(IDS.bob)?.roleIds).toEqual([]);
    expect((await rest(sandbox, "PUT", rolePath(IDS.bob, IDS.playerRole))).status).toBe(204);
    expect((await control(sandbox, "GET", "/rate-limits")).body as unknown).toEqual([
      expect.objectContaining({ id: 1, remaining: 0, hits: 2 }),
    ]);
  });

  test("the global limit carries X-RateLimit-Global and scope global, without bucket headers", async () => {
    const sandbox = await t.sandbox();
    await control(sandbox, "POST", "/rate-limits", { scope: "global", retryAfter: 64.57 });
    const limited = await rest(sandbox, "GET", `/guilds/${IDS.guild}/roles`);
    expect(limited.status).toBe(429);
    expect(rateLimitHeaders(limited.headers)).toEqual({
      "retry-after": "65",
      "x-ratelimit-global": "true",
      "x-ratelimit-scope": "global",
    });
    expect(limited.body).toEqual({
      message: "You are being rate limited.",
      retry_after: 64.57,
      global: true,
      code: 0,
    });
    expect((await rest(sandbox, "GET", `/guilds/${IDS.guild}/roles`)).status).toBe(200);
  });

  test("a shared resource limit has its own message and may carry a code", async () => {
    const sandbox = await t.sandbox();
    await control(sandbox, "POST", "/rate-limits", {
      method: "post",
      route: `/channels/${IDS.log}/messages`,
      scope: "shared",
      retryAfter: 1336.57,
      code: 20028,
    });
    const limited = await rest(sandbox, "POST", `/channels/${IDS.log}/messages`);
    expect(limited.status).toBe(429);
    expect(limited.headers["x-ratelimit-scope"]).toBe("shared");
    expect(limited.headers["retry-after"]).toBe("1337");
    expect(limited.body).toEqual({
      message: "The resource is being rate limited.",
      retry_after: 1336.57,
      global: false,
      code: 20028,
    });
  });

  test("discord.js waits out a route limit twice and the role is given", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    const seen: RateLimitData[] = [];
    client.rest.on(RESTEvents.RateLimited, (data) => seen.push(data));
    await control(sandbox, "POST", "/rate-limits", {
      method: "PUT",
      route: ROLE_ROUTE,
      times: 2,
      retryAfter: RETRY_AFTER,
    });
    const updated = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await guild.members.cache.get(IDS.bob)?.roles.add(IDS.playerRole);
    expect((await updated)[1].roles.cache.has(IDS.playerRole)).toBe(true);
    expect((await control(sandbox, "GET", "/rate-limits")).body as unknown).toEqual([
      expect.objectContaining({ remaining: 0, hits: 2 }),
    ]);
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });

  test("discord.js waits out the global limit and the request completes", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    // Retry-After is whole seconds, as Discord sends it: discord.js waits about one second here.
    await control(sandbox, "POST", "/rate-limits", { scope: "global", retryAfter: RETRY_AFTER });
    const roles = await guild.roles.fetch(undefined, { force: true });
    expect(roles.has(IDS.playerRole)).toBe(true);
    expect((await control(sandbox, "GET", "/rate-limits")).body as unknown).toEqual([
      expect.objectContaining({ remaining: 0, hits: 1 }),
    ]);
  });

  test("the control API checks what it is given, and DELETE clears every rule", async () => {
    const sandbox = await t.sandbox();
    expect(await control(sandbox, "POST", "/rate-limits", { route: ROLE_ROUTE })).toEqual({
      status: 400,
      body: { error: "retryAfter must be a number of seconds, above 0 and at most 3600" },
    });
    expect(await control(sandbox, "POST", "/rate-limits", { retryAfter: 1, scope: "bucket" })).toEqual({
      status: 400,
      body: { error: 'scope must be "user", "global" or "shared"' },
    });
    await control(sandbox, "POST", "/rate-limits", { retryAfter: 1, times: 5 });
    expect((await control(sandbox, "DELETE", "/rate-limits")) as unknown).toEqual({ status: 200, body: [] });
    expect((await rest(sandbox, "GET", `/guilds/${IDS.guild}/roles`)).status).toBe(200);
  });
});
