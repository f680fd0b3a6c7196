const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Uniformly random characters from an alphabet (rejection sampling, so no modulo bias). */
export function randomString(length: number, alphabet: string = BASE62): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** A short, URL-safe, lower-case identifier (e.g. a whitelist or link id), easy to type in a slash command. */
export function newId(length = 10): string {
  return randomString(length, BASE36);
}

/** Encodes a non-negative integer in base 62, left-padded with zeros to `width`. */
export function toBase62(value: number, width: number): string {
  let rest = value;
  let out = "";
  do {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, "0");
}
