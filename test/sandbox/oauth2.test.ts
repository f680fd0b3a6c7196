import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CODE_LIFETIME_MS, s256 } from "../../src/sandbox/discord/oauth2/grants.ts";
import type { SandboxDiscord } from "../../src/sandbox/discord/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { IDS, SEED, tracker } from "./helpers.ts";

// The sandbox's OAuth2 as strict as Discord's (docs/sandbox.md, OAuth2): each rule and where it comes from is in
// src/sandbox/discord/oauth2/. Driven as a browser and a server drive it: plain HTTP, redirects not followed.

const clock = manualClock();
const REDIRECT = "http://127.0.0.1:9/dashboard/callback";
const SECRET = "sandbox-client-secret";
let sandbox: SandboxDiscord;

const sandboxes = tracker();

beforeAll(async () => {
  sandbox = await sandboxes.sandbox({ clock, oauth2: { clientSecret: SECRET, redirectUris: [REDIRECT] } });
});
afterAll(() => sandboxes.cleanup());

const verifier = "v".repeat(43);

/** The authorization URL a client builds (Discord's Authorization URL Example), with PKCE. */
function authorizeUrl(changes: Record<string, string | null> = {}): URL {
  const url = new URL(`${sandbox.url}/oauth2/authorize`);
  const params: Record<string, string | null> = {
    response_type: "code",
    client_id: sandbox.applicationId,
    scope: "identify guilds",
    redirect_uri: REDIRECT,
    state: "s1",
    code_challenge: s256(verifier),
    code_challenge_method: "S256",
    ...changes,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url;
}

/** Signs in as `userId` on the authorization page; the redirect's parameters. */
async function consent(userId: string, changes: Record<string, string | null> = {}) {
  const url = authorizeUrl(changes);
  const form = new URLSearchParams(url.searchParams);
  form.set("user", userId);
  const answer = await fetch(`${sandbox.url}/oauth2/authorize`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location") ?? "").searchParams;
}

/** A call of the token endpoint with the client's credentials in the form (or `auth` as given). */
function token(form: Record<string, string>, options: { secret?: string; path?: string } = {}) {
  return fetch(`${sandbox.url}${options.path ?? "/api/v10/oauth2/token"}`, {
    method: "POST",
    body: new URLSearchParams({
      client_id: sandbox.applicationId,
      client_secret: options.secret ?? SECRET,
      ...form,
    }),
  });
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    ...extra,
  });

const me = (accessToken: string, path = "/users/@me") =>
  fetch(`${sandbox.url}/api/v10${path}`, { headers: { authorization: `Bearer ${accessToken}` } });

describe("the authorization page", () => {
  test("lists the members to sign in as, and sends a code back with the state", async () => {
    const page = await (await fetch(authorizeUrl())).text();
    expect(page).toContain("Sign in as owner");
    expect(page).toContain("Sign in as alice");
    expect(page).not.toContain("Sign in as whitelist-bot");
    const back = await consent(IDS.alice);
    expect({ state: back.get("state"), code: (back.get("code") ?? "").length > 10 }).toEqual({
      state: "s1",
      code: true,
    });
  });

  test("an unknown client or an unregistered redirect URI is a page, never a redirect (RFC 6749 §4.1.2.1)", async () => {
    const wrong: Record<string, string>[] = [
      { client_id: "1" },
      { redirect_uri: "http://127.0.0.1:9/elsewhere" },
    ];
    for (const changes of wrong) {
      const answer = await fetch(authorizeUrl(changes), { redirect: "manual" });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Invalid OAuth2");
    }
  });

  test("what the redirect URI may hear of goes back as an error: scope, response type, PKCE method, Cancel", async () => {
    const errorOf = async (changes: Record<string, string | null>) => {
      const answer = await fetch(authorizeUrl(changes), { redirect: "manual" });
      return new URL(answer.headers.get("location") ?? "").searchParams.get("error");
    };
    expect(await errorOf({ scope: "identify admin" })).toBe("invalid_scope");
    expect(await errorOf({ response_type: "token" })).toBe("unsupported_response_type");
    expect(await errorOf({ code_challenge_method: "plain" })).toBe("invalid_request");
    const form = new URLSearchParams(authorizeUrl().searchParams);
    form.set("deny", "1");
    const cancelled = await fetch(`${sandbox.url}/oauth2/authorize`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(new URL(cancelled.headers.get("location") ?? "").searchParams.get("error")).toBe("access_denied");
  });
});

describe("the token endpoint", () => {
  test("exchanges a code once, with the secret, the same redirect URI and the verifier", async () => {
    const code = (await consent(IDS.alice)).get("code") as string;
    expect(
      (await (await token({ grant_type: "authorization_code", code }, { secret: "wrong" })).json()) as object,
    ).toEqual({
      error: "invalid_client",
    });
    expect(await (await exchange(code, { redirect_uri: "http://127.0.0.1:9/other" })).json()).toEqual({
      error: "invalid_grant",
      error_description: 'Invalid "redirect_uri" in request.',
    });
    expect(
      await (await token({ grant_type: "authorization_code", code, redirect_uri: REDIRECT })).json(),
    ).toEqual({ error: "invalid_request", error_description: 'Missing "code_verifier"' });
    expect(await (await exchange(code, { code_verifier: "short" })).json()).toEqual({
      error: "invalid_request",
      error_description: 'Invalid "code_verifier"',
    });
    expect(await (await exchange(code, { code_verifier: "w".repeat(43) })).json()).toEqual({
      error: "invalid_grant",
      error_description: 'Invalid "code_verifier"',
    });
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: "identify guilds",
    });
    expect(((await (await me(tokens.access_token as string)).json()) as { id: string }).id).toBe(IDS.alice);
    // Used a second time: refused, and the tokens it gave are revoked (RFC 6749 §4.1.2).
    expect((await exchange(code)).status).toBe(400);
    expect((await me(tokens.access_token as string)).status).toBe(401);
  });

  test("a code runs out after its lifetime, on the sandbox's clock", async () => {
    const code = (await consent(IDS.alice)).get("code") as string;
    clock.advance(CODE_LIFETIME_MS);
    expect(await (await exchange(code)).json()).toEqual({
      error: "invalid_grant",
      error_description: 'Invalid "code" in request.',
    });
  });

  test("takes forms only (JSON is refused) and HTTP Basic as well as the form's credentials", async () => {
    const json = await fetch(`${sandbox.url}/api/oauth2/token`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${btoa(`${sandbox.applicationId}:${SECRET}`)}`,
      },
      body: JSON.stringify({ grant_type: "authorization_code" }),
    });
    expect(await json.json()).toEqual({
      error: "unsupported_grant_type",
      error_description: 'Invalid "grant_type" in request.',
    });
    const code = (await consent(IDS.owner)).get("code") as string;
    const basic = await fetch(`${sandbox.url}/api/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${sandbox.applicationId}:${SECRET}`)}` },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    expect(basic.status).toBe(200);
  });

  test("refresh gives a new pair and uses the old refresh token up; revoke ends the whole authorization", async () => {
    const code = (await consent(IDS.alice)).get("code") as string;
    const first = (await (await exchange(code)).json()) as { access_token: string; refresh_token: string };
    const refreshed = (await (
      await token({ grant_type: "refresh_token", refresh_token: first.refresh_token })
    ).json()) as { access_token: string; refresh_token: string };
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect((await token({ grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(
      400,
    );
    expect((await me(refreshed.access_token)).status).toBe(200);
    const revoked = await token({ token: first.access_token }, { path: "/api/oauth2/token/revoke" });
    expect(revoked.status).toBe(200);
    expect((await me(refreshed.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
  });
});

describe("refreshing and revoking, as strictly as Discord's token endpoint", () => {
  // Discord's OAuth2 topic: every call of the token endpoints needs the client's credentials (HTTP Basic or
  // client_id and client_secret in the form); its Refresh Token Exchange answers a new pair, whose access token
  // lasts `expires_in`; revoking any token of an authorization revokes all of them. RFC 6749 §5.2 for the errors.
  const pair = async (userId: string) => {
    const code = (await consent(userId)).get("code") as string;
    return (await (await exchange(code)).json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
  };

  test("a refresh with a wrong or no client secret is refused (invalid_client) and uses nothing up", async () => {
    const first = await pair(IDS.alice);
    const refresh = { grant_type: "refresh_token", refresh_token: first.refresh_token };
    const wrong = await token(refresh, { secret: "not-the-secret" });
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({
      status: 401,
      body: { error: "invalid_client" },
    });
    const bare = await fetch(`${sandbox.url}/api/v10/oauth2/token`, {
      method: "POST",
      body: new URLSearchParams(refresh),
    });
    expect(bare.status).toBe(401);
    // The refresh token still works once, with the secret.
    expect((await token(refresh)).status).toBe(200);
    expect(await (await token(refresh)).json()).toEqual({
      error: "invalid_grant",
      error_description: 'Invalid "refresh_token" in request.',
    });
  });

  test("an access token runs out after expires_in on the sandbox's clock; its refresh token still gives a new one", async () => {
    const first = await pair(IDS.alice);
    clock.advance(first.expires_in * 1000 - 1);
    expect((await me(first.access_token)).status).toBe(200);
    clock.advance(1);
    expect((await me(first.access_token)).status).toBe(401);
    const refreshed = (await (
      await token({ grant_type: "refresh_token", refresh_token: first.refresh_token })
    ).json()) as { access_token: string; expires_in: number };
    expect(refreshed.expires_in).toBe(604800);
    expect((await me(refreshed.access_token)).status).toBe(200);
  });

  test("after a revocation, neither the access token nor any refresh token of the authorization works", async () => {
    const first = await pair(IDS.alice);
    const revoked = await token(
      { token: first.refresh_token, token_type_hint: "refresh_token" },
      { path: "/api/oauth2/token/revoke" },
    );
    expect(revoked.status).toBe(200);
    expect((await me(first.access_token)).status).toBe(401);
    expect((await token({ grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(
      400,
    );
    // Revoking needs the client's credentials too; an unknown token is no error (RFC 7009 §2.2).
    const anonymous = await fetch(`${sandbox.url}/api/oauth2/token/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: first.access_token }),
    });
    expect(anonymous.status).toBe(401);
    expect((await token({ token: "unknown" }, { path: "/api/oauth2/token/revoke" })).status).toBe(200);
  });
});

describe("the user's routes with a bearer token", () => {
  test("/users/@me needs identify and gives the user's locale; /users/@me/guilds needs guilds", async () => {
    const code = (await consent(IDS.owner, { scope: "identify" })).get("code") as string;
    const tokens = (await (await exchange(code)).json()) as { access_token: string };
    expect(await (await me(tokens.access_token)).json()).toMatchObject({
      id: IDS.owner,
      username: "owner",
      locale: "en-US",
    });
    expect((await me(tokens.access_token, "/users/@me/guilds")).status).toBe(401);
    const both = (await (await exchange((await consent(IDS.owner)).get("code") as string)).json()) as {
      access_token: string;
    };
    expect(await (await me(both.access_token, "/users/@me/guilds")).json()).toEqual([
      expect.objectContaining({ id: IDS.guild, name: SEED.guild.name, owner: true }),
    ]);
  });
});
