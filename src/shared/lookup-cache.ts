import type { Clock } from "./clock.ts";

/** Options of a lookup cache. */
export type LookupCacheOptions<T> = {
  /** Drives expiry (tests move it by hand). */
  clock: Clock;
  /** How long an answer is reused, which may depend on the answer (a negative one is kept shorter). */
  ttlMs: (answer: T) => number;
  /** Bound on cached answers; the oldest are dropped first. */
  maxCached: number;
};

/**
 * Answers of a remote lookup (Mojang profiles, GeyserMC's XUIDs) kept for a while, with one request per key in
 * flight: members asking for the same name at once share one request, and a failed one is never cached.
 */
export function createLookupCache<T>({ clock, ttlMs, maxCached }: LookupCacheOptions<T>) {
  const cache = new Map<string, { answer: T; expiresAt: number }>();
  const inFlight = new Map<string, Promise<T>>();

  const remember = (key: string, answer: T) => {
    const now = clock.now();
    cache.delete(key);
    cache.set(key, { answer, expiresAt: now + ttlMs(answer) });
    if (cache.size <= maxCached) return;
    for (const [cachedKey, cached] of cache) if (cached.expiresAt <= now) cache.delete(cachedKey);
    // Maps iterate in insertion order, so the first keys are the oldest answers.
    for (const cachedKey of cache.keys()) {
      if (cache.size <= maxCached) break;
      cache.delete(cachedKey);
    }
  };

  return {
    /** The cached answer for `key`, else the one `ask` gives (shared with every caller asking meanwhile). */
    get(key: string, ask: () => Promise<T>): Promise<T> {
      const cached = cache.get(key);
      if (cached && cached.expiresAt > clock.now()) return Promise.resolve(cached.answer);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const request = ask()
        .then((answer) => {
          remember(key, answer);
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, request);
      return request;
    },
  };
}
