import type { Clock } from "../../../shared/clock.ts";

// Discord's OAuth2 authorization server as the sandbox keeps it: the application's settings in the developer
// portal (client secret, redirect URIs), the codes it hands out and the tokens they become. Where each rule comes
// from is said beside it: Discord's OAuth2 topic (discord.com/developers/docs/topics/oauth2), its authorization
// server metadata (discord.com/.well-known/oauth-authorization-server) and the RFCs both follow (6749, 7009, 7636).

/** The scopes the sandbox grants: those the dashboard asks for, and `email`, so a wrong one is told apart. */
export const OAUTH2_SCOPES = new Set(["identify", "guilds", "email", "guilds.members.read"]);

/**
 * How long a code may be exchanged: RFC 6749 §4.1.2 ("a maximum authorization code lifetime of 10 minutes is
 * RECOMMENDED"). Discord's documentation gives no number; a client that waits longer fails on both.
 */
export const CODE_LIFETIME_MS = 10 * 60_000;

/** An access token's lifetime, as Discord's Access Token Response shows it (`expires_in: 604800`, 7 days). */
export const ACCESS_TOKEN_SECONDS = 604_800;

/**
 * The developer portal's OAuth2 page of the application: its client secret and the redirect URIs registered; and
 * the lifetime of the access tokens Discord gives it (ACCESS_TOKEN_SECONDS; tests shorten it to reach a refresh
 * within a session).
 */
export type OAuth2Application = { clientSecret: string; redirectUris: string[]; accessTokenSeconds: number };

/** A code handed to the redirect URI, until it is exchanged (once) or runs out. */
type Grant = {
  userId: string;
  scopes: string[];
  redirectUri: string;
  /** PKCE's S256 challenge (RFC 7636 §4.2), when the authorization request carried one. */
  challenge: string | null;
  expiresAt: number;
  /** The authorization its tokens belong to; a code used twice revokes them (RFC 6749 §4.1.2). */
  authorization: string;
  used: boolean;
};

/** One user's consent to the application for some scopes: revoking any of its tokens revokes them all. */
type Authorization = {
  userId: string;
  scopes: string[];
  access: Map<string, number>;
  refresh: Set<string>;
  revoked: boolean;
};

/** A token as the resource routes (`/users/@me`) see it. */
export type TokenHolder = { userId: string; scopes: string[] };

/** The OAuth2 side of the sandbox: the portal's settings, codes, and tokens, on the sandbox's clock. */
export type OAuth2Server = ReturnType<typeof createOAuth2Server>;

const randomToken = (bytes = 24) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

/** An S256 challenge of a verifier (RFC 7636 §4.2): BASE64URL(SHA256(ASCII(verifier))), no padding. */
export function s256(verifier: string): string {
  return new Bun.CryptoHasher("sha256").update(verifier).digest("base64url");
}

/**
 * A code verifier's shape (RFC 7636 §4.1): 43-128 of the unreserved characters. Discord enforces it strictly
 * (discord-api-docs issue 5254: `Invalid "code_verifier"` for a shorter one).
 */
export const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** Creates the OAuth2 server of the sandbox's application. */
export function createOAuth2Server(options: { clock: Clock; app?: Partial<OAuth2Application> }) {
  const { clock } = options;
  const app: OAuth2Application = {
    clientSecret: options.app?.clientSecret ?? randomToken(24),
    redirectUris: [...(options.app?.redirectUris ?? [])],
    accessTokenSeconds: options.app?.accessTokenSeconds ?? ACCESS_TOKEN_SECONDS,
  };
  const codes = new Map<string, Grant>();
  const authorizations = new Map<string, Authorization>();
  /** Access and refresh tokens to their authorization. */
  const byAccess = new Map<string, string>();
  const byRefresh = new Map<string, string>();

  /** A new access and refresh token for an authorization, as the Access Token Response gives them. */
  const issue = (id: string) => {
    const authorization = authorizations.get(id) as Authorization;
    const accessToken = randomToken();
    const refreshToken = randomToken();
    authorization.access.set(accessToken, clock.now() + app.accessTokenSeconds * 1000);
    authorization.refresh.add(refreshToken);
    byAccess.set(accessToken, id);
    byRefresh.set(refreshToken, id);
    return {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: app.accessTokenSeconds,
      refresh_token: refreshToken,
      scope: authorization.scopes.join(" "),
    };
  };

  const revokeAuthorization = (id: string) => {
    const authorization = authorizations.get(id);
    if (!authorization) return;
    authorization.revoked = true;
    for (const token of authorization.access.keys()) byAccess.delete(token);
    for (const token of authorization.refresh) byRefresh.delete(token);
    authorization.access.clear();
    authorization.refresh.clear();
  };

  return {
    app,

    /** Whether `secret` is the application's client secret (compared in constant time). */
    secretMatches(secret: string): boolean {
      const given = Buffer.from(secret);
      const expected = Buffer.from(app.clientSecret);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },

    /** The portal's Reset Secret: the old secret stops working at once. Answers the new one. */
    resetSecret(): string {
      app.clientSecret = randomToken(24);
      return app.clientSecret;
    },

    /** A code for `userId`'s consent to `scopes`, bound to the redirect URI and the PKCE challenge it came with. */
    grant(input: {
      userId: string;
      scopes: string[];
      redirectUri: string;
      challenge: string | null;
    }): string {
      const code = randomToken(20);
      const authorization = randomToken(12);
      authorizations.set(authorization, {
        userId: input.userId,
        scopes: input.scopes,
        access: new Map(),
        refresh: new Set(),
        revoked: false,
      });
      codes.set(code, { ...input, expiresAt: clock.now() + CODE_LIFETIME_MS, authorization, used: false });
      return code;
    },

    /**
     * Exchanges a code (RFC 6749 §4.1.3): known, unexpired, unused, for the same redirect URI, and with a verifier
     * matching its challenge. A code used a second time is refused and its tokens revoked (RFC 6749 §4.1.2).
     * Answers the token response, or the error Discord gives (`error_description` in Discord's words).
     */
    exchange(input: {
      code: string;
      redirectUri: string | null;
      verifier: string | null;
    }): { tokens: ReturnType<typeof issue> } | { error: string; description: string } {
      const grant = codes.get(input.code);
      if (!grant || grant.expiresAt <= clock.now()) {
        return { error: "invalid_grant", description: 'Invalid "code" in request.' };
      }
      if (grant.used) {
        revokeAuthorization(grant.authorization);
        return { error: "invalid_grant", description: 'Invalid "code" in request.' };
      }
      if (input.redirectUri !== grant.redirectUri) {
        return { error: "invalid_grant", description: 'Invalid "redirect_uri" in request.' };
      }
      if (grant.challenge !== null) {
        if (input.verifier === null)
          return { error: "invalid_request", description: 'Missing "code_verifier"' };
        if (!VERIFIER_PATTERN.test(input.verifier)) {
          return { error: "invalid_request", description: 'Invalid "code_verifier"' };
        }
        if (s256(input.verifier) !== grant.challenge) {
          return { error: "invalid_grant", description: 'Invalid "code_verifier"' };
        }
      }
      grant.used = true;
      return { tokens: issue(grant.authorization) };
    },

    /**
     * A refresh token exchanged for a fresh pair (Discord's Refresh Token Exchange): the refresh token is used up
     * and the new one replaces it, as RFC 6749 §6 allows and Discord does.
     */
    refresh(
      refreshToken: string,
    ): { tokens: ReturnType<typeof issue> } | { error: string; description: string } {
      const id = byRefresh.get(refreshToken);
      const authorization = id === undefined ? undefined : authorizations.get(id);
      if (id === undefined || !authorization || authorization.revoked) {
        return { error: "invalid_grant", description: 'Invalid "refresh_token" in request.' };
      }
      authorization.refresh.delete(refreshToken);
      byRefresh.delete(refreshToken);
      return { tokens: issue(id) };
    },

    /**
     * Revokes the authorization a token (access or refresh) belongs to: Discord's documentation warns that every
     * token of that authorization goes, whatever `token_type_hint` says. An unknown token changes nothing and is
     * no error (RFC 7009 §2.2).
     */
    revoke(token: string): void {
      const id = byAccess.get(token) ?? byRefresh.get(token);
      if (id !== undefined) revokeAuthorization(id);
    },

    /** Who an access token speaks for, while it is valid and not revoked. */
    holderOf(accessToken: string): TokenHolder | undefined {
      const id = byAccess.get(accessToken);
      const authorization = id === undefined ? undefined : authorizations.get(id);
      const expiresAt = authorization?.access.get(accessToken);
      if (!authorization || authorization.revoked || expiresAt === undefined || expiresAt <= clock.now()) {
        return undefined;
      }
      return { userId: authorization.userId, scopes: authorization.scopes };
    },

    /** How many of `userId`'s authorizations still hold a token (tests: sign-out revoked them). */
    liveAuthorizations(userId: string): number {
      let live = 0;
      for (const authorization of authorizations.values()) {
        if (authorization.userId === userId && !authorization.revoked && authorization.access.size > 0)
          live++;
      }
      return live;
    },
  };
}
