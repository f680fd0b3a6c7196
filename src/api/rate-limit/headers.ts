import type { RateLimitDecision } from "../../shared/rate-limiter.ts";

/** The policy header value per limit (60 s window): it never changes, so it is built once per limit. */
const policies = new Map<number, string>();

/** The RateLimit-Policy header's value for a limit (IETF draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitPolicy(limit: number, windowSeconds = 60): string {
  let policy = windowSeconds === 60 ? policies.get(limit) : undefined;
  if (policy === undefined) {
    policy = `"ip";q=${limit};w=${windowSeconds}`;
    if (windowSeconds === 60) policies.set(limit, policy);
  }
  return policy;
}

/** The RateLimit header's value for a decision: what is left of the bucket, and when it is full again. */
export const rateLimitValue = (decision: RateLimitDecision): string =>
  `"ip";r=${decision.remaining};t=${decision.resetSeconds}`;

/** The RateLimit-Policy and RateLimit header values for a decision (IETF draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds = 60): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Policy": rateLimitPolicy(decision.limit, windowSeconds),
    RateLimit: rateLimitValue(decision),
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.retryAfterSeconds);
  return headers;
}
