/**
 * Every status each route can answer, one row per status and cause, but those of the key and its scope (401, 403,
 * 404 for a whitelist): the route walk, scope.test.ts, asks every route of the OpenAPI document with every kind of
 * key. Which check wins when several fail is in check-order.test.ts.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { bearer, call, expectProblem, paths, problemBody, summary, type TestApp } from "../helpers/http.ts";
import { forEachStore, type TestServices, testApi } from "../helpers/services.ts";
import { failingStore, seededApiWorld, view, type World } from "./world.ts";

let services: TestServices;
let app: TestApp;
let world: World;

beforeEach(async () => {
  ({ services, app, world } = await seededApiWorld());
});

afterEach(async () => {
  await services.close();
});

/** A response as one comparable object, with the header a 429 or a 503 must carry. */
async function withRetryAfter(response: Response) {
  return { ...(await summary(response)), retryAfter: response.headers.get("retry-after") };
}

forEachStore("GET /health", () => {
  test.each(["/health", "/api/v1/health"])(
    "%s answers 200 {ok:true, version, uptime, gateway, database} without a key or RateLimit headers",
    async (path) => {
      const response = await call(app, "GET", path);
      expect({
        ...(await summary(response)),
        rateLimit: response.headers.get("ratelimit"),
        policy: response.headers.get("ratelimit-policy"),
      }).toEqual({
        status: 200,
        contentType: expect.stringMatching(/^application\/json/),
        body: { ok: true, version: "test", uptime: 0, gateway: "disabled", database: "ok", roleQueue: 0 },
        rateLimit: null,
        policy: null,
      });
    },
  );
});

// The 429 of GET /whitelists is asserted over the real service in rate-limit-http.test.ts.
forEachStore("GET /whitelists statuses", () => {
  test("200 lists the key's whitelists with every documented field", async () => {
    const response = await call(app, "GET", paths.whitelists, bearer(world.keys.guild));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: [view(world.a), view(world.b)],
    });
  });
});

forEachStore("GET /whitelists/{id}/entries statuses", () => {
  test("200 with the entries as JSON", async () => {
    const response = await call(app, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: [{ nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] }],
    });
  });

  test("304 when If-None-Match holds the current ETag", async () => {
    const first = await call(app, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    const etag = first.headers.get("etag") ?? "";
    const response = await call(app, "GET", paths.entries(world.a.id), {
      ...bearer(world.keys.guild),
      "if-none-match": etag,
    });
    expect({
      status: response.status,
      body: await response.text(),
      etag: response.headers.get("etag"),
    }).toEqual({ status: 304, body: "", etag });
  });

  test("400 for an unknown format, naming the parameter", async () => {
    const response = await call(
      app,
      "GET",
      `${paths.entries(world.a.id)}?format=xml`,
      bearer(world.keys.guild),
    );
    await expectProblem(response, "invalid-request", expect.stringContaining("format"));
  });

  test("400 for a whitelist id that is not valid percent-encoding", async () => {
    const response = await call(app, "GET", "/api/v1/whitelists/%E0%A4%A/entries", bearer(world.keys.guild));
    await expectProblem(response, "invalid-request");
  });

  test("400 for a whitelist id longer than 64 characters", async () => {
    const response = await call(app, "GET", paths.entries("x".repeat(65)), bearer(world.keys.guild));
    await expectProblem(response, "invalid-request", expect.stringContaining("whitelistId"));
  });

  test("429 once the bucket is empty, with Retry-After", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    expect((await call(limited, "GET", paths.entries(world.a.id), bearer(world.keys.guild))).status).toBe(
      200,
    );
    const response = await call(limited, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    expect(await withRetryAfter(response)).toEqual({
      status: 429,
      contentType: "application/problem+json",
      body: problemBody("rate-limited"),
      retryAfter: "60",
    });
  });
});

// The 503 of a DELETE that finds the write lock taken is asserted over the real service in
// locked-store.test.ts; the one of a failing disk is below.
forEachStore("DELETE /whitelists/{id}/entries/{nick} statuses", () => {
  test("200 with the removed nick", async () => {
    const response = await call(app, "DELETE", paths.entry(world.a.id, "Notch"), bearer(world.keys.guild));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: { removed: true, nick: "Notch" },
    });
  });

  test("400 for a nick longer than 64 characters", async () => {
    const response = await call(
      app,
      "DELETE",
      paths.entry(world.a.id, "n".repeat(65)),
      bearer(world.keys.guild),
    );
    await expectProblem(response, "invalid-request", expect.stringContaining("nick"));
  });

  test("400 for a nick that is not valid percent-encoding", async () => {
    const response = await call(
      app,
      "DELETE",
      `${paths.entries(world.a.id)}/%E0%A4%A`,
      bearer(world.keys.guild),
    );
    await expectProblem(response, "invalid-request");
  });

  test("403 key-read-only for a read-only key, saying why, and the nick stays", async () => {
    const response = await call(app, "DELETE", paths.entry(world.a.id, "Notch"), bearer(world.keys.readOnly));
    expect({
      ...(await summary(response)),
      stillThere: (await services.entries.find(world.a.id, "Notch"))?.nick,
    }).toEqual({
      status: 403,
      contentType: "application/problem+json",
      body: problemBody(
        "key-read-only",
        "This key is read-only (created with may-remove:False): it may read whitelists and receive their " +
          "events, not change anything (remove nicks, ask for proof codes). Staff create a key that may with " +
          "/server-link create.",
      ),
      stillThere: "Notch",
    });
  });

  test("404 entry-not-found for a nick that is not registered", async () => {
    const response = await call(
      app,
      "DELETE",
      paths.entry(world.a.id, "Herobrine"),
      bearer(world.keys.guild),
    );
    await expectProblem(response, "entry-not-found");
  });

  test("429 once the bucket is empty, with Retry-After, and the nick stays", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    await call(limited, "DELETE", paths.entry(world.a.id, "Herobrine"), bearer(world.keys.guild));
    const response = await call(
      limited,
      "DELETE",
      paths.entry(world.a.id, "Notch"),
      bearer(world.keys.guild),
    );
    expect({
      ...(await withRetryAfter(response)),
      stillThere: (await services.entries.find(world.a.id, "Notch"))?.nick,
    }).toEqual({
      status: 429,
      contentType: "application/problem+json",
      body: problemBody("rate-limited"),
      retryAfter: "60",
      stillThere: "Notch",
    });
  });
});

forEachStore("503 when the store fails to read (a failing disk, a lost connection)", () => {
  test.each([
    ["GET", "/whitelists", () => paths.whitelists],
    ["GET", "/whitelists/{id}/entries", (id: string) => paths.entries(id)],
    ["DELETE", "/whitelists/{id}/entries/{nick}", (id: string) => paths.entry(id, "Notch")],
    ["GET", "/events?after=0", () => paths.events("?after=0")],
  ] as const)("%s %s answers 503 with Retry-After", async (method, _route, pathOf) => {
    const { services: failing, app: failingApp, whitelist, key } = await failingStore();
    try {
      const response = await call(failingApp, method, pathOf(whitelist.id), bearer(key));
      expect(await withRetryAfter(response)).toEqual({
        status: 503,
        contentType: "application/problem+json",
        body: problemBody("store-unavailable"),
        retryAfter: "2",
      });
    } finally {
      await failing.close();
    }
  });
});
