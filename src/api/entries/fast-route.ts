import type { BunRequest, Server } from "bun";
import { type FormatName, fileFormats } from "../../formats/index.ts";
import type { KeyService } from "../../keys/service.ts";
import { authenticate, authenticateCached } from "../auth.ts";
import { rateLimitHeaders } from "../rate-limit/headers.ts";
import type { RateLimit } from "../rate-limit/index.ts";
import { pathStart } from "../url.ts";
import { type EntriesDeps, serveCachedEntries, serveEntries } from "./serve.ts";

/**
 * The path of the read plugins poll, as Bun's router spells it: the same pattern as the Elysia route it
 * stands in front of (test/api/fast-route.test.ts checks they agree, so this one replaces that one).
 */
export const ENTRIES_ROUTE = "/api/v1/whitelists/:whitelistId/entries";

/** Ids as the service makes them; anything else (escapes, odd characters) takes the validated route. */
const PLAIN_ID = /^[0-9A-Za-z_-]{1,64}$/;
/** The route's path before and after the id, which is read from the URL between them (below). */
const BEFORE_ID = ENTRIES_ROUTE.slice(0, ENTRIES_ROUTE.indexOf(":"));
const AFTER_ID = ENTRIES_ROUTE.slice(ENTRIES_ROUTE.lastIndexOf("/"));
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
    // The id and the query from the URL Bun has already made: `request.params` would build an object per request.
    // A path that is not the pattern's letter for letter (an escape, a trailing slash) gives no plain id: the app.
    const { url } = request;
    const start = pathStart(url);
    const mark = url.indexOf("?", start);
    const end = mark < 0 ? url.length : mark;
    const format = FORMATS.get(mark < 0 ? "" : url.slice(mark + 1));
    const whitelistId =
      url.startsWith(BEFORE_ID, start) && url.startsWith(AFTER_ID, end - AFTER_ID.length)
        ? url.slice(start + BEFORE_ID.length, end - AFTER_ID.length)
        : "";
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
