/**
 * The route walk (docs/api.md, Scope and Read-only keys): every route and method of the OpenAPI document the app
 * serves, asked with every kind of key, or none, about a whitelist of its own, another of its guild, one that does
 * not exist and one of another guild; what each answers, and what each changed. The tests are generated from the
 * document, so a route added without its row in `routes` below fails, named; a row the document lacks fails too.
 * The statuses themselves are in statuses.test.ts, which check wins in check-order.test.ts.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { generateKey } from "../../src/keys/token.ts";
import {
  bearer,
  call,
  expectProblem,
  type ProblemKindName,
  paths,
  problemBody,
  problems,
  summary,
  type TestApp,
  tamperKey,
} from "../helpers/http.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";
import { openSocket } from "../helpers/sockets.ts";
import { GUILD, MISSING, seedWorld, view, type World } from "./world.ts";

/** Every route and method of the OpenAPI document as the app serves it, as `METHOD /path/{param}`. */
async function documentedRoutes(): Promise<string[]> {
  const services = await testServices();
  try {
    const response = await testApi(services).handle(new Request("http://127.0.0.1/swagger/json"));
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
  } finally {
    await services.close();
  }
}

const documented = await documentedRoutes();

/** The kinds of key the walk asks with (the Authorization header of each is `headerOf`'s). */
const keyKinds = [
  "guild key",
  "key scoped to A",
  "read-only guild key",
  "read-only key scoped to A",
  "revoked key",
  "another guild's key",
  "no key",
] as const;
type KeyKind = (typeof keyKinds)[number];

/** Headers that are no usable key, each answered 401 wherever a key is needed. */
const malformed = (world: World): Record<string, Record<string, string>> => ({
  "unknown well-formed key": bearer(generateKey()),
  "Bearer alone": { authorization: "Bearer" },
  "Basic scheme": { authorization: "Basic xyz" },
  "key with a changed character": bearer(tamperKey(world.keys.guild)),
});

/** The Authorization header of each kind of key. */
function headerOf(kind: KeyKind, keys: World["keys"]): Record<string, string> {
  const key = {
    "guild key": keys.guild,
    "key scoped to A": keys.scopedToA,
    "read-only guild key": keys.readOnly,
    "read-only key scoped to A": keys.readOnlyScopedToA,
    "revoked key": keys.revoked,
    "another guild's key": keys.otherGuild,
    "no key": null,
  }[kind];
  return key === null ? {} : bearer(key);
}

/** The whitelists a route that names one is asked about: the world's A and B (GUILD), C (OTHER_GUILD), none. */
const targets = ["A", "B", "missing", "C"] as const;
type Target = (typeof targets)[number];

/** What a request should get: the route's success, or a problem of that kind. */
type Outcome = "ok" | ProblemKindName;

/**
 * The scope rule (docs/api.md, Scope), as its table writes it: what each key gets for each whitelist. A write by a
 * read-only key is refused before the whitelist is looked at (docs/api.md, Read-only keys).
 */
const scope: Record<KeyKind, Record<Target, Outcome>> = {
  "guild key": { A: "ok", B: "ok", missing: "whitelist-not-found", C: "whitelist-not-found" },
  "key scoped to A": {
    A: "ok",
    B: "whitelist-forbidden",
    missing: "whitelist-forbidden",
    C: "whitelist-forbidden",
  },
  "read-only guild key": { A: "ok", B: "ok", missing: "whitelist-not-found", C: "whitelist-not-found" },
  "read-only key scoped to A": {
    A: "ok",
    B: "whitelist-forbidden",
    missing: "whitelist-forbidden",
    C: "whitelist-forbidden",
  },
  "another guild's key": {
    A: "whitelist-not-found",
    B: "whitelist-not-found",
    missing: "whitelist-not-found",
    C: "ok",
  },
  "revoked key": { A: "unauthorized", B: "unauthorized", missing: "unauthorized", C: "unauthorized" },
  "no key": { A: "unauthorized", B: "unauthorized", missing: "unauthorized", C: "unauthorized" },
};

const readOnly = (kind: KeyKind) => kind.startsWith("read-only");
const unauthorized = (kind: KeyKind) => kind === "revoked key" || kind === "no key";

/** An answer as one comparable object; a success's body as the row's `seen` shows it. */
type Answer = { status: number; contentType: string | null; body: unknown; wwwAuthenticate: string | null };

/** What the walk's world holds, for a row's request and its expectations. */
type Walk = { services: TestServices; app: TestApp; world: World };

/** What a row's writes changed: the nicks left on each whitelist, and the proof codes given (with their scope). */
type State = { nicks: Record<"A" | "B" | "C", string[]>; codes: (string | null)[] };

/** One route of the document: who may call it, how to ask it, and what its success is and changes. */
type Row = {
  /** `public`: no key needed; `read`: any key of the scope; `write`: a key that may change things. */
  access: "public" | "read" | "write";
  /** Whether the path names a whitelist (asked about each target), or not (asked once). */
  perWhitelist: boolean;
  /** Sends the request, about whitelist `id` when the path names one. */
  send(walk: Walk, headers: Record<string, string>, id: string): Promise<Answer>;
  /** The success's body as the test compares it (a projection of the whole: what tells whose data it is). */
  seen(body: unknown): unknown;
  /** The success a key gets (`target` A, B or C for a route that names a whitelist). */
  success(walk: Walk, kind: KeyKind, target: Target | null): unknown;
  /** What a success changes (writes only). */
  effect?(state: State, kind: KeyKind, target: Target): void;
};

/** A GET, answered as `summary` reads it. */
async function answerOf(response: Response): Promise<Answer> {
  return { ...(await summary(response)), wwwAuthenticate: response.headers.get("www-authenticate") };
}

const json = expect.stringMatching(/^application\/json/);
const keyedWhitelist = (kind: KeyKind): "A" | "C" | null =>
  kind === "another guild's key" ? "C" : kind.includes("scoped to A") ? "A" : null;

/** The routes of the OpenAPI document, by `METHOD /path`. */
const routes: Record<string, Row> = {
  "GET /health": {
    access: "public",
    perWhitelist: false,
    send: ({ app }, headers) => call(app, "GET", "/health", headers).then(answerOf),
    seen: (body) => (body as { ok: boolean }).ok,
    success: () => ({ status: 200, contentType: json, body: true, wwwAuthenticate: null }),
  },
  "GET /api/v1/health": {
    access: "public",
    perWhitelist: false,
    send: ({ app }, headers) => call(app, "GET", "/api/v1/health", headers).then(answerOf),
    seen: (body) => (body as { ok: boolean }).ok,
    success: () => ({ status: 200, contentType: json, body: true, wwwAuthenticate: null }),
  },
  "GET /api/v1/whitelists": {
    access: "read",
    perWhitelist: false,
    send: ({ app }, headers) => call(app, "GET", paths.whitelists, headers).then(answerOf),
    seen: (body) => body,
    success: ({ world }, kind) => {
      const own = keyedWhitelist(kind);
      const listed = own === "A" ? [world.a] : own === "C" ? [world.c] : [world.a, world.b];
      return { status: 200, contentType: json, body: listed.map(view), wwwAuthenticate: null };
    },
  },
  "GET /api/v1/whitelists/{whitelistId}/entries": {
    access: "read",
    perWhitelist: true,
    send: ({ app }, headers, id) => call(app, "GET", paths.entries(id), headers).then(answerOf),
    seen: (body) => (body as { nick: string }[]).map((entry) => entry.nick),
    success: () => ({ status: 200, contentType: json, body: ["Notch", "Pending"], wwwAuthenticate: null }),
  },
  "DELETE /api/v1/whitelists/{whitelistId}/entries/{nick}": {
    access: "write",
    perWhitelist: true,
    send: ({ app }, headers, id) => call(app, "DELETE", paths.entry(id, "Notch"), headers).then(answerOf),
    seen: (body) => body,
    success: () => ({
      status: 200,
      contentType: json,
      body: { removed: true, nick: "Notch" },
      wwwAuthenticate: null,
    }),
    effect: (state, _kind, target) => {
      if (target === "missing") return;
      state.nicks[target] = state.nicks[target].filter((nick) => nick !== "Notch");
    },
  },
  "POST /api/v1/whitelists/{whitelistId}/proof-codes": {
    access: "write",
    perWhitelist: true,
    send: ({ app }, headers, id) =>
      call(
        app,
        "POST",
        paths.proofCodes(id),
        { ...headers, "content-type": "application/json" },
        JSON.stringify({ nick: "Pending" }),
      ).then(answerOf),
    seen: (body) => ({ ...(body as object), code: "<code>", message: "<message>", expiresAt: "<time>" }),
    success: () => ({
      status: 200,
      contentType: json,
      body: { nick: "Pending", code: "<code>", message: "<message>", expiresAt: "<time>" },
      wwwAuthenticate: null,
    }),
    // The code records the key's whitelist: what typing it may do is bounded by it (decisions.md, Proof of ownership).
    effect: (state, kind) => {
      state.codes.push(kind.includes("scoped to A") ? "A" : null);
    },
  },
  "GET /api/v1/events": {
    access: "read",
    perWhitelist: false,
    send: ({ app }, headers) => call(app, "GET", paths.events("?after=0"), headers).then(answerOf),
    seen: (body) =>
      (body as { events: { whitelistName: string; entry: { nick: string } }[] }).events.map(
        (event) => `${event.whitelistName} ${event.entry.nick}`,
      ),
    success: (_walk, kind) => {
      const own = keyedWhitelist(kind);
      const names = own === "A" ? ["alpha"] : own === "C" ? ["gamma"] : ["alpha", "beta"];
      const events = ["Notch", "Pending"].flatMap((nick) => names.map((name) => `${name} ${nick}`));
      return { status: 200, contentType: json, body: events, wwwAuthenticate: null };
    },
  },
  "GET /api/v1/ws": {
    access: "read",
    perWhitelist: false,
    // A socket when the key opens one (its first message); otherwise the handshake's refusal, read over HTTP.
    async send({ app }, headers) {
      await call(app, "GET", "/health");
      const base = `http://127.0.0.1:${app.server?.port}`;
      const socket = openSocket(base, headers.authorization ?? null);
      try {
        await socket.opened;
        const connected = await socket.waitForCount(1).then(() => socket.messages[0]);
        return { status: 101, contentType: null, body: connected, wwwAuthenticate: null };
      } catch {
        const handshake = {
          ...headers,
          upgrade: "websocket",
          connection: "Upgrade",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
          "sec-websocket-version": "13",
        };
        return answerOf(await fetch(`${base}/api/v1/ws`, { headers: handshake }));
      } finally {
        socket.close();
        await socket.closed;
      }
    },
    seen: (body) => body,
    success: ({ world }, kind) => {
      const own = keyedWhitelist(kind);
      const whitelistId = own === "A" ? world.a.id : null;
      const guildId = own === "C" ? world.c.guildId : GUILD;
      return {
        status: 101,
        contentType: null,
        body: { type: "connected", guildId, scope: { whitelistId } },
        wwwAuthenticate: null,
      };
    },
  },
};

/** What a key should get from a route about a target (null: the route names no whitelist). */
function outcomeOf(row: Row, kind: KeyKind, target: Target | null): Outcome {
  if (row.access === "public") return "ok";
  if (unauthorized(kind)) return "unauthorized";
  // The key's own permission, checked before the target is looked up.
  if (row.access === "write" && readOnly(kind)) return "key-read-only";
  return target === null ? "ok" : scope[kind][target];
}

/** The whole answer expected for an outcome. */
function expectedAnswer(walk: Walk, row: Row, kind: KeyKind, target: Target | null, outcome: Outcome) {
  if (outcome === "ok") return row.success(walk, kind, target);
  return {
    status: problems[outcome].status,
    contentType: "application/problem+json",
    body: problemBody(outcome),
    wwwAuthenticate: outcome === "unauthorized" ? 'Bearer realm="whitelist-sync"' : null,
  };
}

/** What the walk's writes can change, read back from the store. */
async function stateOf({ services, world }: Walk): Promise<State> {
  const nicks = async (id: string) => (await services.entries.list(id)).map((entry) => entry.nick);
  const names = new Map([[world.a.id, "A"]]);
  const codes = await services.sql`SELECT whitelist_id FROM proof_codes`;
  return {
    nicks: { A: await nicks(world.a.id), B: await nicks(world.b.id), C: await nicks(world.c.id) },
    codes: codes.map((row) =>
      row.whitelist_id === null ? null : (names.get(String(row.whitelist_id)) ?? "?"),
    ),
  };
}

/**
 * The seeded API world (A and B in GUILD, C in OTHER_GUILD, "Notch" on each, a key of every kind), with "Pending" on
 * each too: an account's registration awaiting proof at first join, which a proof code can be asked for.
 */
async function walkWorld(): Promise<Walk> {
  const services = await testServices();
  const app = testApi(services);
  const world = await seedWorld(services);
  for (const [i, whitelist] of [world.a, world.b, world.c].entries()) {
    await seedEntries(services, whitelist.id, [
      {
        nick: "Pending",
        uuid: `5f8eb73b-25be-4c5a-a50f-d27d65e30ca${i}`,
        premium: true,
        proofDueAt: services.clock.now() + 86_400_000,
      },
    ]);
  }
  return { services, app, world };
}

test("the walk has a row for every route and method of the OpenAPI document, and none the document lacks", () => {
  expect({
    documentedWithoutRow: documented.filter((route) => !(route in routes)),
    rowsNotDocumented: Object.keys(routes).filter((route) => !documented.includes(route)),
  }).toEqual({ documentedWithoutRow: [], rowsNotDocumented: [] });
});

let walk: Walk | undefined;
afterEach(async () => {
  await walk?.services.close();
  walk = undefined;
});

/** The row of a documented route, failing the test that names it when it has none. */
function rowOf(route: string): Row {
  const row = routes[route];
  if (!row) throw new Error(`${route} is in the OpenAPI document but has no row in test/api/scope.test.ts`);
  return row;
}

forEachStore("the route walk", () => {
  test.each(documented.flatMap((route) => keyKinds.map((kind) => ({ route, kind }))))(
    "$route, $kind",
    async ({ route, kind }) => {
      const row = rowOf(route);
      walk = await walkWorld();
      const ids: Record<Target, string> = {
        A: walk.world.a.id,
        B: walk.world.b.id,
        missing: MISSING,
        C: walk.world.c.id,
      };
      const expected = structuredClone(await stateOf(walk));
      const asked = row.perWhitelist ? targets : [null];
      const got: Record<string, unknown> = {};
      const want: Record<string, unknown> = {};
      for (const target of asked) {
        const answer = await row.send(
          walk,
          headerOf(kind, walk.world.keys),
          target === null ? "" : ids[target],
        );
        const outcome = outcomeOf(row, kind, target);
        got[target ?? route] = outcome === "ok" ? { ...answer, body: row.seen(answer.body) } : answer;
        want[target ?? route] = expectedAnswer(walk, row, kind, target, outcome);
        if (outcome === "ok" && target !== null) row.effect?.(expected, kind, target);
      }
      // Each answer, then what the requests changed: a refused request changes nothing.
      expect({ answers: got, state: await stateOf(walk) }).toEqual({ answers: want, state: expected });
    },
  );

  test.each(documented)("%s: every malformed Authorization header is refused like no key", async (route) => {
    const row = rowOf(route);
    walk = await walkWorld();
    const before = await stateOf(walk);
    const got: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    for (const [name, headers] of Object.entries(malformed(walk.world))) {
      const answer = await row.send(walk, headers, walk.world.a.id);
      const ok = row.access === "public";
      got[name] = ok ? { ...answer, body: row.seen(answer.body) } : answer;
      want[name] = expectedAnswer(walk, row, "no key", "A", ok ? "ok" : "unauthorized");
    }
    expect({ answers: got, state: await stateOf(walk) }).toEqual({ answers: want, state: before });
  });
});

let services: TestServices;
let app: TestApp;
let world: World;

forEachStore("scope: what a key learns", () => {
  beforeEach(async () => {
    ({ services, app, world } = await walkWorld());
  });

  afterEach(async () => {
    await services.close();
  });

  test("a scoped key gets the very same 403 body for another existing whitelist and a nonexistent id", async () => {
    const existing = await call(app, "GET", paths.entries(world.b.id), bearer(world.keys.scopedToA));
    const missing = await call(app, "GET", paths.entries(MISSING), bearer(world.keys.scopedToA));
    const otherGuild = await call(app, "GET", paths.entries(world.c.id), bearer(world.keys.scopedToA));
    const bodies = [await existing.json(), await missing.json(), await otherGuild.json()];
    expect(bodies).toEqual([bodies[0], bodies[0], bodies[0]]);
    expect(bodies[0]).toEqual(problemBody("whitelist-forbidden"));
  });

  test("a whitelist's name where its id belongs is refused with a 404 that says the API takes ids", async () => {
    for (const path of [paths.entries(world.a.name), paths.entry(world.a.name, "Notch")]) {
      const method = path.endsWith("Notch") ? "DELETE" : "GET";
      const response = await call(app, method, path, bearer(world.keys.guild));
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 404,
        body: expect.objectContaining({
          detail: `No whitelist ${world.a.name} on this key's server. The API takes a whitelist's id, not its name: GET /api/v1/whitelists lists them.`,
        }),
      });
    }
    expect((await services.entries.find(world.a.id, "Notch"))?.nick).toBe("Notch");
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
