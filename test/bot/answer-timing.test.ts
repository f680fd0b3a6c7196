import { expect, test } from "bun:test";
import { DIRECT_ANSWER_MS, deferAfterMs } from "../../src/bot/interaction/answer.ts";

// When a command's work still running must be deferred: Discord's 3 s count from when it created the
// interaction, not from when this process got round to it.

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

test("an interaction created just now may run DIRECT_ANSWER_MS before the bot defers", () => {
  expect(deferAfterMs(NOW, NOW)).toBe(DIRECT_ANSWER_MS);
});

test("time the gateway or a busy process took before the handler ran is taken off, down to none", () => {
  expect([400, DIRECT_ANSWER_MS, 2_500].map((age) => deferAfterMs(NOW - age, NOW))).toEqual([
    DIRECT_ANSWER_MS - 400,
    0,
    0,
  ]);
});

test("a creation time this clock cannot place (ahead of it, or older than Discord's window) counts as now", () => {
  expect([
    deferAfterMs(NOW + 5_000, NOW),
    deferAfterMs(NOW - 60_000, NOW),
    deferAfterMs(undefined, NOW),
  ]).toEqual([DIRECT_ANSWER_MS, DIRECT_ANSWER_MS, DIRECT_ANSWER_MS]);
});
