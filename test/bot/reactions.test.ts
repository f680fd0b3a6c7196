import { describe, expect, test } from "bun:test";
import { COOLDOWN_WINDOW_MS } from "../../src/bot/cooldown.ts";
import { createReactionTurns, REFUSALS_REACTED } from "../../src/bot/reactions.ts";
import { manualClock } from "../../src/shared/clock.ts";

// The bot's reactions in message-mode channels take turns per channel (src/bot/reactions.ts): one under way at a
// time, the member with the fewest reactions in the window next, and a member's refusals bounded per window.

const CHANNEL = "500000000000000001";

/** Turns whose reactions finish only when the test says, each noting its name when it starts. */
function world() {
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const turns = createReactionTurns({ clock });
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const react = (userId: string, name: string, optional = true) =>
    turns.take(CHANNEL, userId, { optional }, async () => {
      started.push(name);
      await new Promise<void>((resolve) => finishers.push(resolve));
      return name;
    });
  /** Finishes the reaction under way and lets the next start. */
  const finish = async () => {
    finishers.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { clock, turns, started, react, finish };
}

describe("reaction turns", () => {
  test("one reaction under way per channel; the next is the member's with the fewest, others first", async () => {
    const w = world();
    const flood = Array.from({ length: 3 }, (_, i) => w.react("alice", `❌ alice ${i}`));
    const bob = w.react("bob", "✅ bob", false);
    const carol = w.react("carol", "✅ carol", false);
    expect(w.started).toEqual(["❌ alice 0"]);
    for (let i = 0; i < 5; i++) await w.finish();
    // Alice's first was under way; Bob and Carol, with none yet, went before her other two.
    expect(w.started).toEqual(["❌ alice 0", "✅ bob", "✅ carol", "❌ alice 1", "❌ alice 2"]);
    expect(await Promise.all([...flood, bob, carol])).toEqual([
      "❌ alice 0",
      "❌ alice 1",
      "❌ alice 2",
      "✅ bob",
      "✅ carol",
    ]);
    expect(w.turns.waiting()).toBe(0);
  });

  test("a member's refusals get a reaction up to the allowance per window; answers they need are never left out", async () => {
    const w = world();
    const refusals = Array.from({ length: REFUSALS_REACTED + 5 }, (_, i) => w.react("alice", `❌ ${i}`));
    const registered = w.react("alice", "✅", false);
    for (let i = 0; i < REFUSALS_REACTED + 1; i++) await w.finish();
    expect(await Promise.all(refusals)).toEqual([
      ...Array.from({ length: REFUSALS_REACTED }, (_, i) => `❌ ${i}`),
      ...Array(5).fill(undefined),
    ]);
    expect(await registered).toBe("✅");
    // Once the window passed, her refusals get reactions again.
    w.clock.advance(COOLDOWN_WINDOW_MS);
    const later = w.react("alice", "❌ later");
    await w.finish();
    expect(await later).toBe("❌ later");
  });

  test("once Discord says the channel's bucket is empty, the next is chosen when it refills", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    let refill: (() => void) | undefined;
    const turns = createReactionTurns({
      clock,
      room: () => ({ remaining: 0, limit: 1, resetInMs: 1_000 }),
      sleep: () => new Promise<void>((resolve) => (refill = resolve)),
    });
    const started: string[] = [];
    const react = (userId: string, name: string, optional = true) =>
      turns.take(CHANNEL, userId, { optional }, async () => {
        started.push(name);
        return name;
      });
    const flood = [react("alice", "❌ 1"), react("alice", "❌ 2")];
    await flood[0];
    // Alice's second would wait in discord.js for the bucket anyway; Bob, posting meanwhile, goes before it.
    const bob = react("bob", "✅ bob", false);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(started).toEqual(["❌ 1"]);
    refill?.();
    await bob;
    expect(started).toEqual(["❌ 1", "✅ bob"]);
    for (let i = 0; i < 3 && started.length < 3; i++) {
      refill?.();
      await new Promise((next) => setImmediate(next));
    }
    expect(await Promise.all(flood)).toEqual(["❌ 1", "❌ 2"]);
  });

  test("channels take turns apart: a busy channel does not hold another", async () => {
    const w = world();
    void w.react("alice", "❌ here");
    void w.turns.take("500000000000000002", "bob", { optional: false }, async () => {
      w.started.push("✅ elsewhere");
      return "✅ elsewhere";
    });
    expect(w.started).toEqual(["❌ here", "✅ elsewhere"]);
    await w.finish();
  });
});
