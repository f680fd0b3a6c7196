/** Waits `ms` milliseconds, or until the signal aborts; never rejects. Injected so tests release waits by hand. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** The real timer. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

/** Longest `Retry-After` honoured: a bogus header must not park the agent for days. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * Exponential backoff with "equal jitter": attempt n waits between half and all of min(max, base·2ⁿ). The
 * random half spreads many agents reconnecting after the same restart; the fixed half keeps a floor so a
 * retry never comes at once.
 */
export function createBackoff({
  baseMs = 1000,
  maxMs = 60_000,
  random = Math.random,
}: {
  baseMs?: number;
  maxMs?: number;
  /** A number in [0, 1), like Math.random (injected so tests get known delays). */
  random?: () => number;
} = {}) {
  let attempt = 0;
  return {
    /** The delay before the next attempt; each call doubles the ceiling up to `maxMs`. */
    next(): number {
      const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
      attempt++;
      return Math.round(ceiling / 2 + (random() * ceiling) / 2);
    },
    /** Back to the first delay (after a connection proved stable). */
    reset(): void {
      attempt = 0;
    },
  };
}

/** Milliseconds a `Retry-After` header asks for (delay-seconds or an HTTP date), or null when absent/bad. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  // An HTTP date always names its day and month; without letters only delay-seconds is valid.
  const ms = /^\d+$/.test(text)
    ? Number(text) * 1000
    : /[A-Za-z]/.test(text)
      ? Date.parse(text) - now
      : Number.NaN;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
