import { inEnglish } from "../i18n/english.ts";
import type { Text } from "../i18n/messages.ts";

/**
 * Stable identifiers of every failure a service can report. The API maps each to one problem type and
 * status (src/api/problem.ts); the bot maps each to an ephemeral explanation.
 */
export type DomainErrorCode =
  | "unauthorized"
  | "whitelist-forbidden"
  | "key-read-only"
  | "whitelist-not-found"
  | "entry-not-found"
  | "key-not-found"
  | "nick-taken"
  | "name-taken"
  | "invalid-input"
  | "store-unavailable"
  | "cursor-unusable"
  // Registration (src/registration): the message of each says what the member can do next.
  | "nick-invalid"
  | "not-premium"
  | "mojang-unavailable"
  | "gamertag-unknown"
  | "geyser-unavailable"
  | "limit-reached"
  | "whitelist-disabled"
  | "whitelist-required"
  | "missing-role"
  | "not-owner"
  | "not-manager"
  | "wrong-mode"
  | "request-pending"
  | "request-decided"
  | "request-not-found"
  | "no-log-channel"
  | "member-left"
  // The deny list (src/registration/deny.ts).
  | "nick-denied"
  | "not-denied"
  // Import and transfer (src/registration/import.ts, transfer.ts).
  | "import-file-invalid"
  | "already-owner"
  // Proof of ownership (src/accounts, src/registration/linking.ts).
  | "proof-required"
  | "account-linked"
  | "code-invalid"
  | "code-limited"
  | "not-linked"
  // First-join proof (src/registration/first-join.ts).
  | "proof-not-pending"
  // Application forms (src/whitelists/form.ts, src/registration/answers.ts).
  | "form-required"
  | "form-changed";

/**
 * The data some failures carry, for an adapter that words them its own way (the bot: role mentions and the
 * commands to run next); the message stays a plain sentence for logs and the API.
 */
export type DomainErrorDetails = {
  /** `staff`: a manager adding a nick on a whitelist whose nicks follow roles, for a member without one. */
  "missing-role": { whitelist: string; roleIds: readonly string[]; self: boolean; staff?: boolean };
  "limit-reached": { whitelist: string; max: number; registered: number; waiting: number; self: boolean };
  "wrong-mode": { whitelist: string; approval: boolean };
  "whitelist-not-found": { named: string | null };
  "whitelist-required": { names: string[] };
  "no-log-channel": { whitelist: string };
  "nick-denied": { whitelist: string; nick: string; deniedAs: string; reason: string | null; self: boolean };
  /** `premium` false: a nick with no Mojang account, which nobody can prove. */
  "proof-required": { whitelist: string; nick: string; premium: boolean; self: boolean };
  "account-linked": { account: string; self: boolean };
  /**
   * Why a typed code linked nothing, and how many more may be typed before a wait (null: not counted); `via`: where
   * the code was shown, the link server or the game server (first-join proof), null when unknown.
   */
  "code-invalid": {
    reason: "malformed" | "wrong" | "expired" | "reused" | "other-member" | "other-server";
    attemptsLeft: number | null;
    via: "link-server" | "game-server" | null;
  };
  /** When the next code may be typed (ms since the epoch). */
  "code-limited": { retryAt: number };
  /** A member registering themselves without the whitelist's form (by message): where `/register` asks it. */
  "form-required": { whitelist: string; channelId: string };
};

/**
 * A failure a service reports on purpose: its `code` is stable, its message is safe to show to the caller. Given
 * as a Text of the message catalogue (src/i18n), the message is its English and the bot renders `text` in its
 * reader's language; a plain string is for callers that never reach Discord (the API's own refusals).
 */
export class DomainError extends Error {
  override readonly name = "DomainError";
  /** See DomainErrorDetails; read with `detailsOf`. */
  readonly details: unknown;
  /** The message as a catalogue Text, when it was given as one (everything a Discord member may read). */
  readonly text: Text | undefined;
  constructor(
    readonly code: DomainErrorCode,
    message: string | Text,
    details?: unknown,
  ) {
    super(typeof message === "string" ? message : inEnglish(message));
    this.text = typeof message === "string" ? undefined : message;
    this.details = details;
  }

  /** A failure with its details, typed by its code. */
  static with<C extends keyof DomainErrorDetails>(
    code: C,
    message: string | Text,
    details: DomainErrorDetails[C],
  ): DomainError {
    return new DomainError(code, message, details);
  }
}

/** The details of a failure of `code`, when it is one and carries them. */
export function detailsOf<C extends keyof DomainErrorDetails>(
  error: DomainError,
  code: C,
): DomainErrorDetails[C] | undefined {
  return error.code === code ? (error.details as DomainErrorDetails[C] | undefined) : undefined;
}

/**
 * The exit code of a failure that a restart cannot mend, only a person (EX_CONFIG from sysexits.h): a setting, or a
 * token Discord refuses. Service managers are told not to restart on it (docs/running.md, Run it as a service).
 */
export const EX_CONFIG = 78;

/** The exit code an error asks for (`exitCode`, e.g. a refused token's EX_CONFIG), else 1. */
export function exitCodeOf(error: unknown): number {
  const code = (error as { exitCode?: unknown } | null)?.exitCode;
  return typeof code === "number" ? code : 1;
}

/** A configuration value that cannot be used: the message names the variable and what it expects (exit 78). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
