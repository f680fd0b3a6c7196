// What keeps the dashboard's pages to their own origin (docs/decisions.md, The dashboard): the Content-Security-
// Policy, the cookies, and the checks every state-changing request passes (its session's CSRF token, and a
// browser's Origin or Sec-Fetch-Site saying it comes from the dashboard itself).

/**
 * The pages' Content-Security-Policy: everything from the dashboard's own origin, nothing inline (no
 * `unsafe-inline`, no `unsafe-eval`: the one script is a file, styles are a file, the chart is SVG attributes),
 * no frame may hold it, forms post only here.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** The headers of every page and asset of the dashboard (on top of src/api/security-headers.ts's). */
export const PAGE_HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** The cookies the dashboard sets; over HTTPS each carries `Secure` and the `__Secure-` prefix. */
export type CookieName = "session" | "sign-in";

/** How the dashboard names and sets its cookies for a public URL (https or not). */
export function cookiesFor(publicUrl: string) {
  const secure = publicUrl.startsWith("https://");
  const nameOf = (cookie: CookieName) =>
    `${secure ? "__Secure-" : ""}wls_${cookie === "session" ? "session" : "signin"}`;
  const attributes = (maxAgeSeconds: number) =>
    [
      "Path=/dashboard",
      "HttpOnly",
      "SameSite=Lax",
      `Max-Age=${maxAgeSeconds}`,
      ...(secure ? ["Secure"] : []),
    ].join("; ");
  return {
    /** A `Set-Cookie` value: HttpOnly, SameSite=Lax, scoped to /dashboard, Secure over HTTPS. */
    set: (cookie: CookieName, value: string, maxAgeSeconds: number) =>
      `${nameOf(cookie)}=${value}; ${attributes(maxAgeSeconds)}`,
    /** A `Set-Cookie` value that removes the cookie. */
    clear: (cookie: CookieName) => `${nameOf(cookie)}=; ${attributes(0)}`,
    /** The cookie's value in a request, if it carries it. */
    read(request: Request, cookie: CookieName): string | undefined {
      const wanted = nameOf(cookie);
      for (const part of (request.headers.get("cookie") ?? "").split(";")) {
        const at = part.indexOf("=");
        if (at > 0 && part.slice(0, at).trim() === wanted) return part.slice(at + 1).trim();
      }
      return undefined;
    },
  };
}

/** Whether two texts are equal, compared in constant time (a CSRF token). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Whether a state-changing request comes from the dashboard's own pages: a browser names the page's origin
 * (`Origin`) or says it is the same origin (`Sec-Fetch-Site`), so a page of another site, or of another port of
 * the same host (same-site: SameSite cookies still go), is refused even before its missing token is.
 */
export function fromOwnOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === new URL(publicUrl).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin";
}
