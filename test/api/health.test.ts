import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { call } from "../helpers/http.ts";
import { sqliteTestServices, type TestServices, testApi, testServices } from "../helpers/services.ts";

let services: TestServices | undefined;
afterEach(() => {
  services?.close();
  services = undefined;
});

const healthOf = async (app: ReturnType<typeof testApi>, path = "/health") => {
  const response = await call(app, "GET", path);
  return { status: response.status, body: await response.json() };
};

test("uptime counts whole seconds since the start, on the injected clock", async () => {
  services = await testServices();
  const app = testApi(services);
  expect(await healthOf(app)).toEqual({
    status: 200,
    body: { ok: true, version: "test", uptime: 0, gateway: "disabled", database: "ok", roleQueue: 0 },
  });
  services.clock.advance(90_500);
  expect((await healthOf(app, "/api/v1/health")).body).toMatchObject({ uptime: 90 });
});

// SQLite only: its health check reads at once; PostgreSQL's is a ping every few seconds.
test("a database that no longer answers is reported, and health still answers 200", async () => {
  const broken = sqliteTestServices();
  const app = testApi(broken);
  broken.store.client.close();
  try {
    expect(await healthOf(app)).toEqual({
      status: 200,
      body: {
        ok: true,
        version: "test",
        uptime: 0,
        gateway: "disabled",
        database: "unavailable",
        roleQueue: 0,
      },
    });
  } finally {
    rmSync(broken.dir, { recursive: true, force: true });
  }
});
