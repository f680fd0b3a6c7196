import { text } from "../i18n/messages.ts";
import { dashUuid } from "../nicks/uuid.ts";
import { settleBounded } from "../shared/bounded.ts";
import { BULK_ANSWER_BYTES, ONE_ANSWER_BYTES, readCappedJson } from "../shared/capped-body.ts";
import { DomainError } from "../shared/errors.ts";
import { noObserver } from "../shared/observer.ts";
import { createRemoteLookup, type RemoteLookupOptions } from "../shared/remote-lookup.ts";

/** What Mojang says about a nick: a premium account (dashed UUID, canonical spelling) or none. */
export type PremiumStatus = { premium: true; uuid: string; name: string } | { premium: false };

/** The premium lookup the registration rules use (docs/decisions.md, Registration rules). */
export type MojangClient = {
  /** Looks `nick` up; throws DomainError "mojang-unavailable" when Mojang cannot tell right now. */
  lookup(nick: string): Promise<PremiumStatus>;
  /**
   * Looks many nicks up through Mojang's bulk endpoint, `MOJANG_BULK_SIZE` per request, a few requests at once,
   * and caches each answer as `lookup` would (so `lookup` then answers from the cache). Resolves with the answer
   * of every nick Mojang could tell about, keyed by the lower-cased nick; a nick whose request failed is missing.
   * Once a request fails, the requests not sent yet are not sent (Mojang is down or limiting us): their nicks
   * are missing too. Never rejects.
   */
  lookupMany(nicks: readonly string[]): Promise<Map<string, PremiumStatus>>;
  /** The cached answer for `nick` while it is fresh (no request is made), else undefined. */
  cached(nick: string): PremiumStatus | undefined;
};

/** Options of the Mojang client: `baseUrl` is MOJANG_API_URL, e.g. `https://api.mojang.com`. */
export type MojangClientOptions = RemoteLookupOptions & {
  /** How many bulk requests may be in flight at once (default 4). */
  bulkConcurrency?: number;
};

/** Mojang's bulk endpoint refuses more names than this in one request (400). */
export const MOJANG_BULK_SIZE = 10;

/**
 * Creates the Mojang profile client: `GET {base}/users/profiles/minecraft/{nick}`. 200 is premium when the
 * answer names the same nick in any letter case; 204 and 404 are not premium (kept a shorter while: someone
 * may buy the name); anything else means Mojang cannot tell. Many nicks at once go to
 * `POST {base}/profiles/minecraft` (a JSON array of at most 10 names; 200 answers the profiles found, in any
 * order, and leaves out the names no account has).
 */
export function createMojangClient(options: MojangClientOptions): MojangClient {
  const { fetch = globalThis.fetch, timeoutMs = 10_000, logger, observer = noObserver } = options;
  const base = options.baseUrl.replace(/\/+$/, "");
  const lookup = createRemoteLookup<PremiumStatus>(options, {
    name: "mojang lookup",
    service: "mojang",
    url: (base, nick) => `${base}/users/profiles/minecraft/${encodeURIComponent(nick)}`,
    async read(response, nick) {
      if (response.status === 204 || response.status === 404) {
        await response.body?.cancel();
        return { premium: false };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`status ${response.status}`);
      }
      const body = (await readCappedJson(response, ONE_ANSWER_BYTES)) as { id?: unknown; name?: unknown };
      if (typeof body.id !== "string" || typeof body.name !== "string") throw new Error("malformed profile");
      // Mojang answers with the account's own spelling; anything but the same name in another case is not ours.
      if (body.name.toLowerCase() !== nick.toLowerCase()) throw new Error("profile of another name");
      return { premium: true, uuid: dashUuid(body.id), name: body.name };
    },
    negative: (status) => !status.premium,
    unavailable: () => new DomainError("mojang-unavailable", text("error.mojangDown")),
  });

  /** One bulk request: the premium accounts among `names`, by lower-cased name; throws when Mojang cannot tell. */
  const askBulk = async (names: readonly string[]): Promise<Map<string, PremiumStatus>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${base}/profiles/minecraft`, {
        method: "POST",
        signal: controller.signal,
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify(names),
        redirect: "error",
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`status ${response.status}`);
      }
      const body: unknown = await readCappedJson(response, BULK_ANSWER_BYTES);
      if (!Array.isArray(body)) throw new Error("not a list of profiles");
      const asked = new Set(names.map((name) => name.toLowerCase()));
      const found = new Map<string, PremiumStatus>();
      for (const profile of body as { id?: unknown; name?: unknown }[]) {
        if (typeof profile?.id !== "string" || typeof profile.name !== "string") {
          throw new Error("malformed profile");
        }
        const key = profile.name.toLowerCase();
        if (!asked.has(key)) throw new Error("profile of a name not asked for");
        found.set(key, { premium: true, uuid: dashUuid(profile.id), name: profile.name });
      }
      observer.lookup("mojang-bulk", found.size > 0 ? "found" : "not-found");
      return found;
    } catch (error) {
      observer.lookup("mojang-bulk", "failed");
      const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
      logger?.warn("mojang bulk lookup failed", { names: names.length, reason });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  const lookupMany = async (nicks: readonly string[]): Promise<Map<string, PremiumStatus>> => {
    const answers = new Map<string, PremiumStatus>();
    const wanted = new Map<string, string>();
    for (const nick of nicks) {
      const key = nick.toLowerCase();
      if (answers.has(key) || wanted.has(key)) continue;
      const cached = lookup.cached(nick);
      if (cached) answers.set(key, cached);
      else wanted.set(key, nick);
    }
    const names = [...wanted.values()];
    const batches = Array.from({ length: Math.ceil(names.length / MOJANG_BULK_SIZE) }, (_, i) =>
      names.slice(i * MOJANG_BULK_SIZE, (i + 1) * MOJANG_BULK_SIZE),
    );
    let failed = false;
    await settleBounded(batches, options.bulkConcurrency ?? 4, async (batch) => {
      if (failed) return;
      let found: Map<string, PremiumStatus>;
      try {
        found = await askBulk(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
      for (const nick of batch) {
        const status = found.get(nick.toLowerCase()) ?? { premium: false };
        lookup.remember(nick, status);
        answers.set(nick.toLowerCase(), status);
      }
    });
    return answers;
  };

  return { lookup, lookupMany, cached: lookup.cached };
}
