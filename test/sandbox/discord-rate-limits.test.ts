import { afterEach, describe, expect, test } from "bun:test";
import { bucketHash, bucketOf } from "../../src/sandbox/discord/buckets.ts";
import {
  BUCKETS,
  type BucketName,
  discordRateLimits,
  type RestExchange,
  type SandboxDiscord,
} from "../../src/sandbox/discord/index.ts";
import { restRoutes } from "../../src/sandbox/discord/rest/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { checkExchange } from "../helpers/discord-contract.ts";
import { control, IDS, TOKEN, tracker } from "./helpers.ts";

// Discord's own rate limits in the sandbox, over plain HTTP and the sandbox's own clock: every figure below is
// exact because time only moves when a test moves it. test/sandbox/discord-rate-limits-client.test.ts drives
// the same limits with discord.js's REST client.

const t = tracker();
afterEach(() => t.cleanup());

const START = Date.UTC(2026, 0, 1);
const START_SECONDS = START / 1000;

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** A REST request as a bot sends it (the bot's token unless told otherwise). */
async function rest(
  sandbox: SandboxDiscord,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null } = {},
): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const response = await fetch(`${sandbox.apiUrl}/v10${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bot ${token}` }),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

/** The rate-limit headers of an answer (and `Via`, which tells Discord's answers from Cloudflare's). */
const limitHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => name.startsWith("x-ratelimit-") || name === "retry-after" || name === "via",
    ),
  );

const post = (sandbox: SandboxDiscord, channelId: string) =>
  rest(sandbox, "POST", `/channels/${channelId}/messages`, { body: { content: "hello" } });

const hashOf = (name: BucketName, method = "", pattern = "") => bucketHash(name, method, pattern);

describe("sandbox REST: Discord's rate-limit headers", () => {
  test("every route answers with its bucket's headers, whatever the answer's status", async () => {
    const clock = manualClock(START);
    const sandbox = await t.sandbox({ clock });
    const values: Record<string, string> = {
      guild: IDS.guild,
      channel: IDS.general,
      user: IDS.alice,
      role: IDS.playerRole,
      app: sandbox.applicationId,
      token: "no-such-token",
      message: "1",
      emoji: "%E2%9C%85",
      id: "1",
      command: "1",
    };
    const seen: { route: string; status: number; headers: Record<string, string> }[] = [];
    for (const { method, pattern } of restRoutes) {
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "1");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const answer = await rest(sandbox, method, path, { body });
      const bucket = bucketOf(method, pattern);
      const { limit, resetAfter } = BUCKETS[bucket];
      const route = `${method} ${pattern}`;
      seen.push({ route, status: answer.status, headers: limitHeaders(answer.headers) });
      expect({ route, ...limitHeaders(answer.headers) } as Record<string, string>).toEqual({
        route,
        "x-ratelimit-limit": String(limit),
        "x-ratelimit-remaining": String(limit - 1),
        "x-ratelimit-reset": (clock.now() / 1000 + resetAfter).toFixed(3),
        "x-ratelimit-reset-after": resetAfter.toFixed(3),
        "x-ratelimit-bucket": hashOf(bucket, method, pattern),
        via: "1.1 google",
      });
      // Past the longest window: every route starts a fresh one.
      clock.advance(60_000);
    }
    expect(seen.length).toBeGreaterThan(30);
    // Answers of every kind carried them: successes, refusals of unknown things and of what the bot may not read
    // (the guild's bans, without Ban Members).
    expect(new Set(seen.map(({ status }) => status))).toEqual(new Set([200, 204, 400, 403, 404]));
    // Routes sharing a bucket show one X-RateLimit-Bucket; every other route its own.
    const hashes = new Map<string, string[]>();
    for (const { route, headers } of seen) {
      const hash = headers["x-ratelimit-bucket"] as string;
      hashes.set(hash, [...(hashes.get(hash) ?? []), route]);
    }
    const groups = (lists: string[][]) =>
      lists
        .filter((routes) => routes.length > 1)
        .map((routes) => [...routes].sort().join(" + "))
        .sort();
    expect(groups([...hashes.values()])).toEqual(
      groups(Object.values(BUCKETS).map((spec) => [...spec.routes])),
    );
  });

  test("the bucket table names only routes the sandbox serves, and every size has its source", () => {
    const served = new Set(restRoutes.map(({ method, pattern }) => `${method} ${pattern}`));
    for (const spec of Object.values(BUCKETS)) {
      for (const route of spec.routes) expect(served.has(route) ? route : `missing: ${route}`).toBe(route);
      expect(spec.source.length).toBeGreaterThan(10);
    }
    expect(discordRateLimits()).toMatchObject({
      enabled: true,
      global: { limit: 50, resetAfter: 1 },
      invalidRequests: { limit: 10_000, resetAfter: 600, banFor: 3600 },
      buckets: {
        roles: { limit: 10, resetAfter: 10 },
        member: { limit: 5, resetAfter: 1 },
        messageCreate: { limit: 5, resetAfter: 5 },
        reactions: { limit: 1, resetAfter: 1 },
        interactionWebhook: { limit: 5, resetAfter: 2 },
      },
    });
  });

  test("with rateLimits: false the sandbox is as it was: no header, no limit", async () => {
    const sandbox = await t.sandbox({ clock: manualClock(START), rateLimits: false });
    for (let i = 0; i < 8; i++) {
      const answer = await post(sandbox, IDS.general);
      expect({ status: answer.status, headers: limitHeaders(answer.headers) }).toEqual({
        status: 200,
        headers: {},
      });
    }
  });
});

describe("sandbox REST: per-route buckets", () => {
  test("a channel's sixth post within 5 s is refused as Discord does; another channel has its own bucket", async () => {
    const clock = manualClock(START);
    const exchanges: RestExchange[] = [];
    const sandbox = await t.sandbox({ clock, observe: (exchange) => exchanges.push(exchange) });
    const hash = hashOf("messageCreate");
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await post(sandbox, IDS.general);
      expect(answer.status).toBe(200);
      remaining.push(answer.headers["x-ratelimit-remaining"] as string);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await post(sandbox, IDS.general);
    expect({ status: refused.status, headers: limitHeaders(refused.headers), body: refused.body }).toEqual({
      status: 429,
      headers: {
        "retry-after": "5",
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": `${START_SECONDS + 5}.000`,
        "x-ratelimit-reset-after": "5.000",
        "x-ratelimit-bucket": hash,
        "x-ratelimit-scope": "user",
        via: "1.1 google",
      },
      body: { message: "You are being rate limited.", retry_after: 5, global: false, code: 0 },
    });
    expect(refused.headers["content-type"]).toStartWith("application/json");
    // The log channel is another top-level resource: same bucket hash, a count of its own.
    const other = await post(sandbox, IDS.log);
    expect([
      other.status,
      other.headers["x-ratelimit-remaining"],
      other.headers["x-ratelimit-bucket"],
    ]).toEqual([200, "4", hash]);
    // Half the window later the wait is half as long (Retry-After rounds up); at its end the count starts again.
    clock.advance(2_500);
    const later = await post(sandbox, IDS.general);
    expect([
      later.status,
      later.headers["retry-after"],
      later.headers["x-ratelimit-reset-after"],
      later.body,
    ]).toEqual([
      429,
      "3",
      "2.500",
      { message: "You are being rate limited.", retry_after: 2.5, global: false, code: 0 },
    ]);
    clock.advance(2_500);
    const fresh = await post(sandbox, IDS.general);
    expect([
      fresh.status,
      fresh.headers["x-ratelimit-remaining"],
      fresh.headers["x-ratelimit-reset-after"],
    ]).toEqual([200, "4", "5.000"]);
    // Refused posts were not posted, and the 429s fit Discord's published contract.
    expect([...sandbox.state.messages.values()].filter((m) => m.channelId === IDS.general)).toHaveLength(6);
    const limited = exchanges.filter((exchange) => exchange.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited.flatMap((exchange) => checkExchange(exchange).violations)).toEqual([]);
  });

  test("adding and removing a member's role share one bucket per guild, 10 per 10 s", async () => {
    const clock = manualClock(START);
    const sandbox = await t.sandbox({ clock });
    const role = (method: string) =>
      rest(sandbox, method, `/guilds/${IDS.guild}/members/${IDS.bob}/roles/${IDS.playerRole}`);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await role("PUT")).status, (await role("DELETE")).status);
    const refused = await role("PUT");
    expect(statuses).toEqual(Array(10).fill(204));
    expect([refused.status, refused.headers["x-ratelimit-bucket"], refused.headers["retry-after"]]).toEqual([
      429,
      hashOf("roles"),
      "10",
    ]);
    // A refused PUT changed nothing.
    expect(sandbox.state.members.get(IDS.bob)?.roleIds).toEqual([]);
  });
});

describe("sandbox REST: the global limit", () => {
  test("50 requests a second across routes; the 51st is refused globally; interaction endpoints are exempt", async () => {
    const clock = manualClock(START);
    const exchanges: RestExchange[] = [];
    const sandbox = await t.sandbox({ clock, observe: (exchange) => exchanges.push(exchange) });
    const paths = [`/guilds/${IDS.guild}/roles`, `/guilds/${IDS.guild}/channels`, "/users/@me"];
    for (let i = 0; i < 50; i++)
      expect((await rest(sandbox, "GET", paths[i % 3] as string)).status).toBe(200);
    const refused = await rest(sandbox, "GET", `/channels/${IDS.general}`);
    expect({ status: refused.status, headers: limitHeaders(refused.headers), body: refused.body }).toEqual({
      status: 429,
      headers: {
        "retry-after": "1",
        "x-ratelimit-global": "true",
        "x-ratelimit-scope": "global",
        via: "1.1 google",
      },
      body: { message: "You are being rate limited.", retry_after: 1, global: true, code: 0 },
    });
    expect(checkExchange(exchanges.at(-1) as RestExchange).violations).toEqual([]);
    // Interaction callbacks and the interaction webhooks do not count: they are answered (here: unknown token).
    const callback = await rest(sandbox, "POST", "/interactions/1/no-such-token/callback", {
      token: null,
      body: { type: 5 },
    });
    const edit = await rest(
      sandbox,
      "PATCH",
      `/webhooks/${sandbox.applicationId}/no-such-token/messages/@original`,
      {
        token: null,
        body: { content: "x" },
      },
    );
    expect([callback.status, edit.status]).toEqual([404, 404]);
    clock.advance(1_000);
    expect((await rest(sandbox, "GET", `/channels/${IDS.general}`)).status).toBe(200);
  });
});

describe("sandbox REST: the invalid request limit", () => {
  const banAnswer = {
    code: 0,
    message:
      "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently. " +
      "Please read our docs at https://discord.com/developers/docs/topics/rate-limits to prevent this moving forward.",
  };

  test("past the limit of 401, 403 and 429 answers every request gets Cloudflare's ban until it ends", async () => {
    const clock = manualClock(START);
    const sandbox = await t.sandbox({
      clock,
      rateLimits: { invalidRequests: { limit: 3, resetAfter: 600, banFor: 3600 } },
    });
    const roles = `/guilds/${IDS.guild}/roles`;
    // A bad token (401), a role above the bot's (403), a bucket's 429: three invalid answers, not yet too many.
    expect((await rest(sandbox, "GET", roles, { token: "wrong" })).status).toBe(401);
    const above = `/guilds/${IDS.guild}/members/${IDS.bob}/roles/${IDS.staffRole}`;
    expect((await rest(sandbox, "PUT", above)).status).toBe(403);
    await control(sandbox, "PATCH", "/rate-limits/settings", {
      buckets: { member: { limit: 1, resetAfter: 1 } },
    });
    const member = `/guilds/${IDS.guild}/members/${IDS.alice}`;
    expect([
      (await rest(sandbox, "GET", member)).status,
      (await rest(sandbox, "GET", member)).status,
    ]).toEqual([200, 429]);
    // A 404 is not an invalid request; a fourth 401 is one too many.
    expect((await rest(sandbox, "GET", `/channels/${IDS.general}/messages/1`)).status).toBe(404);
    expect((await rest(sandbox, "GET", roles)).status).toBe(200);
    expect((await rest(sandbox, "GET", roles, { token: "wrong" })).status).toBe(401);
    for (const request of [
      rest(sandbox, "GET", roles),
      rest(sandbox, "POST", "/interactions/1/no-such-token/callback", { token: null, body: { type: 5 } }),
      rest(sandbox, "GET", "/no/such/route"),
    ]) {
      const answer = await request;
      expect({ status: answer.status, headers: limitHeaders(answer.headers), body: answer.body }).toEqual({
        status: 429,
        headers: {},
        body: banAnswer,
      });
    }
    const state = (await control(sandbox, "GET", "/rate-limits/settings")).body;
    expect(state).toMatchObject({ bannedUntil: START + 3_600_000, refused: { banned: 3, bucket: 1 } });
    clock.advance(3_600_000);
    expect((await rest(sandbox, "GET", roles)).status).toBe(200);
  });

  test("the count is per window, and a shared resource's 429 is not counted against the bot", async () => {
    const clock = manualClock(START);
    const sandbox = await t.sandbox({
      clock,
      rateLimits: { invalidRequests: { limit: 2, resetAfter: 600, banFor: 60 } },
    });
    const roles = `/guilds/${IDS.guild}/roles`;
    await control(sandbox, "POST", "/rate-limits", {
      route: roles,
      scope: "shared",
      retryAfter: 1,
      times: 5,
    });
    for (let i = 0; i < 5; i++)
      expect((await rest(sandbox, "GET", roles)).headers["x-ratelimit-scope"]).toBe("shared");
    expect((await rest(sandbox, "GET", roles, { token: "wrong" })).status).toBe(401);
    expect((await rest(sandbox, "GET", roles, { token: "wrong" })).status).toBe(401);
    clock.advance(600_000);
    expect((await rest(sandbox, "GET", roles, { token: "wrong" })).status).toBe(401);
    expect((await rest(sandbox, "GET", roles)).status).toBe(200);
    expect((await control(sandbox, "GET", "/rate-limits/settings")).body).toMatchObject({
      invalid: { window: 1, total: 3 },
      bannedUntil: null,
    });
  });
});

describe("sandbox control API: the rate-limit settings", () => {
  test("read with their sources, changed per bucket, turned off and on, and started afresh", async () => {
    const clock = manualClock(START);
    const sandbox = await t.sandbox({ clock });
    const read = await control(sandbox, "GET", "/rate-limits/settings");
    expect(read.body).toMatchObject({
      settings: discordRateLimits(),
      refused: { global: 0, bucket: 0, banned: 0 },
      invalid: { window: 0, total: 0 },
      bannedUntil: null,
      table: { roles: { routes: BUCKETS.roles.routes, source: BUCKETS.roles.source } },
    });

    const changed = await control(sandbox, "PATCH", "/rate-limits/settings", {
      buckets: { messageCreate: { limit: 2, resetAfter: 0.5 } },
    });
    expect(changed.body).toMatchObject({
      settings: { buckets: { messageCreate: { limit: 2, resetAfter: 0.5 } } },
    });
    const posts = [
      await post(sandbox, IDS.general),
      await post(sandbox, IDS.general),
      await post(sandbox, IDS.general),
    ];
    expect(posts.map((answer) => [answer.status, answer.headers["x-ratelimit-limit"]])).toEqual([
      [200, "2"],
      [200, "2"],
      [429, "2"],
    ]);
    expect((await post(sandbox, IDS.general)).headers["x-ratelimit-reset-after"]).toBe("0.500");

    await control(sandbox, "PATCH", "/rate-limits/settings", { enabled: false });
    const off = await post(sandbox, IDS.general);
    expect([off.status, limitHeaders(off.headers)]).toEqual([200, {}]);
    await control(sandbox, "PATCH", "/rate-limits/settings", { enabled: true });
    expect((await post(sandbox, IDS.general)).status).toBe(429);
    expect((await control(sandbox, "POST", "/rate-limits/reset")).body).toMatchObject({
      refused: { global: 0, bucket: 0, banned: 0 },
    });
    expect((await post(sandbox, IDS.general)).headers["x-ratelimit-remaining"]).toBe("1");

    await control(sandbox, "PATCH", "/rate-limits/settings", { global: null, invalidRequests: null });
    expect((await control(sandbox, "GET", "/rate-limits/settings")).body).toMatchObject({
      settings: { global: null, invalidRequests: null },
    });
  });

  test("what it is given is checked", async () => {
    const sandbox = await t.sandbox();
    const patch = (body: unknown) => control(sandbox, "PATCH", "/rate-limits/settings", body);
    expect(await patch({ buckets: { messages: { limit: 1, resetAfter: 1 } } })).toEqual({
      status: 400,
      body: {
        error: `unknown bucket messages (known: ${Object.keys(BUCKETS).join(", ")})`,
      },
    });
    expect(await patch({ global: { limit: 0, resetAfter: 1 } })).toEqual({
      status: 400,
      body: { error: "global.limit must be an integer from 1" },
    });
    expect(await patch({ invalidRequests: { limit: 5, resetAfter: 600 } })).toEqual({
      status: 400,
      body: { error: "invalidRequests.banFor must be a number of seconds, above 0 and at most 86400" },
    });
    expect(await patch({ enabled: "no" })).toEqual({
      status: 400,
      body: { error: "enabled must be true or false" },
    });
    expect(await patch({ bucket: {} })).toEqual({ status: 400, body: { error: "unknown setting bucket" } });
    expect((await control(sandbox, "GET", "/rate-limits/settings")).body).toMatchObject({
      settings: discordRateLimits(),
    });
  });
});
