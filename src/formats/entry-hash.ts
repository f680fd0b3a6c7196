import type { FormatEntry } from "./spec.ts";

/**
 * The text an entry's hash is taken of: every field any format shows, separated by NUL. An entry awaiting proof
 * adds its due time, one in groups their names; every other entry hashes as it did before the fields existed (an
 * empty `groups` says nothing its absence did not). `entryHash` hashes the same bytes without making this text.
 */
export function hashedText(entry: FormatEntry): string {
  const due = entry.proofDueAt == null ? "" : `\u0000${entry.proofDueAt}`;
  const groups = entry.groups.length === 0 ? "" : `\u0001${entry.groups.join("\u0000")}`;
  return `${entry.id}\u0000${entry.nick}\u0000${entry.uuid ?? ""}\u0000${entry.premium}\u0000${entry.expiresAt ?? ""}\u0000${entry.verified}${due}${groups}`;
}

/** Bytes `entryHash` writes an entry's text into, and a view of each length of them, made once each. */
const scratch = Buffer.alloc(1024);
const views: Uint8Array[] = [];

/**
 * A 64-bit hash of what an entry shows in any format (the UTF-8 bytes of `hashedText`, as `Bun.hash` hashes a
 * string); a whitelist's ETag is their sum. Written field by field into a buffer kept for it and hashed through a
 * view of the right length: the text, its numbers' digits and the joins made some 300 bytes of garbage an entry,
 * 100,000 entries' worth at every first read of a large whitelist (docs/performance.md). An entry too long for
 * the buffer hashes its text.
 */
export function entryHash(entry: FormatEntry): bigint {
  // id NUL nick NUL uuid NUL premium NUL expiresAt NUL verified [NUL proofDueAt] [SOH group (NUL group)…]
  let at = put(0, writeNumber(entry.id, 0));
  at = writeText(entry.nick, at, true);
  at = writeText(entry.uuid ?? "", at, true);
  at = writeText(entry.premium ? "true" : "false", at, true);
  at = put(0, entry.expiresAt == null ? at : writeNumber(entry.expiresAt, at));
  at = writeText(entry.verified ? "true" : "false", at, false);
  if (entry.proofDueAt != null) at = writeNumber(entry.proofDueAt, put(0, at));
  for (let i = 0; i < entry.groups.length; i++)
    at = writeText(entry.groups[i] as string, put(i === 0 ? 1 : 0, at), false);
  if (at === -1) return BigInt.asUintN(64, BigInt(Bun.hash(hashedText(entry))));
  views[at] ??= scratch.subarray(0, at);
  return BigInt.asUintN(64, BigInt(Bun.hash(views[at] as Uint8Array)));
}

/** Writes one byte at `at`; the next position, or -1 when the buffer is full (or already was). */
function put(byte: number, at: number): number {
  if (at === -1 || at >= scratch.length) return -1;
  scratch[at] = byte;
  return at + 1;
}

/** Writes `text` (then a NUL when `separated`) at `at` in UTF-8; the next position, or -1 when it does not fit. */
function writeText(text: string, at: number, separated: boolean): number {
  // At most 3 bytes per UTF-16 unit: checked before writing, as `write` stops short of a full buffer silently.
  if (at === -1 || at + text.length * 3 + 1 > scratch.length) return -1;
  const end = at + scratch.write(text, at, "utf8");
  return separated ? put(0, end) : end;
}

/** Writes a number's decimal digits (as a template literal would) at `at`; the next position, or -1. */
function writeNumber(value: number, at: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return writeText(String(value), at, false);
  if (at === -1 || at + 16 > scratch.length) return -1;
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    scratch[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}
