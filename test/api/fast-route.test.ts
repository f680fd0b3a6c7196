import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Server } from "bun";
import { createApi } from "../../src/api/app.ts";
import { ENTRIES_ROUTE, entriesRoute } from "../../src/api/entries/fast-route.ts";
import { createServedFormats, type ServedFormats } from "../../src/api/entries/served.ts";
import { createRateLimit } from "../../src/api/rate-limit/index.ts";
import { formats } from "../../src/formats/index.ts";
import { createHub } from "../../src/realtime/hub.ts";
import { bearer, tamperKey } from "../helpers/http.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testHealth,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
const PER_MINUTE = 20;
/** What the stand-in for the app answers, so a test sees which of the two answered. */
const FALLBACK_STATUS = 299;

let services: TestServices;
let server: Server<unknown>;
/** What reached the fallback: the path and the RateLimit header the rate limit held for it. */
let fellBack: { path: string; rateLimit: string | undefined }[];
let whitelistId: string;
let key: string;
let served: ServedFormats;

beforeEach(async () => {
  services = await testServices();
  served = createServedFormats(services.formatCache);
  const limit = createRateLimit({
    perMinute: PER_MINUTE,
    trustProxy: { kind: "off" },
    clock: services.clock,
  });
  fellBack = [];
  const fallback = (request: Request) => {
    fellBack.push({ path: new URL(request.url).pathname, rateLimit: limit.headersOf(request)?.RateLimit });
    return new Response("app", { status: FALLBACK_STATUS });
  };
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    routes: { [ENTRIES_ROUTE]: { GET: entriesRoute({ ...services, served, limit, fallback }) } },
    fetch: () => new Response("not routed", { status: 404 }),
  });
  const whitelist = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
  await seedEntries(services, whitelist.id, ["Notch", "jeb_"]);
  whitelistId = whitelist.id;
  key = (await seedKey(services, GUILD)).plaintext;
});

afterEach(async () => {
  await server.stop(true);
  await services.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
const entries = (id = whitelistId, query = "") => `/api/v1/whitelists/${id}/entries${query}`;

test("the pattern is the app's own route for the read, so Bun's router answers it in the app's place", async () => {
  const services = await testServices();
  try {
    const app = createApi({
      ...services,
      version: "test",
      rateLimitPerMinute: 60,
      trustProxy: { kind: "off" },
      hub: createHub(services),
      health: testHealth(services),
    });
    expect(app.routes.filter((route) => route.path === ENTRIES_ROUTE).map((route) => route.method)).toEqual([
      "GET",
    ]);
  } finally {
    await services.close();
  }
});

forEachStore("reads it answers itself", () => {
  test.each([
    ["json", ""],
    ["plain", "?format=plain"],
    ["easywhitelist", "?format=easywhitelist"],
    ["vanilla", "?format=vanilla"],
  ] as const)("%s: the cached bytes with every header, counted once", async (format, query) => {
    const response = await get(entries(whitelistId, query), bearer(key));
    const expected = await served.get(whitelistId, format);
    const fileName = formats[format].file?.name;
    const body: Uint8Array = new Uint8Array(await response.arrayBuffer());
    expect({
      status: response.status,
      body,
      contentType: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      etag: response.headers.get("etag"),
      policy: response.headers.get("ratelimit-policy"),
      rateLimit: response.headers.get("ratelimit"),
    }).toEqual({
      status: 200,
      body: (await services.formatCache.get(whitelistId, format)).bytes,
      contentType: formats[format].contentType,
      disposition: fileName ? `attachment; filename="${fileName}"` : null,
      etag: expected.etag,
      policy: `"ip";q=${PER_MINUTE};w=60`,
      rateLimit: `"ip";r=${PER_MINUTE - 1};t=3`,
    });
    expect(fellBack).toEqual([]);
  });

  test("304 for the current ETag, with the rate-limit headers and no body", async () => {
    const etag = (await get(entries(), bearer(key))).headers.get("etag") ?? "";
    const response = await get(entries(), { ...bearer(key), "if-none-match": etag });
    expect({
      status: response.status,
      body: await response.text(),
      etag: response.headers.get("etag"),
      rateLimit: response.headers.get("ratelimit"),
    }).toEqual({ status: 304, body: "", etag, rateLimit: `"ip";r=${PER_MINUTE - 2};t=6` });
    expect(fellBack).toEqual([]);
  });

  test("each answer is a copy of the one built with the format: whole bytes, its own rate-limit headers", async () => {
    const bytes = (await services.formatCache.get(whitelistId, "plain")).bytes;
    const etag = (await served.get(whitelistId, "plain")).etag;
    const answers = [];
    const revalidate: Record<string, string> = { "if-none-match": etag };
    for (const headers of [{}, revalidate, {}, revalidate, {}]) {
      const response = await get(entries(whitelistId, "?format=plain"), { ...bearer(key), ...headers });
      answers.push({
        status: response.status,
        body: new Uint8Array(await response.arrayBuffer()) as Uint8Array,
        rateLimit: response.headers.get("ratelimit"),
        options: response.headers.get("x-content-type-options"),
      });
    }
    const empty = new Uint8Array(0) as Uint8Array;
    expect(answers).toEqual(
      [200, 304, 200, 304, 200].map((status, i) => ({
        status,
        body: status === 200 ? bytes : empty,
        rateLimit: `"ip";r=${PER_MINUTE - 1 - i};t=${3 * (i + 1)}`,
        options: "nosniff",
      })),
    );
  });

  test("the policy built into the copied answers follows the limit of the route that answers", async () => {
    const otherLimit = createRateLimit({ perMinute: 7, trustProxy: { kind: "off" }, clock: services.clock });
    const other = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      routes: {
        [ENTRIES_ROUTE]: {
          GET: entriesRoute({ ...services, served, limit: otherLimit, fallback: () => new Response(null) }),
        },
      },
      fetch: () => new Response("not routed", { status: 404 }),
    });
    try {
      const policies = [];
      for (const port of [server.port, other.port, server.port]) {
        const response = await fetch(`http://127.0.0.1:${port}${entries()}`, { headers: bearer(key) });
        policies.push({ status: response.status, policy: response.headers.get("ratelimit-policy") });
      }
      expect(policies).toEqual([
        { status: 200, policy: `"ip";q=${PER_MINUTE};w=60` },
        { status: 200, policy: '"ip";q=7;w=60' },
        { status: 200, policy: `"ip";q=${PER_MINUTE};w=60` },
      ]);
    } finally {
      await other.stop(true);
    }
  });

  test("429 once the bucket is empty, without passing the request on", async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await get(entries(), bearer(key))).status).toBe(200);
    const refused = await get(entries(), bearer(key));
    expect({
      status: refused.status,
      type: refused.headers.get("content-type"),
      retryAfter: refused.headers.get("retry-after"),
      body: await refused.json(),
    }).toEqual({
      status: 429,
      type: "application/problem+json",
      retryAfter: "3",
      body: expect.objectContaining({ type: "urn:whitelist-sync:problem:rate-limited", status: 429 }),
    });
    expect(fellBack).toEqual([]);
  });
});

forEachStore("requests it passes to the app, counted once", () => {
  test("every other case reaches the app with the rate limit's headers already taken", async () => {
    const otherGuild = await seedWhitelist(services, { guildId: "100000000000000002" });
    const revoked = await seedKey(services, GUILD);
    await services.keys.revoke(GUILD, revoked.key.id);
    const scoped = (await seedKey(services, GUILD, otherGuild.id)).plaintext;
    const cases: [string, Record<string, string>][] = [
      [entries(), {}],
      [entries(), { authorization: "Basic abc" }],
      [entries(), bearer(tamperKey(key))],
      [entries(), bearer(revoked.plaintext)],
      [entries(), bearer(scoped)],
      [entries(otherGuild.id), bearer(key)],
      [entries("nosuchlist"), bearer(key)],
      [entries(whitelistId, "?format=yaml"), bearer(key)],
      [entries(whitelistId, "?format=plain&x=1"), bearer(key)],
      [entries("a.b"), bearer(key)],
    ];
    for (const [path, headers] of cases) expect((await get(path, headers)).status).toBe(FALLBACK_STATUS);
    expect(fellBack).toEqual(
      cases.map(([path], i) => ({
        path: path.split("?")[0] ?? path,
        rateLimit: `"ip";r=${PER_MINUTE - 1 - i};t=${3 * (i + 1)}`,
      })),
    );
  });
});
