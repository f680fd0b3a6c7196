import { dashUuid } from "../nicks/uuid.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { createLookupCache } from "../shared/lookup-cache.ts";

/** What Mojang says about a nick: a premium account (dashed UUID, canonical spelling) or none. */
export type PremiumStatus = { premium: true; uuid: string; name: string } | { premium: false };

/** The premium lookup the registration rules use (docs/decisions.md, Registration rules). */
export type MojangClient = {
  /** Looks `nick` up; throws DomainError "mojang-unavailable" when Mojang cannot tell right now. */
  lookup(nick: string): Promise<PremiumStatus>;
};

/** Options of the Mojang client. */
export type MojangClientOptions = {
  /** `MOJANG_API_URL`, e.g. `https://api.mojang.com` or the sandbox's fake. */
  baseUrl: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Drives the cache's expiry (not the request timeout, which is real time on the wire). */
  clock: Clock;
  /** How long a look-up may take (10 s: the bot acknowledges Discord first, so a slow Mojang only delays it). */
  timeoutMs?: number;
  /** How long an answer is reused. */
  cacheTtlMs?: number;
  /** How long "no such premium account" is reused: shorter, as someone may buy the name meanwhile. */
  negativeTtlMs?: number;
  /** Bound on cached answers; the oldest are dropped first. */
  maxCached?: number;
  /** Told why a lookup failed (the member only hears "try again"). */
  logger?: Logger;
};

const UNAVAILABLE = "Mojang can't be reached right now; try again in a minute.";

/** Creates the Mojang profile client: cached per lower-cased nick, one request per nick in flight. */
export function createMojangClient(options: MojangClientOptions): MojangClient {
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
  const cache = createLookupCache<PremiumStatus>({
    clock,
    maxCached,
    ttlMs: (status) => (status.premium ? cacheTtlMs : negativeTtlMs),
  });

  const ask = async (nick: string): Promise<PremiumStatus> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${base}/users/profiles/minecraft/${encodeURIComponent(nick)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
        redirect: "error",
      });
      if (response.status === 204 || response.status === 404) {
        await response.body?.cancel();
        return { premium: false };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`status ${response.status}`);
      }
      const body = (await response.json()) as { id?: unknown; name?: unknown };
      if (typeof body.id !== "string" || typeof body.name !== "string") throw new Error("malformed profile");
      // Mojang answers with the account's own spelling; anything but the same name in another case is not ours.
      if (body.name.toLowerCase() !== nick.toLowerCase()) throw new Error("profile of another name");
      return { premium: true, uuid: dashUuid(body.id), name: body.name };
    } catch (error) {
      const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
      logger?.warn("mojang lookup failed", { nick, reason });
      throw new DomainError("mojang-unavailable", UNAVAILABLE);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    lookup: (nick) => cache.get(nick.toLowerCase(), () => ask(nick)),
  };
}
