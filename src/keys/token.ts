import { randomString, toBase62 } from "../shared/ids.ts";

/** Every link key starts with this, so a leaked key is recognisable (and secret scanners can find it). */
export const KEY_PREFIX = "wls_";
/** 27 base62 characters carry 160.7 bits of randomness. */
const SECRET_LENGTH = 27;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}}$`);

function checksum(secret: string): string {
  return toBase62(Bun.hash.crc32(`${KEY_PREFIX}${secret}`), CHECKSUM_LENGTH);
}

/** A new key's plaintext: `wls_` + 160 bits of base62 + a CRC-32 tail that catches typos before any lookup. */
export function generateKey(): string {
  const secret = randomString(SECRET_LENGTH);
  return `${KEY_PREFIX}${secret}${checksum(secret)}`;
}

/** True when the text has the key shape and its checksum matches (a typo or truncation fails here). */
export function isWellFormedKey(text: string): boolean {
  if (!KEY_PATTERN.test(text)) return false;
  const secret = text.slice(KEY_PREFIX.length, KEY_PREFIX.length + SECRET_LENGTH);
  return text.slice(KEY_PREFIX.length + SECRET_LENGTH) === checksum(secret);
}

/** The only form of a key the store ever holds: its SHA-256, hex. (The one-shot hash: no hasher object per call.) */
export function hashKey(plaintext: string): string {
  return Bun.SHA256.hash(plaintext, "hex");
}
