import { t } from "elysia";
import { Problem } from "../schemas/problem.ts";

const meaning = {
  400: "A parameter is invalid (problem details say which)",
  401: "Authorization header missing, or key invalid or revoked",
  403: "The key is limited to another whitelist",
  404: "The whitelist does not exist or is not on the key's server, or the nick is not registered",
  409: "The nick awaits no proof at first join (verified, or added by staff), or the UUID is another account's",
  410: "The cursor is older than the event retention, or was never issued here: fetch the entries again",
  426: "Not a WebSocket handshake",
  429: "Rate limit exceeded (60 requests per minute per IP by default); see `Retry-After`",
  503: "The store is temporarily unavailable; retry after `Retry-After` seconds",
} as const;

/** A problem-details response described as `description`, for a status whose meaning differs on one route. */
export const problemResponse = (description: string) =>
  t.Object(Problem.properties, { title: "Problem", description });

/** The problem-details responses of the given statuses, for a route's `response` (and so its docs). */
export function errorResponses<S extends keyof typeof meaning>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse(meaning[status])])) as Record<
    S,
    typeof Problem
  >;
}
