import { Elysia } from "elysia";
import type { Clock } from "../../shared/clock.ts";
import { problemResponse } from "../problem.ts";
import { pathOf } from "../url.ts";
import { clientIp, type TrustProxy } from "./client-ip.ts";
import { createRateLimiter, rateLimitHeaders } from "./limiter.ts";

/** Paths that are never counted (DESIGN.md §7): health checks and the docs. */
function isExempt(url: string): boolean {
  const path = pathOf(url);
  return (
    path === "/health" || path === "/api/v1/health" || path === "/swagger" || path.startsWith("/swagger/")
  );
}

/**
 * Counts every request per client IP before anything else runs (so 401s, 404s and WebSocket handshakes count
 * too) and answers 429 with `Retry-After` once the bucket is empty. Every counted response carries the
 * `RateLimit-Policy` and `RateLimit` headers: `plugin` adds them to what handlers return, and the app's error
 * handler adds `headersOf(request)` to problem responses.
 */
export function createRateLimit(options: { perMinute: number; trustProxy: TrustProxy; clock: Clock }) {
  const limiter = createRateLimiter({ perMinute: options.perMinute, clock: options.clock });
  // The headers of each counted request, kept beside it rather than in Elysia's `set.headers`: touching
  // those makes Elysia copy every returned Response to merge them in, a large share of a cached read's cost.
  const counted = new WeakMap<Request, Record<string, string>>();
  // Without a trusted proxy X-Forwarded-For is never believed, so it is not even read.
  const untrusting = options.trustProxy.kind === "off";
  const plugin = new Elysia({ name: "rate-limit" })
    .onRequest(({ request, server }) => {
      if (isExempt(request.url)) return;
      const socketAddress = server?.requestIP(request)?.address ?? "unknown";
      const forwardedFor = untrusting ? null : request.headers.get("x-forwarded-for");
      const ip = clientIp(options.trustProxy, socketAddress, forwardedFor);
      const decision = limiter.take(ip);
      const headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        return problemResponse(
          "rate-limited",
          `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterSeconds} s.`,
          headers,
        );
      }
      counted.set(request, headers);
    })
    .onAfterHandle({ as: "global" }, ({ request, response, set }) => {
      const headers = counted.get(request);
      if (!headers) return;
      if (response instanceof Response)
        for (const name in headers) response.headers.set(name, headers[name] as string);
      else Object.assign(set.headers, headers);
    });
  return {
    plugin,
    /** The rate-limit headers of a counted request (for error responses), if it was counted. */
    headersOf: (request: Request): Record<string, string> | undefined => counted.get(request),
    /**
     * Hands a counted request's headers to a handler that builds its own Response with them (cheaper than
     * adding them to the finished Response); the after-handle hook then leaves that Response alone.
     */
    claim(request: Request): Record<string, string> | undefined {
      const headers = counted.get(request);
      counted.delete(request);
      return headers;
    },
  };
}
