import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServedFormats } from "../../src/api/entries/served.ts";
import { paths, type RawAnswer, rawRequest, startTestServer, type TestServer } from "../helpers/http.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

const GUILD = "100000000000000001";

/**
 * The Host headers a client may send that once confused the routing: Elysia found a path by skipping 11
 * characters of the URL (`http://a.bc`), and Bun gives a request without a usable Host a bare path for URL.
 * `null`: an HTTP/1.0 request with no Host at all, as a load balancer's probe sends.
 */
const HOSTS = ["a", "wl", "api:80", "[::1]", null] as const;

let server: TestServer;
let limited: TestServer;
let world: { wl: string; other: string; key: string; scopedToOther: string; etag: string };

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: "100000" });
  limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: "1" });
  const { services } = server;
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
  const other = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
  await seedEntries(services, wl.id, ["Notch", "jeb_"]);
  const key = (await seedKey(services, GUILD)).plaintext;
  const scopedToOther = (await seedKey(services, GUILD, other.id)).plaintext;
  const etag = (await createServedFormats(services.formatCache).get(wl.id, "json")).etag;
  world = { wl: wl.id, other: other.id, key, scopedToOther, etag };
});

afterAll(async () => {
  await server.stop();
  await limited.stop();
});

/** One request to `target` written by hand, with `host` (or, for null, as HTTP/1.0 without any Host). */
function send(target: TestServer, host: string | null, method: string, path: string, headers: string[] = []) {
  const requestLine = `${method} ${path} ${host === null ? "HTTP/1.0" : "HTTP/1.1"}`;
  const lines = [requestLine, ...(host === null ? [] : [`Host: ${host}`]), ...headers];
  return rawRequest(new URL(target.url).port, lines);
}

/** What a test compares: the status and, for a problem, its kind. */
function outcome(answer: RawAnswer): string {
  if (answer.status < 400) return String(answer.status);
  const { type } = JSON.parse(answer.body) as { type: string };
  return `${answer.status} ${type.replace("urn:whitelist-sync:problem:", "")}`;
}

describe.each(HOSTS.map((host) => [host === null ? "no Host (HTTP/1.0)" : `Host: ${host}`, host] as const))(
  "the entries route with %s",
  (_, host) => {
    test("answers every status as it does with a full host name", async () => {
      const auth = (key: string) => [`Authorization: Bearer ${key}`];
      const entries = paths.entries(world.wl);
      const answers = {
        ok: await send(server, host, "GET", entries, auth(world.key)),
        file: await send(server, host, "GET", `${entries}?format=plain`, auth(world.key)),
        notModified: await send(server, host, "GET", entries, [
          ...auth(world.key),
          `If-None-Match: ${world.etag}`,
        ]),
        badFormat: await send(server, host, "GET", `${entries}?format=xml`, auth(world.key)),
        noKey: await send(server, host, "GET", entries),
        badKey: await send(server, host, "GET", entries, auth("wls_notakey")),
        outOfScope: await send(server, host, "GET", entries, auth(world.scopedToOther)),
        unknown: await send(server, host, "GET", paths.entries("nosuchlist"), auth(world.key)),
        badEscape: await send(server, host, "GET", "/api/v1/whitelists/%zz/entries", auth(world.key)),
        post: await send(server, host, "POST", entries, auth(world.key)),
        deleteMissing: await send(server, host, "DELETE", paths.entry(world.wl, "Nobody"), auth(world.key)),
        notFound: await send(server, host, "GET", "/api/v1/nope", auth(world.key)),
      };
      expect(
        Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, outcome(answer)])),
      ).toEqual({
        ok: "200",
        file: "200",
        notModified: "304",
        badFormat: "400 invalid-request",
        noKey: "401 unauthorized",
        badKey: "401 unauthorized",
        outOfScope: "403 whitelist-forbidden",
        unknown: "404 whitelist-not-found",
        badEscape: "400 invalid-request",
        post: "405 method-not-allowed",
        deleteMissing: "404 entry-not-found",
        notFound: "404 route-not-found",
      });
      expect([JSON.parse(answers.ok.body), answers.file.body]).toEqual([
        [
          { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
          { nick: "jeb_", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        ],
        "jeb_\nNotch\n",
      ]);
    });

    test("counts against the rate limit (429 once spent), while health checks are never counted", async () => {
      limited.clock.advance(60_000); // the bucket refills between the tests of each host
      const first = await send(limited, host, "GET", paths.entries(world.wl));
      const second = await send(limited, host, "GET", paths.entries(world.wl));
      const health = await send(limited, host, "GET", "/health");
      expect([outcome(first), outcome(second), outcome(health), health.headers.ratelimit]).toEqual([
        "401 unauthorized",
        "429 rate-limited",
        "200",
        undefined,
      ]);
    });
  },
);
