/** Exit codes of `whitelist-sync sync` (sysexits.h names; a supervisor can refuse to restart on 77 and 78). */
export const ExitCode = {
  ok: 0,
  failure: 1,
  /** EX_NOPERM: the key was refused (401, 403, close 4001): retrying with the same key cannot help. */
  keyRefused: 77,
  /** EX_CONFIG: a bad option, or a whitelist the key cannot find. */
  config: 78,
} as const;

/** A condition the agent cannot recover from by waiting: it stops with this message and exit code. */
export class SyncStopError extends Error {
  override readonly name = "SyncStopError";
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** A failure that may pass: retried after `retryAfterMs` (the server's `Retry-After`) or the backoff delay. */
export class TransientError extends Error {
  override readonly name = "TransientError";
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}
