import type { BunRequest, Server } from "bun";
import { type FormatName, fileFormats } from "../../formats/index.ts";
import type { KeyService } from "../../keys/service.ts";
import { authenticate, authenticateCached } from "../auth.ts";
import { rateLimitHeaders } from "../rate-limit/headers.ts";
import type { RateLimit } from "../rate-limit/index.ts";
import { queryOf } from "../url.ts";
import { type EntriesDeps, serveCachedEntries, serveEntries } from "./serve.ts";

/**
 * The path of the read plugins poll, as Bun's router spells it: the same pattern as the Elysia route it
 * stands in front of (test/api/fast-route.test.ts checks they agree, so this one replaces that one).
 */
export const ENTRIES_ROUTE = "/api/v1/whitelists/:whitelistId/entries";

/** Ids as the service makes them; anything else (escapes, odd characters) takes the validated route. */
const PLAIN_ID = /^[0-9A-Za-z_-]{1,64}$/;
const FORMATS: ReadonlyMap<string, FormatName> = new Map([
  ["", "json"],
  ...fileFormats.map((format) => [`format=${format}`, format] as [string, FormatName]),
]);

/** What the route needs besides the entries: keys, the rate limit, and the app for everything else. */
export type EntriesRouteDeps = EntriesDeps & {
  keys: KeyService;
  limit: Pick<RateLimit, "decide" | "refusal" | "hold">;
  /** Answers a request this route does not (the app's own route validates it and answers its problem). */
  fallback(request: Request, server: Server<unknown>): Response | Promise<Response>;
};

/**
 * `GET /api/v1/whitelists/{id}/entries[?format=…]`, registered in Bun's own router ahead of the app:
 * bench/entries.ts measured the app's per-request machinery (context, hooks, routing) at about as much CPU
 * as the rest of a cached read. It counts the request (answering 429 itself), and a valid key in scope
 * gets the cached bytes from the same `serveEntries` as the app's route. Anything else (another shape of
 * id or query, a missing or refused key, out of scope, a failing store) goes to `fallback` already counted,
 * and the app's route answers with the same rules and its problem details: one place for each rule.
 */
export function entriesRoute(deps: EntriesRouteDeps) {
  return (request: BunRequest, server: Server<unknown>): Response | Promise<Response> => {
    const decision = deps.limit.decide(request, server);
    if (!decision.allowed) return deps.limit.refusal(decision);
    const format = FORMATS.get(queryOf(request.url));
    const whitelistId = request.params.whitelistId ?? "";
    const header = request.headers.get("authorization");
    if (format !== undefined && header !== null && PLAIN_ID.test(whitelistId)) {
      try {
        // A key, whitelist and bytes read before: answered in this same turn, nothing awaited.
        const principal = authenticateCached(deps.keys, header);
        const cached =
          principal && serveCachedEntries(deps, principal, whitelistId, format, request, decision);
        if (cached) return cached;
        return (async () => {
          try {
            const verified = principal ?? (await authenticate(deps.keys, header));
            return await serveEntries(deps, verified, whitelistId, format, request, decision);
          } catch {
            deps.limit.hold(request, rateLimitHeaders(decision));
            return deps.fallback(request, server);
          }
        })();
      } catch {
        // the app's route answers, with its problem details
      }
    }
    deps.limit.hold(request, rateLimitHeaders(decision));
    return deps.fallback(request, server);
  };
}
