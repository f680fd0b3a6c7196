import type { Clock } from "./clock.ts";
import type { DomainError } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { type LookupService, noObserver, type Observer } from "./observer.ts";

/** The options every remote lookup takes (Mojang's profiles, GeyserMC's XUIDs). */
export type RemoteLookupOptions = {
  /** The API's base URL, from the configuration (MOJANG_API_URL, GEYSER_API_URL) or a fake's. */
  baseUrl: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Drives the cache's expiry (not the request timeout, which is real time on the wire). */
  clock: Clock;
  /** How long a look-up may take (10 s: the bot acknowledges Discord first, so a slow API only delays it). */
  timeoutMs?: number;
  /** How long an answer is reused. */
  cacheTtlMs?: number;
  /** How long a negative answer ("no such account") is reused: shorter, as that may change soon. */
  negativeTtlMs?: number;
  /** Bound on cached answers; the oldest are dropped first. */
  maxCached?: number;
  /** Told why a lookup failed (the member only hears "try again"). */
  logger?: Logger;
  /** Counts each request's outcome (metrics). */
  observer?: Observer;
};

/** What one API's lookup is: where to ask, how to read the answer, and what its failure says. */
export type RemoteLookupSpec<T> = {
  /** Names the lookup in the log, e.g. "mojang lookup failed". */
  name: string;
  /** Which API it asks, as the metrics label it. */
  service: LookupService;
  /** The URL asked for `key`, under the base URL (without its trailing slashes). */
  url(base: string, key: string): string;
  /** Reads an answer; throws on anything that is not one (the lookup then cannot tell). */
  read(response: Response, key: string): Promise<T>;
  /** Whether an answer is negative (kept `negativeTtlMs`). */
  negative(answer: T): boolean;
  /** The failure a caller gets when the API cannot tell right now. */
  unavailable(): DomainError;
};

/** A lookup of one key, with its cache open to answers learnt another way (a bulk request). */
export type RemoteLookup<T> = ((key: string) => Promise<T>) & {
  /** Caches an answer for `key` as if it had been asked for alone (same lifetime, same bound). */
  remember(key: string, answer: T): void;
  /** The cached answer for `key` while it is fresh, else undefined. */
  cached(key: string): T | undefined;
};

/**
 * A lookup of a remote API, the way both of ours work: one GET per key with a timeout, no redirects; answers
 * cached per lower-cased key, one request per key in flight (members asking for the same name at once share
 * it); a failure (no answer in time, an unexpected status or body) logged with its reason, never cached, and
 * thrown as the spec's "unavailable" error, so nothing is stored on a guess.
 */
export function createRemoteLookup<T>(
  options: RemoteLookupOptions,
  spec: RemoteLookupSpec<T>,
): RemoteLookup<T> {
  const {
    clock,
    fetch = globalThis.fetch,
    timeoutMs = 10_000,
    cacheTtlMs = 10 * 60_000,
    negativeTtlMs = 60_000,
    maxCached = 10_000,
    logger,
    observer = noObserver,
  } = options;
  const base = options.baseUrl.replace(/\/+$/, "");
  const cache = new Map<string, { answer: T; expiresAt: number }>();
  const inFlight = new Map<string, Promise<T>>();

  const remember = (cacheKey: string, answer: T) => {
    const now = clock.now();
    cache.delete(cacheKey);
    cache.set(cacheKey, { answer, expiresAt: now + (spec.negative(answer) ? negativeTtlMs : cacheTtlMs) });
    if (cache.size <= maxCached) return;
    for (const [cachedKey, cached] of cache) if (cached.expiresAt <= now) cache.delete(cachedKey);
    // Maps iterate in insertion order, so the first keys are the oldest answers.
    for (const cachedKey of cache.keys()) {
      if (cache.size <= maxCached) break;
      cache.delete(cachedKey);
    }
  };

  const ask = async (key: string): Promise<T> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(spec.url(base, key), {
        signal: controller.signal,
        headers: { accept: "application/json" },
        redirect: "error",
      });
      const answer = await spec.read(response, key);
      observer.lookup(spec.service, spec.negative(answer) ? "not-found" : "found");
      return answer;
    } catch (error) {
      const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
      observer.lookup(spec.service, "failed");
      logger?.warn(`${spec.name} failed`, { key, reason });
      throw spec.unavailable();
    } finally {
      clearTimeout(timer);
    }
  };

  const fresh = (cacheKey: string) => {
    const cached = cache.get(cacheKey);
    return cached && cached.expiresAt > clock.now() ? cached : undefined;
  };

  const lookup = (key: string): Promise<T> => {
    const cacheKey = key.toLowerCase();
    const cached = fresh(cacheKey);
    if (cached) return Promise.resolve(cached.answer);
    const pending = inFlight.get(cacheKey);
    if (pending) return pending;
    const request = ask(key)
      .then((answer) => {
        remember(cacheKey, answer);
        return answer;
      })
      .finally(() => inFlight.delete(cacheKey));
    inFlight.set(cacheKey, request);
    return request;
  };
  return Object.assign(lookup, {
    remember: (key: string, answer: T) => remember(key.toLowerCase(), answer),
    cached: (key: string) => fresh(key.toLowerCase())?.answer,
  });
}
