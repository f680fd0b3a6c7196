import { describe, expect, test } from "bun:test";
import { manualClock } from "../../src/shared/clock.ts";
import { createRateLimiter, type RateLimitDecision } from "../../src/shared/rate-limiter.ts";

function drain(
  limiter: ReturnType<typeof createRateLimiter>,
  key: string,
  times: number,
): RateLimitDecision[] {
  return Array.from({ length: times }, () => limiter.take(key));
}

describe("rate limiter", () => {
  test("allows a full bucket of requests, then refuses the next with Retry-After", () => {
    const limiter = createRateLimiter({ perMinute: 60, clock: manualClock() });
    const decisions = drain(limiter, "1.2.3.4", 60);
    expect(decisions.every((decision) => decision.allowed)).toBe(true);
    expect(decisions[0]).toEqual({
      allowed: true,
      limit: 60,
      remaining: 59,
      resetSeconds: 1,
      retryAfterSeconds: 0,
    });
    expect(decisions[59]).toEqual({
      allowed: true,
      limit: 60,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 0,
    });

    const refused = limiter.take("1.2.3.4");
    expect(refused).toEqual({
      allowed: false,
      limit: 60,
      remaining: 0,
      resetSeconds: 1,
      retryAfterSeconds: 1,
    });
  });

  test("rounds Retry-After up to whole seconds and never below one", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    drain(limiter, "a", 60);
    clock.advance(1);
    expect(limiter.take("a").retryAfterSeconds).toBe(1);
    clock.advance(999);
    expect(limiter.take("a").allowed).toBe(true);

    const slow = createRateLimiter({ perMinute: 1, clock });
    slow.take("b");
    expect(slow.take("b")).toEqual({
      allowed: false,
      limit: 1,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 60,
    });
    clock.advance(59_001);
    expect(slow.take("b").retryAfterSeconds).toBe(1);
  });

  test("refills one token per second at 60 per minute", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    drain(limiter, "a", 60);
    clock.advance(1_000);
    expect(limiter.take("a")).toEqual({
      allowed: true,
      limit: 60,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 0,
    });
    expect(limiter.take("a").allowed).toBe(false);
  });

  test("refills to exactly the capacity after a minute, never beyond", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    drain(limiter, "a", 61);
    clock.advance(60_000);
    expect(limiter.take("a").remaining).toBe(59);
    clock.advance(10 * 60_000);
    const decisions = drain(limiter, "a", 61);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(60);
  });

  test("accumulates fractional tokens across requests", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    drain(limiter, "a", 60);
    // Three steps of 400 ms: 0.4 and 0.8 tokens are refused, 1.2 tokens allow one request.
    clock.advance(400);
    expect(limiter.take("a").allowed).toBe(false);
    clock.advance(400);
    expect(limiter.take("a").allowed).toBe(false);
    clock.advance(400);
    expect(limiter.take("a").allowed).toBe(true);
    // 0.2 tokens were kept: 800 ms more makes one token.
    clock.advance(799);
    expect(limiter.take("a").allowed).toBe(false);
    clock.advance(1);
    expect(limiter.take("a").allowed).toBe(true);
  });

  test("keeps separate keys independent", () => {
    const limiter = createRateLimiter({ perMinute: 2, clock: manualClock() });
    drain(limiter, "a", 3);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b")).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 30,
      retryAfterSeconds: 0,
    });
  });

  test("stays bounded under 100,000 distinct addresses", () => {
    const limiter = createRateLimiter({ perMinute: 60, clock: manualClock() });
    let largest = 0;
    for (let i = 0; i < 100_000; i++) {
      limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (limiter.size() > largest) largest = limiter.size();
    }
    expect(largest).toBe(10_000);
  });

  test("evicts the least recently used bucket, keeping a recently active one", () => {
    const limiter = createRateLimiter({ perMinute: 5, clock: manualClock(), maxBuckets: 100 });
    drain(limiter, "hot", 5);
    const hot: boolean[] = [];
    for (let i = 0; i < 100_000; i++) {
      limiter.take(`flood-${i}`);
      if (i % 50 === 0) hot.push(limiter.take("hot").allowed);
      expect(limiter.size()).toBeLessThanOrEqual(100);
    }
    // Evicted, "hot" would have come back with a full bucket and been allowed.
    expect(hot.some((allowed) => allowed)).toBe(false);
    // The oldest flood key was evicted and starts full again.
    expect(limiter.take("flood-0").remaining).toBe(4);
  });

  test("evicts in order of last use, also after a sweep removed buckets", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock, maxBuckets: 3 });
    limiter.take("idle");
    clock.advance(30_000);
    drain(limiter, "b", 60);
    drain(limiter, "c", 60);
    clock.advance(30_000);
    limiter.sweep();
    expect(limiter.size()).toBe(2);
    expect(limiter.take("b").remaining).toBe(29);
    limiter.take("e");
    limiter.take("f");
    expect(limiter.size()).toBe(3);
    // "c" was least recently used, so it was evicted: it comes back full while "b" kept its state.
    expect(limiter.take("b").remaining).toBe(28);
    expect(limiter.take("c").remaining).toBe(59);
  });

  test("a key taken again and again stays the most recent, and one taken after others moves back to the end", () => {
    const limiter = createRateLimiter({ perMinute: 60, clock: manualClock(), maxBuckets: 2 });
    // "a" is taken in a row (left where it is, already the newest), then "b", then "a" again (moved after "b").
    drain(limiter, "a", 3);
    limiter.take("b");
    drain(limiter, "a", 2);
    // A third key evicts the least recently used, "b": "a" keeps its state, "b" comes back full.
    limiter.take("c");
    expect({ a: limiter.take("a").remaining, b: limiter.take("b").remaining }).toEqual({ a: 54, b: 59 });
  });

  test("sweep drops buckets that would be full again and keeps the others", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    limiter.take("light");
    drain(limiter, "drained", 60);
    clock.advance(1_000);
    limiter.sweep();
    expect(limiter.size()).toBe(1);
    clock.advance(58_000);
    limiter.sweep();
    expect(limiter.size()).toBe(1);
    clock.advance(1_000);
    limiter.sweep();
    expect(limiter.size()).toBe(0);
  });

  test("sweeps opportunistically once a minute has passed on the clock", () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perMinute: 60, clock });
    for (let i = 0; i < 1_000; i++) limiter.take(`client-${i}`);
    clock.advance(59_999);
    limiter.take("late");
    expect(limiter.size()).toBe(1_001);
    clock.advance(1);
    limiter.take("later");
    expect(limiter.size()).toBe(2);
  });

  test("rejects a non-integer or non-positive rate and bucket cap", () => {
    const clock = manualClock();
    expect(() => createRateLimiter({ perMinute: 0, clock })).toThrow("perMinute");
    expect(() => createRateLimiter({ perMinute: 1.5, clock })).toThrow("perMinute");
    expect(() => createRateLimiter({ perMinute: 60, clock, maxBuckets: 0 })).toThrow("maxBuckets");
  });
});
