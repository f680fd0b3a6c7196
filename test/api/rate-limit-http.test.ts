import { afterEach, describe, expect, test } from "bun:test";
import { bearer, paths, problemBody, rawRequest, startTestServer, type TestServer } from "../helpers/http.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

const GUILD = "100000000000000001";
const PER_MINUTE = 5;
const POLICY = `"ip";q=${PER_MINUTE};w=60`;
/** Seconds for one token to come back at 5 per minute. */
const TOKEN_SECONDS = 60 / PER_MINUTE;

let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(env: Record<string, string> = {}) {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), ...env });
  return server;
}

/** One request over a real socket; the body is read so the connection can be reused. */
async function send(path: string, headers: Record<string, string> = {}, method = "GET") {
  if (!server) throw new Error("no server");
  const response = await fetch(`${server.url}${path}`, { method, headers });
  const text = await response.text();
  return {
    status: response.status,
    policy: response.headers.get("ratelimit-policy"),
    rateLimit: response.headers.get("ratelimit"),
    retryAfter: response.headers.get("retry-after"),
    contentType: response.headers.get("content-type"),
    body: text === "" ? null : (JSON.parse(text) as unknown),
  };
}

/** Only the rate-limit view of a response. */
const limits = ({ status, policy, rateLimit }: Awaited<ReturnType<typeof send>>) => ({
  status,
  policy,
  rateLimit,
});

async function times(count: number, path: string, headers: Record<string, string> = {}) {
  const out: Awaited<ReturnType<typeof send>>[] = [];
  for (let i = 0; i < count; i++) out.push(await send(path, headers));
  return out;
}

describe("rate limit over real HTTP", () => {
  test("every kind of answer carries the headers: JSON, export file, 304, 400, 401, unknown route", async () => {
    const running = await start();
    const whitelist = await seedWhitelist(running.services, { guildId: GUILD });
    await seedEntries(running.services, whitelist.id, ["Notch"]);
    const key = (await seedKey(running.services, GUILD)).plaintext;
    const answer = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server?.url}${path}`, { headers });
      await response.arrayBuffer();
      return {
        status: response.status,
        policy: response.headers.get("ratelimit-policy"),
        etag: response.headers.get("etag"),
      };
    };
    const json = await answer(paths.entries(whitelist.id), bearer(key));
    const statuses = [
      json,
      await answer(`${paths.entries(whitelist.id)}?format=plain`, bearer(key)),
      await answer(paths.entries(whitelist.id), { ...bearer(key), "if-none-match": json.etag ?? "" }),
      await answer(`${paths.entries(whitelist.id)}?format=xml`, bearer(key)),
      await answer(paths.entries(whitelist.id)),
    ].map(({ status, policy }) => ({ status, policy }));
    expect(statuses).toEqual([200, 200, 304, 400, 401].map((status) => ({ status, policy: POLICY })));
  });

  test("lets a full bucket through with decreasing RateLimit, then answers 429 with Retry-After", async () => {
    const running = await start();
    const key = (await seedKey(running.services, GUILD)).plaintext;

    const passed = await times(PER_MINUTE, paths.whitelists, bearer(key));
    expect(passed.map(limits)).toEqual(
      [4, 3, 2, 1, 0].map((remaining, i) => ({
        status: 200,
        policy: POLICY,
        rateLimit: `"ip";r=${remaining};t=${(i + 1) * TOKEN_SECONDS}`,
      })),
    );

    const refused = await send(paths.whitelists, bearer(key));
    expect(refused).toEqual({
      status: 429,
      policy: POLICY,
      rateLimit: `"ip";r=0;t=${TOKEN_SECONDS}`,
      retryAfter: String(TOKEN_SECONDS),
      contentType: "application/problem+json",
      body: problemBody("rate-limited"),
    });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  test("401s count against the bucket", async () => {
    const running = await start();
    const key = (await seedKey(running.services, GUILD)).plaintext;

    const unauthorized = await times(PER_MINUTE, paths.whitelists);
    expect(unauthorized.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(unauthorized.at(-1)?.rateLimit).toBe(`"ip";r=0;t=60`);

    const withKey = await send(paths.whitelists, bearer(key));
    expect({ status: withKey.status, body: withKey.body }).toEqual({
      status: 429,
      body: problemBody("rate-limited"),
    });
  });

  test("404s and deletes count against the same bucket", async () => {
    const running = await start();
    const key = (await seedKey(running.services, GUILD)).plaintext;
    const whitelist = await seedWhitelist(running.services, { guildId: GUILD });
    await seedEntries(running.services, whitelist.id, ["Notch"]);

    const statuses = [
      (await send("/api/v1/nope")).status,
      (await send(paths.entry(whitelist.id, "notch"), bearer(key), "DELETE")).status,
      (await send(paths.entry(whitelist.id, "notch"), bearer(key), "DELETE")).status,
      (await send(paths.entries(whitelist.id), bearer(key))).status,
      (await send(paths.whitelists, bearer(key))).status,
      (await send(paths.whitelists, bearer(key))).status,
    ];
    expect(statuses).toEqual([404, 200, 404, 200, 200, 429]);
  });

  test("health checks are never limited and carry no RateLimit headers; the docs count like the rest", async () => {
    await start();
    await times(PER_MINUTE + 1, paths.whitelists);

    const exempt = await Promise.all(
      ["/health", "/api/v1/health", "/health?probe=1", "/api/v1/health"].map(async (path) =>
        limits(await send(path)),
      ),
    );
    expect(exempt).toEqual(Array(4).fill({ status: 200, policy: null, rateLimit: null }));

    const docs = await Promise.all(
      ["/swagger", "/swagger/json", "/swagger/assets/swagger-ui.css"].map((path) => send(path)),
    );
    expect(docs.map(limits)).toEqual(
      Array(3).fill({ status: 429, policy: POLICY, rateLimit: expect.stringMatching(/^"ip";r=0;t=\d+$/) }),
    );
    expect((await send(paths.whitelists)).status).toBe(429);
  });

  test("an HTTP/1.0 probe without a Host header is never counted either", async () => {
    await start();
    await times(PER_MINUTE + 1, paths.whitelists);
    const port = new URL(server?.url ?? "").port;
    for (const path of ["/health", "/api/v1/health"]) {
      const answer = await rawRequest(port, [`GET ${path} HTTP/1.0`]);
      expect({ status: answer.status, rateLimit: answer.headers.ratelimit }).toEqual({
        status: 200,
        rateLimit: undefined,
      });
    }
  });

  // Regression: only /health and /api/v1/health are exempt (docs/api.md), not their prefixes.
  test("paths that merely begin with /health or /swagger are counted", async () => {
    await start();
    const responses: ReturnType<typeof limits>[] = [];
    for (const path of ["/healthz", "/swaggerx", "/api/v1/healthcheck"])
      responses.push(limits(await send(path)));
    expect(responses).toEqual(
      [4, 3, 2].map((remaining, i) => ({
        status: 404,
        policy: POLICY,
        rateLimit: `"ip";r=${remaining};t=${(i + 1) * TOKEN_SECONDS}`,
      })),
    );
  });

  test("the bucket refills with the injected clock", async () => {
    const running = await start();
    await times(PER_MINUTE, paths.whitelists);
    const refused = await send(paths.whitelists);
    expect(refused.status).toBe(429);

    running.clock.advance(Number(refused.retryAfter) * 1000);
    expect((await times(2, paths.whitelists)).map(limits)).toEqual([
      { status: 401, policy: POLICY, rateLimit: `"ip";r=0;t=60` },
      { status: 429, policy: POLICY, rateLimit: `"ip";r=0;t=${TOKEN_SECONDS}` },
    ]);

    running.clock.advance(60_000);
    expect((await times(PER_MINUTE + 1, paths.whitelists)).map((r) => r.status)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
  });

  test("a forged X-Forwarded-For gets no fresh bucket without TRUST_PROXY", async () => {
    await start();
    await times(PER_MINUTE, paths.whitelists);

    const forged = await Promise.all(
      ["1.2.3.4", "5.6.7.8", "1.2.3.4, 127.0.0.1", "::1"].map(async (xff) => {
        const response = await send(paths.whitelists, { "x-forwarded-for": xff });
        return response.status;
      }),
    );
    expect(forged).toEqual([429, 429, 429, 429]);
  });

  test("each forged X-Forwarded-For value drains the socket's one bucket without TRUST_PROXY", async () => {
    await start();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++) {
      statuses.push((await send(paths.whitelists, { "x-forwarded-for": `10.0.0.${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("with TRUST_PROXY=127.0.0.1, different X-Forwarded-For clients get separate buckets", async () => {
    await start({ TRUST_PROXY: "127.0.0.1" });
    const first = { "x-forwarded-for": "1.2.3.4" };
    const second = { "x-forwarded-for": "5.6.7.8" };

    expect((await times(PER_MINUTE + 1, paths.whitelists, first)).map((r) => r.status)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
    expect(limits(await send(paths.whitelists, second))).toEqual({
      status: 401,
      policy: POLICY,
      rateLimit: `"ip";r=4;t=${TOKEN_SECONDS}`,
    });
    // The proxy's own requests (no header) are yet another client.
    expect((await send(paths.whitelists)).rateLimit).toBe(`"ip";r=4;t=${TOKEN_SECONDS}`);
    expect((await send(paths.whitelists, first)).status).toBe(429);
  });

  test("with TRUST_PROXY=127.0.0.1, a client cannot escape its bucket by prepending addresses", async () => {
    await start({ TRUST_PROXY: "127.0.0.1" });
    await times(PER_MINUTE, paths.whitelists, { "x-forwarded-for": "1.2.3.4" });
    // The trusted proxy appends the real client (1.2.3.4) to whatever the client sent.
    const spoofed = await send(paths.whitelists, { "x-forwarded-for": "9.9.9.9, 1.2.3.4" });
    expect(spoofed.status).toBe(429);
  });

  test("IPv6 clients are counted per /64: stepping through the block gains nothing, another /64 is another client", async () => {
    await start({ TRUST_PROXY: "127.0.0.1" });
    const inBlock = [
      "2001:db8:1:2::a",
      "2001:DB8:1:2:ffff::1",
      "2001:db8:1:2:0:0:0:3",
      "2001:db8:1:2::4",
      "2001:db8:1:2::5",
    ];
    for (const address of inBlock) await send(paths.whitelists, { "x-forwarded-for": address });
    const statuses = await Promise.all(
      ["2001:db8:1:2::6", "2001:db8:1:3::a", "203.0.113.9"].map(
        async (address) => (await send(paths.whitelists, { "x-forwarded-for": address })).status,
      ),
    );
    expect(statuses).toEqual([429, 401, 401]);
  });
});
