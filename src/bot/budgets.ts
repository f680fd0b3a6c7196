import { type REST, RESTEvents } from "discord.js";
import type { RoleRoom } from "../registration/model.ts";

/** What one of Discord's buckets had left at its last answer: `remaining` of `limit`, for `resetInMs` more. */
export type Room = RoleRoom;

/**
 * Watches what Discord's buckets have left for some routes, from the rate limit headers of its answers
 * (docs.discord.com, Rate Limits, Header Format: `X-RateLimit-Limit`, `-Remaining`, `-Reset-After`), so the bot
 * can choose whose request goes next before handing it to discord.js, which sends a bucket's requests in the order
 * asked. `keyOf` names what a request is counted under (a guild, a channel; undefined: not watched); a key whose
 * requests go to several buckets gets the one with less left. Real time (performance.now), as Discord's buckets.
 */
export function watchBudgets(
  rest: REST,
  keyOf: (path: string) => string | undefined,
): (key: string) => Room | undefined {
  const budgets = new Map<string, { key: string; remaining: number; limit: number; resetAt: number }>();
  rest.on(RESTEvents.Response, (request, response) => {
    const key = keyOf(request.path);
    if (key === undefined || request.method.toUpperCase() === "GET") return;
    const header = (name: string) => {
      const value = response.headers.get(name);
      return value === null ? Number.NaN : Number(value);
    };
    const limit = header("x-ratelimit-limit");
    const remaining = header("x-ratelimit-remaining");
    const resetAfter = header("x-ratelimit-reset-after");
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(resetAfter)) return;
    const at = performance.now();
    // Bounded by what is in use: once many were seen, those whose window ended go.
    if (budgets.size >= 1_000)
      for (const [name, budget] of budgets) if (budget.resetAt <= at) budgets.delete(name);
    budgets.set(`${key} ${request.route}`, { key, remaining, limit, resetAt: at + resetAfter * 1000 });
  });
  return (key) => {
    const at = performance.now();
    let least: Room | undefined;
    for (const budget of budgets.values()) {
      if (budget.key !== key || budget.resetAt <= at) continue;
      if (!least || budget.remaining < least.remaining) {
        least = { remaining: budget.remaining, limit: budget.limit, resetInMs: budget.resetAt - at };
      }
    }
    return least;
  };
}
