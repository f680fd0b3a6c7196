import { randomString } from "../shared/ids.ts";

// Proof codes (docs/decisions.md, Proof of ownership): what a player reads on the link endpoint's disconnect screen
// and types in Discord. Crockford's base 32 (no I, L, O or U): every symbol is read and typed one way, in either
// letter case, and a 1 typed as I or L, or a 0 typed as O, still counts.

/** Crockford's base 32: digits and the upper-case letters but I, L, O and U. */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Symbols per code: 8 of 32 is 40 random bits, 1,099,511,627,776 codes. */
export const CODE_LENGTH = 8;
/** How many codes there are: what a guess is one of. */
export const CODE_SPACE = CODE_ALPHABET.length ** CODE_LENGTH;

/** A new code, shown as two groups of four (`K7QX-29MD`): uniformly random (rejection sampling). */
export function newCode(): string {
  return showCode(randomString(CODE_LENGTH, CODE_ALPHABET));
}

/**
 * The code a member typed, as its 8 symbols, or null when it cannot be one (another length, a symbol outside the
 * alphabet): spaces and dashes dropped, either letter case, I and L read as 1, O as 0.
 */
export function normaliseCode(typed: string): string | null {
  const symbols = typed.replace(/[\s-]/g, "").toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
  if (symbols.length !== CODE_LENGTH) return null;
  for (const symbol of symbols) if (!CODE_ALPHABET.includes(symbol)) return null;
  return symbols;
}

/** A code's 8 symbols as a player reads them: two groups of four (`K7QX-29MD`). */
export function showCode(symbols: string): string {
  return `${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/**
 * The only form of a code the store holds: the SHA-256 (hex) of its 8 symbols. 40 bits do not resist a brute
 * force of the hash, so this only keeps a copy of the database (a backup, a dump of the table) from showing codes
 * that can be typed as they are; a code lives 10 minutes and works once.
 */
export function hashCode(symbols: string): string {
  return Bun.SHA256.hash(symbols, "hex");
}
