import type { KeyService, Principal } from "../keys/service.ts";
import { KEY_PREFIX } from "../keys/token.ts";
import { DomainError } from "../shared/errors.ts";

/** `Authorization: Bearer <key>`, the key captured. */
const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/** Why a presented Authorization header is refused, or the key it carries. */
export function bearerKey(header: string | null | undefined): string {
  if (!header)
    throw new DomainError(
      "unauthorized",
      "Missing Authorization header: send `Authorization: Bearer <key>`.",
    );
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new DomainError("unauthorized", "The Authorization header must be `Bearer <key>`.");
  return match[1];
}

/** Authenticates a presented key: malformed (caught by the checksum), unknown and revoked keys are refused. */
export async function authenticate(keys: KeyService, header: string | null | undefined): Promise<Principal> {
  const key = bearerKey(header);
  const principal = await keys.verify(key);
  if (principal) return principal;
  throw refused(key);
}

/**
 * The principal of a key verified before and still cached, without waiting for anything (the entries read's
 * fast path); undefined when the key must be verified against the store (`authenticate`).
 */
export function authenticateCached(keys: KeyService, header: string | null): Principal | undefined {
  const match = header === null ? null : BEARER.exec(header);
  return match?.[1] ? keys.verifyCached(match[1]) : undefined;
}

/** The refusal of a key that is not (or no longer) valid. */
function refused(key: string): DomainError {
  return new DomainError(
    "unauthorized",
    key.startsWith(KEY_PREFIX)
      ? "This key is invalid or has been revoked."
      : `This is not a link key (they start with ${KEY_PREFIX}); create one with /server-link create.`,
  );
}
