/**
 * A chunk's keys (src/formats/sequence.ts) in two objects rather than one string each: a format of 100,000 entries
 * kept 100,000 strings per format, which every full collection marked and every build allocated anew; one text
 * and its offsets (or one array of numbers) weigh a few bytes a key, and nothing for the collector to walk
 * (docs/performance.md, A change to a large whitelist). Never changed in place: a change makes new ones.
 */

/** The keys a format orders its pieces by: nicks (or names made from them) or entry ids. */
export type Key = string | number;

/** A chunk's keys, in order. */
export type Keys<K extends Key> = {
  readonly length: number;
  /** The key at `index` (0 ≤ index < length). */
  at(index: number): K;
  /** These keys with `key` put at `index`. */
  inserted(index: number, key: K): Keys<K>;
  /** These keys without the one at `index`. */
  removed(index: number): Keys<K>;
  /** The keys from `from` up to (not including) `to`. */
  slice(from: number, to: number): Keys<K>;
  /** What the keys are made of, for another thread (`keysFromParts` makes them again: no key copied one by one). */
  parts(): KeysParts;
};

/**
 * A chunk's keys as plain values a `postMessage` carries, each an array whose buffer is transferred: their text in
 * UTF-8 and its ends (in UTF-16 units, as in the text), or the numbers; a text that is not well-formed UTF-16 (a lone
 * surrogate, which UTF-8 cannot carry) as the string itself.
 */
export type KeysParts =
  | { utf8: Uint8Array; ends: Uint32Array }
  | { text: string; ends: Uint32Array }
  | { values: Float64Array };

const encoder = new TextEncoder();
// A leading U+FEFF is a key's own character, not a byte order mark to drop.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The keys `parts` came from. Their text is decoded on first use, not here: a string made on the service's thread
 * is what adopting a build cost it (structured clone copied each chunk's text, 4-6 ms of a held event loop for a
 * format of 100,000 keys; decoding them all at once as much), and most chunks are never searched before a change
 * reaches them (docs/performance.md, What adopting a build costs).
 */
export function keysFromParts<K extends Key>(parts: KeysParts): Keys<K> {
  if ("values" in parts) return numberKeys(parts.values) as Keys<K>;
  if ("text" in parts) return stringKeys(parts.text, parts.ends) as Keys<K>;
  return encodedKeys(parts.utf8, parts.ends) as Keys<K>;
}

/** `keys` kept compactly (all numbers, or all strings, as a format's keys are). */
export function keysOf<K extends Key>(keys: readonly K[]): Keys<K> {
  if (keys.length > 0 && typeof keys[0] === "number")
    return numberKeys(Float64Array.from(keys as readonly number[])) as Keys<K>;
  const ends = new Uint32Array(keys.length);
  let end = 0;
  for (let i = 0; i < keys.length; i++) {
    end += (keys[i] as string).length;
    ends[i] = end;
  }
  return stringKeys(keys.join(""), ends) as Keys<K>;
}

function numberKeys(values: Float64Array): Keys<number> {
  return {
    length: values.length,
    at: (index) => values[index] as number,
    inserted: (index, key) => numberKeys(insertedAt(values, new Float64Array(values.length + 1), index, key)),
    removed: (index) => numberKeys(removedAt(values, new Float64Array(values.length - 1), index)),
    slice: (from, to) => numberKeys(values.slice(from, to)),
    parts: () => ({ values }),
  };
}

/** Keys whose text is still the UTF-8 another thread sent (`keysFromParts`): decoded once, when first read. */
function encodedKeys(encoded: Uint8Array, ends: Uint32Array): Keys<string> {
  let keys: Keys<string> | null = null;
  // Let go of once decoded: the text holds the keys from then on.
  let utf8: Uint8Array | null = encoded;
  const decoded = () => {
    if (!keys) {
      keys = stringKeys(decoder.decode(utf8 as Uint8Array), ends);
      utf8 = null;
    }
    return keys;
  };
  // ASCII text (UTF-8 as long as the text: every nick) has its keys at their own offsets in the bytes, so one key is
  // read without decoding the chunk: a change's binary search reads the last key of a dozen chunks it leaves as they are.
  const ascii = ends.length > 0 && encoded.length === ends[ends.length - 1];
  return {
    length: ends.length,
    at: (index) =>
      utf8 && ascii
        ? decoder.decode(utf8.subarray(index === 0 ? 0 : ends[index - 1], ends[index]))
        : decoded().at(index),
    inserted: (index, key) => decoded().inserted(index, key),
    removed: (index) => decoded().removed(index),
    slice: (from, to) => decoded().slice(from, to),
    // Still encoded: handed on as it came.
    parts: () => (utf8 ? { utf8, ends } : decoded().parts()),
  };
}

/** Strings joined in `text`, the `i`-th ending at `ends[i]`. */
function stringKeys(text: string, ends: Uint32Array): Keys<string> {
  const start = (index: number) => (index === 0 ? 0 : (ends[index - 1] as number));
  return {
    length: ends.length,
    at: (index) => text.slice(start(index), ends[index]),
    inserted(index, key) {
      const at = start(index);
      const moved = insertedAt(ends, new Uint32Array(ends.length + 1), index, at + key.length);
      for (let i = index + 1; i < moved.length; i++) moved[i] = (moved[i] as number) + key.length;
      return stringKeys(text.slice(0, at) + key + text.slice(at), moved);
    },
    removed(index) {
      const from = start(index);
      const length = (ends[index] as number) - from;
      const moved = removedAt(ends, new Uint32Array(ends.length - 1), index);
      for (let i = index; i < moved.length; i++) moved[i] = (moved[i] as number) - length;
      return stringKeys(text.slice(0, from) + text.slice(from + length), moved);
    },
    slice(from, to) {
      const offset = start(from);
      const moved = ends.slice(from, to).map((end) => end - offset);
      return stringKeys(text.slice(offset, start(to)), moved);
    },
    // UTF-8 when it can carry the text (every nick: names and gamertags are well-formed text).
    parts: () => (text.isWellFormed() ? { utf8: encoder.encode(text), ends } : { text, ends }),
  };
}

/** `source` with `value` at `index`, written into `target` (one longer). */
function insertedAt<T extends Float64Array | Uint32Array>(
  source: T,
  target: T,
  index: number,
  value: number,
): T {
  target.set(source.subarray(0, index));
  target[index] = value;
  target.set(source.subarray(index), index + 1);
  return target;
}

/** `source` without the value at `index`, written into `target` (one shorter). */
function removedAt<T extends Float64Array | Uint32Array>(source: T, target: T, index: number): T {
  target.set(source.subarray(0, index));
  target.set(source.subarray(index + 1), index);
  return target;
}
