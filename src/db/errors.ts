import { DomainError } from "../shared/errors.ts";

/** The SQLite result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …) of an error, or undefined. */
export function sqliteCode(error: unknown): string | undefined {
  // drizzle wraps driver errors (DrizzleQueryError), so look down the cause chain.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_")) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's SQLSTATE (`23505`, `55P03`, …) or Bun's connection error code of an error, or undefined. */
export function postgresCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { errno, code } = current as { errno?: unknown; code?: unknown };
    if (typeof errno === "string" && /^[0-9A-Z]{5}$/.test(errno)) return errno;
    if (typeof code === "string" && code.startsWith("ERR_POSTGRES_")) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * PostgreSQL could not be reached or answer now: the connection failed or closed, the server is starting or
 * shutting down, or a statement waited past its budget (lock_timeout, statement_timeout: 55P03, 57014).
 */
function postgresUnavailable(error: unknown): boolean {
  const code = postgresCode(error);
  if (code === undefined) return false;
  return isPostgresUnreachable(error) || code === "55P03" || code === "57014";
}

/**
 * PostgreSQL cannot be reached now, for a reason that passes by itself: nothing answers at its address (not yet
 * started, restarting, failing over, a name not resolving yet at boot), the connection broke, the server is
 * starting or shutting down (57P), or its connection slots are full (53300, too many clients). Never a wrong
 * password, a missing database or a refused privilege, which a person must fix.
 */
export function isPostgresUnreachable(error: unknown): boolean {
  const code = postgresCode(error);
  if (code === undefined) return false;
  return (
    code.startsWith("ERR_POSTGRES_CONNECTION") ||
    /^(08|53|57P)/.test(code) ||
    code === "ERR_POSTGRES_IDLE_TIMEOUT"
  );
}

/**
 * True when the store cannot answer now rather than because of a bug: locked, full, read-only or failing
 * (SQLite's codes), or the writer's own "store-unavailable" once a lock outlasted its budget.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof DomainError) return error.code === "store-unavailable";
  return STORE_UNAVAILABLE.test(sqliteCode(error) ?? "") || postgresUnavailable(error);
}

/** True when another connection holds a lock the statement needed: worth trying again shortly. */
export function isStoreBusy(error: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(error) ?? "");
}

/** True for a unique-constraint failure (a concurrent writer got there first). */
export function isUniqueViolation(error: unknown): boolean {
  return sqliteCode(error) === "SQLITE_CONSTRAINT_UNIQUE" || postgresCode(error) === "23505";
}

const STORE_UNAVAILABLE =
  /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL|NOLFS|AUTH)/;
