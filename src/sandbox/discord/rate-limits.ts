import type { Clock } from "../../shared/clock.ts";
import { tooManyRequests } from "./limiter.ts";

/**
 * Whose limit a 429 reports, as `X-RateLimit-Scope` says: the bot's own per-route bucket (`user`), the bot's
 * global limit (`global`), or a limit shared by everyone on the resource (`shared`).
 */
export type RateLimitScope = "user" | "global" | "shared";

/** A 429 the control API asked for (on top of the limiter's own, `limiter.ts`): the next `times` requests that match answer it, then the route is free. */
export type RateLimitRule = {
  id: number;
  /** Any method when null. */
  method: string | null;
  /** A route pattern (`/guilds/:guild/members/:user/roles/:role`) or a concrete path; any route when null. */
  route: string | null;
  /** Requests still to be refused. */
  remaining: number;
  /** How many were refused so far. */
  hits: number;
  /** Seconds, as in `retry_after`. */
  retryAfter: number;
  scope: RateLimitScope;
  /** `X-RateLimit-Bucket` (not sent for a global limit). */
  bucket: string;
  /** `X-RateLimit-Limit`. */
  limit: number;
  /** The body's `code`: 0 (general error) unless Discord names the limit (e.g. 20028, 40062). */
  code: number;
};

/** What the control API gives to `add`: only `retryAfter` is required. */
export type NewRateLimit = {
  retryAfter: number;
  /** How many requests answer 429 (default 1). */
  times?: number | undefined;
  method?: string | null | undefined;
  route?: string | null | undefined;
  /** Default `user`. */
  scope?: RateLimitScope | undefined;
  /** Default: a hash of the method and route. */
  bucket?: string | undefined;
  /** Default 1. */
  limit?: number | undefined;
  /** Default 0. */
  code?: number | undefined;
};

/** The injected 429s of one sandbox. */
export type RateLimits = {
  add(rule: NewRateLimit): RateLimitRule;
  list(): RateLimitRule[];
  clear(): void;
  /** The 429 for this request when a rule matches (and counts it), else null. */
  take(method: string, pattern: string, path: string): Response | null;
};

/**
 * A 429 exactly as Discord shapes it (`tooManyRequests`, docs/topics/rate-limits.mdx, "Exceeding A Rate Limit"):
 * body `{message, retry_after, global, code}` (the prose calls `code` optional, Discord's OpenAPI description,
 * `RatelimitedResponse = Error & {retry_after, global}`, requires it: 0 unless the limit has its own code);
 * `Retry-After` in whole seconds rounded up; for a route or shared limit the bucket headers and
 * `X-RateLimit-Scope`; for the global limit only `X-RateLimit-Global: true` and `X-RateLimit-Scope: global`.
 */
export function rateLimitResponse(rule: RateLimitRule, now: number): Response {
  const retryAfterMs = rule.retryAfter * 1000;
  return tooManyRequests({
    scope: rule.scope,
    retryAfterMs,
    ...(rule.scope === "global"
      ? {}
      : { bucket: { limit: rule.limit, remaining: 0, resetAt: now + retryAfterMs, hash: rule.bucket } }),
    code: rule.code,
    now,
  });
}

/** A stable, Discord-looking bucket id (32 hex digits) for a method and route. */
function bucketOf(method: string | null, route: string | null): string {
  return new Bun.CryptoHasher("md5").update(`${method ?? "*"} ${route ?? "*"}`).digest("hex");
}

/** Creates the injected 429s over the sandbox's clock (for `X-RateLimit-Reset`). */
export function createRateLimits(clock: Clock): RateLimits {
  let rules: RateLimitRule[] = [];
  let nextId = 1;
  return {
    add(input) {
      const method = input.method?.toUpperCase() ?? null;
      const route = input.route ?? null;
      const rule: RateLimitRule = {
        id: nextId++,
        method,
        route,
        remaining: input.times ?? 1,
        hits: 0,
        retryAfter: input.retryAfter,
        scope: input.scope ?? "user",
        bucket: input.bucket ?? bucketOf(method, route),
        limit: input.limit ?? 1,
        code: input.code ?? 0,
      };
      rules.push(rule);
      return { ...rule };
    },
    list: () => rules.map((rule) => ({ ...rule })),
    clear() {
      rules = [];
    },
    take(method, pattern, path) {
      const rule = rules.find(
        (candidate) =>
          candidate.remaining > 0 &&
          (candidate.method === null || candidate.method === method) &&
          (candidate.route === null || candidate.route === pattern || candidate.route === path),
      );
      if (!rule) return null;
      rule.remaining--;
      rule.hits++;
      return rateLimitResponse(rule, clock.now());
    },
  };
}
