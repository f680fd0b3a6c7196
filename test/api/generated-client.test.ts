import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { call, type TestApp } from "../helpers/http.ts";
import {
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";

// What an integrator does: generate types from the served document with openapi-typescript, write a client
// with openapi-fetch, type-check it, and run it against the service.

const ROOT = join(import.meta.dir, "../..");
const GUILD = "100000000000000001";

/** The integrator's program: every call is checked against the generated `paths`. */
const CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./api";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(name + " is not set");
  return value;
};
const client = createClient<paths>({
  baseUrl: env("WLS_BASE_URL"),
  headers: { Authorization: "Bearer " + env("WLS_KEY") },
});
const whitelistId = env("WLS_WHITELIST");
const path = { whitelistId };

const list = await client.GET("/api/v1/whitelists");
const whitelists: { id: string; name: string; maxNicksPerUser: number }[] = list.data ?? [];

const entries = await client.GET("/api/v1/whitelists/{whitelistId}/entries", { params: { path } });
// One 200 for every format: JSON entries, whitelist.json, or a text file; the JSON ones are arrays.
const nicks: string[] = Array.isArray(entries.data)
  ? entries.data.map((entry) => ("nick" in entry ? entry.nick : entry.name))
  : [];
const etag = entries.response.headers.get("etag") ?? "";
const unchanged = await client.GET("/api/v1/whitelists/{whitelistId}/entries", {
  params: { path, header: { "If-None-Match": etag } },
});

const vanilla = await client.GET("/api/v1/whitelists/{whitelistId}/entries", {
  params: { path, query: { format: "vanilla" } },
});
const plain = await client.GET("/api/v1/whitelists/{whitelistId}/entries", {
  params: { path, query: { format: "plain" } },
  parseAs: "text",
});
const easywhitelist = await client.GET("/api/v1/whitelists/{whitelistId}/entries", {
  params: { path, query: { format: "easywhitelist" } },
  parseAs: "text",
});

const removed = await client.DELETE("/api/v1/whitelists/{whitelistId}/entries/{nick}", {
  params: { path: { whitelistId, nick: "NOTCH" } },
});
const removedNick: string | undefined = removed.data?.nick;
const missing = await client.DELETE("/api/v1/whitelists/{whitelistId}/entries/{nick}", {
  params: { path: { whitelistId, nick: "nobody" } },
});
const problem: { type: string; title: string; status: number; detail: string } | undefined = missing.error;

console.log(JSON.stringify({
  whitelists,
  nicks,
  unchanged: unchanged.response.status,
  vanilla: vanilla.data,
  plain: plain.data,
  easywhitelist: easywhitelist.data,
  removed: { status: removed.response.status, nick: removedNick },
  missing: { status: missing.response.status, problem },
}));
`;

/** The same client with a path the API does not have: the type check must refuse it. */
const WRONG_CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1:1" });
await client.POST("/api/v1/whitelists/{whitelistId}/entries", {
  params: { path: { whitelistId: "x" } },
  body: { nick: "Notch" },
});
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2022", "DOM"],
    types: ["bun-types"],
    noEmit: true,
    skipLibCheck: true,
  },
};

let services: TestServices;
let app: TestApp;
let dir: string;
let key: string;
let whitelistId: string;

beforeAll(async () => {
  services = await testServices();
  app = testApi(services);
  whitelistId = (await seedWhitelist(services, { guildId: GUILD, name: "survival" })).id;
  await seedEntries(services, whitelistId, [
    { nick: "Notch", premium: true, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" },
    "alice",
  ]);
  key = (await seedKey(services, GUILD)).plaintext;
  const response = await call(app, "GET", "/swagger/json");
  expect(response.status).toBe(200);
  const document = (await response.json()) as Parameters<typeof openapiTS>[0];
  // Under the repository (dist/ is ignored), so the program resolves openapi-fetch as an installed package.
  dir = join(ROOT, "dist", `generated-client-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "api.d.ts"), astToString(await openapiTS(document)));
  writeFileSync(join(dir, "client.ts"), CLIENT);
  writeFileSync(join(dir, "wrong.ts"), WRONG_CLIENT);
}, 30_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  services.close();
});

/** Runs TypeScript's compiler on one file of the generated project; returns its exit code and output. */
async function typeCheck(file: string) {
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, files: [file, "api.d.ts"] }));
  const tsc = Bun.spawn([join(ROOT, "node_modules/.bin/tsc"), "-p", join(dir, "tsconfig.json")], {
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [output, code] = await Promise.all([new Response(tsc.stdout).text(), tsc.exited]);
  return { code, output };
}

describe("a client generated from the OpenAPI document", () => {
  test("generates the operations by path, with the entries' formats and the Problem body", async () => {
    const types = await Bun.file(join(dir, "api.d.ts")).text();
    for (const name of ["listWhitelists", "getEntries", "deleteEntry", "listEvents", "subscribe"]) {
      expect(types).toContain(`${name}: {`);
    }
    expect(types).toContain("VanillaEntry: {");
    expect(types).toContain("Problem: {");
  }, 30_000);

  test("type-checks, and a call to an endpoint the API does not have does not", async () => {
    expect(await typeCheck("client.ts")).toEqual({ code: 0, output: "" });
    const wrong = await typeCheck("wrong.ts");
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain("wrong.ts");
  }, 60_000);

  test("runs against the service: list, every format, 304, delete, and a 404 problem", async () => {
    // The app listens from its first request (and is stopped after each test).
    expect((await call(app, "GET", "/health")).status).toBe(200);
    const program = Bun.spawn([process.execPath, join(dir, "client.ts")], {
      cwd: dir,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...process.env,
        WLS_BASE_URL: `http://127.0.0.1:${app.server?.port}`,
        WLS_KEY: key,
        WLS_WHITELIST: whitelistId,
      },
    });
    const [output, errors, code] = await Promise.all([
      new Response(program.stdout).text(),
      new Response(program.stderr).text(),
      program.exited,
    ]);
    expect({ code, errors }).toEqual({ code: 0, errors: "" });
    expect(JSON.parse(output)).toEqual({
      whitelists: [expect.objectContaining({ id: whitelistId, name: "survival", maxNicksPerUser: 1 })],
      nicks: ["Notch", "alice"],
      unchanged: 304,
      vanilla: [
        { uuid: "40f5db53-a47a-33ee-b1f6-db0e20deded4", name: "alice" },
        { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" },
      ],
      plain: "alice\nNotch\n",
      easywhitelist: "whitelist: true\nwhitelisted:\n  - alice\n  - notch\n",
      removed: { status: 200, nick: "Notch" },
      missing: {
        status: 404,
        problem: {
          type: "urn:whitelist-sync:problem:entry-not-found",
          title: "Nick not registered",
          status: 404,
          detail: expect.any(String),
        },
      },
    });
  }, 30_000);
});
