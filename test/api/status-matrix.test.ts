import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { generateKey } from "../../src/keys/token.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import {
  bearer,
  call,
  expectProblem,
  type ProblemKindName,
  paths,
  problemBody,
  summary,
  type TestApp,
  tamperKey,
} from "../helpers/http.ts";
import {
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
const OTHER_GUILD = "100000000000000002";
/** A whitelist id that exists nowhere. */
const MISSING = "nosuchlist";

/** The API's view of a whitelist: everything but the guild. */
const view = ({ guildId: _guildId, ...rest }: Whitelist) => rest;

/**
 * Two whitelists (A, B) in one guild, one (C) in another, "Notch" on each, and one key of every kind the
 * scope matrix needs.
 */
async function seedWorld(services: TestServices) {
  const a = await seedWhitelist(services, { guildId: GUILD, name: "alpha" });
  const b = await seedWhitelist(services, { guildId: GUILD, name: "beta" });
  const c = await seedWhitelist(services, { guildId: OTHER_GUILD, name: "gamma" });
  for (const whitelist of [a, b, c]) await seedEntries(services, whitelist.id, ["Notch"]);
  const guildKey = (await seedKey(services, GUILD)).plaintext;
  const revoked = await seedKey(services, GUILD);
  await services.keys.revoke(GUILD, revoked.key.id);
  return {
    a,
    b,
    c,
    keys: {
      guild: guildKey,
      scopedToA: (await seedKey(services, GUILD, a.id)).plaintext,
      revoked: revoked.plaintext,
      otherGuild: (await seedKey(services, OTHER_GUILD)).plaintext,
    },
  };
}

type World = Awaited<ReturnType<typeof seedWorld>>;

/** Separate services whose disk fails every read, the app over them, one whitelist of GUILD and a guild key. */
async function failingStore() {
  const services = testServices();
  const app = testApi(services);
  const whitelist = await seedWhitelist(services, { guildId: GUILD });
  const key = (await seedKey(services, GUILD)).plaintext;
  // A write lock does not block WAL readers, so a failing disk is what makes a read unanswerable.
  services.db.$client.prepare = (() => {
    throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_READ" });
  }) as never;
  return { services, app, whitelist, key };
}

let services: TestServices;
let app: TestApp;
let world: World;

beforeEach(async () => {
  services = testServices();
  app = testApi(services);
  world = await seedWorld(services);
});

afterEach(() => {
  services.close();
});

describe("GET /health", () => {
  test.each(["/health", "/api/v1/health"])(
    "%s answers 200 {ok:true} without a key or RateLimit headers",
    async (path) => {
      const response = await call(app, "GET", path);
      expect({
        ...(await summary(response)),
        rateLimit: response.headers.get("ratelimit"),
        policy: response.headers.get("ratelimit-policy"),
      }).toEqual({
        status: 200,
        contentType: expect.stringMatching(/^application\/json/),
        body: { ok: true },
        rateLimit: null,
        policy: null,
      });
    },
  );

  test("ignores an Authorization header, even a revoked key", async () => {
    const response = await call(app, "GET", "/health", bearer(world.keys.revoked));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: { ok: true },
    });
  });
});

describe("GET /whitelists statuses", () => {
  test("200 lists the key's whitelists with every documented field", async () => {
    const response = await call(app, "GET", paths.whitelists, bearer(world.keys.guild));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: [view(world.a), view(world.b)],
    });
  });

  test("401 without a key, with WWW-Authenticate", async () => {
    const response = await call(app, "GET", paths.whitelists);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="whitelist-sync"');
    await expectProblem(response, "unauthorized");
  });

  test("429 once the bucket is empty, with Retry-After", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    expect((await call(limited, "GET", paths.whitelists, bearer(world.keys.guild))).status).toBe(200);
    const response = await call(limited, "GET", paths.whitelists, bearer(world.keys.guild));
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectProblem(response, "rate-limited");
  });

  test("503 with Retry-After when the store fails to read (disk I/O error)", async () => {
    const { services: failing, app: failingApp, key } = await failingStore();
    try {
      const response = await call(failingApp, "GET", paths.whitelists, bearer(key));
      expect(response.headers.get("retry-after")).toBe("2");
      await expectProblem(response, "store-unavailable");
    } finally {
      failing.close();
    }
  });
});

describe("GET /whitelists/{id}/entries statuses", () => {
  test("200 with the entries as JSON", async () => {
    const response = await call(app, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    expect(await summary(response)).toEqual({
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: [{ nick: "Notch", uuid: null, premium: false }],
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

  test("401 without a key, with WWW-Authenticate", async () => {
    const response = await call(app, "GET", paths.entries(world.a.id));
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="whitelist-sync"');
    await expectProblem(response, "unauthorized");
  });

  test("403 for a key limited to another whitelist", async () => {
    const response = await call(app, "GET", paths.entries(world.b.id), bearer(world.keys.scopedToA));
    await expectProblem(response, "whitelist-forbidden");
  });

  test("404 for a whitelist that does not exist", async () => {
    const response = await call(app, "GET", paths.entries(MISSING), bearer(world.keys.guild));
    await expectProblem(response, "whitelist-not-found");
  });

  test("404 for a whitelist of another guild", async () => {
    const response = await call(app, "GET", paths.entries(world.c.id), bearer(world.keys.guild));
    await expectProblem(response, "whitelist-not-found");
  });

  test("429 once the bucket is empty, with Retry-After", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    await call(limited, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    const response = await call(limited, "GET", paths.entries(world.a.id), bearer(world.keys.guild));
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectProblem(response, "rate-limited");
  });

  test("503 with Retry-After when the store fails to read (disk I/O error)", async () => {
    const { services: failing, app: failingApp, whitelist, key } = await failingStore();
    try {
      const response = await call(failingApp, "GET", paths.entries(whitelist.id), bearer(key));
      expect(response.headers.get("retry-after")).toBe("2");
      await expectProblem(response, "store-unavailable");
    } finally {
      failing.close();
    }
  });
});

describe("DELETE /whitelists/{id}/entries/{nick} statuses", () => {
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

  test("401 without a key, with WWW-Authenticate", async () => {
    const response = await call(app, "DELETE", paths.entry(world.a.id, "Notch"));
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="whitelist-sync"');
    await expectProblem(response, "unauthorized");
  });

  test("403 for a key limited to another whitelist", async () => {
    const response = await call(
      app,
      "DELETE",
      paths.entry(world.b.id, "Notch"),
      bearer(world.keys.scopedToA),
    );
    await expectProblem(response, "whitelist-forbidden");
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

  test("404 whitelist-not-found for a whitelist that does not exist", async () => {
    const response = await call(app, "DELETE", paths.entry(MISSING, "Notch"), bearer(world.keys.guild));
    await expectProblem(response, "whitelist-not-found");
  });

  test("429 once the bucket is empty, with Retry-After", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    await call(limited, "DELETE", paths.entry(world.a.id, "Herobrine"), bearer(world.keys.guild));
    const response = await call(
      limited,
      "DELETE",
      paths.entry(world.a.id, "Notch"),
      bearer(world.keys.guild),
    );
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectProblem(response, "rate-limited");
    expect(services.entries.find(world.a.id, "Notch")?.nick).toBe("Notch");
  });
});

/** What a request of the scope matrix should answer. */
type Outcome = "ok" | ProblemKindName;

type KeyName =
  | "guild key"
  | "key scoped to A"
  | "revoked key"
  | "another guild's key"
  | "unknown well-formed key"
  | "missing header"
  | "Bearer alone"
  | "Basic scheme"
  | "key with a changed character";

/** The Authorization header of each row, or none. */
function headerOf(name: KeyName, keys: World["keys"]): Record<string, string> {
  switch (name) {
    case "guild key":
      return bearer(keys.guild);
    case "key scoped to A":
      return bearer(keys.scopedToA);
    case "revoked key":
      return bearer(keys.revoked);
    case "another guild's key":
      return bearer(keys.otherGuild);
    case "unknown well-formed key":
      return bearer(generateKey());
    case "missing header":
      return {};
    case "Bearer alone":
      return { authorization: "Bearer" };
    case "Basic scheme":
      return { authorization: "Basic xyz" };
    case "key with a changed character":
      return bearer(tamperKey(keys.guild));
  }
}

type Operation =
  | "list"
  | "entries A"
  | "entries B"
  | "entries missing"
  | "delete A"
  | "delete B"
  | "delete missing";

const operations: Operation[] = [
  "list",
  "entries A",
  "entries B",
  "entries missing",
  "delete A",
  "delete B",
  "delete missing",
];

const unauthorizedRow = Object.fromEntries(operations.map((op) => [op, "unauthorized"])) as Record<
  Operation,
  Outcome
>;

/** Expected outcome of each operation for each key (docs/api.md, Scope: a scoped key learns nothing). */
const matrix: Record<KeyName, Record<Operation, Outcome>> = {
  "guild key": {
    list: "ok",
    "entries A": "ok",
    "entries B": "ok",
    "entries missing": "whitelist-not-found",
    "delete A": "ok",
    "delete B": "ok",
    "delete missing": "whitelist-not-found",
  },
  "key scoped to A": {
    list: "ok",
    "entries A": "ok",
    "entries B": "whitelist-forbidden",
    "entries missing": "whitelist-forbidden",
    "delete A": "ok",
    "delete B": "whitelist-forbidden",
    "delete missing": "whitelist-forbidden",
  },
  "another guild's key": {
    list: "ok",
    "entries A": "whitelist-not-found",
    "entries B": "whitelist-not-found",
    "entries missing": "whitelist-not-found",
    "delete A": "whitelist-not-found",
    "delete B": "whitelist-not-found",
    "delete missing": "whitelist-not-found",
  },
  "revoked key": unauthorizedRow,
  "unknown well-formed key": unauthorizedRow,
  "missing header": unauthorizedRow,
  "Bearer alone": unauthorizedRow,
  "Basic scheme": unauthorizedRow,
  "key with a changed character": unauthorizedRow,
};

/** The request of an operation. */
function requestOf(operation: Operation): { method: string; path: string; whitelistId: string | null } {
  const id = { A: world.a.id, B: world.b.id, missing: MISSING } as const;
  const [verb, target] = operation.split(" ") as [string, keyof typeof id | undefined];
  if (verb === "list" || target === undefined)
    return { method: "GET", path: paths.whitelists, whitelistId: null };
  const whitelistId = id[target];
  return verb === "entries"
    ? { method: "GET", path: paths.entries(whitelistId), whitelistId }
    : { method: "DELETE", path: paths.entry(whitelistId, "Notch"), whitelistId };
}

/** The body a successful operation answers for a key. */
function successBody(operation: Operation, key: KeyName): unknown {
  if (operation === "list") {
    if (key === "key scoped to A") return [view(world.a)];
    if (key === "another guild's key") return [view(world.c)];
    return [view(world.a), view(world.b)];
  }
  if (operation.startsWith("entries")) return [{ nick: "Notch", uuid: null, premium: false }];
  return { removed: true, nick: "Notch" };
}

const cases = (Object.keys(matrix) as KeyName[]).flatMap((key) =>
  operations.map((operation) => ({ key, operation, outcome: matrix[key][operation] })),
);

describe("scope matrix", () => {
  test.each(cases)("$key, $operation: $outcome", async ({ key, operation, outcome }) => {
    const { method, path, whitelistId } = requestOf(operation);
    const response = await call(app, method, path, headerOf(key, world.keys));
    const wwwAuthenticate = response.headers.get("www-authenticate");

    if (outcome === "ok") {
      expect({ ...(await summary(response)), wwwAuthenticate }).toEqual({
        status: 200,
        contentType: expect.stringMatching(/^application\/json/),
        body: successBody(operation, key),
        wwwAuthenticate: null,
      });
    } else {
      expect(wwwAuthenticate).toBe(outcome === "unauthorized" ? 'Bearer realm="whitelist-sync"' : null);
      await expectProblem(response, outcome);
    }

    // A refused DELETE changes nothing; an accepted one removes exactly its nick.
    if (method === "DELETE" && whitelistId !== MISSING && whitelistId !== null) {
      const stillThere = services.entries.find(whitelistId, "Notch") !== undefined;
      expect(stillThere).toBe(outcome !== "ok");
    }
    expect(services.entries.find(world.c.id, "Notch")?.nick).toBe("Notch");
  });

  test("a scoped key gets the very same 403 body for another existing whitelist and a nonexistent id", async () => {
    const existing = await call(app, "GET", paths.entries(world.b.id), bearer(world.keys.scopedToA));
    const missing = await call(app, "GET", paths.entries(MISSING), bearer(world.keys.scopedToA));
    const otherGuild = await call(app, "GET", paths.entries(world.c.id), bearer(world.keys.scopedToA));
    const bodies = [await existing.json(), await missing.json(), await otherGuild.json()];
    expect(bodies).toEqual([bodies[0], bodies[0], bodies[0]]);
    expect(bodies[0]).toEqual(problemBody("whitelist-forbidden"));
  });

  test("a key revoked after use is refused at once", async () => {
    const { key, plaintext } = await seedKey(services, GUILD);
    expect((await call(app, "GET", paths.whitelists, bearer(plaintext))).status).toBe(200);
    await services.keys.revoke(GUILD, key.id);
    await expectProblem(await call(app, "GET", paths.whitelists, bearer(plaintext)), "unauthorized");
  });

  test("the Bearer scheme is case-insensitive", async () => {
    const response = await call(app, "GET", paths.whitelists, {
      authorization: `bearer ${world.keys.guild}`,
    });
    expect(response.status).toBe(200);
  });
});

describe("order of checks: rate limit, then 401, then validation and scope", () => {
  test("an invalid format without a key gives 401, not 400", async () => {
    const response = await call(app, "GET", `${paths.entries(world.a.id)}?format=xml`);
    await expectProblem(response, "unauthorized");
  });

  test("an invalid format with a key gives a 400 problem naming format", async () => {
    const response = await call(
      app,
      "GET",
      `${paths.entries(world.a.id)}?format=xml`,
      bearer(world.keys.guild),
    );
    await expectProblem(response, "invalid-request", expect.stringContaining("format"));
  });

  test("an overlong nick with a revoked key gives 401, not 400", async () => {
    const response = await call(
      app,
      "DELETE",
      paths.entry(world.a.id, "n".repeat(65)),
      bearer(world.keys.revoked),
    );
    await expectProblem(response, "unauthorized");
  });

  test("a nick that is not valid percent-encoding without a key gives 401, not 400", async () => {
    const response = await call(app, "DELETE", `${paths.entries(world.a.id)}/%E0%A4%A`);
    await expectProblem(response, "unauthorized");
  });

  test("a nonexistent whitelist without a key gives 401, not 404", async () => {
    await expectProblem(await call(app, "GET", paths.entries(MISSING)), "unauthorized");
  });

  test("another whitelist without a key gives 401, not 403", async () => {
    await expectProblem(await call(app, "DELETE", paths.entry(world.b.id, "Notch")), "unauthorized");
  });

  test("an empty bucket gives 429 before the missing key is looked at", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    await expectProblem(await call(limited, "GET", paths.whitelists), "unauthorized");
    const response = await call(limited, "GET", `${paths.entries(world.a.id)}?format=xml`);
    expect(response.headers.get("www-authenticate")).toBeNull();
    await expectProblem(response, "rate-limited");
  });
});
