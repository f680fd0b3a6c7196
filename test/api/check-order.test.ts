/**
 * Which answer wins when a request fails several checks: the rate limit first, then the key, then the
 * parameters, a removal's permission (read-only keys), the scope and whether the whitelist or nick exists.
 * Each status on its own is in statuses.test.ts.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { bearer, call, expectProblem, paths, problemBody, summary, type TestApp } from "../helpers/http.ts";
import { forEachStore, type TestServices, testApi } from "../helpers/services.ts";
import { MISSING, seededApiWorld, type World } from "./world.ts";

let services: TestServices;
let app: TestApp;
let world: World;

beforeEach(async () => {
  ({ services, app, world } = await seededApiWorld());
});

afterEach(async () => {
  await services.close();
});

forEachStore("order of checks: rate limit, then 401, then validation and scope", () => {
  test("an invalid format without a key gives 401, not 400", async () => {
    const response = await call(app, "GET", `${paths.entries(world.a.id)}?format=xml`);
    await expectProblem(response, "unauthorized");
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

  test("an overlong nick with a read-only key gives 400: parameters are checked before the key's permission", async () => {
    const response = await call(
      app,
      "DELETE",
      paths.entry(world.a.id, "n".repeat(65)),
      bearer(world.keys.readOnly),
    );
    await expectProblem(response, "invalid-request");
  });

  test("a read-only key gets 403 key-read-only before scope or existence are looked at", async () => {
    const answers = [];
    for (const [key, id, nick] of [
      [world.keys.readOnlyScopedToA, world.b.id, "Notch"],
      [world.keys.readOnly, MISSING, "Notch"],
      [world.keys.readOnly, world.a.id, "Herobrine"],
    ] as const) {
      answers.push((await summary(await call(app, "DELETE", paths.entry(id, nick), bearer(key)))).body);
    }
    expect(answers).toEqual([0, 1, 2].map(() => problemBody("key-read-only")));
  });

  test("an empty bucket gives 429 before the missing key is looked at", async () => {
    const limited = testApi(services, { rateLimitPerMinute: 1 });
    await expectProblem(await call(limited, "GET", paths.whitelists), "unauthorized");
    const response = await call(limited, "GET", `${paths.entries(world.a.id)}?format=xml`);
    expect({
      ...(await summary(response)),
      wwwAuthenticate: response.headers.get("www-authenticate"),
    }).toEqual({
      status: 429,
      contentType: "application/problem+json",
      body: problemBody("rate-limited"),
      wwwAuthenticate: null,
    });
  });
});
