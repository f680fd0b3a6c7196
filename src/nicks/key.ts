// How nicks are compared: one key per nick, whatever its letter case or Unicode spelling.

/** A UTF-16 code unit outside ASCII (surrogates included, so astral characters count). */
const NON_ASCII = /[\u0080-\uffff]/;
/** Text made of ASCII only. */
const ONLY_ASCII = /^[^\u0080-\uffff]+$/;

/**
 * Whether a non-ASCII character turns into plain ASCII under NFC or lower-casing (U+212A KELVIN SIGN → `K`,
 * U+037E → `;`, U+1FEF → `` ` ``). Such a look-alike must never match an ASCII nick. (U+0130 `İ` lower-cases
 * to `i` and a combining dot: never ASCII, so a Turkish gamertag keeps matching in either case.)
 */
export function foldsIntoAscii(char: string): boolean {
  return NON_ASCII.test(char) && ONLY_ASCII.test(char.normalize("NFC").toLowerCase());
}

/**
 * The key under which nicks are compared: unique per whitelist whatever the letter case or Unicode
 * normalisation (NFC, then lower case), except that a character which `foldsIntoAscii` keeps its own
 * identity, so `%E2%84%AAevin` never finds `Kevin`. An ASCII nick's key is its lower case, as it always was.
 */
export function nickKey(nick: string): string {
  if (!NON_ASCII.test(nick)) return nick.toLowerCase(); // the common case, on every DELETE
  let key = "";
  let run = "";
  for (const char of nick) {
    if (foldsIntoAscii(char)) {
      key += run.normalize("NFC").toLowerCase() + char;
      run = "";
    } else {
      run += char;
    }
  }
  return key + run.normalize("NFC").toLowerCase();
}

/**
 * The end of a prefix range over comparison keys: every key starting with `prefix` sorts at or after `prefix`
 * and before `prefix` + U+10FFFF (the highest code point: its UTF-8 bytes sort after any other character's, as
 * SQLite compares text), so `key >= prefix AND key < keyPrefixEnd(prefix)` is an index range.
 */
export function keyPrefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
