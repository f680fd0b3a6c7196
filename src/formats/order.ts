// The orders the files list players in (docs/decisions.md, Formats: Sorting), shared by the formats.

/** Orders strings by Unicode code point (JS `<` compares UTF-16 units, which differs above U+FFFF). */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/** Nicks case-insensitively, code points breaking ties, so the output never depends on input order. */
export function byNick(a: string, b: string): number {
  return byCodePoint(a.toLowerCase(), b.toLowerCase()) || byCodePoint(a, b);
}
