import { describe, expect, test } from "bun:test";
import { rateLimitHeaders } from "../../../src/api/rate-limit/headers.ts";
import { manualClock } from "../../../src/shared/clock.ts";
import { createRateLimiter } from "../../../src/shared/rate-limiter.ts";

describe("rateLimitHeaders", () => {
  test("a bucket emptied by a full minute's requests answers the next with Retry-After", () => {
    const limiter = createRateLimiter({ perMinute: 60, clock: manualClock() });
    for (let i = 0; i < 60; i++) limiter.take("1.2.3.4");
    expect(rateLimitHeaders(limiter.take("1.2.3.4"))).toEqual({
      "RateLimit-Policy": '"ip";q=60;w=60',
      RateLimit: '"ip";r=0;t=1',
      "Retry-After": "1",
    });
  });

  test("reports policy and remaining quota for an allowed request, without Retry-After", () => {
    const decision = { allowed: true, limit: 60, remaining: 42, resetSeconds: 18, retryAfterSeconds: 0 };
    expect(rateLimitHeaders(decision)).toEqual({
      "RateLimit-Policy": '"ip";q=60;w=60',
      RateLimit: '"ip";r=42;t=18',
    });
  });

  test("adds Retry-After for a refused request and honours a custom window", () => {
    const decision = { allowed: false, limit: 100, remaining: 0, resetSeconds: 7, retryAfterSeconds: 7 };
    expect(rateLimitHeaders(decision, 3600)).toEqual({
      "RateLimit-Policy": '"ip";q=100;w=3600',
      RateLimit: '"ip";r=0;t=7',
      "Retry-After": "7",
    });
  });
});
