/**
 * A URL without its password, for messages and logs (a DATABASE_URL carries one). A text WHATWG cannot parse as a
 * URL (a port of `abc`, a stray space) still has what stands between `user:` and the last `@` replaced.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^:/@]*):[^/]*@/i, "$1$2:***@");
  }
}
