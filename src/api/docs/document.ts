import { toOpenAPISchema } from "@elysiajs/openapi";
import type { AnyElysia } from "elysia";
import { FEED_LIMIT } from "../../entries/event-log.ts";
import { type FormatName, fileFormats, formats } from "../../formats/index.ts";
import { UUID_PATTERN } from "../../nicks/uuid.ts";
import { problemExamples } from "./examples.ts";

const API_DESCRIPTION = `Read-and-remove access to the Minecraft whitelists of a Discord server, and proof codes for
the players of entries awaiting proof at first join.

There is deliberately **no endpoint to add a nick**: every nick is registered on Discord and tied to a real
account. Authenticate with \`Authorization: Bearer <link key>\` (create one with \`/server-link create\` on
Discord; it is shown once). Errors are RFC 9457 problem details (\`application/problem+json\`) with a stable
\`type\` per kind; an unknown path answers 404 \`route-not-found\`, a known path asked with another method 405
\`method-not-allowed\` with \`Allow\`. Every counted response carries \`RateLimit-Policy\` and \`RateLimit\`
headers; a 429 also carries \`Retry-After\`. Keys stay on servers: the API sends no CORS headers, so a web page
cannot call it; a page is fed by its own server, which holds a read-only key (\`may-remove:False\`).`;

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json>; parameters?: Json[]; security?: unknown };

const rateLimitHeaders = {
  "RateLimit-Policy": {
    description: 'The quota: `"ip";q=<requests>;w=60` (token bucket per client IP)',
    schema: { type: "string", examples: ['"ip";q=60;w=60'] },
  },
  RateLimit: {
    description: '`"ip";r=<remaining>;t=<seconds until the bucket is full>`',
    schema: { type: "string", examples: ['"ip";r=59;t=1'] },
  },
};
const retryAfter = {
  description: "Whole seconds to wait before retrying",
  schema: { type: "integer", minimum: 1 },
};

const ifNoneMatch = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The `ETag` of a previous answer (same `format`): 304 without a body while nothing changed",
  schema: { type: "string", examples: ['"json-3q2…"'] },
};
const etag = {
  required: true,
  description: "Strong validator of these bytes (it differs per `format`); send it back in `If-None-Match`",
  schema: { type: "string", examples: ['"json-3q2…"'] },
};

/** Minecraft's whitelist.json entry (`format=vanilla`). */
const VanillaEntry = {
  title: "VanillaEntry",
  type: "object",
  required: ["uuid", "name"],
  properties: {
    uuid: {
      type: "string",
      pattern: UUID_PATTERN,
      description:
        "The premium UUID, a Bedrock player's Floodgate UUID (version 0), else the offline UUID of the nick",
    },
    name: { type: "string", description: "The nick" },
  },
};

/** Bedrock Dedicated Server's allowlist.json entry (`format=bds`). */
const AllowlistEntry = {
  title: "AllowlistEntry",
  type: "object",
  required: ["ignoresPlayerLimit", "name"],
  properties: {
    ignoresPlayerLimit: { type: "boolean", description: "Always false: the server owner's to set" },
    name: { type: "string", description: "The Xbox gamertag, spaces kept" },
    xuid: {
      type: "string",
      pattern: "^[0-9]+$",
      description: "The XUID in decimal; absent until GeyserMC gave it (BDS then matches the gamertag)",
    },
  },
};

/** What each format answers, as the document names it (every format: the type makes sure). */
const answerOf: Record<FormatName, string> = {
  json: "the entries, oldest first (`Entry[]`)",
  plain: "whitelist.txt, one nick per line",
  easywhitelist: "the EasyWhitelist plugin's config.yml",
  vanilla: "Minecraft's whitelist.json (`VanillaEntry[]`)",
  bds: "a Bedrock Dedicated Server's allowlist.json, Bedrock entries only (`AllowlistEntry[]`)",
};

/**
 * The 200's description: which body each `format` gets, and how a generated client tells them apart (the three
 * JSON bodies share a media type: docs/decisions.md, Generated clients).
 */
const entriesAnswer =
  (Object.keys(formats) as FormatName[])
    .map(
      (format) =>
        `${format === "json" ? "Without `format`" : `\`${format}\``}: ${answerOf[format]}, ` +
        `\`${formats[format].contentType}\``,
    )
    .join(". ") +
  ". The JSON bodies share their media type, so generated types give their union: tell them apart by a " +
  "field (`nick`; `uuid` and `name`; `ignoresPlayerLimit`). Read the text ones as text (openapi-fetch and " +
  'hey-api: `parseAs: "text"`)';

/** The ways the entries route answers 200: JSON entries or one of the file formats. */
function entriesContent() {
  return {
    "application/json": {
      schema: {
        description:
          "Without `format`: the entries (`Entry`). With `format=vanilla`: whitelist.json (`VanillaEntry`). " +
          "With `format=bds`: a Bedrock Dedicated Server's allowlist.json (`AllowlistEntry`), Bedrock entries only",
        anyOf: [
          { type: "array", items: { $ref: "#/components/schemas/Entry" } },
          { type: "array", items: { $ref: "#/components/schemas/VanillaEntry" } },
          { type: "array", items: { $ref: "#/components/schemas/AllowlistEntry" } },
        ],
      },
      examples: {
        json: {
          summary: "No format: entries, oldest first",
          value: [
            {
              nick: "Notch",
              uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
              premium: true,
              expiresAt: null,
              verified: true,
              groups: ["member", "trusted"],
            },
            {
              nick: "alice",
              uuid: null,
              premium: false,
              expiresAt: "2026-12-01T00:00:00.000Z",
              verified: false,
              groups: [],
            },
          ],
        },
        vanilla: {
          summary: "format=vanilla: Minecraft's whitelist.json",
          value: [
            { uuid: "40f5db53-a47a-33ee-b1f6-db0e20deded4", name: "alice" },
            { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" },
          ],
        },
        bds: {
          summary: "format=bds: Bedrock Dedicated Server's allowlist.json (compact, as BDS writes it)",
          value: [{ ignoresPlayerLimit: false, name: "Alex Pocket", xuid: "2535432196048835" }],
        },
      },
    },
    "text/plain; charset=utf-8": {
      schema: { type: "string", description: "`format=plain`: whitelist.txt, one nick per line" },
      example: "alice\nNotch\n",
    },
    "application/yaml; charset=utf-8": {
      schema: {
        type: "string",
        description: "`format=easywhitelist`: config.yml of the EasyWhitelist plugin",
      },
      example: "whitelist: true\nwhitelisted:\n  - alice\n  - notch\n",
    },
  };
}

/**
 * Any other answer of the entries read. Its only purpose is the 304: clients that type 2xx answers as data and
 * 4xx/5xx as errors (openapi-fetch, hey-api) have no place for a 304 and hand it back with neither; an answer
 * without a promised body is how their types admit that (docs/decisions.md, Generated clients).
 */
const otherAnswer = {
  description:
    "Any status not listed: a 500 `internal-error` problem, or what something in front of the service answers; " +
    "no body is promised. Clients that type only 2xx answers as data and 4xx/5xx as errors (openapi-fetch, " +
    "hey-api) also hand back the 304 above with neither data nor error: test `response.status === 304` first",
};

/** The `limit` of the change feed as clients send it: a whole number (the route also refuses `1e2` or `+5`). */
const feedLimit = {
  type: "integer",
  minimum: 1,
  maximum: FEED_LIMIT.max,
  default: FEED_LIMIT.default,
  description: `The most events to return, written as plain decimal digits: 1-${FEED_LIMIT.max}`,
  examples: [FEED_LIMIT.default],
};

/**
 * Removes `default` from the schemas of what the service sends (answers, components): Elysia's `t.UnionEnum`
 * gives every enum its first value as a default (for its error messages), which generators read as the value of
 * a missing field (orval's zod: `.default("discord")`), and every field the service sends is there or optional.
 */
function withoutDefaults(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) withoutDefaults(item);
  else if (node && typeof node === "object") {
    const object = node as Json;
    if ("default" in object && ("type" in object || "enum" in object)) delete object.default;
    for (const value of Object.values(object)) withoutDefaults(value);
  }
}

/** Removes TypeBox's validation messages (`error`), which are not OpenAPI keywords, from every schema. */
function withoutValidationMessages(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) withoutValidationMessages(item);
  else if (node && typeof node === "object") {
    const object = node as Json;
    if (typeof object.error === "string" && ("type" in object || "pattern" in object)) delete object.error;
    for (const value of Object.values(object)) withoutValidationMessages(value);
  }
}

/**
 * Adds what route schemas cannot say to the generated document: problem bodies as
 * `application/problem+json` with an example of each kind, the entries' formats, ETag and 304, the
 * rate-limit headers, and the WebSocket's 101.
 */
export function refineDocument(generated: { paths: Json; components: { schemas: Json } }, version: string) {
  withoutValidationMessages(generated.paths);
  for (const [path, operations] of Object.entries(generated.paths) as [string, Record<string, Operation>][]) {
    for (const operation of Object.values(operations)) {
      const counted = Array.isArray(operation.security) && operation.security.length > 0;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const content = response.content as Record<string, { schema: Json }> | undefined;
        if (Number(status) >= 400 && content?.["application/json"]) {
          response.content = {
            "application/problem+json": {
              schema: { $ref: "#/components/schemas/Problem" },
              examples: problemExamples(Number(status), path),
            },
          };
        }
        const headers: Json = counted ? { ...rateLimitHeaders } : {};
        if (status === "429" || status === "503") headers["Retry-After"] = retryAfter;
        if (status === "304") {
          delete response.content;
          headers.ETag = etag;
        }
        if (Object.keys(headers).length > 0) response.headers = headers;
      }
      for (const response of Object.values(operation.responses ?? {})) withoutDefaults(response.content);
      for (const parameter of operation.parameters ?? []) {
        if (path === "/api/v1/events" && parameter.name === "limit") parameter.schema = feedLimit;
        if (parameter.name === "format") {
          parameter.description =
            `Return an export file instead of JSON: one of ${fileFormats.join(", ")}. ` +
            "`plain` is one nick per line (text/plain); `easywhitelist` the EasyWhitelist plugin's config.yml " +
            "(application/yaml); `vanilla` Minecraft's whitelist.json (offline UUIDs for non-premium nicks); " +
            "`bds` a Bedrock Dedicated Server's allowlist.json (Bedrock entries: gamertag and XUID).";
        }
      }
    }
  }
  const entries = (generated.paths["/api/v1/whitelists/{whitelistId}/entries"] as Record<string, Operation>)
    .get;
  const ok = entries?.responses?.["200"];
  if (entries && ok) {
    const generatedJson = (ok.content as Record<string, { schema: { items: Json } }>)["application/json"];
    generated.components.schemas.Entry = generatedJson?.schema.items;
    generated.components.schemas.VanillaEntry = VanillaEntry;
    generated.components.schemas.AllowlistEntry = AllowlistEntry;
    ok.description = entriesAnswer;
    ok.content = entriesContent();
    ok.headers = {
      ...(ok.headers as Json),
      ETag: etag,
      "Content-Disposition": {
        description:
          'For export formats: `attachment; filename="whitelist.json"` (or whitelist.txt, config.yml, ' +
          "allowlist.json)",
        schema: { type: "string" },
      },
    };
    entries.parameters = [...(entries.parameters ?? []), ifNoneMatch];
    entries.responses = { ...entries.responses, default: otherAnswer };
  }
  withoutDefaults(generated.components.schemas);
  const socket = (generated.paths["/api/v1/ws"] as Record<string, Operation>).get;
  if (socket?.responses) {
    socket.responses = {
      "101": {
        description:
          "Switching Protocols: the socket is open. The first message is `SocketConnected`, then one " +
          "`EntryEvent` per change, as JSON text frames",
        content: {
          "application/json": {
            schema: {
              oneOf: [
                { $ref: "#/components/schemas/SocketConnected" },
                { $ref: "#/components/schemas/EntryEvent" },
              ],
            },
          },
        },
      },
      ...socket.responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "whitelist-sync API",
      version,
      description: API_DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [
      { name: "Whitelists", description: "The whitelists a key can see" },
      { name: "Entries", description: "Nicks on a whitelist: read them, export them, remove them" },
      {
        name: "Events",
        description: "Changes: pushed over a WebSocket and signed webhooks, or polled from the change feed",
      },
      {
        name: "Proof",
        description:
          "Proof of ownership at first join: codes for the game server's agent to show players awaiting proof",
      },
      { name: "Health", description: "Liveness, without authentication" },
    ],
    paths: generated.paths,
    components: {
      schemas: generated.components.schemas,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A link key (`wls_…`) from `/server-link create`",
        },
      },
    },
  };
}

const WEBHOOK_DESCRIPTION = `Set on Discord with \`/server-link webhook id url\` (shown once: the \`whsec_\` secret).
Each change in the key's scope is POSTed as this JSON, signed per the Standard Webhooks specification:
\`webhook-id\` is the event id, \`webhook-timestamp\` Unix seconds, \`webhook-signature\` is
\`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret's bytes>\`. Verify with the
\`standardwebhooks\` package: \`new Webhook(secret).verify(body, headers)\`. 5 s timeout, no retries, redirects
not followed; check that \`guildId\` is yours. Private and loopback targets are refused unless the operator
sets WEBHOOK_ALLOW_PRIVATE=true.`;

/** The webhook delivery, documented with OpenAPI 3.1's `webhooks`. */
function webhooks() {
  const header = (description: string) => ({ required: true, description, schema: { type: "string" } });
  return {
    "entry.changed": {
      post: {
        operationId: "receiveEntryEvent",
        summary: "A nick was added or removed",
        // Not a bearer key: the receiver checks the signature headers below.
        security: [],
        description: WEBHOOK_DESCRIPTION,
        tags: ["Events"],
        parameters: [
          { name: "webhook-id", in: "header", ...header("The event id (also `id` in the body)") },
          { name: "webhook-timestamp", in: "header", ...header("Unix seconds when it was signed") },
          { name: "webhook-signature", in: "header", ...header("`v1,<base64 signature>`") },
          { name: "user-agent", in: "header", ...header("`whitelist-sync/<version>`") },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/EntryEvent" } } },
        },
        responses: { "2XX": { description: "Any 2xx is recorded as delivered; anything else as a failure" } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of an app's routes, refined. */
export function buildDocument(app: AnyElysia, version: string, schemas: Record<string, Json>) {
  const generated = toOpenAPISchema(app, { paths: [/^\/swagger/] }) as unknown as {
    paths: Json;
    components: { schemas: Json };
  };
  generated.components.schemas = { ...generated.components.schemas, ...schemas };
  return { ...refineDocument(generated, version), webhooks: webhooks() };
}
