import type { RateLimitDecision } from "../../shared/rate-limiter.ts";

/** The policy header value per limit (60 s window): it never changes, so it is built once per limit. */
const policies = new Map<number, string>();

/** The RateLimit-Policy and RateLimit header values for a decision (IETF draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds = 60): Record<string, string> {
  let policy = windowSeconds === 60 ? policies.get(decision.limit) : undefined;
  if (policy === undefined) {
    policy = `"ip";q=${decision.limit};w=${windowSeconds}`;
    if (windowSeconds === 60) policies.set(decision.limit, policy);
  }
  const headers: Record<string, string> = {
    "RateLimit-Policy": policy,
    RateLimit: `"ip";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.retryAfterSeconds);
  return headers;
}
