/**
 * The response headers OWASP's REST Security cheat sheet (Security headers) asks of an API, on every answer:
 * - `X-Content-Type-Options: nosniff`: a browser takes each answer for its declared type, never guesses one;
 * - `Content-Security-Policy: frame-ancestors 'none'` and `X-Frame-Options: DENY` (for browsers without CSP): no
 *   page, Swagger UI's included, can be framed by another site (clickjacking). `frame-ancestors` restricts only
 *   who may frame the page, never what it loads or runs, so Swagger UI works as before
 *   (test/binary/swagger-ui.full.test.ts drives it in Chromium);
 * - `Cache-Control: no-store` on every answer that does not choose its own caching: what a key's request
 *   returns is nobody else's, and no cache keeps it. The routes that choose keep theirs: the entries
 *   (`no-cache` with an ETag, so pollers revalidate; a whitelist, no key or secret in it) and Swagger UI's
 *   assets (`public`, the same for everyone).
 */
const ALWAYS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
};

/** `response` with the security headers it lacks (a WebSocket upgrade, which has no response, is passed on). */
export function secured<T extends Response | undefined>(response: T): T {
  if (!response) return response;
  const { headers } = response;
  for (const name in ALWAYS) if (!headers.has(name)) headers.set(name, ALWAYS[name] as string);
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return response;
}

/** A request handler whose every answer is `secured`. */
export function securedHandler<A extends unknown[], R extends Response | undefined>(
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => R | Promise<R> {
  return (...args) => {
    const answer = handler(...args);
    return answer instanceof Promise ? answer.then(secured) : secured(answer);
  };
}
