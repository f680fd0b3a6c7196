import type { Clock } from "../../shared/clock.ts";
import {
  BUCKET_NAMES,
  BUCKETS,
  type BucketName,
  bucketHash,
  bucketOf,
  countsAgainstGlobal,
  majorOf,
  type Window,
} from "./buckets.ts";

/**
 * The invalid request limit: `limit` answers of 401, 403 or 429 (except `shared` 429s) per `resetAfter`
 * seconds, past which every request is refused for `banFor` seconds, as Cloudflare does in front of Discord.
 */
export type InvalidRequestLimit = Window & { banFor: number };

/** What the sandbox's rate limiter enforces; `enabled: false` is a sandbox without limits or headers. */
export type RateLimitSettings = {
  enabled: boolean;
  /** Requests a second across all routes except interaction endpoints; null: none. */
  global: Window | null;
  invalidRequests: InvalidRequestLimit | null;
  buckets: Record<BucketName, Window>;
};

/** A change of settings (the sandbox's `rateLimits` option, `PATCH /_sandbox/rate-limits/settings`). */
export type RateLimitChanges = {
  enabled?: boolean | undefined;
  global?: Window | null | undefined;
  invalidRequests?: InvalidRequestLimit | null | undefined;
  buckets?: Partial<Record<BucketName, Window>> | undefined;
};

/**
 * Discord's own: 50 requests a second, 10,000 invalid requests per 10 minutes (docs.discord.com, Rate Limits),
 * and a ban of an hour (discord/discord-api-docs issue 5385, "a retry after of 1 hour"; Discord4J issue 917,
 * "banned by Cloudflare for one 1 hour or 24 hours"); the buckets of `BUCKETS`.
 */
export function discordRateLimits(): RateLimitSettings {
  return {
    enabled: true,
    global: { limit: 50, resetAfter: 1 },
    invalidRequests: { limit: 10_000, resetAfter: 600, banFor: 3600 },
    buckets: Object.fromEntries(
      BUCKET_NAMES.map((name) => [
        name,
        { limit: BUCKETS[name].limit, resetAfter: BUCKETS[name].resetAfter },
      ]),
    ) as Record<BucketName, Window>,
  };
}

/** How many requests the limiter refused, and why, since the start (or the last reset). */
export type RateLimitRefusals = { global: number; bucket: number; banned: number };

/** The limiter's state as the control API shows it. */
export type RateLimitState = {
  settings: RateLimitSettings;
  refused: RateLimitRefusals;
  /** Invalid answers (401, 403, 429 not `shared`): in the current window, and since the start. */
  invalid: { window: number; total: number };
  /** Epoch ms when the ban ends; null when not banned. */
  bannedUntil: number | null;
};

/** The limiter of one sandbox. */
export type RestLimiter = {
  /** Cloudflare's answer while the client is banned (before any routing), else null. */
  banned(): Response | null;
  /**
   * Before a route's handler runs: the answer that refuses the request (the global limit, its bucket), or the
   * headers its answer carries (none when limits are off).
   */
  admit(method: string, pattern: string, params: Record<string, string>): Admission;
  /** After an answer: counts it towards the invalid request limit when it is one. */
  settle(response: Response): void;
  configure(changes: RateLimitChanges): RateLimitSettings;
  /** Empties every bucket and window, lifts a ban and zeroes the counts. */
  reset(): void;
  state(): RateLimitState;
};

/** Refused (with the answer) or admitted (with the headers for the answer). */
export type Admission = { refused: Response } | { headers: [string, string][] };

/** Discord's API answers carry it; Cloudflare's ban answer does not (discord.py tells the two apart by it). */
const VIA: [string, string] = ["via", "1.1 google"];

const seconds = (ms: number) => Math.max(0, ms) / 1000;
/** Discord writes reset times with millisecond precision: `5.000`, `1470173023.123`. */
const fixed = (value: number) => value.toFixed(3);

/** A 429 body and headers as Discord sends them (docs, Exceeding A Rate Limit). */
export function tooManyRequests(input: {
  scope: "user" | "global" | "shared";
  retryAfterMs: number;
  /** The bucket headers (not sent for the global limit). */
  bucket?: { limit: number; remaining: number; resetAt: number; hash: string };
  code?: number;
  now: number;
}): Response {
  const retryAfter = Math.max(0.001, Number(fixed(seconds(input.retryAfterMs))));
  const global = input.scope === "global";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    // Whole seconds, rounded up, as in Discord's examples (64.57 → 65).
    "retry-after": String(Math.ceil(retryAfter)),
    "x-ratelimit-scope": input.scope,
    [VIA[0]]: VIA[1],
  };
  if (global) headers["x-ratelimit-global"] = "true";
  if (input.bucket) {
    headers["x-ratelimit-limit"] = String(input.bucket.limit);
    headers["x-ratelimit-remaining"] = String(input.bucket.remaining);
    headers["x-ratelimit-reset"] = fixed(seconds(input.bucket.resetAt));
    headers["x-ratelimit-reset-after"] = fixed(seconds(input.bucket.resetAt - input.now));
    headers["x-ratelimit-bucket"] = input.bucket.hash;
  }
  const body = {
    message: input.scope === "shared" ? "The resource is being rate limited." : "You are being rate limited.",
    retry_after: retryAfter,
    global,
    code: input.code ?? 0,
  };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

/**
 * What a banned client gets from Cloudflare in front of Discord: a static 429 without `Retry-After`, without any
 * `X-RateLimit-*` and without `Via` (discord/discord-api-docs issue 5810: "the response is static, stored in
 * Cloudflare"; an HTML "error code: 1015" page is the other form bots report).
 */
export function bannedAnswer(): Response {
  return Response.json(
    {
      code: 0,
      message:
        "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently. " +
        "Please read our docs at https://discord.com/developers/docs/topics/rate-limits to prevent this moving forward.",
    },
    { status: 429 },
  );
}

type Count = { remaining: number; resetAt: number };

/** Buckets whose window ended are dropped once the map grows past this. */
const SWEEP_AT = 2_000;

/**
 * Creates the limiter over the sandbox's clock: fixed windows that start at a bucket's first request after the
 * previous one ended, as Discord's `X-RateLimit-Reset-After` counts down from the first request.
 */
export function createRestLimiter(clock: Clock, changes: RateLimitChanges | false = {}): RestLimiter {
  const settings = discordRateLimits();
  let buckets = new Map<string, Count>();
  let global: Count = { remaining: 0, resetAt: 0 };
  let invalid = { count: 0, total: 0, resetAt: 0 };
  let bannedUntil = 0;
  let refused: RateLimitRefusals = { global: 0, bucket: 0, banned: 0 };

  const configure = (change: RateLimitChanges) => {
    if (change.enabled !== undefined) settings.enabled = change.enabled;
    if (change.global !== undefined) settings.global = change.global && { ...change.global };
    if (change.invalidRequests !== undefined) {
      settings.invalidRequests = change.invalidRequests && { ...change.invalidRequests };
    }
    for (const [name, window] of Object.entries(change.buckets ?? {})) {
      if (window) settings.buckets[name as BucketName] = { ...window };
    }
    return structuredClone(settings);
  };
  configure(changes === false ? { enabled: false } : changes);

  /** The count of a window, started afresh when the last one ended. */
  const current = (count: Count | undefined, window: Window, now: number): Count => {
    if (count && now < count.resetAt) {
      count.remaining = Math.min(count.remaining, window.limit);
      return count;
    }
    return { remaining: window.limit, resetAt: now + window.resetAfter * 1000 };
  };

  const sweep = (now: number) => {
    if (buckets.size < SWEEP_AT) return;
    buckets = new Map([...buckets].filter(([, count]) => count.resetAt > now));
  };

  const banned = (): Response | null => {
    if (!settings.enabled || clock.now() >= bannedUntil) return null;
    refused.banned++;
    return bannedAnswer();
  };

  return {
    banned,
    admit(method, pattern, params) {
      if (!settings.enabled) return { headers: [] };
      const now = clock.now();
      if (settings.global && countsAgainstGlobal(pattern)) {
        global = current(global, settings.global, now);
        if (global.remaining <= 0) {
          refused.global++;
          return { refused: tooManyRequests({ scope: "global", retryAfterMs: global.resetAt - now, now }) };
        }
        global.remaining--;
      }
      const name = bucketOf(method, pattern);
      const hash = bucketHash(name, method, pattern);
      const key = `${hash} ${majorOf(pattern, params)}`;
      const window = settings.buckets[name];
      const count = current(buckets.get(key), window, now);
      buckets.set(key, count);
      sweep(now);
      const headers = { limit: window.limit, remaining: 0, resetAt: count.resetAt, hash };
      if (count.remaining <= 0) {
        refused.bucket++;
        return {
          refused: tooManyRequests({
            scope: "user",
            retryAfterMs: count.resetAt - now,
            bucket: headers,
            now,
          }),
        };
      }
      count.remaining--;
      return {
        headers: [
          ["x-ratelimit-limit", String(window.limit)],
          ["x-ratelimit-remaining", String(count.remaining)],
          ["x-ratelimit-reset", fixed(seconds(count.resetAt))],
          ["x-ratelimit-reset-after", fixed(seconds(count.resetAt - now))],
          ["x-ratelimit-bucket", hash],
          VIA,
        ],
      };
    },
    settle(response) {
      const limit = settings.invalidRequests;
      if (!settings.enabled || !limit) return;
      const status = response.status;
      const shared = response.headers.get("x-ratelimit-scope") === "shared";
      if (status !== 401 && status !== 403 && (status !== 429 || shared)) return;
      const now = clock.now();
      // A window of its own, started by the first invalid answer after the last one ended.
      if (now >= invalid.resetAt) invalid = { ...invalid, count: 0, resetAt: now + limit.resetAfter * 1000 };
      invalid.count++;
      invalid.total++;
      if (invalid.count > limit.limit) {
        bannedUntil = now + limit.banFor * 1000;
        invalid = { ...invalid, count: 0, resetAt: 0 };
      }
    },
    configure,
    reset() {
      buckets = new Map();
      global = { remaining: 0, resetAt: 0 };
      invalid = { count: 0, total: 0, resetAt: 0 };
      bannedUntil = 0;
      refused = { global: 0, bucket: 0, banned: 0 };
    },
    state: () => ({
      settings: structuredClone(settings),
      refused: { ...refused },
      invalid: { window: clock.now() < invalid.resetAt ? invalid.count : 0, total: invalid.total },
      bannedUntil: clock.now() < bannedUntil ? bannedUntil : null,
    }),
  };
}
