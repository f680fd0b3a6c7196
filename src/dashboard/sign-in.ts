import { type Kit, PageError, type SignedIn, type Viewer } from "./context.ts";
import { html } from "./html.ts";
import { htmlResponse, page, seeOther } from "./layout.ts";
import { callbackUrl } from "./model.ts";
import { OAuthError, pkcePair } from "./oauth.ts";
import { createSealer } from "./seal.ts";
import { cookiesFor, sameSecret } from "./security.ts";
import { SESSION_MS } from "./sessions.ts";

// Signing in and out (docs/decisions.md, The dashboard): Discord's authorization code grant with `state` and PKCE,
// the state and verifier sealed in a cookie of ten minutes (no table, and every replica can finish a sign-in
// another started); signing out ends every session of the person and revokes Discord's tokens.

/** How long a sign-in may take between leaving for Discord and coming back: Discord's code lives as long. */
const SIGN_IN_SECONDS = 600;

/** A path of the dashboard to come back to after signing in; anything else goes to the start page. */
const safeNext = (next: unknown) =>
  typeof next === "string" && /^\/dashboard(?:[/?][^\s\\]*)?$/.test(next) && !next.startsWith("//")
    ? next
    : "/dashboard";

const randomText = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");

/** The page of someone not signed in: what the dashboard is, and the way to sign in. */
export function signInPage(viewer: Viewer, query: Record<string, string | undefined>): Response {
  const { words } = viewer;
  const next = safeNext(query.next);
  const message = query.signedOut
    ? html`<p class="notice" role="status">${words.t("dashboard.signIn.signedOut")}</p>`
    : "";
  return htmlResponse(
    page(
      { words, title: words.t("dashboard.signIn.title") },
      html`${message}<p>${words.t("dashboard.signIn.intro")}</p>
<p><a class="button" href="/dashboard/sign-in?next=${encodeURIComponent(next)}">${words.t("dashboard.signIn.button")}</a></p>`,
    ),
  );
}

/** Leaves for Discord's authorization page, with a fresh state and PKCE pair sealed in the sign-in cookie. */
export async function startSignIn(kit: Kit, query: Record<string, string | undefined>): Promise<Response> {
  const { verifier, challenge } = pkcePair();
  const state = randomText();
  const publicUrl = kit.deps.publicUrl();
  const sealer = await createSealer(kit.deps.oauth.clientSecret);
  const sealed = await sealer.seal(
    "sign-in",
    JSON.stringify({ state, verifier, next: safeNext(query.next) }),
  );
  const cookies = cookiesFor(publicUrl);
  const location = kit.oauth.authorizeUrl({ state, challenge, redirectUri: callbackUrl(publicUrl) });
  return seeOther(location, { "set-cookie": cookies.set("sign-in", sealed, SIGN_IN_SECONDS) });
}

/**
 * Discord sent the person back: the state must be the one sealed in this browser's sign-in cookie (a callback
 * forged for someone else's browser is refused), the code is exchanged with the verifier, the person and their
 * servers are read, and a session begins.
 */
export async function finishSignIn(
  kit: Kit,
  request: Request,
  query: Record<string, string | undefined>,
): Promise<Response> {
  const publicUrl = kit.deps.publicUrl();
  const cookies = cookiesFor(publicUrl);
  const sealer = await createSealer(kit.deps.oauth.clientSecret);
  const sealed = cookies.read(request, "sign-in");
  const opened = sealed ? await sealer.open("sign-in", sealed) : null;
  const started = opened ? (JSON.parse(opened) as { state: string; verifier: string; next: string }) : null;
  if (!started || !query.state || !sameSecret(query.state, started.state)) {
    throw new PageError(400, "dashboard.error.signInExpired");
  }
  if (query.error || !query.code) throw new PageError(400, "dashboard.error.signInCancelled");
  try {
    const tokens = await kit.oauth.exchange(query.code, started.verifier, callbackUrl(publicUrl));
    const user = await kit.oauth.user(tokens.accessToken);
    const guilds = await kit.oauth.guilds(tokens.accessToken);
    const { token } = await kit.sessions.create(user, guilds, tokens);
    kit.deps.logger.info("dashboard sign-in", { userId: user.id });
    return seeOther(started.next, {
      "set-cookie": [cookies.set("session", token, SESSION_MS / 1000), cookies.clear("sign-in")],
    });
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    kit.deps.logger.warn("dashboard sign-in failed", { error: error.message });
    throw new PageError(
      error.refused ? 400 : 503,
      error.refused ? "dashboard.error.signInRefused" : "dashboard.error.discord",
    );
  }
}

/**
 * Signs the person out everywhere: every session of theirs ends at once (on every replica: they share the table)
 * and every Discord token those sessions held is revoked, each revocation ending its whole authorization.
 */
export async function signOut(kit: Kit, viewer: SignedIn): Promise<Response> {
  const tokens = await kit.sessions.endAll(viewer.session.userId);
  const revoked = await Promise.all(tokens.map((tokens) => kit.oauth.revoke(tokens.accessToken)));
  if (revoked.some((done) => !done)) {
    kit.deps.logger.warn("dashboard sign-out: Discord did not confirm every revocation", {
      userId: viewer.session.userId,
    });
  }
  kit.deps.logger.info("dashboard sign-out", { userId: viewer.session.userId, sessions: tokens.length });
  return seeOther("/dashboard?signedOut=1", {
    "set-cookie": cookiesFor(kit.deps.publicUrl()).clear("session"),
  });
}
