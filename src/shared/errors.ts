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

/** A configuration value that cannot be used: the message names the variable and what it expects (exit 78). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
