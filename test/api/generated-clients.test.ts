import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { call, servedDocument, type TestApp } from "../helpers/http.ts";
import { runToEnd } from "../helpers/run.ts";
import {
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";

// What integrators do (docs/api.md, Generated clients): generate a client from the served document with each of
// openapi-typescript + openapi-fetch, @hey-api/openapi-ts and orval (with zod 4), write a program with it,
// type-check it, and run it against the service: list, every format, a conditional read (304), a removal, the
// change feed. The programs and the type-level claims are test/fixtures/clients/; the generated code goes to a
// temp directory and is never committed.

const ROOT = join(import.meta.dir, "../..");
const FIXTURES = join(ROOT, "test/fixtures/clients");
const GUILD = "100000000000000001";
const PROGRAMS = ["openapi-fetch", "hey-api", "orval"] as const;

/** A Bedrock player as GeyserMC gave them: Floodgate's UUID is version 0, which `format: uuid` refuses. */
const STEVE = {
  nick: ".Steve_Gamer",
  gamertag: "Steve Gamer",
  xuid: "2535405290019876",
  uuid: "00000000-0000-0000-0009-01f00bac5c24",
};
const NOTCH_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2023", "DOM"],
    types: ["bun-types"],
    noEmit: true,
    skipLibCheck: true,
  },
  files: [...PROGRAMS.map((program) => `${program}.ts`), "types.ts", "docs-openapi-fetch.ts"],
};

/**
 * docs/api.md's openapi-fetch example, as the type check reads it: its `key` and `whitelistId` declared, its
 * `./api` the generated one. The doc's code is checked as written, so it cannot drift from the generated types.
 */
async function docsExample(): Promise<string> {
  const doc = await Bun.file(join(ROOT, "docs/api.md")).text();
  const section = doc.slice(doc.indexOf("With openapi-fetch ("));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(code).toContain('import createClient from "openapi-fetch";');
  return `declare const key: string;\ndeclare const whitelistId: string;\n${(code as string).replace('from "./api"', 'from "./openapi-fetch/api"')}`;
}

let services: TestServices;
let app: TestApp;
let dir: string;
/** Each program's own whitelist and a key limited to it: each removes a nick of its own. */
const runs = new Map<(typeof PROGRAMS)[number], { whitelistId: string; key: string }>();

/** Runs a command in the generated project; returns its exit code and output. */
async function run(command: string[], env: Record<string, string> = {}) {
  return runToEnd(command, { cwd: dir, env: { ...process.env, NO_COLOR: "1", ...env } });
}

beforeAll(async () => {
  services = await testServices();
  app = testApi(services);
  for (const program of PROGRAMS) {
    const whitelistId = (await seedWhitelist(services, { guildId: GUILD, name: program })).id;
    await seedEntries(services, whitelistId, [
      { nick: "Notch", premium: true, uuid: NOTCH_UUID },
      "alice",
      { ...STEVE, premium: false },
    ]);
    runs.set(program, { whitelistId, key: (await seedKey(services, GUILD, whitelistId)).plaintext });
  }
  const document = await servedDocument<Parameters<typeof openapiTS>[0]>(app);

  dir = mkdtempSync(join(tmpdir(), "wls-clients-"));
  // The generated code and the programs import openapi-fetch and zod as installed packages.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  cpSync(FIXTURES, dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(document));
  writeFileSync(join(dir, "docs-openapi-fetch.ts"), await docsExample());
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));

  mkdirSync(join(dir, "openapi-fetch"));
  writeFileSync(join(dir, "openapi-fetch/api.d.ts"), astToString(await openapiTS(document)));
  const bin = (path: string) => [process.execPath, join(ROOT, "node_modules", path)];
  const generated = await Promise.all([
    run([...bin("@hey-api/openapi-ts/bin/run.js"), "-i", "openapi.json", "-o", "hey-api", "--no-log-file"]),
    run([...bin("orval/dist/bin/orval.mjs"), "--config", "orval.config.ts"]),
  ]);
  for (const { code, stderr } of generated) expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
});

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await services.close();
});

describe("clients generated from the OpenAPI document", () => {
  test("the programs type-check, and every call or read the types must refuse is refused", async () => {
    // types.ts marks each refusal with @ts-expect-error: one that is not refused fails the check.
    const tsc = await run([join(ROOT, "node_modules/.bin/tsc"), "-p", "tsconfig.json"]);
    expect({ code: tsc.code, output: tsc.stdout + tsc.stderr }).toEqual({ code: 0, output: "" });
  });

  test.each(PROGRAMS)(
    "the %s program reads every format, polls with the ETag, removes and reads the feed",
    async (program) => {
      // The app listens from its first request (and is stopped after each test).
      expect((await call(app, "GET", "/health")).status).toBe(200);
      const { whitelistId, key } = runs.get(program) ?? { whitelistId: "", key: "" };
      const result = await run([process.execPath, `${program}.ts`], {
        WLS_BASE_URL: `http://127.0.0.1:${app.server?.port}`,
        WLS_KEY: key,
        WLS_WHITELIST: whitelistId,
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
      expect(JSON.parse(result.stdout)).toEqual({
        whitelists: [{ id: whitelistId, name: program }],
        nicks: ["Notch", "alice", STEVE.nick],
        uuids: [NOTCH_UUID, null, STEVE.uuid],
        vanilla: [
          { uuid: STEVE.uuid, name: STEVE.nick },
          { uuid: "40f5db53-a47a-33ee-b1f6-db0e20deded4", name: "alice" },
          { uuid: NOTCH_UUID, name: "Notch" },
        ],
        bds: [{ ignoresPlayerLimit: false, name: STEVE.gamertag, xuid: STEVE.xuid }],
        plain: `${STEVE.nick}\nalice\nNotch\n`,
        easywhitelist: 'whitelist: true\nwhitelisted:\n  - ".steve_gamer"\n  - alice\n  - notch\n',
        unchanged: null,
        removed: { removed: true, nick: "Notch" },
        changed: { nicks: ["alice", STEVE.nick], etagChanged: true },
        again: { status: 404, type: "urn:whitelist-sync:problem:entry-not-found" },
        events: [
          { type: "entry.added", origin: "discord", nick: "Notch" },
          { type: "entry.added", origin: "discord", nick: "alice" },
          { type: "entry.added", origin: "discord", nick: STEVE.nick },
          { type: "entry.removed", origin: "api", nick: "Notch", reason: "generated client" },
        ],
      });
    },
  );
});
