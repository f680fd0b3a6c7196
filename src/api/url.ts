/**
 * The path of a request URL (without query), read straight from the string: hooks that run on every request
 * need it before routing, and `new URL()` costs far more than these index look-ups.
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/** The raw query string of a request URL (after `?`, without it), or "" when there is none. */
export function queryOf(url: string): string {
  const query = url.indexOf("?", url.indexOf("/", url.indexOf("//") + 2));
  return query < 0 ? "" : url.slice(query + 1);
}

/**
 * Whether a path's percent-escapes all decode to UTF-8. Bun's router turns a broken escape into U+FFFD in a
 * route's params rather than refusing it, so the app checks the path itself before a handler reads one.
 */
export function isWellEncodedPath(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}
