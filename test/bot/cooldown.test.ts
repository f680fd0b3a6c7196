import { describe, expect, test } from "bun:test";
import { COOLDOWN_WINDOW_MS, createReplyCooldown, REPLIES_PER_CHANNEL } from "../../src/bot/cooldown.ts";
import { manualClock } from "../../src/shared/clock.ts";

const setUp = () => {
  const clock = manualClock();
  return { clock, cooldown: createReplyCooldown({ clock }) };
};

describe("reply cooldown of message-mode channels", () => {
  test("a member gets one reply per channel per window; the rest of their flood is cooling down", () => {
    const { cooldown } = setUp();
    const answers = Array.from({ length: 20 }, () => cooldown.take("survival", "alice"));
    expect(answers).toEqual([true, ...Array<boolean>(19).fill(false)]);
  });

  test("once the window has passed since the reply, the member is replied to again", () => {
    const { clock, cooldown } = setUp();
    expect(cooldown.take("survival", "alice")).toBe(true);
    clock.advance(COOLDOWN_WINDOW_MS - 1);
    expect(cooldown.take("survival", "alice")).toBe(false);
    clock.advance(1);
    expect(cooldown.take("survival", "alice")).toBe(true);
    expect(cooldown.take("survival", "alice")).toBe(false);
  });

  test("a channel gets at most the per-channel replies per window, however many members post", () => {
    const { clock, cooldown } = setUp();
    const members = Array.from({ length: REPLIES_PER_CHANNEL + 3 }, (_, i) => `member-${i}`);
    expect(members.map((member) => cooldown.take("survival", member))).toEqual(
      members.map((_, i) => i < REPLIES_PER_CHANNEL),
    );
    // The window slides: one reply frees a slot only when it, not the window's start, is old enough.
    clock.advance(COOLDOWN_WINDOW_MS / 2);
    expect(cooldown.take("survival", "late")).toBe(false);
    clock.advance(COOLDOWN_WINDOW_MS / 2);
    expect(cooldown.take("survival", "late")).toBe(true);
  });

  test("channels and members are counted apart", () => {
    const { cooldown } = setUp();
    expect(
      [
        ["survival", "alice"],
        ["creative", "alice"],
        ["survival", "bob"],
        ["survival", "alice"],
        ["creative", "bob"],
      ].map(([channel, member]) => cooldown.take(channel as string, member as string)),
    ).toEqual([true, true, true, false, true]);
  });

  test("window and per-channel limit can be chosen", () => {
    const clock = manualClock();
    const cooldown = createReplyCooldown({ clock, windowMs: 1_000, perChannel: 1 });
    expect([cooldown.take("survival", "alice"), cooldown.take("survival", "bob")]).toEqual([true, false]);
    clock.advance(1_000);
    expect(cooldown.take("survival", "bob")).toBe(true);
  });

  test("only replies inside the window are remembered, whichever channels they were in", () => {
    const { clock, cooldown } = setUp();
    for (let channel = 0; channel < 1_000; channel++) cooldown.take(`channel-${channel}`, "alice");
    expect(cooldown.size()).toBe(1_000);
    clock.advance(COOLDOWN_WINDOW_MS);
    expect(cooldown.size()).toBe(0);
    cooldown.take("survival", "alice");
    expect(cooldown.size()).toBe(1);
  });
});
