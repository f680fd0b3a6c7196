/**
 * Stable identifiers of every failure a service can report. The API maps each to one problem type and
 * status (src/api/problem.ts); the bot maps each to an ephemeral explanation.
 */
export type DomainErrorCode =
  | "unauthorized"
  | "whitelist-forbidden"
  | "whitelist-not-found"
  | "entry-not-found"
  | "key-not-found"
  | "nick-taken"
  | "name-taken"
  | "invalid-input"
  | "store-unavailable"
  // Registration (src/registration): the message of each says what the member can do next.
  | "nick-invalid"
  | "not-premium"
  | "mojang-unavailable"
  | "limit-reached"
  | "whitelist-disabled"
  | "whitelist-required"
  | "missing-role"
  | "not-owner"
  | "not-manager"
  | "wrong-mode"
  | "request-pending"
  | "request-decided"
  | "request-not-found";

/** A failure a service reports on purpose: its `code` is stable, its message is safe to show to the caller. */
export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True for the error SQLite raises when the store is locked, full, read-only or failing, rather than a bug. */
export function isStoreUnavailable(error: unknown): boolean {
  // drizzle wraps driver errors (DrizzleQueryError), so look down the cause chain.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && STORE_UNAVAILABLE.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const STORE_UNAVAILABLE =
  /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL|NOLFS|AUTH)/;
