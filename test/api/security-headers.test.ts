import { afterEach, describe, expect, test } from "bun:test";
import {
  bearer,
  paths,
  type RawAnswer,
  rawRequest,
  startTestServer,
  type TestServer,
} from "../helpers/http.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

// Issue 27 §4: every answer carries the headers of OWASP's REST Security cheat sheet (Security headers):
// `X-Content-Type-Options: nosniff`, no framing (`Content-Security-Policy: frame-ancestors 'none'`,
// `X-Frame-Options: DENY`), and `Cache-Control: no-store` unless the route chose its own caching. Through a real
// socket, so Bun's router answers as in production: the entries' fast route answers without the app.

const GUILD = "100000000000000001";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The security headers of an answer, and its status. */
const headersOf = (response: Response) => ({
  status: response.status,
  nosniff: response.headers.get("x-content-type-options"),
  csp: response.headers.get("content-security-policy"),
  frames: response.headers.get("x-frame-options"),
  cache: response.headers.get("cache-control"),
});

const secure = (status: number, cache = "no-store") => ({
  status,
  nosniff: "nosniff",
  csp: "frame-ancestors 'none'",
  frames: "DENY",
  cache,
});

describe("security headers", () => {
  test("on every answer: pages, documents, errors, the fast route, 304, 429 and /metrics", async () => {
    server = await startTestServer({ METRICS: "on", RATE_LIMIT_PER_MINUTE: "40" });
    const { services, url } = server;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Notch"]);
    const { plaintext: key } = await seedKey(services, GUILD);
    const ask = async (path: string, init: RequestInit = {}) => headersOf(await fetch(`${url}${path}`, init));
    const auth = { headers: bearer(key) };

    const first = await fetch(`${url}${paths.entries(wl.id)}`, auth);
    const etag = first.headers.get("etag") as string;
    const answers = {
      health: await ask("/health"),
      healthHead: await ask("/health", { method: "HEAD" }),
      versionedHealth: await ask("/api/v1/health"),
      swagger: await ask("/swagger"),
      document: await ask("/swagger/json"),
      asset: await ask("/swagger/assets/swagger-ui.css"),
      missingAsset: await ask("/swagger/assets/nope.js"),
      unknown: await ask("/nope"),
      noKey: await ask(paths.whitelists),
      whitelists: await ask(paths.whitelists, auth),
      methodNotAllowed: await ask(paths.whitelists, { ...auth, method: "POST" }),
      // The first read is the app's; the next ones come from the fast route's cache.
      entriesFromApp: headersOf(first),
      entriesFromFastRoute: await ask(paths.entries(wl.id), auth),
      plainFromFastRoute: await ask(`${paths.entries(wl.id)}?format=plain`, auth),
      notModified: await ask(paths.entries(wl.id), { headers: { ...bearer(key), "if-none-match": etag } }),
      events: await ask(paths.events(), auth),
      badCursor: await ask(paths.events("?after=x"), auth),
      removed: await ask(paths.entry(wl.id, "Notch"), { ...auth, method: "DELETE" }),
      noUpgrade: await ask("/api/v1/ws", auth),
      metrics: await ask("/metrics"),
    };
    expect(answers).toEqual({
      health: secure(200),
      healthHead: secure(200),
      versionedHealth: secure(200),
      swagger: secure(200),
      document: secure(200),
      asset: secure(200, "public, max-age=86400"),
      missingAsset: secure(404),
      unknown: secure(404),
      noKey: secure(401),
      whitelists: secure(200),
      methodNotAllowed: secure(405),
      entriesFromApp: secure(200, "no-cache"),
      entriesFromFastRoute: secure(200, "no-cache"),
      plainFromFastRoute: secure(200, "no-cache"),
      notModified: secure(304, "no-cache"),
      events: secure(200),
      badCursor: secure(400),
      removed: secure(200),
      noUpgrade: secure(426),
      metrics: secure(200),
    });

    // The bucket runs dry: the rate limit's own answer, on the fast route and on the app.
    let limited: ReturnType<typeof headersOf> | undefined;
    let limitedByApp: ReturnType<typeof headersOf> | undefined;
    for (let i = 0; i < 100 && !(limited && limitedByApp); i++) {
      const fast = await ask(paths.entries(wl.id), auth);
      if (fast.status === 429) limited = fast;
      const app = await ask(paths.whitelists, auth);
      if (app.status === 429) limitedByApp = app;
    }
    expect({ limited, limitedByApp }).toEqual({ limited: secure(429), limitedByApp: secure(429) });
  });

  test("on the 429 of a request without a Host header, which the rate limit counts before the app", async () => {
    // Bun gives such a request (an HTTP/1.0 probe) a bare path; the app is handed a copy, the original counted.
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: "2" });
    const port = new URL(server.url).port;
    const answers: RawAnswer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await rawRequest(port, [`GET ${paths.whitelists} HTTP/1.0`]));
    const security = ({ status, headers }: RawAnswer) => ({
      status,
      nosniff: headers["x-content-type-options"],
      csp: headers["content-security-policy"],
      frames: headers["x-frame-options"],
      cache: headers["cache-control"],
    });
    expect(answers.map(security)).toEqual([secure(401), secure(401), secure(429)]);
  });

  test("on the metrics' own port too", async () => {
    server = await startTestServer({ METRICS: "on", METRICS_PORT: "0" });
    const metricsUrl = server.metricsUrl as string;
    const [scrape, other] = await Promise.all([
      fetch(metricsUrl),
      fetch(metricsUrl.replace(/\/metrics$/, "/other")),
    ]);
    expect([headersOf(scrape), headersOf(other)]).toEqual([secure(200), secure(404)]);
  });
});

// docs/api.md, Browsers and CORS: keys stay on servers, so no answer lets a page of another origin read it.
describe("no CORS headers, on purpose", () => {
  test("neither a preflight nor a request from a page's origin gets an Access-Control-* header", async () => {
    server = await startTestServer();
    const { services, url } = server;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Notch", "jeb_"]);
    const { plaintext: key } = await seedKey(services, GUILD);
    const origin = { origin: "https://fans.example.org" };
    const preflight = (method: string) => ({
      method: "OPTIONS",
      headers: {
        ...origin,
        "access-control-request-method": method,
        "access-control-request-headers": "authorization",
      },
    });
    const asked = {
      preflightList: await fetch(`${url}${paths.whitelists}`, preflight("GET")),
      preflightEntries: await fetch(`${url}${paths.entries(wl.id)}`, preflight("GET")),
      preflightRemove: await fetch(`${url}${paths.entry(wl.id, "Notch")}`, preflight("DELETE")),
      list: await fetch(`${url}${paths.whitelists}`, { headers: { ...origin, ...bearer(key) } }),
      entries: await fetch(`${url}${paths.entries(wl.id)}`, { headers: { ...origin, ...bearer(key) } }),
      remove: await fetch(`${url}${paths.entry(wl.id, "jeb_")}`, {
        method: "DELETE",
        headers: { ...origin, ...bearer(key) },
      }),
      health: await fetch(`${url}/health`, { headers: origin }),
      document: await fetch(`${url}/swagger/json`, { headers: origin }),
    };
    const cors = Object.fromEntries(
      Object.entries(asked).map(([name, response]) => [
        name,
        [...response.headers.keys()].filter((header) => header.startsWith("access-control-")),
      ]),
    );
    expect(cors).toEqual(Object.fromEntries(Object.keys(asked).map((name) => [name, []])));
    // A preflight is a method the paths do not answer (405); requests are answered as any other, and a browser
    // keeps the answer from the page.
    expect(
      Object.fromEntries(Object.entries(asked).map(([name, response]) => [name, response.status])),
    ).toEqual({
      preflightList: 405,
      preflightEntries: 405,
      preflightRemove: 405,
      list: 200,
      entries: 200,
      remove: 200,
      health: 200,
      document: 200,
    });
  });
});
