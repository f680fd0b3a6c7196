import type { RateLimitData, RateLimitError } from "discord.js";

/**
 * discord.js waits a rate limit out by itself up to this long (every bucket the bot meets resets within a minute);
 * a longer wait comes back to the caller as a RateLimitError, which the role queue and the log channel turn into a
 * retry of their own, so no call hangs in discord.js's queues for minutes.
 */
export const LONGEST_WAIT_MS = 60_000;

/**
 * Every this many invalid answers (401, 403, 429) counted in Discord's 10-minute window, a warning is logged:
 * Cloudflare bans the bot from the API for an hour at 10,000 (docs/decisions.md, The sandbox's rate limits).
 */
export const INVALID_REQUEST_WARNING_EVERY = 1_000;

/** How long every request is held after a ban answer: a minute, doubled each time the ban is met again soon after. */
export const BAN_HOLD_MS = { first: 60_000, longest: 16 * 60_000 } as const;

/**
 * A 429 from Cloudflare's ban rather than from Discord: no `Retry-After` and no bucket headers, which discord.js
 * reads as an unlimited bucket and a retry after 0 ms (and, left alone, sends again at once).
 */
export function isBanAnswer(data: RateLimitData): boolean {
  return !data.global && data.retryAfter <= 0 && !Number.isFinite(data.limit);
}

/** Whether a wait is for an edit of a member (`PATCH /guilds/{g}/members/{u}`: its body is a whole role list). */
export const isMemberEdit = (data: RateLimitData) =>
  data.route === "/guilds/:id/members/:id" && data.method.toUpperCase() === "PATCH";

/**
 * How long to wait before asking again after a RateLimitError: what Discord said, or what is left of the ban's
 * hold (`heldUntil`, epoch ms); at least a second, so a refusal never turns into a loop.
 */
export function retryAfterOf(error: RateLimitError, heldUntil: number): number {
  return Math.max(error.retryAfter, error.timeToReset, heldUntil - Date.now(), 1_000);
}
