import { afterEach, expect, test } from "bun:test";
import type { ApiDeps } from "../../src/api/app.ts";
import { type ListeningApi, listenApi } from "../../src/api/front.ts";
import { createHub } from "../../src/realtime/hub.ts";
import { createLogger } from "../../src/shared/logger.ts";
import { type TestServices, testHealth, testServices } from "../helpers/services.ts";

// The API's front (src/api/front.ts) answers the health checks itself and builds the app at the first request that
// needs it, once: requests arriving meanwhile wait for it. A build that fails answers 500 with a logged reason, and
// the next request tries again.

let services: TestServices | undefined;
let api: ListeningApi | undefined;
afterEach(async () => {
  await api?.stop();
  services?.close();
  api = undefined;
  services = undefined;
});

async function listen(loadApp: () => Promise<Pick<typeof import("../../src/api/app.ts"), "buildApp">>) {
  services = await testServices();
  const lines: string[] = [];
  const deps: ApiDeps = {
    ...services,
    logger: createLogger("info", (line) => lines.push(line)),
    version: "test",
    rateLimitPerMinute: 1_000_000,
    trustProxy: { kind: "off" },
    hub: createHub(services),
    health: testHealth(services),
  };
  api = listenApi(deps, { hostname: "127.0.0.1", port: 0 }, loadApp);
  const url = `http://127.0.0.1:${api.server.port}`;
  /** `status type` of a GET, the problem's type when there is one. */
  const get = async (path: string) => {
    const answer = await fetch(`${url}${path}`);
    const body = (await answer.json()) as { type?: string; ok?: boolean };
    return `${answer.status} ${body.type ?? body.ok}`;
  };
  return { get, lines };
}

test("a build that fails answers 500 with its reason logged, and the next request tries again", async () => {
  let loads = 0;
  const { get, lines } = await listen(async () => {
    loads++;
    if (loads === 1) throw new Error("disk read failed");
    return import("../../src/api/app.ts");
  });
  expect(await get("/health")).toBe("200 true");
  expect(loads).toBe(0);
  expect(await get("/api/v1/whitelists")).toBe("500 urn:whitelist-sync:problem:internal-error");
  expect(lines.map((line) => JSON.parse(line))).toMatchObject([
    { level: "error", msg: "the API could not be loaded", error: "Error: disk read failed" },
  ]);
  expect(await get("/api/v1/whitelists")).toBe("401 urn:whitelist-sync:problem:unauthorized");
  expect(await get("/nope")).toBe("404 urn:whitelist-sync:problem:route-not-found");
  expect(loads).toBe(2);
});

test("requests arriving while the app is built wait for that one build, each for its own answer", async () => {
  let loads = 0;
  const gate = Promise.withResolvers<void>();
  const { get } = await listen(async () => {
    loads++;
    await gate.promise;
    return import("../../src/api/app.ts");
  });
  const answers = Promise.all([get("/api/v1/whitelists"), get("/nope"), get("/api/v1/whitelists/x/entries")]);
  // The server holds all three (the event), then the build ends.
  while ((api as ListeningApi).server.pendingRequests < 3) await Bun.sleep(1);
  gate.resolve();
  expect(await answers).toEqual([
    "401 urn:whitelist-sync:problem:unauthorized",
    "404 urn:whitelist-sync:problem:route-not-found",
    "401 urn:whitelist-sync:problem:unauthorized",
  ]);
  expect(loads).toBe(1);
});
