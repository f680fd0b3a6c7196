import { Elysia } from "elysia";
import type { Clock } from "../../shared/clock.ts";
import { problemResponse } from "../problem.ts";
import { clientIp, type TrustProxy } from "./client-ip.ts";
import { createRateLimiter, rateLimitHeaders } from "./limiter.ts";

/** Paths that are never counted (DESIGN.md §7): health checks and the docs. */
function isExempt(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  const path = start < 0 ? "/" : url.slice(start, query < 0 ? undefined : query);
  return (
    path === "/health" || path === "/api/v1/health" || path === "/swagger" || path.startsWith("/swagger/")
  );
}

/**
 * Counts every request per client IP before anything else runs (so 401s, 404s and WebSocket handshakes count
 * too) and answers 429 with `Retry-After` once the bucket is empty. Every counted response carries the
 * `RateLimit-Policy` and `RateLimit` headers.
 */
export const rateLimit = (options: { perMinute: number; trustProxy: TrustProxy; clock: Clock }) => {
  const limiter = createRateLimiter({ perMinute: options.perMinute, clock: options.clock });
  return new Elysia({ name: "rate-limit" }).onRequest(({ request, server, set }) => {
    if (isExempt(request.url)) return;
    const socketAddress = server?.requestIP(request)?.address ?? "unknown";
    const ip = clientIp(options.trustProxy, socketAddress, request.headers.get("x-forwarded-for"));
    const decision = limiter.take(ip);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      return problemResponse(
        "rate-limited",
        `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterSeconds} s.`,
        headers,
      );
    }
    Object.assign(set.headers, headers);
  });
};
