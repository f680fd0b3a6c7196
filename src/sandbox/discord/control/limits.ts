import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import { rolePayload } from "../payloads.ts";
import { ALL_PERMISSIONS } from "../permissions.ts";
import type { RateLimitScope } from "../rate-limits.ts";
import { type Route, route } from "../router.ts";
import type { SandboxRole } from "../state.ts";
import { ControlRequestError } from "./command-options.ts";

type Body = Record<string, unknown>;

async function readJson(request: Request): Promise<Body> {
  const body = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ControlRequestError("the body must be a JSON object");
  }
  return body as Body;
}

function optional<T>(body: Body, key: string, check: (value: unknown) => value is T, expected: string) {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw new ControlRequestError(`${key} must be ${expected}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === "string" && value !== "";
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;
const isSeconds = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 3600;
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isScope = (value: unknown): value is RateLimitScope =>
  value === "user" || value === "global" || value === "shared";
const isPermissions = (value: unknown): value is string =>
  typeof value === "string" && /^\d{1,20}$/.test(value) && (BigInt(value) & ~ALL_PERMISSIONS) === 0n;

/** The guild's roles from the top of the hierarchy down, as the control API shows them. */
const roleList = (ctx: SandboxContext) =>
  [...ctx.state.roles.values()]
    .sort((a, b) => b.position - a.position)
    .map(({ id, name, permissions, position }) => ({ id, name, permissions, position }));

/**
 * Moves a role to `position` the way Discord's role list does: the roles in between shift by one, so positions
 * stay 1..n above @everyone (0). Returns the roles whose position changed.
 */
function moveRole(ctx: SandboxContext, moved: SandboxRole, position: number): SandboxRole[] {
  const ordered = [...ctx.state.roles.values()]
    .filter((role) => role.id !== ctx.state.guild.id && role.id !== moved.id)
    .sort((a, b) => a.position - b.position);
  if (position > ordered.length + 1) {
    throw new ControlRequestError(`position must be 1-${ordered.length + 1}`);
  }
  ordered.splice(position - 1, 0, moved);
  return ordered.filter((role, index) => {
    const changed = role.position !== index + 1;
    role.position = index + 1;
    return changed;
  });
}

/** Control routes for what limits the bot: role positions and permissions, and 429s on REST routes. */
export const limitRoutes: Route[] = [
  route("PATCH", "/roles/:role", async ({ ctx, params, request }) => {
    const role = ctx.state.roles.get(params.role);
    if (!role) throw new ControlRequestError(`unknown role ${params.role}`, 404);
    const body = await readJson(request);
    const position = optional(body, "position", isCount, "an integer from 1");
    const permissions = optional(
      body,
      "permissions",
      isPermissions,
      "a permission bitfield as a decimal string",
    );
    const managed = optional(body, "managed", isBoolean, "true or false");
    if (position !== undefined && role.id === ctx.state.guild.id) {
      throw new ControlRequestError("@everyone always sits at position 0");
    }
    const changed = new Set<SandboxRole>(position === undefined ? [] : moveRole(ctx, role, position));
    if (permissions !== undefined && permissions !== role.permissions) {
      role.permissions = permissions;
      changed.add(role);
    }
    if (managed !== undefined && managed !== role.managed) {
      role.managed = managed;
      changed.add(role);
    }
    for (const updated of changed) {
      ctx.gateway.dispatch(GatewayDispatchEvents.GuildRoleUpdate, {
        guild_id: ctx.state.guild.id,
        role: rolePayload(updated),
      });
    }
    return json(roleList(ctx));
  }),
  route("POST", "/rate-limits", async ({ ctx, request }) => {
    const body = await readJson(request);
    const retryAfter = body.retryAfter;
    if (!isSeconds(retryAfter)) {
      throw new ControlRequestError("retryAfter must be a number of seconds, above 0 and at most 3600");
    }
    const rule = ctx.rateLimits.add({
      retryAfter,
      scope: optional(body, "scope", isScope, '"user", "global" or "shared"'),
      method: optional(body, "method", isString, "an HTTP method"),
      route: optional(body, "route", isString, "a route pattern or path"),
      times: optional(body, "times", isCount, "an integer from 1"),
      bucket: optional(body, "bucket", isString, "a non-empty string"),
      limit: optional(body, "limit", isCount, "an integer from 1"),
      code: optional(body, "code", isInteger, "an integer"),
    });
    return json(rule, 201);
  }),
  route("GET", "/rate-limits", ({ ctx }) => json(ctx.rateLimits.list())),
  route("DELETE", "/rate-limits", ({ ctx }) => {
    ctx.rateLimits.clear();
    return json([]);
  }),
];
