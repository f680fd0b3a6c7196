import type { Paths } from "discord-api-spec";
import { pathsList } from "discord-api-spec";
import * as spec from "discord-api-spec/zod";
import { en } from "zod/locales";
import * as z from "zod/mini";
import type { RestExchange } from "../../src/sandbox/discord/index.ts";

/*
 * Discord's published contract (its OpenAPI description, as the `discord-api-spec` package ships it) as a test
 * oracle for the REST exchanges between the bot and the sandbox Discord.
 *
 * The package gives the path templates at run time (`pathsList`) and the schemas as Zod, but which schema an
 * operation takes and answers exists only in its types (`Paths`). `operations` below is that mapping for the
 * routes the sandbox serves, and the type checker holds each entry to `Paths`: a schema of the wrong shape for a
 * route does not compile.
 *
 * Strictness: the package's `setStrictObject(true)` only swaps the factory its module uses while it builds its
 * schemas, and it builds all of them when the module is evaluated, before any importer can call it; so it
 * changes nothing (and there is no switch to flip earlier). Its objects are Zod's default ones, which accept
 * unknown keys and leave them out of the parsed value. A request body is therefore checked strictly by
 * comparing it with what the schema parsed: a key the body has and the parsed value lacks is one Discord's
 * schema does not define (reported as Zod's strict objects word it). Responses are checked without that step:
 * Discord itself answers with fields its description does not list yet.
 *
 * Three differences are let through, each in one exact form, because their cause is outside the bot:
 * - discord.js writes `tts: false` and `enforce_nonce: false` into every message body it builds
 *   (`MessagePayload.resolveBody`), edits and interaction updates included, whose schemas have no such keys;
 *   Discord ignores them (`LIBRARY_DEFAULTS`);
 * - the description types a command's `default_member_permissions` in a request as an integer, while Discord's
 *   documentation, discord-api-types and discord.js give the permission bit set as a decimal string (as Discord
 *   answers it), which Discord takes; such a string is read as its number before the check
 *   (`permissionsAsNumbers`);
 * - the description types the code of a field's error in an Invalid Form Body answer as a number, while Discord
 *   answers a string such as `BASE_TYPE_REQUIRED` (`errorBody`).
 */

// Zod Mini loads no messages of its own: without a locale every issue reads "Invalid input".
z.config(en());

/** A schema whose parsed value must fit the type `Paths` gives (the `unknown` of a 204 fits anything). */
type Schema<T> = z.ZodMiniType<T>;

type Method = "get" | "put" | "post" | "patch" | "delete";
type Template = keyof Paths;
type MethodOf<P extends Template> = Extract<keyof Paths[P], Method>;
type OperationOf<P extends Template, M extends MethodOf<P>> = Paths[P][M] & {
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

/** What one operation takes and answers: its request body's schema (null: none) and one schema per status. */
type Contract<P extends Template, M extends MethodOf<P>> = {
  request: [Exclude<OperationOf<P, M>["requestBody"], undefined>] extends [never]
    ? null
    : Schema<Exclude<OperationOf<P, M>["requestBody"], undefined>>[];
  responses: { [S in keyof OperationOf<P, M>["responses"]]: Schema<OperationOf<P, M>["responses"][S]> };
  /** Rewrites a body before it is checked (only for the differences named at the top of this file). */
  normalise?: (body: unknown) => unknown;
};

type Entry = {
  method: string;
  template: string;
  request: z.ZodMiniType[] | null;
  responses: Record<string, z.ZodMiniType>;
  normalise: (body: unknown) => unknown;
};

/** One operation of the table; `request` lists the alternatives its body may take. */
function operation<P extends Template, M extends MethodOf<P>>(
  method: M,
  template: P,
  contract: Contract<P, M>,
): Entry {
  return {
    method: method.toUpperCase(),
    template,
    request: contract.request as z.ZodMiniType[] | null,
    responses: contract.responses as Record<string, z.ZodMiniType>,
    normalise: contract.normalise ?? ((body) => body),
  };
}

/** Unknown keys discord.js writes into message bodies with these values, which Discord ignores. */
const LIBRARY_DEFAULTS: Record<string, unknown> = { tts: false, enforce_nonce: false };

/** A command (or a list of them) with a decimal-string `default_member_permissions` read as its number. */
function permissionsAsNumbers(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(permissionsAsNumbers);
  if (!isRecord(body)) return body;
  const permissions = body.default_member_permissions;
  return typeof permissions === "string" && /^\d+$/.test(permissions)
    ? { ...body, default_member_permissions: Number(permissions) }
    : body;
}

/**
 * Discord's error body, as it answers it. The description types the code of each field's error
 * (`errors…_errors[].code`) as a number, while Discord answers a string naming the rule (`BASE_TYPE_REQUIRED` in
 * its own documentation's example, `MESSAGE_REFERENCE_UNKNOWN_MESSAGE` for a reply to a deleted message): the
 * third difference let through, in this one place.
 */
const fieldError = z.object({ code: z.string(), message: z.string() });
const errorDetails: z.ZodMiniType = z.union([
  z.object({ _errors: z.array(fieldError) }),
  z.record(
    z.string(),
    z.lazy(() => errorDetails),
  ),
]);
const errorBody = z.object({ code: z.number(), message: z.string(), errors: z.optional(errorDetails) });

/** What every operation may answer besides its own: Discord's error body and its rate-limit body. */
const failures = {
  "429": spec.RatelimitedResponseSchema,
  "4XX": errorBody as unknown as typeof spec.ErrorResponseSchema,
};
/** The body of a 204 (none). */
const noBody = z.undefined();
const snowflake = spec.SnowflakeTypeSchema;
const anyChannel = z.union([
  spec.GuildChannelResponseSchema,
  spec.PrivateChannelResponseSchema,
  spec.PrivateGroupChannelResponseSchema,
  spec.ThreadResponseSchema,
]);

/** The operations of Discord's REST API that the sandbox serves, with their schemas. */
const operations: Entry[] = [
  operation("get", "/gateway", {
    request: null,
    responses: { "200": spec.GatewayResponseSchema, ...failures },
  }),
  operation("get", "/gateway/bot", {
    request: null,
    responses: { "200": spec.GatewayBotResponseSchema, ...failures },
  }),
  operation("get", "/users/@me", {
    request: null,
    responses: { "200": spec.UserPIIResponseSchema, ...failures },
  }),
  // The dashboard's sign-in reads the person's servers with their OAuth2 token (scope `guilds`).
  operation("get", "/users/@me/guilds", {
    request: null,
    responses: { "200": z.nullable(z.array(spec.MyGuildResponseSchema)), ...failures },
  }),
  operation("get", "/users/{user_id}", {
    request: null,
    responses: { "200": spec.UserResponseSchema, ...failures },
  }),
  operation("get", "/applications/@me", {
    request: null,
    responses: { "200": spec.PrivateApplicationResponseSchema, ...failures },
  }),
  operation("get", "/applications/{application_id}/commands", {
    request: null,
    responses: { "200": z.nullable(z.array(spec.ApplicationCommandResponseSchema)), ...failures },
  }),
  operation("put", "/applications/{application_id}/commands", {
    request: [z.nullable(z.array(spec.ApplicationCommandUpdateRequestSchema))],
    responses: { "200": z.nullable(z.array(spec.ApplicationCommandResponseSchema)), ...failures },
    normalise: permissionsAsNumbers,
  }),
  operation("post", "/applications/{application_id}/commands", {
    request: [spec.ApplicationCommandCreateRequestSchema],
    responses: {
      "200": spec.ApplicationCommandResponseSchema,
      "201": spec.ApplicationCommandResponseSchema,
      ...failures,
    },
    normalise: permissionsAsNumbers,
  }),
  operation("get", "/applications/{application_id}/guilds/{guild_id}/commands", {
    request: null,
    responses: { "200": z.nullable(z.array(spec.ApplicationCommandResponseSchema)), ...failures },
  }),
  operation("put", "/applications/{application_id}/guilds/{guild_id}/commands", {
    request: [z.nullable(z.array(spec.ApplicationCommandUpdateRequestSchema))],
    responses: { "200": z.nullable(z.array(spec.ApplicationCommandResponseSchema)), ...failures },
    normalise: permissionsAsNumbers,
  }),
  operation("post", "/applications/{application_id}/guilds/{guild_id}/commands", {
    request: [spec.ApplicationCommandCreateRequestSchema],
    responses: {
      "200": spec.ApplicationCommandResponseSchema,
      "201": spec.ApplicationCommandResponseSchema,
      ...failures,
    },
    normalise: permissionsAsNumbers,
  }),
  operation("get", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", {
    request: null,
    responses: { "200": spec.ApplicationCommandResponseSchema, ...failures },
  }),
  operation("get", "/channels/{channel_id}", {
    request: null,
    responses: { "200": anyChannel, ...failures },
  }),
  operation("get", "/channels/{channel_id}/messages", {
    request: null,
    responses: { "200": z.nullable(z.array(spec.MessageResponseSchema)), ...failures },
  }),
  operation("post", "/channels/{channel_id}/messages", {
    request: [spec.MessageCreateRequestSchema],
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("get", "/channels/{channel_id}/messages/{message_id}", {
    request: null,
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("patch", "/channels/{channel_id}/messages/{message_id}", {
    request: [spec.MessageEditRequestPartialSchema],
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("delete", "/channels/{channel_id}/messages/{message_id}", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("put", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("delete", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("post", "/channels/{channel_id}/typing", {
    request: null,
    responses: { "200": spec.TypingIndicatorResponseSchema, "204": noBody, ...failures },
  }),
  operation("get", "/guilds/{guild_id}", {
    request: null,
    responses: { "200": spec.GuildWithCountsResponseSchema, ...failures },
  }),
  operation("get", "/guilds/{guild_id}/roles", {
    request: null,
    responses: { "200": z.array(spec.GuildRoleResponseSchema), ...failures },
  }),
  operation("get", "/guilds/{guild_id}/roles/{role_id}", {
    request: null,
    responses: { "200": spec.GuildRoleResponseSchema, ...failures },
  }),
  operation("get", "/guilds/{guild_id}/channels", {
    request: null,
    responses: { "200": z.nullable(z.array(anyChannel)), ...failures },
  }),
  operation("get", "/guilds/{guild_id}/members", {
    request: null,
    responses: { "200": z.array(spec.GuildMemberResponseSchema), ...failures },
  }),
  operation("get", "/guilds/{guild_id}/members/search", {
    request: null,
    responses: { "200": z.array(spec.GuildMemberResponseSchema), ...failures },
  }),
  operation("get", "/guilds/{guild_id}/members/{user_id}", {
    request: null,
    responses: { "200": spec.GuildMemberResponseSchema, ...failures },
  }),
  operation("patch", "/guilds/{guild_id}/members/{user_id}", {
    // The only inline body among these routes: the package has no schema of its own for it.
    request: [
      z.object({
        nick: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
        roles: z.optional(z.nullable(z.array(z.nullable(snowflake)).check(z.maxLength(350)))),
        mute: z.optional(z.nullable(z.boolean())),
        deaf: z.optional(z.nullable(z.boolean())),
        channel_id: z.optional(z.nullable(snowflake)),
        communication_disabled_until: z.optional(z.nullable(z.string())),
        flags: z.optional(z.nullable(z.int32())),
      }),
    ],
    responses: { "200": spec.GuildMemberResponseSchema, "204": noBody, ...failures },
  }),
  operation("put", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("delete", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("post", "/interactions/{interaction_id}/{interaction_token}/callback", {
    request: [
      spec.ApplicationCommandAutocompleteCallbackRequestSchema,
      spec.CreateMessageInteractionCallbackRequestSchema,
      spec.LaunchActivityInteractionCallbackRequestSchema,
      spec.ModalInteractionCallbackRequestSchema,
      spec.PongInteractionCallbackRequestSchema,
      spec.SocialLayerSKUPurchaseEligibilityInteractionCallbackRequestSchema,
      spec.UpdateMessageInteractionCallbackRequestSchema,
    ],
    responses: { "200": spec.InteractionCallbackResponseSchema, "204": noBody, ...failures },
  }),
  operation("post", "/webhooks/{webhook_id}/{webhook_token}", {
    request: [spec.IncomingWebhookRequestPartialSchema, spec.IncomingWebhookUpdateRequestPartialSchema],
    responses: { "200": spec.MessageResponseSchema, "204": noBody, ...failures },
  }),
  operation("get", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", {
    request: null,
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", {
    request: [spec.IncomingWebhookUpdateRequestPartialSchema],
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("get", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", {
    request: null,
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
  operation("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", {
    request: null,
    responses: { "204": noBody, ...failures },
  }),
  operation("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", {
    request: [spec.IncomingWebhookUpdateRequestPartialSchema],
    responses: { "200": spec.MessageResponseSchema, ...failures },
  }),
];

/** The REST prefix of the sandbox, which discord.js puts before every route. */
const API_PREFIX = "/api/v10";
/** How many issues one body reports at most: the first ones say what is wrong. */
const MAX_ISSUES = 5;

/**
 * Discord's path template for a request (`/channels/{channel_id}/messages` for `/api/v10/channels/1/messages`),
 * or null when Discord has no such route. A literal segment beats a parameter (`/users/@me` over
 * `/users/{user_id}`, `messages/@original` over `messages/{message_id}`).
 */
export function templateOf(method: string, path: string): string | null {
  const templates = pathsList[method.toLowerCase() as keyof typeof pathsList] ?? [];
  const segments = segmentsOf(path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path);
  if (!segments) return null;
  let best: { template: string; literals: boolean[] } | null = null;
  for (const template of templates) {
    const parts = template.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    const literals = parts.map((part) => !part.startsWith("{"));
    if (!parts.every((part, index) => !literals[index] || part === segments[index])) continue;
    if (!best || moreLiteral(literals, best.literals)) best = { template, literals };
  }
  return best?.template ?? null;
}

function segmentsOf(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** True when `a` has a literal at the first position where the two differ. */
function moreLiteral(a: boolean[], b: boolean[]): boolean {
  const index = a.findIndex((literal, position) => literal !== b[position]);
  return index >= 0 && a[index] === true;
}

/**
 * What checking one exchange found: its route (`POST /channels/{channel_id}/messages`), whether there were schemas
 * to check it against, and its violations.
 */
export type ExchangeCheck = { route: string; checked: boolean; violations: string[] };

/**
 * Checks one exchange against Discord's contract: the request body (strictly, see the top of this file) and the
 * response for its status. Each violation names the route and the path of the field.
 */
export function checkExchange(exchange: RestExchange): ExchangeCheck {
  const template = templateOf(exchange.method, exchange.path);
  if (!template) {
    const route = `${exchange.method} ${exchange.path}`;
    return { route, checked: false, violations: [`${route}: not a route of Discord's API`] };
  }
  const route = `${exchange.method} ${template}`;
  const entry = operations.find(
    (candidate) => candidate.method === exchange.method && candidate.template === template,
  );
  if (!entry) {
    const missing = "no schemas for this route yet; add it to operations in test/helpers/discord-contract.ts";
    return { route, checked: false, violations: [`${route}: ${missing}`] };
  }
  const violations = [
    ...requestIssues(entry, exchange.requestBody).map((issue) => `request body${issue}`),
    ...responseIssues(entry, exchange.status, exchange.responseBody),
  ];
  return { route, checked: true, violations: violations.map((violation) => `${route}: ${violation}`) };
}

function requestIssues(entry: Entry, body: unknown): string[] {
  if (entry.request === null) return body === undefined ? [] : [": Discord's route takes none"];
  return checkRequest(entry.request, entry.normalise(body));
}

function responseIssues(entry: Entry, status: number, body: unknown): string[] {
  const schema = entry.responses[String(status)] ?? entry.responses[`${String(status)[0]}XX`];
  if (!schema) return [`answered ${status}, which Discord does not answer here`];
  const result = schema.safeParse(body);
  return result.success
    ? []
    : describeIssues(result.error.issues).map((issue) => `response ${status}${issue}`);
}

/** The issues of the alternative that fits `body` best; none when one fits it fully, unknown keys included. */
function checkRequest(alternatives: z.ZodMiniType[], body: unknown): string[] {
  let best: { rank: [number, number]; issues: string[] } | null = null;
  for (const schema of alternatives) {
    const result = schema.safeParse(body);
    const issues = result.success
      ? unknownKeys(body, result.data, []).map(
          (path) => `${where(path.slice(0, -1))}: Unrecognized key: "${path.at(-1)}"`,
        )
      : describeIssues(result.error.issues);
    if (issues.length === 0) return [];
    // A schema that parsed the body beats one that did not; then the one with fewer issues.
    const rank: [number, number] = [
      result.success ? 0 : 1 + mismatchedTypes(result.error.issues),
      issues.length,
    ];
    if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1])) {
      best = { rank, issues };
    }
  }
  return best?.issues ?? [];
}

/** The paths of keys of `input` that `output` (what a non-strict schema parsed) dropped: keys it does not define. */
function unknownKeys(input: unknown, output: unknown, path: string[]): string[][] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, index) => unknownKeys(item, output[index], [...path, String(index)]));
  }
  if (isRecord(input) && isRecord(output)) {
    return Object.keys(input).flatMap((key) =>
      key in output
        ? unknownKeys(input[key], output[key], [...path, key])
        : key in LIBRARY_DEFAULTS && LIBRARY_DEFAULTS[key] === input[key]
          ? []
          : [[...path, key]],
    );
  }
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Zod's issues as ` at a.0.b: message` lines; of a union that matched nowhere, the branch that came closest. */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  const lines = issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const closest = [...issue.errors].sort(
        (a, b) => mismatchedTypes(a) - mismatchedTypes(b) || a.length - b.length,
      )[0];
      if (closest) return describeIssues(closest, path);
    }
    return [`${where(path)}: ${issue.message}`];
  });
  return lines.length > MAX_ISSUES
    ? [...lines.slice(0, MAX_ISSUES), ` (and ${lines.length - MAX_ISSUES} more)`]
    : lines;
}

/** How many issues say a `type` is not the branch's: the branch of a union meant for something else. */
function mismatchedTypes(issues: readonly z.core.$ZodIssue[]): number {
  return issues.filter((issue) => issue.code === "invalid_value" && issue.path.at(-1) === "type").length;
}

function where(path: PropertyKey[]): string {
  return path.length === 0 ? "" : ` at ${path.map(String).join(".")}`;
}

/** What a contract check saw of one route. */
export type RouteSeen = {
  /** `PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}`, or the raw path when Discord has no such route. */
  route: string;
  /** How many exchanges of it there were. */
  count: number;
  /** The statuses the sandbox answered them with, ascending. */
  statuses: number[];
  /** False when there were no schemas to check it against (each such exchange is also a violation). */
  checked: boolean;
};

/**
 * Checks every exchange it observes (give `observe` to the sandbox's options) and keeps the routes it saw and the
 * violations it found, for a test to assert on or to fail with at teardown.
 */
export function createContractCheck() {
  const seen = new Map<string, RouteSeen>();
  const violations: string[] = [];
  return {
    /** The sandbox's observer. */
    observe(exchange: RestExchange) {
      const checked = checkExchange(exchange);
      const route = seen.get(checked.route) ?? {
        route: checked.route,
        count: 0,
        statuses: [],
        checked: true,
      };
      route.count++;
      if (!route.statuses.includes(exchange.status)) route.statuses.push(exchange.status);
      route.checked &&= checked.checked;
      seen.set(checked.route, route);
      violations.push(...checked.violations);
    },
    /** The routes seen so far, sorted by route. */
    routes: (): RouteSeen[] =>
      [...seen.values()]
        .map((route) => ({ ...route, statuses: [...route.statuses].sort((a, b) => a - b) }))
        .sort((a, b) => a.route.localeCompare(b.route)),
    /** Every violation so far, in the order they happened. */
    violations: () => [...violations],
    /** Throws one error listing every distinct violation, when there is any. */
    assertConforms() {
      const distinct = [...new Set(violations)];
      if (distinct.length === 0) return;
      const list = distinct.map((line) => `  ${line}`).join("\n");
      throw new Error(`${violations.length} REST exchange(s) broke Discord's published contract:\n${list}`);
    },
  };
}

/** A contract check: the sandbox's observer and what it found. */
export type ContractCheck = ReturnType<typeof createContractCheck>;
