import type { Clock } from "../shared/clock.ts";
import type { Room } from "./budgets.ts";
import { COOLDOWN_WINDOW_MS } from "./cooldown.ts";

/**
 * Refusals a member's messages in one channel get a reaction for within the cool-down window: past that, a
 * flood of invalid nicks gets no more ❌ (the member was already told why, by the reply the cool-down allowed).
 */
export const REFUSALS_REACTED = 3;

/** What a reaction is for: a refusal (`optional`: left out past the member's allowance) or an answer they need. */
export type ReactionKind = { optional: boolean };

/** Reactions per channel and member, so one member's flood never delays another's ✅ (see createReactionTurns). */
export type ReactionTurns = {
  /**
   * Runs `work` (one reaction) in the channel's turn; resolves with its result, or with undefined when it is left
   * out (an optional reaction past the member's allowance).
   */
  take<T>(
    channelId: string,
    userId: string,
    kind: ReactionKind,
    work: () => Promise<T>,
  ): Promise<T | undefined>;
  /** Reactions waiting, in all channels. */
  waiting(): number;
};

type Turn = { userId: string; order: number; run: () => void };

/**
 * The bot's reactions in message-mode channels, in turns. Discord gives a bot one bucket of reactions per channel
 * (docs/decisions.md, The sandbox's rate limits), and discord.js sends a bucket's requests in the order asked, so
 * a member who posted 60 invalid nicks would make everyone after them wait for 60 reactions. Here a channel has one
 * reaction under way at a time, and the next is the one of the member who had the fewest reactions in the channel
 * within the window (others first; a member's own in the order asked); and a member's refusals get a reaction only
 * up to REFUSALS_REACTED per window (a per-member allowance): the rest of a flood gets none. Answers a member needs
 * (✅ registered, ⚠️ roles refused, ⏳ expiring) are never left out, only put after others'. Once Discord says the
 * channel's bucket is empty (`room`, from its headers: src/bot/budgets.ts), the next is chosen when it refills, not
 * before: a member who posts meanwhile still goes first. State is bounded by the channels and members active within
 * the window.
 */
export function createReactionTurns({
  clock,
  windowMs = COOLDOWN_WINDOW_MS,
  refusals = REFUSALS_REACTED,
  room = () => undefined,
  sleep = (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms).unref();
    }),
}: {
  clock: Clock;
  windowMs?: number;
  refusals?: number;
  /** What Discord's reaction bucket of a channel had left at its last answer (undefined: unknown). */
  room?: (channelId: string) => Room | undefined;
  /** Waits `ms` of real time, as Discord's buckets run (timers; a test's own). */
  sleep?: (ms: number) => Promise<void>;
}): ReactionTurns {
  const lanes = new Map<string, { running: boolean; waiting: Turn[] }>();
  /** Per channel and member: when each of their reactions was asked for, within the window. */
  const asked = new Map<string, number[]>();
  /** Per channel and member: when each of their reactions was sent, within the window. */
  const sent = new Map<string, number[]>();
  let order = 0;
  const key = (channelId: string, userId: string) => `${channelId}:${userId}`;
  const recent = (times: Map<string, number[]>, name: string): number[] => {
    const now = clock.now();
    const kept = (times.get(name) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) times.delete(name);
    else times.set(name, kept);
    return kept;
  };
  const note = (times: Map<string, number[]>, name: string) =>
    times.set(name, [...recent(times, name), clock.now()]);

  /** Starts the channel's next reaction: the member with the fewest sent in the window first, then the oldest. */
  const next = (channelId: string) => {
    const lane = lanes.get(channelId);
    if (!lane || lane.running) return;
    if (lane.waiting.length === 0) {
      lanes.delete(channelId);
      return;
    }
    const sentBy = (turn: Turn) => recent(sent, key(channelId, turn.userId)).length;
    const turn = lane.waiting.reduce((best, candidate) => {
      const difference = sentBy(candidate) - sentBy(best);
      return difference < 0 || (difference === 0 && candidate.order < best.order) ? candidate : best;
    });
    lane.waiting.splice(lane.waiting.indexOf(turn), 1);
    lane.running = true;
    note(sent, key(channelId, turn.userId));
    turn.run();
  };

  return {
    take(channelId, userId, kind, work) {
      const name = key(channelId, userId);
      if (kind.optional && recent(asked, name).length >= refusals) return Promise.resolve(undefined);
      note(asked, name);
      return new Promise((resolve, reject) => {
        const lane = lanes.get(channelId) ?? { running: false, waiting: [] };
        lanes.set(channelId, lane);
        lane.waiting.push({
          userId,
          order: order++,
          run: () => {
            work()
              .then(resolve, reject)
              .finally(async () => {
                const left = room(channelId);
                // Nothing left: whoever goes next is chosen once there is room again.
                if (left && left.remaining <= 0 && left.resetInMs > 0) await sleep(left.resetInMs);
                lane.running = false;
                next(channelId);
              });
          },
        });
        next(channelId);
      });
    },
    waiting() {
      let count = 0;
      for (const lane of lanes.values()) count += lane.waiting.length;
      return count;
    },
  };
}
