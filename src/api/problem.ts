import type { DomainErrorCode } from "../shared/errors.ts";

/** Every kind of error the API answers with: one stable type, title and status each. */
export const problemKinds = {
  unauthorized: { status: 401, title: "Unauthorized" },
  "whitelist-forbidden": { status: 403, title: "Whitelist outside the key's scope" },
  "key-read-only": { status: 403, title: "Key is read-only" },
  "whitelist-not-found": { status: 404, title: "Whitelist not found" },
  "entry-not-found": { status: 404, title: "Nick not registered" },
  "route-not-found": { status: 404, title: "No such endpoint" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "invalid-request": { status: 400, title: "Invalid request" },
  "proof-not-pending": { status: 409, title: "Not awaiting proof" },
  "cursor-unusable": { status: 410, title: "Events no longer available" },
  "upgrade-required": { status: 426, title: "WebSocket upgrade required" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "code-limited": { status: 429, title: "Too many proof codes" },
  "store-unavailable": { status: 503, title: "Temporarily unavailable" },
  "internal-error": { status: 500, title: "Internal error" },
} as const;

/** One of the problem kinds. */
export type ProblemKind = keyof typeof problemKinds;

/** The problem kind for a service error; codes the API never produces are internal errors. */
export function problemKindOf(code: DomainErrorCode): ProblemKind {
  return code in problemKinds
    ? (code as ProblemKind)
    : code === "invalid-input"
      ? "invalid-request"
      : "internal-error";
}

/** The `type` URI of a problem kind. */
export const problemType = (kind: ProblemKind) => `urn:whitelist-sync:problem:${kind}`;

/** A problem-details response. */
export function problemResponse(
  kind: ProblemKind,
  detail: string,
  headers?: Record<string, string>,
): Response {
  const { status, title } = problemKinds[kind];
  return new Response(JSON.stringify({ type: problemType(kind), title, status, detail }), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}
