import { Elysia } from "elysia";
import { exportFormats } from "../../entries/export.ts";
import type { RepresentationFormat } from "../../entries/representation.ts";
import type { KeyService } from "../../keys/service.ts";
import { authenticate } from "../auth.ts";
import { pathOf, queryOf } from "../url.ts";
import { type EntriesDeps, serveEntries } from "./serve.ts";

const PREFIX = "/api/v1/whitelists/";
const SUFFIX = "/entries";
/** Ids as the service makes them; anything else (escapes, odd characters) takes the validated route. */
const PLAIN_ID = /^[0-9A-Za-z_-]{1,64}$/;
const FORMATS: ReadonlyMap<string, RepresentationFormat> = new Map([
  ["", "json"],
  ...exportFormats.map((format) => [`format=${format}`, format] as [string, RepresentationFormat]),
]);

/**
 * The read plugins poll: `GET /api/v1/whitelists/{id}/entries[?format=…]` with a valid key in scope is answered
 * from the representation cache before routing (bench/entries.ts: routing, the context's validation and the
 * hooks cost more than the rest of the read). It calls the same `serveEntries` as the route, and anything
 * else (another shape of URL or query, a missing or refused key, out of scope, a failing store) falls through
 * untouched to the route, which validates and answers the problem: one place for every rule and error.
 * Registered after the rate limit, whose counting has happened by then.
 */
export const entriesFastPath = (deps: EntriesDeps & { keys: KeyService }) =>
  new Elysia({ name: "entries-fast-path" }).onRequest(({ request }) => {
    if (request.method !== "GET") return;
    const url = request.url;
    const path = pathOf(url);
    if (!path.startsWith(PREFIX) || !path.endsWith(SUFFIX)) return;
    const whitelistId = path.slice(PREFIX.length, -SUFFIX.length);
    const format = FORMATS.get(queryOf(url));
    if (format === undefined || !PLAIN_ID.test(whitelistId)) return;
    const header = request.headers.get("authorization");
    if (header === null) return;
    try {
      return serveEntries(deps, authenticate(deps.keys, header), whitelistId, format, request);
    } catch {
      return; // the route answers, with the same rules and its problem details
    }
  });
