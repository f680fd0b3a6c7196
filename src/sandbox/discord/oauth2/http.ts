import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import { OAUTH2_SCOPES } from "./grants.ts";

// The OAuth2 routes of the sandbox Discord (docs/sandbox.md, OAuth2): the authorization page, where a tester picks
// who signs in, and the token and revocation endpoints, as strict as Discord's (the rules: grants.ts).

/** The paths of the token and revocation endpoints: Discord answers them with and without the API version. */
export const OAUTH2_TOKEN_PATH = /^\/api(?:\/v10)?\/oauth2\/token(\/revoke)?$/;

/** Discord's authorization page, at the root as `https://discord.com/oauth2/authorize` is. */
export const OAUTH2_AUTHORIZE_PATH = "/oauth2/authorize";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An error page of the authorization step that must not redirect (RFC 6749 §4.1.2.1: an unknown client or URI). */
function errorPage(message: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Discord (sandbox)</title></head>` +
      `<body><main><h1>${escapeHtml(message)}</h1></main></body></html>`,
    { status: 400, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

/** Where the authorization step ends: back at the redirect URI, with these parameters. */
function redirectBack(redirectUri: string, params: Record<string, string | null>): Response {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return new Response(null, { status: 302, headers: { location: url.href, "cache-control": "no-store" } });
}

type AuthorizeRequest = {
  redirectUri: string;
  scopes: string[];
  state: string | null;
  challenge: string | null;
};

/**
 * Checks an authorization request (Discord's Authorization URL Example; RFC 6749 §4.1.1, RFC 7636 §4.3): the
 * application's client id; a redirect URI registered in the portal, exactly (one registered may be left out:
 * RFC 6749 §3.1.2.3); `response_type=code`; known scopes; PKCE's S256 only, as Discord's metadata lists
 * (`code_challenge_methods_supported: ["S256"]`). What cannot go back to the redirect URI is a page; the rest goes
 * back with an error.
 */
function readAuthorize(ctx: SandboxContext, params: URLSearchParams): AuthorizeRequest | Response {
  if (params.get("client_id") !== ctx.state.applicationId) return errorPage("Invalid OAuth2 client_id");
  const { redirectUris } = ctx.oauth2.app;
  const asked = params.get("redirect_uri");
  const redirectUri = asked ?? (redirectUris.length === 1 ? (redirectUris[0] as string) : null);
  if (redirectUri === null || !redirectUris.includes(redirectUri)) {
    return errorPage("Invalid OAuth2 redirect_uri");
  }
  const state = params.get("state");
  const fail = (error: string, description: string) =>
    redirectBack(redirectUri, { error, error_description: description, state });
  if (params.get("response_type") !== "code") {
    return fail("unsupported_response_type", 'Unsupported "response_type"');
  }
  const scopes = (params.get("scope") ?? "").split(" ").filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !OAUTH2_SCOPES.has(scope))) {
    return fail("invalid_scope", 'Invalid "scope"');
  }
  const challenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (challenge !== null || method !== null) {
    if (method !== "S256") return fail("invalid_request", 'Unsupported "code_challenge_method"');
    if (challenge === null || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return fail("invalid_request", 'Invalid "code_challenge"');
    }
  }
  return { redirectUri, scopes, state, challenge };
}

/** The authorization page: the application asks for the scopes; the tester signs in as one of the members. */
function authorizePage(ctx: SandboxContext, params: URLSearchParams, request: AuthorizeRequest): Response {
  const hidden = [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const people = [...ctx.state.members.values()]
    .filter((member) => !member.user.bot)
    .map(
      (member) =>
        `<li><button type="submit" name="user" value="${escapeHtml(member.user.id)}">` +
        `Sign in as ${escapeHtml(member.user.username)}</button></li>`,
    )
    .join("");
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${escapeHtml(ctx.state.bot.username)} · Discord (sandbox)</title></head>
<body><main>
<h1>${escapeHtml(ctx.state.bot.username)} wants to access your account</h1>
<p>Scopes: ${request.scopes.map(escapeHtml).join(", ")}. This is the sandbox Discord: pick who signs in.</p>
<form method="post" action="${OAUTH2_AUTHORIZE_PATH}">${hidden}
<ul>${people}</ul>
<button type="submit" name="deny" value="1">Cancel</button>
</form></main></body></html>`;
  return new Response(page, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * `GET /oauth2/authorize` shows the page; `POST` is the tester's choice: a code for that member, back at the
 * redirect URI with the `state` given, or `access_denied` for Cancel (RFC 6749 §4.1.2, §4.1.2.1).
 */
export async function handleAuthorize(ctx: SandboxContext, request: Request, url: URL): Promise<Response> {
  if (request.method === "GET") {
    const checked = readAuthorize(ctx, url.searchParams);
    return checked instanceof Response ? checked : authorizePage(ctx, url.searchParams, checked);
  }
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
  const form = new URLSearchParams(await request.text());
  const checked = readAuthorize(ctx, form);
  if (checked instanceof Response) return checked;
  const { redirectUri, state } = checked;
  if (form.get("deny") !== null) {
    return redirectBack(redirectUri, {
      error: "access_denied",
      error_description: "The resource owner or authorization server denied the request",
      state,
    });
  }
  const userId = form.get("user") ?? "";
  if (!ctx.state.members.get(userId) || ctx.state.members.get(userId)?.user.bot) {
    return errorPage("Unknown user");
  }
  const code = ctx.oauth2.grant({
    userId,
    scopes: checked.scopes,
    redirectUri,
    challenge: checked.challenge,
  });
  return redirectBack(redirectUri, { code, state });
}

/** An error of the token endpoint, as RFC 6749 §5.2 shapes it and Discord words it. */
const tokenError = (status: number, error: string, description?: string) =>
  Response.json(
    { error, ...(description ? { error_description: description } : {}) },
    { status, headers: { "cache-control": "no-store" } },
  );

/**
 * The client's credentials: HTTP Basic, or `client_id` and `client_secret` in the form (Discord: "All calls to the
 * OAuth2 endpoints require either HTTP Basic authentication or client_id and client_secret supplied in the form
 * data body"). False when they are missing or wrong (`invalid_client`, 401: RFC 6749 §5.2).
 */
function clientAuthenticated(ctx: SandboxContext, request: Request, form: URLSearchParams): boolean {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  let id = form.get("client_id");
  let secret = form.get("client_secret");
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString();
    const colon = decoded.indexOf(":");
    if (colon < 0) return false;
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  return id === ctx.state.applicationId && secret !== null && ctx.oauth2.secretMatches(secret);
}

/**
 * `POST /api/oauth2/token` and `…/token/revoke` (also under `/api/v10`). Both take only
 * `application/x-www-form-urlencoded` (Discord's documentation: "JSON content is not permitted and will return an
 * error"; a JSON body is read as a form without `grant_type`) and the client's credentials.
 */
export async function handleToken(ctx: SandboxContext, request: Request, revoke: boolean): Promise<Response> {
  if (request.method !== "POST") return json({ message: "405: Method Not Allowed", code: 0 }, 405);
  const type = request.headers.get("content-type") ?? "";
  const form = type.startsWith("application/x-www-form-urlencoded")
    ? new URLSearchParams(await request.text())
    : new URLSearchParams();
  if (!clientAuthenticated(ctx, request, form)) return tokenError(401, "invalid_client");
  if (revoke) {
    const token = form.get("token");
    if (!token) return tokenError(400, "invalid_request", 'Missing "token"');
    ctx.oauth2.revoke(token);
    return Response.json({}, { headers: { "cache-control": "no-store" } });
  }
  const grantType = form.get("grant_type");
  const outcome =
    grantType === "authorization_code"
      ? ctx.oauth2.exchange({
          code: form.get("code") ?? "",
          redirectUri: form.get("redirect_uri"),
          verifier: form.get("code_verifier"),
        })
      : grantType === "refresh_token"
        ? ctx.oauth2.refresh(form.get("refresh_token") ?? "")
        : { error: "unsupported_grant_type", description: 'Invalid "grant_type" in request.' };
  if ("error" in outcome) return tokenError(400, outcome.error, outcome.description);
  return Response.json(outcome.tokens, { headers: { "cache-control": "no-store" } });
}

/**
 * Who a request's `Authorization: Bearer <token>` speaks for, when the token is valid and was granted `scope`
 * (`identify` for /users/@me, `guilds` for /users/@me/guilds: Discord's OAuth2 Scopes table).
 */
export function bearerHolder(ctx: SandboxContext, request: Request, scope: string) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  const holder = token === undefined ? undefined : ctx.oauth2.holderOf(token);
  return holder?.scopes.includes(scope) ? holder : undefined;
}
