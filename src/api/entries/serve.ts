import type { FormatName } from "../../formats/index.ts";
import { authorizeWhitelist } from "../../keys/scope.ts";
import type { Principal } from "../../keys/service.ts";
import type { WhitelistService } from "../../whitelists/service.ts";
import type { ServedFormat, ServedFormats } from "./served.ts";

/** What answering an entries read needs. */
export type EntriesDeps = {
  whitelists: WhitelistService;
  served: ServedFormats;
};

/**
 * Answers `GET /whitelists/{id}/entries` for an authenticated key: the scope rule, then the cached bytes of
 * the format with their strong ETag (304 when `If-None-Match` holds it). Throws the scope's domain errors.
 * One Response, built once with every header (`extraHeaders` too: the rate limit's, when the caller has
 * them), around an immutable cached Blob (or, for a large body, its chunks).
 */
export async function serveEntries(
  deps: EntriesDeps,
  principal: Principal,
  whitelistId: string,
  format: FormatName,
  request: Request,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const whitelist = authorizeWhitelist(principal, whitelistId, await deps.whitelists.get(whitelistId));
  return respond(await deps.served.get(whitelist.id, format), request, extraHeaders);
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
  extraHeaders?: Record<string, string>,
): Response | undefined {
  const whitelist = deps.whitelists.cached(whitelistId);
  if (!whitelist) return undefined;
  authorizeWhitelist(principal, whitelistId, whitelist);
  const served = deps.served.cached(whitelist.id, format);
  return served && respond(served, request, extraHeaders);
}

/** The response carrying a served format, or 304 when `If-None-Match` holds its ETag. */
function respond(
  served: ServedFormat,
  request: Request,
  extraHeaders: Record<string, string> | undefined,
): Response {
  const headers: Record<string, string> = {
    ...extraHeaders,
    etag: served.etag,
    "cache-control": "no-cache",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && matchesEtag(ifNoneMatch, served.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers["content-type"] = served.contentType;
  if (served.fileName) {
    headers["content-disposition"] = `attachment; filename="${served.fileName}"`;
  }
  const { body } = served;
  if (body instanceof Blob) return new Response(body, { headers });
  // A large body goes out chunk by chunk as they are, with chunked transfer coding (what Bun does for any streamed
  // body, whatever Content-Length says). A generator's 18 MB took 5 ms of the service's CPU where a direct
  // ReadableStream's `write`, which copies, took 30 ms (docs/performance.md, A change to a large whitelist).
  return new Response(chunksOf(body.parts) as unknown as ReadableStream, { headers });
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
