import { describe, expect, test } from "bun:test";
import { createBackoff, realSleep, retryAfterMs } from "../../src/sync/backoff.ts";

describe("backoff", () => {
  test("doubles from 1 s to a 60 s ceiling; jitter spreads each delay over the upper half", () => {
    const low = createBackoff({ random: () => 0 });
    const high = createBackoff({ random: () => 0.999_999 });
    const lows = Array.from({ length: 9 }, () => low.next());
    const highs = Array.from({ length: 9 }, () => high.next());
    expect(lows).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(highs).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  test("reset starts over; thousands of attempts never overflow the ceiling", () => {
    const backoff = createBackoff({ random: () => 0.5 });
    for (let i = 0; i < 5000; i++) backoff.next();
    expect(backoff.next()).toBe(45_000);
    backoff.reset();
    expect(backoff.next()).toBe(750);
  });

  test("Retry-After: seconds or an HTTP date, clamped to [0, 10 min]; anything else is ignored", () => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(retryAfterMs("20", now)).toBe(20_000);
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterMs(new Date(now - 5000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs("999999", now)).toBe(600_000);
    expect([retryAfterMs(null, now), retryAfterMs("soon", now), retryAfterMs("-3", now)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  test("the real sleep ends early when aborted", async () => {
    const controller = new AbortController();
    const sleeping = realSleep(3_600_000, controller.signal);
    controller.abort();
    await sleeping;
    await realSleep(3_600_000, controller.signal);
  });
});
