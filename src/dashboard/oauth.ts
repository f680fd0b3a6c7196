import type { SessionGuild } from "../db/schema.ts";
import type { DashboardOAuth } from "./model.ts";

// Signing in with Discord (docs/decisions.md, The dashboard): OAuth2's authorization code grant as Discord's OAuth2
// topic describes it, with `state` and PKCE (S256, which Discord's authorization server metadata lists; its topic
// page does not mention PKCE yet: discord-api-docs issue 5254) on top of the client secret.

/** What the dashboard asks Discord for: who the person is, and which servers they are on. */
export const SCOPES = ["identify", "guilds"] as const;

/** How long a call to Discord's OAuth2 may take before the sign-in says Discord cannot be reached. */
const CALL_TIMEOUT_MS = 10_000;

/** Discord's tokens for one sign-in, as its Access Token Response gives them (`expiresAt` computed on receipt). */
export type DiscordTokens = { accessToken: string; refreshToken: string; expiresAt: number };

/** The signed-in person as `/users/@me` describes them. */
export type DiscordUser = { id: string; name: string; locale: string | null };

/** Discord refused or could not be reached; `refused` for an answer (a bad code), else a network failure. */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** A verifier of 64 characters (RFC 7636 §4.1: 43-128 unreserved) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  const challenge = new Bun.CryptoHasher("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

/** The Discord OAuth2 client of the dashboard's application. */
export type OAuthClient = ReturnType<typeof createOAuthClient>;

/** Creates the client: the authorization URL, the token calls (client secret by HTTP Basic) and the user's reads. */
export function createOAuthClient(app: DashboardOAuth, now: () => number) {
  const basic = `Basic ${btoa(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`)}`;

  const call = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(`${app.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      throw new OAuthError(`Discord could not be reached: ${String(error)}`, false);
    }
  };

  /** The token endpoint takes forms only (Discord: "JSON content is not permitted"). */
  const tokenCall = async (form: Record<string, string>): Promise<DiscordTokens> => {
    const answer = await call("/oauth2/token", {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
    if (!answer.ok || typeof body.access_token !== "string") {
      const why = [body.error, body.error_description].filter(Boolean).join(": ") || `HTTP ${answer.status}`;
      throw new OAuthError(`Discord refused the sign-in (${why})`, answer.status < 500);
    }
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : "",
      expiresAt: now() + Number(body.expires_in ?? 0) * 1000,
    };
  };

  const read = async <T>(path: string, accessToken: string): Promise<T> => {
    const answer = await call(`/v10${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!answer.ok) throw new OAuthError(`Discord answered ${answer.status} to ${path}`, answer.status < 500);
    return (await answer.json()) as T;
  };

  return {
    /** Where the browser goes to sign in (Discord's Authorization URL Example, with PKCE). */
    authorizeUrl(input: { state: string; challenge: string; redirectUri: string }): string {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: app.clientId,
        scope: SCOPES.join(" "),
        redirect_uri: input.redirectUri,
        state: input.state,
        code_challenge: input.challenge,
        code_challenge_method: "S256",
        prompt: "none",
      });
      return `${app.authorizeUrl}?${query.toString().replaceAll("+", "%20")}`;
    },

    /** The code Discord sent back, exchanged for tokens with the verifier and the same redirect URI. */
    exchange(code: string, verifier: string, redirectUri: string): Promise<DiscordTokens> {
      return tokenCall({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      });
    },

    /** A fresh pair for an expired access token (Discord's Refresh Token Exchange). */
    refresh(refreshToken: string): Promise<DiscordTokens> {
      return tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    /** Revokes a token, and with it its whole authorization; a failure is the caller's to log, never to raise. */
    async revoke(token: string): Promise<boolean> {
      const answer = await call("/oauth2/token/revoke", {
        method: "POST",
        headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, token_type_hint: "access_token" }),
      }).catch(() => null);
      return answer?.ok ?? false;
    },

    /** The person (Discord's Get Current User, scope `identify`). */
    async user(accessToken: string): Promise<DiscordUser> {
      const user = await read<{ id: string; username: string; global_name?: string | null; locale?: string }>(
        "/users/@me",
        accessToken,
      );
      return { id: user.id, name: user.global_name || user.username, locale: user.locale ?? null };
    },

    /** The servers the person is on (Get Current User Guilds, scope `guilds`), at most the 200 Discord gives. */
    async guilds(accessToken: string): Promise<SessionGuild[]> {
      const guilds = await read<{ id: string; name: string }[]>("/users/@me/guilds", accessToken);
      return guilds.map(({ id, name }) => ({ id, name }));
    },
  };
}
