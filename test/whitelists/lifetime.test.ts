import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/shared/errors.ts";
import {
  describeDuration,
  expiryOf,
  MAX_LIFETIME_SECONDS,
  MIN_LIFETIME_SECONDS,
  parseDuration,
  requireLifetime,
} from "../../src/whitelists/lifetime.ts";

/** What every refusal of a typed duration says of the format. */
const DURATION_FORMAT =
  "a whole number and a unit: `30m` (minutes), `12h` (hours) or `7d` (days), from 1 minute to 366 days";

/** The message of the DomainError `run` throws (and that it is an "invalid-input" one). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === "invalid-input") return error.message;
    throw error;
  }
  throw new Error("nothing was refused");
}

describe("parseDuration", () => {
  test("reads minutes, hours and days in any letter case, with or without a space", () => {
    expect(["30m", "12h", "7d", "1m", "366d", "7D", " 12 H ", "90m", "8784h"].map(parseDuration)).toEqual([
      1800,
      43_200,
      604_800,
      60,
      366 * 86_400,
      604_800,
      43_200,
      5400,
      366 * 86_400,
    ]);
  });

  test("refuses what is not a number and a unit, saying the format", () => {
    for (const typed of ["7", "d7", "7 days", "1.5d", "-1d", "7w", "7dd", "1d12h", "seven days", "0x10m"]) {
      expect(refusal(() => parseDuration(typed))).toBe(
        `“${typed}” is not a duration. Give ${DURATION_FORMAT}.`,
      );
    }
    expect(refusal(() => parseDuration("  "))).toBe(`No duration given. Give ${DURATION_FORMAT}.`);
    // Whatever is typed, the reply quotes at most 20 characters of it.
    expect(refusal(() => parseDuration("x".repeat(500)))).toBe(
      `“${"x".repeat(20)}” is not a duration. Give ${DURATION_FORMAT}.`,
    );
  });

  test("refuses durations outside 1 minute to 366 days, saying the range", () => {
    const range = "an entry can last from 1 minute to 366 days (`1m` to `366d`).";
    expect({
      zero: refusal(() => parseDuration("0m")),
      zeroDays: refusal(() => parseDuration("0d")),
      long: refusal(() => parseDuration("367d")),
      hours: refusal(() => parseDuration("8785h")),
      huge: refusal(() => parseDuration("999999999d")),
    }).toEqual({
      zero: `\`0m\` is too short: ${range}`,
      zeroDays: `\`0d\` is too short: ${range}`,
      long: `\`367d\` is too long: ${range}`,
      hours: `\`8785h\` is too long: ${range}`,
      huge: `\`999999999d\` is too long: ${range}`,
    });
  });
});

describe("requireLifetime", () => {
  test("takes whole seconds within the range, and refuses the rest", () => {
    expect([MIN_LIFETIME_SECONDS, 3600, MAX_LIFETIME_SECONDS].map(requireLifetime)).toEqual([
      60, 3600, 31_622_400,
    ]);
    expect({
      short: refusal(() => requireLifetime(59)),
      long: refusal(() => requireLifetime(MAX_LIFETIME_SECONDS + 1)),
      fraction: refusal(() => requireLifetime(90.5)),
    }).toEqual({
      short: "59 seconds is too short: an entry can last from 1 minute to 366 days (`1m` to `366d`).",
      long: "31,622,401 seconds is too long: an entry can last from 1 minute to 366 days (`1m` to `366d`).",
      fraction: "An entry lifetime is whole seconds; got 90.5.",
    });
  });
});

describe("describeDuration and expiryOf", () => {
  test("say a lifetime in the largest unit that fits exactly", () => {
    expect([60, 5400, 3600, 129_600, 86_400, 604_800, 61].map(describeDuration)).toEqual([
      "1 minute",
      "90 minutes",
      "1 hour",
      "36 hours",
      "1 day",
      "7 days",
      "61 seconds",
    ]);
  });

  test("an entry stored now with a lifetime expires that many seconds later; without one, never", () => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect({ week: expiryOf(now, 604_800), never: expiryOf(now, null) }).toEqual({
      week: Date.UTC(2026, 10, 29, 12),
      never: null,
    });
  });
});
