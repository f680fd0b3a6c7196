import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { createLookupCache } from "../shared/lookup-cache.ts";

/**
 * The XUID lookup Floodgate itself uses (docs/decisions.md, Bedrock players): GeyserMC's global API,
 * `GET {GEYSER_API_URL}/xuid/{gamertag}`, answering `{"xuid": <int64>}`, or `{}` when no Xbox account has that
 * gamertag; 400 and 503 carry `{"message": ...}` (503: GeyserMC could not ask Xbox Live right now).
 */
export type GeyserClient = {
  /**
   * The XUID of `gamertag` as a decimal string, or null when no Xbox account has it. Throws DomainError
   * "geyser-unavailable" when GeyserMC cannot tell right now.
   */
  xuidOf(gamertag: string): Promise<string | null>;
};

/** Options of the GeyserMC client. */
export type GeyserClientOptions = {
  /** `GEYSER_API_URL`, e.g. `https://api.geysermc.org/v2/xbox` or the sandbox's fake. */
  baseUrl: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Drives the cache's expiry (not the request timeout, which is real time on the wire). */
  clock: Clock;
  /** How long a look-up may take (10 s, as Mojang's: the bot acknowledges Discord first). */
  timeoutMs?: number;
  /** How long a found XUID is reused: a gamertag can be changed, so not forever. */
  cacheTtlMs?: number;
  /** How long "no such gamertag" is reused. */
  negativeTtlMs?: number;
  maxCached?: number;
  /** Told why a lookup failed (the member only hears "try again"). */
  logger?: Logger;
};

const UNAVAILABLE = "GeyserMC's gamertag lookup can't be reached right now; try again in a minute.";

/** The `xuid` of an answer, read from the text: an int64 may not survive a trip through a JS number. */
const XUID_FIELD = /"xuid"\s*:\s*"?([0-9]{1,20})"?/;

/** Creates the GeyserMC client: cached per lower-cased gamertag, one request per gamertag in flight. */
export function createGeyserClient(options: GeyserClientOptions): GeyserClient {
  const {
    clock,
    fetch = globalThis.fetch,
    timeoutMs = 10_000,
    cacheTtlMs = 10 * 60_000,
    negativeTtlMs = 60_000,
    maxCached = 10_000,
    logger,
  } = options;
  const base = options.baseUrl.replace(/\/+$/, "");
  const cache = createLookupCache<string | null>({
    clock,
    maxCached,
    ttlMs: (xuid) => (xuid === null ? negativeTtlMs : cacheTtlMs),
  });

  const ask = async (gamertag: string): Promise<string | null> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${base}/xuid/${encodeURIComponent(gamertag)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
        redirect: "error",
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`status ${response.status}: ${text.slice(0, 200)}`);
      const body: unknown = JSON.parse(text);
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
      if (!("xuid" in body) || body.xuid === null) return null;
      const xuid = XUID_FIELD.exec(text)?.[1];
      if (xuid === undefined || BigInt(xuid) >= 2n ** 64n) throw new Error("malformed xuid");
      return BigInt(xuid).toString();
    } catch (error) {
      const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
      logger?.warn("geyser lookup failed", { gamertag, reason });
      throw new DomainError("geyser-unavailable", UNAVAILABLE);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    xuidOf: (gamertag) => cache.get(gamertag.toLowerCase(), () => ask(gamertag)),
  };
}
