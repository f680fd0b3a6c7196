import { heapStats } from "bun:jsc";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createServedFormats } from "../../src/api/entries/served.ts";
import { generateKey } from "../../src/keys/token.ts";
import type { Services } from "../../src/services.ts";
import { startTestServer, type TestServer, tamperKey } from "../helpers/http.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

/*
 * "Never a hang, never a 500": random requests (paths, queries, headers, methods) against the real service over
 * real sockets. Deterministic: FUZZ_SEED replays another sequence (each property runs from its own offset of
 * it), FUZZ_RUNS sets the size of the main run (the others are scaled from it). On failure fast-check prints
 * the seed and the shrunk counterexample, with {{placeholders}} standing for the seeded ids, keys and ETags
 * (`resolve`).
 */

const SEED = integerFromEnv("FUZZ_SEED", 20_261_122);
/**
 * Runs of the main property. With the warm-up, the Host property (two requests a run), the rate-limited one
 * and the uncounted paths, the file sends about 2,000 requests.
 */
const RUNS = integerFromEnv("FUZZ_RUNS", 1_000);
const HOST_RUNS = Math.ceil(RUNS / 4);
const LIMITED_RUNS = Math.ceil(RUNS * 0.3);
const UNCOUNTED_RUNS = Math.ceil(RUNS / 10);
const WARM_UP_RUNS = Math.ceil(RUNS / 10);
/** Heap growth that fails the memory check: far above the noise of JIT and caches (about 3 MB here). */
const MAX_HEAP_GROWTH_BYTES = 64 * 1024 * 1024;
/**
 * Objects every request makes and nothing should keep: their live count stays flat (within a few) after a
 * collection, so one kept per request shows at once. The heap alone would not: a Map that kept every
 * Request grew it by about 1.5 MB over these runs.
 */
const PER_REQUEST_TYPES = [
  "Request",
  "BunRequest",
  "Response",
  "Headers",
  "Blob",
  "ArrayBuffer",
  "AbortSignal",
  "AbortController",
  "Promise",
  "Error",
  "Map",
  "Set",
];
/** More new live objects of one of those types than this (with some 1,900 requests measured) is a leak. */
const MAX_COUNT_GROWTH = 200;
/** A request unanswered this long is a hang (a liveness bound on loopback, not a speed target). */
const HANG_MS = 10_000;

const GUILD = "100000000000000001";
const OTHER_GUILD = "100000000000000002";

/** An integer from the environment, or `fallback` when unset. */
function integerFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer (got "${text}")`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// The world: two whitelists of GUILD (java, bedrock), one of OTHER_GUILD, nicks on each, a key of each kind.

/** The nicks seeded on each whitelist, restored after every successful DELETE so each run sees the same world. */
const SEEDED_NICKS = {
  a: ["Notch", "jeb_", "alice"],
  b: [".Steve Gamer", "Notch"],
  other: ["Notch"],
} as const;

type WhitelistName = keyof typeof SEEDED_NICKS;

/** Seeds the world through the services and returns its ids and keys. */
async function seedWorld(services: Services) {
  const whitelists = {
    a: await seedWhitelist(services, { guildId: GUILD, name: "alpha" }),
    b: await seedWhitelist(services, { guildId: GUILD, name: "bravo", nickType: "bedrock" }),
    other: await seedWhitelist(services, { guildId: OTHER_GUILD, name: "other" }),
  };
  for (const name of Object.keys(SEEDED_NICKS) as WhitelistName[])
    await Promise.all(await seedEntries(services, whitelists[name].id, [...SEEDED_NICKS[name]]));
  const guild = (await seedKey(services, GUILD)).plaintext;
  const revoked = await seedKey(services, GUILD);
  await services.keys.revoke(GUILD, revoked.key.id);
  const keys = {
    guild,
    scoped: (await seedKey(services, GUILD, whitelists.a.id)).plaintext,
    revoked: revoked.plaintext,
    otherGuild: (await seedKey(services, OTHER_GUILD)).plaintext,
    tampered: tamperKey(guild),
    unknown: generateKey(),
  };
  return { services, whitelists, keys };
}

type World = Awaited<ReturnType<typeof seedWorld>>;

/** Puts back any seeded nick a DELETE removed. */
async function restoreNicks({ services, whitelists }: World): Promise<void> {
  for (const name of Object.keys(SEEDED_NICKS) as WhitelistName[]) {
    const id = whitelists[name].id;
    for (const nick of SEEDED_NICKS[name]) {
      if (!(await services.entries.find(id, nick)))
        await Promise.all(await seedEntries(services, id, [nick]));
    }
  }
}

/** Replaces the `{{name}}` placeholders of the generated requests by this world's values (ETags as of now). */
async function resolve(world: World, text: string): Promise<string> {
  if (!text.includes("{{")) return text;
  const { whitelists, keys, services } = world;
  const etag = async (name: WhitelistName, format: "json" | "plain") =>
    (await createServedFormats(services.formatCache).get(whitelists[name].id, format)).etag;
  const values: Record<string, string> = {
    "wl.a": whitelists.a.id,
    "wl.b": whitelists.b.id,
    "wl.other": whitelists.other.id,
    "key.guild": keys.guild,
    "key.scoped": keys.scoped,
    "key.revoked": keys.revoked,
    "key.otherGuild": keys.otherGuild,
    "key.tampered": keys.tampered,
    "key.unknown": keys.unknown,
    "etag.a": await etag("a", "json"),
    "etag.a.plain": await etag("a", "plain"),
    "etag.b": await etag("b", "json"),
  };
  return text.replace(/\{\{([A-Za-z.]+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

// ---------------------------------------------------------------------------------------------------------
// Generators: route templates with valid and fuzzed pieces, so deep paths are reached, not only 401s.

/** Segments that have broken routers, decoders and lookups elsewhere. */
const NASTY_SEGMENTS = [
  "",
  ".",
  "..",
  "%",
  "%2",
  "%zz",
  "%C0%AF",
  "%E0%80%AF",
  "%F0%80%80%AF",
  "%C0%80",
  "%00",
  "%2F",
  "%5C",
  "%2e",
  "%2e%2e",
  "%FF",
  "%ED%A0%80",
  "%C3%A9",
  "%F0%9F%99%82",
  "é",
  "🙂",
  "\u0000",
  "a b",
  "?",
  "#",
  ";",
  "*",
  ":whitelistId",
  "__proto__",
  "constructor",
  "toString",
  "prototype",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "null",
  "undefined",
  "-1",
  "0",
  "api",
  "v1",
  "whitelists",
  "entries",
  "swagger",
  "assets",
  "json",
  "ws",
  "health",
];

/** A long segment of a few KB, kept so the whole request head stays within what Bun's parser accepts. */
const longSegment = fc
  .tuple(fc.constantFrom("a", "%41", "é", "%zz", "_", "%C0%AF"), fc.integer({ min: 500, max: 5_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / encodeURI(unit).length)));

const segment = fc.oneof(
  { withCrossShrink: true },
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: longSegment },
);

const whitelistId = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.constantFrom("{{wl.a}}", "{{wl.b}}", "{{wl.other}}", "nosuchlist") },
  { weight: 2, arbitrary: segment },
);

const nick = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "Notch",
      "notch",
      "NOTCH",
      "%4Eotch",
      "jeb_",
      "alice",
      "Alice",
      ".Steve%20Gamer",
      ".steve%20gamer",
      ".Steve Gamer",
      "Nobody",
      "Notch%00",
      "x".repeat(65),
    ),
  },
  { weight: 2, arbitrary: segment },
);

const asset = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "swagger-ui.css",
      "swagger-ui-bundle.js",
      "SWAGGER-UI.CSS",
      "swagger-ui.css%00",
      "index.html",
      "..%2Fpackage.json",
      "__proto__",
      "constructor",
      "toString",
      "prototype",
      "hasOwnProperty",
      "valueOf",
      "__defineGetter__",
    ),
  },
  { weight: 1, arbitrary: segment },
);

/** What may be done to a route's path before it is sent: doubled slashes, dot segments, case. */
const mutation = fc.oneof(
  { withCrossShrink: true },
  { weight: 7, arbitrary: fc.constant({ kind: "none" as const, at: 0 }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("double-slash", "trailing-slash", "dot", "dot-dot", "upper-case", "lower-case"),
      at: fc.nat(),
    }),
  },
);

/** Applies a `mutation` at the `at`-th slash (modulo their number). */
function mutate(path: string, { kind, at }: { kind: string; at: number }): string {
  const slashes = [...path.matchAll(/\//g)].map((match) => match.index);
  const slash = slashes[at % slashes.length] ?? 0;
  const insert = (text: string) => `${path.slice(0, slash)}${text}${path.slice(slash)}`;
  switch (kind) {
    case "double-slash":
      return insert("/");
    case "trailing-slash":
      return `${path}/`;
    case "dot":
      return insert("/.");
    case "dot-dot":
      return insert("/x/..");
    case "upper-case":
      return path.toUpperCase();
    case "lower-case":
      return path.toLowerCase();
    default:
      return path;
  }
}

const anyMethod = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

/** A method and a path (query aside). */
type Target = { method: string; path: string };

/** Paths of one route, asked mostly with the method it answers, so requests get past 405 to the handlers. */
const endpoint = (usual: string, paths: fc.Arbitrary<string>): fc.Arbitrary<Target> =>
  fc.record({
    method: fc.oneof(
      { withCrossShrink: true },
      { weight: 3, arbitrary: fc.constant(usual) },
      { weight: 1, arbitrary: anyMethod },
    ),
    path: fc.tuple(paths, mutation).map(([template, change]) => mutate(template, change)),
  });

const target = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 6,
    arbitrary: endpoint(
      "GET",
      whitelistId.map((id) => `/api/v1/whitelists/${id}/entries`),
    ),
  },
  {
    weight: 4,
    arbitrary: endpoint(
      "DELETE",
      fc.tuple(whitelistId, nick).map(([id, n]) => `/api/v1/whitelists/${id}/entries/${n}`),
    ),
  },
  {
    weight: 4,
    arbitrary: endpoint(
      "GET",
      fc.constantFrom(
        "/api/v1/whitelists",
        "/api/v1/ws",
        "/api/v1/health",
        "/health",
        "/swagger",
        "/swagger/json",
        "/swagger/assets",
        "/",
        "/api",
        "/api/v1",
        "/api/v2/whitelists",
        "/favicon.ico",
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: endpoint(
      "GET",
      asset.map((file) => `/swagger/assets/${file}`),
    ),
  },
  {
    weight: 2,
    arbitrary: endpoint(
      "GET",
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join("/")}`),
    ),
  },
);

const QUERY_PARAMS = [
  "format=json",
  "format=plain",
  "format=vanilla",
  "format=easywhitelist",
  "format=xml",
  "format=PLAIN",
  "format=",
  "format",
  "format=plain%00",
  "format=%zz",
  "format[]=plain",
  "format=__proto__",
  "after=0",
  "after=42",
  "after=-1",
  "after=01",
  "after=1e3",
  "after=99999999999999999999",
  "after=abc",
  "after=",
  "after=%",
  "x=1",
  "__proto__=1",
  "constructor=x",
  "toString=",
  "=",
  "",
  "%",
  "%zz=1",
];

const query = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant("") },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.oneof(
          { withCrossShrink: true },
          { weight: 4, arbitrary: fc.constantFrom(...QUERY_PARAMS) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
              .map(([k, v]) => `${k}=${v}`),
          },
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((params) => `?${params.join("&")}`),
  },
);

/** An optional header: absent half the time. */
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/**
 * Header junk: printable ASCII, tab, DEL and Latin-1. Other control characters are refused by Bun's HTTP parser
 * (a bare 400) before the app sees the request, so they would test Bun, not this service.
 */
const junk = fc.string({
  unit: fc.oneof(
    { withCrossShrink: true },
    { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("\t", "\x7f", "é", "ÿ", "\u00a0"),
    },
  ),
  maxLength: 24,
});

const authorization = fc.oneof(
  { withCrossShrink: true },
  { weight: 5, arbitrary: fc.constantFrom("Bearer {{key.guild}}", "Bearer {{key.scoped}}") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "Bearer {{key.revoked}}",
      "Bearer {{key.otherGuild}}",
      "Bearer {{key.tampered}}",
      "Bearer {{key.unknown}}",
      "bearer {{key.guild}}",
      "BEARER {{key.scoped}}",
      "Bearer   {{key.guild}}  ",
      " Bearer {{key.guild}}",
      "Bearer\t{{key.guild}}",
      "Bearer {{key.guild}}x",
      "Bearer {{key.guild}} {{key.scoped}}",
      "Bearer {{key.guild}}, Bearer {{key.scoped}}",
      "Basic {{key.guild}}",
      "Token {{key.guild}}",
      "{{key.guild}}",
      "Bearer",
      "Bearer ",
      "Bearer wls_",
      `Bearer wls_${"A".repeat(33)}`,
      `Bearer ${"a".repeat(4_000)}`,
      "",
    ),
  },
  { weight: 1, arbitrary: junk.map((text) => `Bearer ${text}`) },
  { weight: 1, arbitrary: junk },
);

const host = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "a",
      "wl",
      "api",
      "api:80",
      "[::1]",
      "[::1]:8080",
      "localhost",
      "wl.example.org",
      "127.0.0.1:1",
      "",
      "a b",
      "é",
      "h".repeat(1_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

const ifNoneMatch = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "{{etag.a}}",
      "{{etag.a.plain}}",
      "{{etag.b}}",
      "W/{{etag.a}}",
      '"x", {{etag.a}}',
      "*",
      '"json-0"',
      "",
      ",,,",
      '"',
    ),
  },
  { weight: 1, arbitrary: junk },
);

const forwardedFor = fc.oneof(
  { withCrossShrink: true },
  {
    weight: 2,
    arbitrary: fc.constantFrom("1.2.3.4", "::1", "unknown", "1.2.3.4, 5.6.7.8", "", "999.1.1.1", "[::1]:80"),
  },
  { weight: 1, arbitrary: junk },
);

const contentType = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/problem+json",
  "application/json; charset=bogus",
  "",
  ";;;",
);

const body = fc.constantFrom(
  "",
  "{",
  "{}",
  "null",
  '{"nick":"Notch"}',
  "nick=Notch",
  "--x--",
  "x".repeat(4_000),
);

/** One request as generated: placeholders unresolved, so a counterexample reads the same in every run. */
type FuzzRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
};

/** Requests to the targets `targets` generates, with any query, headers and body. */
const requestTo = (targets: fc.Arbitrary<Target>): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      target: targets,
      query,
      headers: fc.record({
        authorization: fc.option(authorization, { nil: undefined, freq: 5 }),
        host: optional(host),
        "if-none-match": optional(ifNoneMatch),
        "x-forwarded-for": optional(forwardedFor),
        "content-type": optional(contentType),
        upgrade: optional(fc.constantFrom("websocket", "h2c", "")),
        accept: optional(fc.constantFrom("application/json", "text/html", "*/*", "")),
      }),
      body: optional(body),
    })
    .map((parts) => ({
      method: parts.target.method,
      path: `${parts.target.path}${parts.query}`,
      headers: Object.fromEntries(
        Object.entries(parts.headers).filter(([, value]) => value !== undefined),
      ) as Record<string, string>,
      body: parts.target.method === "GET" || parts.target.method === "HEAD" ? undefined : parts.body,
    }))
    .filter(isSendable);

const request = requestTo(target);

/** Paths the rate limit must never count, with their dot-segment and doubled-slash spellings. */
const uncountedTarget = endpoint(
  "GET",
  fc.constantFrom("/health", "/api/v1/health", "/health?probe=1", "/api/v1/health?x=%zz"),
);

/** Whether fetch sends it at all (it refuses some header values itself); those never reach the server. */
function isSendable({ method, headers, body }: FuzzRequest): boolean {
  try {
    new Request("http://127.0.0.1/", { method, headers, body });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sending and judging.

/** A response as the contract judges it; bodies of 4xx and 5xx are kept (parsed when JSON). */
type Answer = {
  status: number;
  contentType: string | null;
  body: unknown;
  /** The headers some statuses must carry: `allow` (405), `retry-after` (429), `www-authenticate` (401). */
  allow: string | null;
  retryAfter: string | null;
  wwwAuthenticate: string | null;
};

/** Sends a generated request (placeholders resolved) and reads its answer; a DELETE that removed is undone. */
async function send(server: TestServer, world: World, generated: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(generated.headers)) headers[name] = await resolve(world, value);
  // Not AbortSignal.timeout: its timer would keep every signal alive for HANG_MS and blur the memory check.
  const hang = new AbortController();
  const timer = setTimeout(() => hang.abort(new Error(`no answer within ${HANG_MS} ms: a hang`)), HANG_MS);
  try {
    return await answerOf(
      await fetch(`${server.url}${await resolve(world, generated.path)}`, {
        method: generated.method,
        headers,
        body: generated.body,
        redirect: "manual",
        signal: hang.signal,
      }),
      generated,
      world,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a response: the body of an error is kept, any other is drained so the connection is reused. */
async function answerOf(response: Response, generated: FuzzRequest, world: World): Promise<Answer> {
  const answer: Answer = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: undefined,
    allow: response.headers.get("allow"),
    retryAfter: response.headers.get("retry-after"),
    wwwAuthenticate: response.headers.get("www-authenticate"),
  };
  if (response.status < 400) {
    await response.arrayBuffer();
    if (generated.method === "DELETE" && response.status === 200) await restoreNicks(world);
    return answer;
  }
  const text = await response.text();
  answer.body = text.length > 500 ? `${text.slice(0, 500)}…` : text;
  try {
    answer.body = JSON.parse(text);
  } catch {
    // kept as text: the assertion shows it
  }
  return answer;
}

/** Paths the rate limit never counts (README: the health checks; the docs count like the rest). */
const UNCOUNTED = /^\/(health|api\/v1\/health)$/;
/** The liveness checks: a GET or HEAD of them answers 200 whatever else the request carries. */
const LIVENESS = /^\/(health|api\/v1\/health)$/;

/** The path the server routes: dot segments resolved and the query dropped, as fetch and Bun's parser do. */
const routedPath = (path: string) => new URL(`http://127.0.0.1${path}`).pathname;

/**
 * The contract for any request: never a 5xx; every 4xx an RFC 9457 problem of this API whose `status` is the
 * response's (a HEAD response has no body, so only its status and content type are judged), with the headers
 * the README promises: `Allow` on a 405 (without the method just refused), `Retry-After` on a 429, and the
 * Bearer challenge on a 401. Health checks and the docs are never rate limited, and health checks always
 * answer 200.
 */
function expectWithinContract({ method, path }: FuzzRequest, answer: Answer): void {
  if (answer.status >= 500) throw new Error(`answered ${answer.status}: ${JSON.stringify(answer)}`);
  const routed = routedPath(path);
  if ((method === "GET" || method === "HEAD") && LIVENESS.test(routed))
    expect({ routed, status: answer.status }).toEqual({ routed, status: 200 });
  if (UNCOUNTED.test(routed))
    expect({ routed, rateLimited: answer.status === 429 }).toEqual({ routed, rateLimited: false });
  if (answer.status < 400) return;
  const allowed = answer.allow?.split(",").map((name) => name.trim()) ?? [];
  expect({ ...answer, allowsTheRefusedMethod: allowed.includes(method) }).toEqual({
    status: answer.status,
    contentType: "application/problem+json",
    body:
      method === "HEAD"
        ? ""
        : {
            type: expect.stringMatching(/^urn:whitelist-sync:problem:[a-z-]+$/),
            title: expect.any(String),
            status: answer.status,
            detail: expect.any(String),
          },
    allow: answer.status === 405 ? expect.stringMatching(/^[A-Z]+(, [A-Z]+)*$/) : answer.allow,
    allowsTheRefusedMethod: false,
    retryAfter: answer.status === 429 ? expect.stringMatching(/^[1-9][0-9]*$/) : answer.retryAfter,
    wwwAuthenticate: answer.status === 401 ? 'Bearer realm="whitelist-sync"' : answer.wwwAuthenticate,
  });
}

/** What an answer means, for comparing two: its status and, when it is a problem, its kind. */
function meaning({ status, body }: Answer) {
  return { status, problem: (body as { type?: unknown } | undefined)?.type };
}

/** The live JS heap and object counts after a full collection. */
function memoryAfterGc() {
  Bun.gc(true);
  const { heapSize, objectTypeCounts } = heapStats();
  return { heapSize, objectTypeCounts };
}

// ---------------------------------------------------------------------------------------------------------

let open: TestServer;
let limited: TestServer;
/** Allows one request a minute and its clock never moves: after the first, everything counted is a 429. */
let exhausted: TestServer;
let openWorld: World;
let limitedWorld: World;
let exhaustedWorld: World;
let memoryBefore: ReturnType<typeof memoryAfterGc>;

beforeAll(async () => {
  open = await startTestServer({ RATE_LIMIT_PER_MINUTE: "1000000" });
  limited = await startTestServer();
  exhausted = await startTestServer({ RATE_LIMIT_PER_MINUTE: "1" });
  openWorld = await seedWorld(open.services);
  limitedWorld = await seedWorld(limited.services);
  exhaustedWorld = await seedWorld(exhausted.services);
  // Spends the one token; the clock never moves, so it never comes back.
  await (await fetch(`${exhausted.url}/api/v1/whitelists`)).arrayBuffer();
  // Warm-up: lazy caches (the OpenAPI document, compiled routes, served formats) fill before the baseline.
  for (const generated of fc.sample(request, { seed: SEED - 1, numRuns: WARM_UP_RUNS }))
    await send(open, openWorld, generated);
  memoryBefore = memoryAfterGc();
});

afterAll(async () => {
  await Promise.all([open?.stop(), limited?.stop(), exhausted?.stop()]);
});

describe("fuzzing the HTTP API: never a hang, never a 500", () => {
  test("any path, query, headers and method: no 5xx, every 4xx a problem of its own status", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        expectWithinContract(generated, await send(open, openWorld, generated));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("the Host header never changes the answer (the service has no virtual hosts)", async () => {
    await fc.assert(
      fc.asyncProperty(request, host, async (generated, hostHeader) => {
        const { host: _generated, ...headers } = generated.headers;
        const plain = await send(open, openWorld, { ...generated, headers });
        const hosted = await send(open, openWorld, {
          ...generated,
          headers: { ...headers, host: hostHeader },
        });
        expect(meaning(hosted)).toEqual(meaning(plain));
      }),
      { seed: SEED + 1, numRuns: HOST_RUNS },
    );
  });

  test("with the default rate limit and time moving now and then, 429s are problems too", async () => {
    // About 0.4 s a request refills 0.4 of the 1 token it takes: the bucket (60) drains, then 429s and
    // admitted requests alternate.
    const elapsedSeconds = fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
    );
    await fc.assert(
      fc.asyncProperty(request, elapsedSeconds, async (generated, seconds) => {
        limited.clock.advance(seconds * 1_000);
        expectWithinContract(generated, await send(limited, limitedWorld, generated));
      }),
      { seed: SEED + 2, numRuns: LIMITED_RUNS },
    );
  });

  test("health checks are never rate limited, whatever the request carries", async () => {
    await fc.assert(
      fc.asyncProperty(requestTo(uncountedTarget), async (generated) => {
        expectWithinContract(generated, await send(exhausted, exhaustedWorld, generated));
      }),
      { seed: SEED + 3, numRuns: UNCOUNTED_RUNS },
    );
  });

  test("afterwards every server still answers /health with 200", async () => {
    const statuses = await Promise.all(
      [open, limited, exhausted].map(async (server) => (await fetch(`${server.url}/health`)).status),
    );
    expect(statuses).toEqual([200, 200, 200]);
  });

  test("afterwards memory is flat: no per-request objects kept, no heap growth", () => {
    const after = memoryAfterGc();
    const grown = PER_REQUEST_TYPES.map((type) => ({
      type,
      growth: (after.objectTypeCounts[type] ?? 0) - (memoryBefore.objectTypeCounts[type] ?? 0),
    })).filter(({ growth }) => growth > MAX_COUNT_GROWTH);
    expect({
      grown,
      heapGrowthBelowBound: after.heapSize - memoryBefore.heapSize < MAX_HEAP_GROWTH_BYTES,
    }).toEqual({ grown: [], heapGrowthBelowBound: true });
  });
});
