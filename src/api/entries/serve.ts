import type { FormatName } from "../../formats/index.ts";
import { authorizeWhitelist } from "../../keys/scope.ts";
import type { Principal } from "../../keys/service.ts";
import type { RateLimitDecision } from "../../shared/rate-limiter.ts";
import type { WhitelistService } from "../../whitelists/service.ts";
import { rateLimitPolicy, rateLimitValue } from "../rate-limit/headers.ts";
import { limited, type ServedFormat, type ServedFormats } from "./served.ts";

/** What answering an entries read needs. */
export type EntriesDeps = {
  whitelists: WhitelistService;
  served: ServedFormats;
};

/**
 * Answers `GET /whitelists/{id}/entries` for an authenticated key: the scope rule, then the cached bytes of
 * the format with their strong ETag (304 when `If-None-Match` holds it). Throws the scope's domain errors.
 * One Response, built once with every header (the rate limit's too, when the caller counted the request:
 * `rateLimit`), around an immutable cached Blob (or, for a large body, its chunks).
 */
export async function serveEntries(
  deps: EntriesDeps,
  principal: Principal,
  whitelistId: string,
  format: FormatName,
  request: Request,
  rateLimit?: RateLimitDecision,
): Promise<Response> {
  const whitelist = authorizeWhitelist(principal, whitelistId, await deps.whitelists.get(whitelistId));
  return respond(await deps.served.get(whitelist.id, format), request, rateLimit);
}

/**
 * `serveEntries` without waiting for anything, when the whitelist and its bytes in `format` are in memory (the
 * read plugins poll, answered in the same turn); undefined when something must be read from the store first.
 * Throws the scope's domain errors, as `serveEntries`.
 */
export function serveCachedEntries(
  deps: EntriesDeps,
  principal: Principal,
  whitelistId: string,
  format: FormatName,
  request: Request,
  rateLimit?: RateLimitDecision,
): Response | undefined {
  const whitelist = deps.whitelists.cached(whitelistId);
  if (!whitelist) return undefined;
  authorizeWhitelist(principal, whitelistId, whitelist);
  const served = deps.served.cached(whitelist.id, format);
  return served && respond(served, request, rateLimit);
}

/**
 * The response carrying a served format, or 304 when `If-None-Match` holds its ETag: a copy of the one built with
 * the format (bench/entries.ts: a copy and two headers cost half of building the response and its nine headers
 * on each request), with the rate limit's headers of an allowed request: the policy, the same for every request,
 * built into the copied response (`limited`), so that a read sets only its own RateLimit value.
 */
function respond(served: ServedFormat, request: Request, rateLimit: RateLimitDecision | undefined): Response {
  const ifNoneMatch = request.headers.get("if-none-match");
  const answers = rateLimit ? limited(served, rateLimitPolicy(rateLimit.limit)) : served;
  const { body } = answers;
  const response =
    ifNoneMatch !== null && matchesEtag(ifNoneMatch, answers.etag)
      ? (answers.notModified.clone() as Response)
      : "blob" in body
        ? (body.blob.clone() as Response)
        : // A large body goes out chunk by chunk as they are, with chunked transfer coding (what Bun does for any
          // streamed body). A generator's 18 MB took 5 ms of the service's CPU where a direct ReadableStream's
          // `write`, which copies, took 30 ms (docs/performance.md, A change to a large whitelist).
          new Response(chunksOf(body.parts) as unknown as ReadableStream, { headers: body.headers });
  if (rateLimit) response.headers.set("RateLimit", rateLimitValue(rateLimit));
  return response;
}

/** The chunks of a large body, one at a time, for Bun to write to the socket as they are. */
async function* chunksOf(parts: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}

/** RFC 9110 weak comparison of an If-None-Match list with our (strong) ETag. */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
