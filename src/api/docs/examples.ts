import { fileFormats } from "../../formats/index.ts";
import { type ProblemKind, problemKinds, problemType } from "../problem.ts";

/** A `detail` each problem kind could carry, for the documented examples. */
const exampleDetails: Partial<Record<ProblemKind, string>> = {
  "invalid-request": `format must be one of ${fileFormats.join(", ")}.`,
  unauthorized: "This key is invalid or has been revoked.",
  "whitelist-forbidden": "This key is limited to whitelist k3v9x0q2ab.",
  "key-read-only":
    "This key is read-only (created with may-remove:False): it may read whitelists and receive their events, not change anything (remove nicks, ask for proof codes). Staff create a key that may with /server-link create.",
  "whitelist-not-found":
    "No whitelist k3v9x0q2ab on this key's server. The API takes a whitelist's id, not its name: GET /api/v1/whitelists lists them.",
  "entry-not-found": "notch is not on whitelist survival.",
  "proof-not-pending": "Notch on survival is verified already.",
  "code-limited":
    "Notch was given 3 codes in the last 10 minutes: show the player the last one (it works until it expires) rather than asking again.",
  "cursor-unusable": "Event 42 is older than the event retention (7 days): fetch the entries again.",
  "upgrade-required": "This endpoint only speaks WebSocket: send an upgrade request.",
  "rate-limited": "Rate limit of 60 requests per minute exceeded; retry in 3 s.",
  "store-unavailable": "The database is busy or unavailable; retry shortly.",
};

/** Kinds only some operations answer: the paths they appear on. */
const onlyOn: Partial<Record<ProblemKind, (path: string) => boolean>> = {
  "entry-not-found": (path) => path.includes("{nick}") || path.endsWith("/proof-codes"),
  "key-read-only": (path) => path.includes("{nick}") || path.endsWith("/proof-codes"),
  "proof-not-pending": (path) => path.endsWith("/proof-codes"),
  "code-limited": (path) => path.endsWith("/proof-codes"),
};

/**
 * The documented examples of a problem status on one operation: each kind the operation can answer with that
 * status, as the whole body the API sends (`entry-not-found` only where a nick is asked about, `key-read-only` only
 * on the writes (the removal, a proof code), the proof codes' own kinds only there).
 */
export function problemExamples(status: number, path: string) {
  const examples: Record<string, { summary: string; value: Record<string, unknown> }> = {};
  for (const [kind, detail] of Object.entries(exampleDetails) as [ProblemKind, string][]) {
    const { status: kindStatus, title } = problemKinds[kind];
    if (kindStatus !== status) continue;
    if (onlyOn[kind] && !onlyOn[kind](path)) continue;
    examples[kind] = { summary: title, value: { type: problemType(kind), title, status, detail } };
  }
  return examples;
}
