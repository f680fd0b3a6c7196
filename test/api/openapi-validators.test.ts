import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { servedDocument, type TestApp } from "../helpers/http.ts";
import { runToEnd } from "../helpers/run.ts";
import { type TestServices, testApi, testServices } from "../helpers/services.ts";

// The served OpenAPI document, checked by the validators integrators' tools are built on: swagger-parser
// (behind many code generators and Postman-style importers) and Redocly's linter with its recommended rules.

type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<
    string,
    { description?: string; content?: Record<string, Media>; headers?: Record<string, unknown> }
  >;
};
type Document = {
  info: { license: Json };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
  webhooks: Record<string, Record<string, Operation>>;
};

let services: TestServices;
let app: TestApp;
let document: Document;

beforeAll(async () => {
  services = await testServices();
  app = testApi(services);
  document = await servedDocument<Document>(app);
});

afterAll(() => services.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** Runs `redocly lint` on the document, offline, and returns its problems. */
async function redoclyLint(doc: unknown) {
  const dir = mkdtempSync(join(tmpdir(), "wls-redocly-"));
  try {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await runToEnd(
      [join(import.meta.dir, "../../node_modules/.bin/redocly"), "lint", file, "--format=json"],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    );
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    return report.problems.map((p) => ({
      severity: p.severity,
      rule: p.ruleId,
      at: p.location[0]?.pointer,
      message: p.message,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the served OpenAPI document", () => {
  test("swagger-parser validates it (schema and every $ref) without an error", async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  test("redocly lint (recommended rules) reports no error, and only the warnings that are true of the API", async () => {
    const problems = await redoclyLint(document);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    // Health never answers 4xx, and the socket answers 101, not 2xx: these rules do not fit those routes.
    expect(problems.map(({ rule, at }) => ({ rule, at }))).toEqual([
      { rule: "operation-4xx-response", at: "#/paths/~1health/get/responses" },
      { rule: "operation-4xx-response", at: "#/paths/~1api~1v1~1health/get/responses" },
      { rule: "operation-2xx-response", at: "#/paths/~1api~1v1~1ws/get/responses" },
    ]);
  });

  test("the license names its SPDX identifier", () => {
    expect(document.info.license).toEqual({ name: "MIT", identifier: "MIT" });
  });

  test("operation ids are the ones a client generator should name its methods after", () => {
    expect(
      operations().map(({ method, path, operation }) => `${method} ${path} ${operation.operationId}`),
    ).toEqual([
      "get /health getHealth",
      "get /api/v1/health getApiHealth",
      "get /api/v1/whitelists listWhitelists",
      "get /api/v1/whitelists/{whitelistId}/entries getEntries",
      "delete /api/v1/whitelists/{whitelistId}/entries/{nick} deleteEntry",
      "get /api/v1/events listEvents",
      "post /api/v1/whitelists/{whitelistId}/proof-codes createProofCode",
      "get /api/v1/ws subscribe",
    ]);
    expect(document.webhooks["entry.changed"]?.post?.operationId).toBe("receiveEntryEvent");
  });

  test("no schema carries a key OpenAPI does not know (TypeBox's `error`, `$id`)", () => {
    const found: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (!node || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "$id" || (key === "error" && typeof value === "string")) found.push(`${pointer}/${key}`);
        walk(value, `${pointer}/${key}`);
      }
    };
    walk(document, "#");
    expect(found).toEqual([]);
  });

  test("whole numbers are integers: no string-or-integer unions", () => {
    const stringIntegers = JSON.stringify(document).match(/"format":"integer"/g) ?? [];
    expect(stringIntegers).toEqual([]);
    const list = document.paths["/api/v1/whitelists"]?.get?.responses["200"]?.content?.["application/json"];
    const whitelist = list?.schema?.items as { properties: Record<string, Json> };
    expect(whitelist.properties.maxNicksPerUser).toMatchObject({ type: "integer", minimum: 1 });
  });

  test("each format of the entries has its documented shape, with examples a server would read", () => {
    const entries = document.paths["/api/v1/whitelists/{whitelistId}/entries"]?.get;
    const ok = entries?.responses["200"]?.content ?? {};
    expect(Object.keys(ok)).toEqual([
      "application/json",
      "text/plain; charset=utf-8",
      "application/yaml; charset=utf-8",
    ]);
    expect(ok["application/json"]?.schema?.anyOf).toEqual([
      { type: "array", items: { $ref: "#/components/schemas/Entry" } },
      { type: "array", items: { $ref: "#/components/schemas/VanillaEntry" } },
      { type: "array", items: { $ref: "#/components/schemas/AllowlistEntry" } },
    ]);
    expect(document.components.schemas.Entry).toMatchObject({
      required: ["nick", "uuid", "premium", "expiresAt", "verified", "groups"],
    });
    expect(document.components.schemas.VanillaEntry).toMatchObject({ required: ["uuid", "name"] });
    expect(document.components.schemas.AllowlistEntry).toMatchObject({
      required: ["ignoresPlayerLimit", "name"],
    });
    expect(Object.keys(ok["application/json"]?.examples ?? {})).toEqual(["json", "vanilla", "bds"]);
    // Which body each format gets, for the reader of a generated client's comments.
    const said = entries?.responses["200"]?.description ?? "";
    for (const format of [
      "`plain`",
      "`easywhitelist`",
      "`vanilla`",
      "`bds`",
      "`Entry[]`",
      "`VanillaEntry[]`",
    ]) {
      expect(said).toContain(format);
    }
    expect(said).toContain('parseAs: "text"');
    expect(ok["text/plain; charset=utf-8"]?.example).toBe("alice\nNotch\n");
    expect(ok["application/yaml; charset=utf-8"]?.example).toBe(
      "whitelist: true\nwhitelisted:\n  - alice\n  - notch\n",
    );
  });

  test("conditional requests are documented: If-None-Match in, ETag out, 304 without a body", () => {
    const entries = document.paths["/api/v1/whitelists/{whitelistId}/entries"]?.get;
    expect(entries?.parameters?.map((p) => `${p.in}:${p.name}`)).toContain("header:If-None-Match");
    expect(Object.keys(entries?.responses["200"]?.headers ?? {})).toContain("ETag");
    expect(entries?.responses["304"]?.content).toBeUndefined();
    expect(Object.keys(entries?.responses["304"]?.headers ?? {})).toContain("ETag");
  });

  test("a 304 has a place in clients that type only 2xx as data and 4xx/5xx as errors: an answer with no body", () => {
    const responses = document.paths["/api/v1/whitelists/{whitelistId}/entries"]?.get?.responses ?? {};
    expect(responses.default).toEqual({ description: expect.stringContaining("304") });
    const others = operations().filter(({ operation }) => "default" in operation.responses);
    expect(others.map(({ operation }) => operation.operationId)).toEqual(["getEntries"]);
  });

  test("nothing the service sends has a default: a field is there, or optional", () => {
    const found: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (!node || typeof node !== "object") return;
      if ("default" in node && ("type" in node || "enum" in node)) found.push(pointer);
      for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key}`);
    };
    for (const { path, method, operation } of operations()) {
      walk(operation.responses, `#/paths/${path}/${method}/responses`);
    }
    walk(document.components.schemas, "#/components/schemas");
    expect(found).toEqual([]);
  });

  test("UUIDs are a pattern every UUID the service writes matches, Floodgate's (version 0) too", () => {
    expect(JSON.stringify(document)).not.toContain('"format":"uuid"');
    const { Entry, VanillaEntry } = document.components.schemas as Record<
      string,
      { properties: { uuid: Json } }
    >;
    expect(Entry?.properties.uuid.type).toEqual(["string", "null"]);
    expect(VanillaEntry?.properties.uuid.type).toBe("string");
    for (const schema of [Entry?.properties.uuid, VanillaEntry?.properties.uuid]) {
      const pattern = new RegExp(String(schema?.pattern));
      // Floodgate's, Mojang's (version 4) and an offline one (version 3).
      for (const uuid of [
        "00000000-0000-0000-0009-01f00bac5c24",
        "069a79f4-44e9-4726-a5be-fca90e38aaf5",
        "40f5db53-a47a-33ee-b1f6-db0e20deded4",
      ]) {
        expect(uuid).toMatch(pattern);
      }
    }
  });

  test("an event's origin names every origin it may be", () => {
    const origin = (document.components.schemas.EntryEvent as { properties: { origin: Json } }).properties
      .origin as { enum: string[]; description: string };
    expect(origin.enum).toContain("role-lost");
    expect(origin.enum).toContain("expired");
    for (const value of origin.enum) expect(origin.description).toContain(`\`${value}\` (`);
  });

  test("every problem status of every operation has whole example bodies of its kinds", () => {
    const seen: string[] = [];
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!(Number(status) >= 400)) continue;
        const media = response.content?.["application/problem+json"];
        expect(media?.schema).toEqual({ $ref: "#/components/schemas/Problem" });
        const examples = Object.values(media?.examples ?? {});
        expect(examples.length).toBeGreaterThan(0);
        for (const { value } of examples) {
          expect(value).toEqual({
            type: expect.stringMatching(/^urn:whitelist-sync:problem:[a-z-]+$/),
            title: expect.any(String),
            status: Number(status),
            detail: expect.any(String),
          });
        }
        seen.push(`${method} ${path} ${status}`);
      }
    }
    expect(seen).toContain("delete /api/v1/whitelists/{whitelistId}/entries/{nick} 404");
    const deleteNotFound =
      document.paths["/api/v1/whitelists/{whitelistId}/entries/{nick}"]?.delete?.responses["404"]?.content?.[
        "application/problem+json"
      ]?.examples ?? {};
    expect(Object.keys(deleteNotFound)).toEqual(["whitelist-not-found", "entry-not-found"]);
  });
});
