import { bucketOf, clientIp } from "../../shared/client-ip.ts";
import type { Clock } from "../../shared/clock.ts";
import type { TrustProxy } from "../../shared/ip.ts";
import { createRateLimiter, type RateLimitDecision } from "../../shared/rate-limiter.ts";
import { problemResponse } from "../problem.ts";
import { secured } from "../security-headers.ts";
import { pathOf } from "../url.ts";
import { rateLimitHeaders } from "./headers.ts";

/**
 * Paths that are never counted: the health checks, so a load balancer's probe can never be refused, whatever
 * form its URL takes. The docs count like the rest: they are free to fetch, but not free to flood.
 */
function isExempt(url: string): boolean {
  const path = pathOf(url);
  return path === "/health" || path === "/api/v1/health";
}

/** What counting a request decided: the 429 to answer, or the headers every response to it carries. */
type Admission =
  | { refused: Response; headers?: undefined }
  | { refused?: undefined; headers: Record<string, string> };

/** The one thing the limiter needs of the server: the socket address of a request. */
type RequestIPSource = { requestIP(request: Request): { address: string } | null } | null;

/**
 * Counts every request per client IP (IPv6 per /64, `bucketOf`) before anything else runs (so 401s, 404s and
 * WebSocket handshakes count too) and answers 429 with `Retry-After` once the bucket is empty. Every counted response carries the
 * `RateLimit-Policy` and `RateLimit` headers: the app's plugin (plugin.ts) adds them to what handlers return, and the app's error
 * handler adds `headersOf(request)` to problem responses. A handler that runs ahead of the app (the entries
 * read route) counts with `decide` itself and `hold`s the request before passing it on, so it is counted once.
 */
export function createRateLimit(options: { perMinute: number; trustProxy: TrustProxy; clock: Clock }) {
  const limiter = createRateLimiter({ perMinute: options.perMinute, clock: options.clock });
  // The headers of each counted request, for the after-handle hook and the error handler.
  const counted = new WeakMap<Request, Record<string, string>>();
  // Without a trusted proxy X-Forwarded-For is never believed, so it is not even read.
  const untrusting = options.trustProxy.kind === "off";

  const decide = (request: Request, server: RequestIPSource): RateLimitDecision => {
    const socketAddress = server?.requestIP(request)?.address ?? "unknown";
    const forwardedFor = untrusting ? null : request.headers.get("x-forwarded-for");
    return limiter.take(bucketOf(clientIp(options.trustProxy, socketAddress, forwardedFor)));
  };
  const refusal = (decision: RateLimitDecision): Response => {
    const detail = `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterSeconds} s.`;
    // Secured here, as every answer is (security-headers.ts): the routes ahead of the app answer it as it is.
    return secured(problemResponse("rate-limited", detail, rateLimitHeaders(decision)));
  };
  const admit = (request: Request, server: RequestIPSource): Admission => {
    const decision = decide(request, server);
    return decision.allowed ? { headers: rateLimitHeaders(decision) } : { refused: refusal(decision) };
  };

  return {
    /**
     * Counts `request` unless it is exempt or counted already (the app's first hook, rate-limit/plugin.ts), and
     * says the 429 to answer instead, if any.
     */
    count(request: Request, server: RequestIPSource): Response | undefined {
      if (counted.has(request) || isExempt(request.url)) return undefined;
      const admission = admit(request, server);
      if (admission.refused) return admission.refused;
      counted.set(request, admission.headers);
      return undefined;
    },
    /**
     * Counts a request (not exempt: the caller knows its path) and returns the limiter's decision as it is: the
     * entries read builds headers only for what it answers (`refusal`, or the RateLimit value of its answer).
     */
    decide,
    /** The 429 for a refused decision, with its rate-limit headers, Retry-After and the security headers. */
    refusal,
    /** Marks a request counted by `decide` before it is handed to the app, whose hooks then leave it be. */
    hold(request: Request, headers: Record<string, string>): void {
      counted.set(request, headers);
    },
    /** The rate-limit headers of a counted request (for error responses), if it was counted. */
    headersOf: (request: Request): Record<string, string> | undefined => counted.get(request),
    /**
     * Counts `request` unless it is exempt or counted already, and marks `copy`, the request the app is handed
     * in its place, as counted with the same headers (the socket address is only known for the original).
     * Returns the 429 to answer instead, if any.
     */
    handOver(request: Request, copy: Request, server: RequestIPSource): Response | undefined {
      let headers = counted.get(request);
      if (!headers && !isExempt(request.url)) {
        const admission = admit(request, server);
        if (admission.refused) return admission.refused;
        headers = admission.headers;
      }
      if (headers) counted.set(copy, headers);
      return undefined;
    },
  };
}

/** The rate limit of an app: its plugin and what handlers outside the app's hooks use. */
export type RateLimit = ReturnType<typeof createRateLimit>;
