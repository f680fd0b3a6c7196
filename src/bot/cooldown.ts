import type { Clock } from "../shared/clock.ts";

/** What bounds the bot's replies in message-mode channels. */
export type ReplyCooldownOptions = {
  clock: Clock;
  /** The sliding window the limits count over, in ms. */
  windowMs?: number;
  /** Replies one channel may get per window, all members together. */
  perChannel?: number;
};

/** Decides whether the bot may reply in a channel now, or should only react because the channel is cooling down. */
export type ReplyCooldown = {
  /** True (and the reply is counted) when a reply to `userId` in `channelId` is allowed now; false while cooling down. */
  take(channelId: string, userId: string): boolean;
  /** How many replies are remembered: only those still inside the window. */
  size(): number;
};

/** Ten seconds: long enough to absorb a flood, short enough that a member who retries later is answered. */
export const COOLDOWN_WINDOW_MS = 10_000;
/** Replies per channel per window, all members together. */
export const REPLIES_PER_CHANNEL = 5;

/**
 * The message-mode flood rule: within any window of `windowMs`, a member gets at most one reply in a channel,
 * and a channel at most `perChannel` replies in all; whatever is over that is answered by a reaction instead.
 * Only replies still inside the window are kept, so the state stays bounded by the channels answered lately.
 */
export function createReplyCooldown({
  clock,
  windowMs = COOLDOWN_WINDOW_MS,
  perChannel = REPLIES_PER_CHANNEL,
}: ReplyCooldownOptions): ReplyCooldown {
  const replies = new Map<string, { at: number; userId: string }[]>();
  const forgetOlderThanWindow = (now: number) => {
    for (const [channelId, recent] of replies) {
      const kept = recent.filter((reply) => now - reply.at < windowMs);
      if (kept.length === 0) replies.delete(channelId);
      else if (kept.length < recent.length) replies.set(channelId, kept);
    }
  };
  return {
    take(channelId, userId) {
      const now = clock.now();
      forgetOlderThanWindow(now);
      const recent = replies.get(channelId) ?? [];
      if (recent.length >= perChannel || recent.some((reply) => reply.userId === userId)) return false;
      replies.set(channelId, [...recent, { at: now, userId }]);
      return true;
    },
    size() {
      forgetOlderThanWindow(clock.now());
      let count = 0;
      for (const recent of replies.values()) count += recent.length;
      return count;
    },
  };
}
