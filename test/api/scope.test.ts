/**
 * The scope matrix (docs/api.md, Scope): what each kind of key, or no key, gets from each route for a
 * whitelist of its own, another whitelist of its guild, one of another guild and one that does not exist.
 * The statuses themselves are in statuses.test.ts.
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
import { forEachStore, seedKey, type TestServices } from "../helpers/services.ts";
import { GUILD, MISSING, seededApiWorld, view, type World } from "./world.ts";

let services: TestServices;
let app: TestApp;
let world: World;

beforeEach(async () => {
  ({ services, app, world } = await seededApiWorld());
});

afterEach(async () => {
  await services.close();
});

/** What a request of the scope matrix should answer. */
type Outcome = "ok" | ProblemKindName;

type KeyName =
  | "guild key"
  | "key scoped to A"
  | "read-only guild key"
  | "read-only key scoped to A"
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
    case "read-only guild key":
      return bearer(keys.readOnly);
    case "read-only key scoped to A":
      return bearer(keys.readOnlyScopedToA);
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
  // A read-only key reads as its scope allows; every DELETE is refused for the key itself, target unseen.
  "read-only guild key": {
    list: "ok",
    "entries A": "ok",
    "entries B": "ok",
    "entries missing": "whitelist-not-found",
    "delete A": "key-read-only",
    "delete B": "key-read-only",
    "delete missing": "key-read-only",
  },
  "read-only key scoped to A": {
    list: "ok",
    "entries A": "ok",
    "entries B": "whitelist-forbidden",
    "entries missing": "whitelist-forbidden",
    "delete A": "key-read-only",
    "delete B": "key-read-only",
    "delete missing": "key-read-only",
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
    if (key === "key scoped to A" || key === "read-only key scoped to A") return [view(world.a)];
    if (key === "another guild's key") return [view(world.c)];
    return [view(world.a), view(world.b)];
  }
  if (operation.startsWith("entries"))
    return [{ nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false }];
  return { removed: true, nick: "Notch" };
}

const cases = (Object.keys(matrix) as KeyName[]).flatMap((key) =>
  operations.map((operation) => ({ key, operation, outcome: matrix[key][operation] })),
);

forEachStore("scope matrix", () => {
  test.each(cases)("$key, $operation: $outcome", async ({ key, operation, outcome }) => {
    const { method, path, whitelistId } = requestOf(operation);
    const response = await call(app, method, path, headerOf(key, world.keys));
    const answer = {
      ...(await summary(response)),
      wwwAuthenticate: response.headers.get("www-authenticate"),
    };
    expect(answer).toEqual(
      outcome === "ok"
        ? {
            status: 200,
            contentType: expect.stringMatching(/^application\/json/),
            body: successBody(operation, key),
            wwwAuthenticate: null,
          }
        : {
            status: problems[outcome].status,
            contentType: "application/problem+json",
            body: problemBody(outcome),
            wwwAuthenticate: outcome === "unauthorized" ? 'Bearer realm="whitelist-sync"' : null,
          },
    );

    // A refused DELETE changes nothing; an accepted one removes exactly its nick. C, of another guild, is
    // never touched.
    const deletesFrom = method === "DELETE" && whitelistId !== MISSING ? whitelistId : null;
    expect({
      deleted:
        deletesFrom === null ? null : (await services.entries.find(deletesFrom, "Notch")) === undefined,
      otherGuild: (await services.entries.find(world.c.id, "Notch"))?.nick,
    }).toEqual({ deleted: deletesFrom === null ? null : outcome === "ok", otherGuild: "Notch" });
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
