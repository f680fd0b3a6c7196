import type { FileFormat } from "../../entries/files.ts";
import { authorizeWhitelist } from "../../keys/scope.ts";
import type { Principal } from "../../keys/service.ts";
import type { WhitelistService } from "../../whitelists/service.ts";
import type { Representation, Representations } from "./representation.ts";

/** What answering an entries read needs. */
export type EntriesDeps = {
  whitelists: WhitelistService;
  representations: Representations;
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
  format: FileFormat,
  request: Request,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const whitelist = authorizeWhitelist(principal, whitelistId, await deps.whitelists.get(whitelistId));
  return respond(await deps.representations.get(whitelist.id, format), request, extraHeaders);
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
  format: FileFormat,
  request: Request,
  extraHeaders?: Record<string, string>,
): Response | undefined {
  const whitelist = deps.whitelists.cached(whitelistId);
  if (!whitelist) return undefined;
  authorizeWhitelist(principal, whitelistId, whitelist);
  const representation = deps.representations.cached(whitelist.id, format);
  return representation && respond(representation, request, extraHeaders);
}

/** The response carrying a representation, or 304 when `If-None-Match` holds its ETag. */
function respond(
  representation: Representation,
  request: Request,
  extraHeaders: Record<string, string> | undefined,
): Response {
  const headers: Record<string, string> = {
    ...extraHeaders,
    etag: representation.etag,
    "cache-control": "no-cache",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && matchesEtag(ifNoneMatch, representation.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers["content-type"] = representation.contentType;
  if (representation.fileName) {
    headers["content-disposition"] = `attachment; filename="${representation.fileName}"`;
  }
  const { body } = representation;
  if (body instanceof Blob) return new Response(body, { headers });
  // A large body goes out chunk by chunk, straight to the socket, its length known up front.
  headers["content-length"] = String(body.size);
  const stream = new ReadableStream({
    type: "direct",
    // One flush of every chunk, then the end: measured faster than closing without a flush.
    async pull(controller) {
      for (const part of body.parts) controller.write(part);
      await controller.flush();
      controller.end();
    },
  });
  return new Response(stream as unknown as ReadableStream, { headers });
}

/** RFC 9110 weak comparison of an If-None-Match list with our (strong) ETag. */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
