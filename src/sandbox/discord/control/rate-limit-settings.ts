import { BUCKET_NAMES, BUCKETS, type BucketName, type Window } from "../buckets.ts";
import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import type { InvalidRequestLimit, RateLimitChanges } from "../limiter.ts";
import { type Route, route } from "../router.ts";
import { ControlRequestError } from "./command-options.ts";

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A day: no Discord window is longer that the bot meets (role creation's two days aside). */
const MAX_SECONDS = 86_400;

function seconds(body: Body, key: string, at: string): number {
  const value = body[key];
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_SECONDS) {
    throw new ControlRequestError(
      `${at}.${key} must be a number of seconds, above 0 and at most ${MAX_SECONDS}`,
    );
  }
  return value;
}

function windowOf(value: unknown, at: string): Window {
  if (!isObject(value)) throw new ControlRequestError(`${at} must be {"limit", "resetAfter"}`);
  const limit = value.limit;
  if (!Number.isInteger(limit) || (limit as number) < 1) {
    throw new ControlRequestError(`${at}.limit must be an integer from 1`);
  }
  return { limit: limit as number, resetAfter: seconds(value, "resetAfter", at) };
}

function invalidOf(value: unknown): InvalidRequestLimit {
  const window = windowOf(value, "invalidRequests");
  return { ...window, banFor: seconds(value as Body, "banFor", "invalidRequests") };
}

/** The changes a PATCH asks for, checked: unknown keys and bucket names are refused, not ignored. */
function changesOf(body: Body): RateLimitChanges {
  const known = ["enabled", "global", "invalidRequests", "buckets"];
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new ControlRequestError(`unknown setting ${unknown}`);
  const changes: RateLimitChanges = {};
  if (body.enabled !== undefined) {
    if (typeof body.enabled !== "boolean") throw new ControlRequestError("enabled must be true or false");
    changes.enabled = body.enabled;
  }
  if (body.global !== undefined)
    changes.global = body.global === null ? null : windowOf(body.global, "global");
  if (body.invalidRequests !== undefined) {
    changes.invalidRequests = body.invalidRequests === null ? null : invalidOf(body.invalidRequests);
  }
  if (body.buckets !== undefined) {
    if (!isObject(body.buckets))
      throw new ControlRequestError("buckets must be an object keyed by bucket name");
    const buckets: Partial<Record<BucketName, Window>> = {};
    for (const [name, value] of Object.entries(body.buckets)) {
      if (!BUCKET_NAMES.includes(name as BucketName)) {
        throw new ControlRequestError(`unknown bucket ${name} (known: ${BUCKET_NAMES.join(", ")})`);
      }
      buckets[name as BucketName] = windowOf(value, `buckets.${name}`);
    }
    changes.buckets = buckets;
  }
  return changes;
}

/** What the settings routes answer: the limiter's state, and which routes each bucket holds and why its size. */
const view = (ctx: SandboxContext) => ({
  ...ctx.limiter.state(),
  table: Object.fromEntries(
    BUCKET_NAMES.map((name) => [name, { routes: BUCKETS[name].routes, source: BUCKETS[name].source }]),
  ),
});

/**
 * Control routes for Discord's rate limits (`limiter.ts`): read them with what they refused so far, change
 * them (`{"enabled": false}` turns them off), and start every window afresh.
 */
export const rateLimitSettingRoutes: Route[] = [
  route("GET", "/rate-limits/settings", ({ ctx }) => json(view(ctx))),
  route("PATCH", "/rate-limits/settings", async ({ ctx, request }) => {
    const body = await request.json().catch(() => null);
    if (!isObject(body)) throw new ControlRequestError("the body must be a JSON object");
    ctx.limiter.configure(changesOf(body));
    return json(view(ctx));
  }),
  route("POST", "/rate-limits/reset", ({ ctx }) => {
    ctx.limiter.reset();
    return json(view(ctx));
  }),
];
