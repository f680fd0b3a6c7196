import type { TextSink } from "./spec.ts";

// JSON text written in parts into a chunk's bytes (a format's `write`, spec.ts), as JSON.stringify writes it.

/** A string as JSON.stringify writes it: between quotes as it is, unless it holds what JSON escapes. */
export function writeJsonString(value: string, out: TextSink): void {
  if (needsEscape(value)) {
    out.write(JSON.stringify(value));
    return;
  }
  out.write('"');
  out.write(value);
  out.write('"');
}

/**
 * Whether JSON.stringify writes `value` other than as it is: a quote, a backslash, a control character, or a
 * surrogate (a lone one is escaped; a pair is not, but it is left to JSON.stringify all the same).
 */
function needsEscape(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}
