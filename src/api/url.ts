/** Where a request URL's path starts: after the authority, or at 0 when Bun gave a bare path (no Host). */
function pathStart(url: string): number {
  if (url.charCodeAt(0) === 47) return 0;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start < 0 ? url.length : start;
}

/**
 * The path of a request URL (without query), read straight from the string: hooks that run on every request
 * need it before routing, and `new URL()` costs far more than these index look-ups. Bun gives a bare path
 * (`/health`) as the URL of a request without a usable Host header (an HTTP/1.0 load-balancer probe), and this
 * reads that form too.
 */
export function pathOf(url: string): string {
  const start = pathStart(url);
  if (start === url.length) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/** The raw query string of a request URL (after `?`, without it), or "" when there is none. */
export function queryOf(url: string): string {
  const query = url.indexOf("?", pathStart(url));
  return query < 0 ? "" : url.slice(query + 1);
}

/** True for the bare-path URL Bun gives a request without a usable Host header. */
export const isBarePath = (url: string): boolean => url.charCodeAt(0) === 47;

/** The absolute URL the app is handed instead of a bare path: the host is a stand-in, nothing reads it. */
export const absoluteUrl = (url: string): string => `http://localhost${url}`;

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
