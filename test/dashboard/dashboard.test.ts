import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hashToken, SESSION_MS } from "../../src/dashboard/sessions.ts";
import { IDS, PROFILES, startWorld, type World } from "../bot/world.ts";
import { sqliteClient, testApi, testServices } from "../helpers/services.ts";
import { openSocket } from "../helpers/sockets.ts";
import { browser, cookieHeader, signIn } from "./session.ts";

// The dashboard over HTTP against the real service, bot and sandbox Discord (docs/dashboard.md): signing in with
// Discord's authorization code grant, what each person sees, the CSRF and origin checks, actions going through the
// services the bot uses, and signing out everywhere. test/dashboard/browser.full.test.ts does the same in Chromium.

let world: World;
let survival: string;
let creative: string;
const server = `/dashboard/servers/${IDS.guild}`;

beforeAll(async () => {
  world = await startWorld({ dashboard: true });
  await world.useLogChannel();
  survival = (
    await world.whitelist({
      registrationMode: "approval",
      grantedRoleIds: [IDS.whitelistedRole],
      managerRoleIds: [IDS.staffRole],
    })
  ).id;
  creative = (await world.whitelist({ name: "creative", nickType: "offline", channelId: IDS.general })).id;
  await world.command(IDS.carol, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: PROFILES.jeb.name },
  });
});

afterAll(async () => {
  await world?.stop();
});

describe("signing in with Discord", () => {
  test("the authorization request carries state, PKCE (S256), the registered callback and identify guilds", async () => {
    const start = await browser(world).get("/dashboard/sign-in");
    const location = new URL(start.headers.get("location") ?? "");
    const query = Object.fromEntries(location.searchParams);
    expect({
      status: start.status,
      path: location.pathname,
      scope: query.scope,
      redirect: query.redirect_uri,
      method: query.code_challenge_method,
      challenge: /^[A-Za-z0-9_-]{43}$/.test(query.code_challenge ?? ""),
      state: (query.state ?? "").length >= 32,
    }).toEqual({
      status: 303,
      path: "/oauth2/authorize",
      scope: "identify guilds",
      redirect: `${world.service.publicUrl}/dashboard/callback`,
      method: "S256",
      challenge: true,
      state: true,
    });
    const cookie = start.headers.getSetCookie()[0] ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/dashboard");
  });

  test("the session cookie is HttpOnly, SameSite=Lax, and the table holds only its hash", async () => {
    const owner = await signIn(world, IDS.owner);
    const token = owner.jar.get("wls_session") ?? "";
    const rows = sqliteClient(world.services)
      .query<{ id_hash: string }, []>("SELECT id_hash FROM dashboard_sessions")
      .all()
      .map((row) => row.id_hash);
    expect(rows).toContain(hashToken(token));
    expect(rows).not.toContain(token);
  });

  test("a callback whose state is not this browser's is refused, and makes no session", async () => {
    const person = browser(world);
    await person.get("/dashboard/sign-in");
    const forged = await person.get("/dashboard/callback?code=abc&state=someone-elses-state-0123456789");
    expect(forged.status).toBe(400);
    expect(person.jar.has("wls_session")).toBe(false);
  });

  test("a code is used once: the same callback again is refused", async () => {
    const person = browser(world);
    const start = await person.get("/dashboard/sign-in");
    const authorize = new URL(start.headers.get("location") ?? "");
    const form = new URLSearchParams(authorize.searchParams);
    form.set("user", IDS.alice);
    const consent = await fetch(new URL("/oauth2/authorize", authorize).href, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    const back = new URL(consent.headers.get("location") ?? "");
    const signInCookie = person.jar.get("wls_signin") ?? "";
    expect((await person.get(back.pathname + back.search)).status).toBe(303);
    person.jar.set("wls_signin", signInCookie);
    person.jar.delete("wls_session");
    expect((await person.get(back.pathname + back.search)).status).toBe(400);
  });
});

describe("who sees what", () => {
  test("each person's servers: the owner manages it, staff manage survival, alice has her own nicks", async () => {
    const seen: Record<string, string> = {};
    for (const [who, id] of Object.entries({ owner: IDS.owner, manager: IDS.manager, alice: IDS.alice })) {
      const page = await (await (await signIn(world, id)).get("/dashboard")).text();
      seen[who] =
        /<ul class="servers">(.*?)<\/ul>/s
          .exec(page)?.[1]
          ?.replace(/<[^>]+>/g, "")
          .trim() ?? "";
    }
    expect(seen).toEqual({
      owner: "Bot World you manage this server",
      manager: "Bot World you manage survival",
      alice: "Bot World your own nicks",
    });
  });

  test("typed URLs: what a person may not see is the same 404 as what does not exist", async () => {
    const alice = await signIn(world, IDS.alice);
    const manager = await signIn(world, IDS.manager);
    const statuses = {
      aliceRequests: (await alice.get(`${server}/requests`)).status,
      aliceLog: (await alice.get(`${server}/log`)).status,
      aliceEntries: (await alice.get(`${server}/whitelists/${survival}/entries`)).status,
      aliceOtherMember: (await alice.get(`${server}/members/${IDS.carol}`)).status,
      aliceOwnPage: (await alice.get(`${server}/members/${IDS.alice}`)).status,
      managerKeys: (await manager.get(`${server}/keys`)).status,
      managerCreative: (await manager.get(`${server}/whitelists/${creative}/entries`)).status,
      managerSurvival: (await manager.get(`${server}/whitelists/${survival}/entries`)).status,
      unknownServer: (await manager.get("/dashboard/servers/999999999999999999")).status,
      unknownWhitelist: (await manager.get(`${server}/whitelists/nothere000/entries`)).status,
    };
    expect(statuses).toEqual({
      aliceRequests: 404,
      aliceLog: 404,
      aliceEntries: 404,
      aliceOtherMember: 404,
      aliceOwnPage: 200,
      managerKeys: 404,
      managerCreative: 404,
      managerSurvival: 200,
      unknownServer: 404,
      unknownWhitelist: 404,
    });
    const hidden = await (await alice.get(`${server}/requests`)).text();
    const missing = await (await manager.get("/dashboard/servers/999999999999999999")).text();
    const message = (page: string) => /<p role="alert">(.*?)<\/p>/.exec(page)?.[1];
    expect(message(hidden)).toBe(message(missing));
  });

  test("signed out, a page is the sign-in page and a form is refused", async () => {
    const stranger = browser(world);
    const page = await stranger.get(`${server}/requests`);
    expect(await page.text()).toContain("/dashboard/sign-in?next=");
    const form = await stranger.post(`${server}/whitelists/${creative}/entries/remove`, {
      nick: "x",
      csrf: "x",
    });
    expect(form.status).toBe(403);
  });
});

describe("actions go through the services the bot uses", () => {
  test("removing a nick needs the CSRF token and the dashboard's origin; then it is gone from the API and the socket", async () => {
    await world.services.registration.register({
      guildId: IDS.guild,
      whitelist: creative,
      member: { userId: IDS.bob, roleIds: [], canManageGuild: false },
      actor: { userId: IDS.owner, roleIds: [], canManageGuild: true },
      nick: "bob_mc",
      origin: "staff",
    });
    const owner = await signIn(world, IDS.owner);
    const csrf = await owner.csrf();
    const path = `${server}/whitelists/${creative}/entries/remove`;
    const form = { nick: "bob_mc", reason: "left the team", csrf };
    const refused = {
      noToken: (await owner.post(path, { nick: "bob_mc", reason: "x" })).status,
      wrongToken: (await owner.post(path, { ...form, csrf: `${csrf}x` })).status,
      otherOrigin: (await owner.post(path, form, { origin: "http://127.0.0.2:8080" })).status,
      crossSite: (await owner.post(path, form, { origin: "", "sec-fetch-site": "cross-site" })).status,
    };
    expect(refused).toEqual({ noToken: 403, wrongToken: 403, otherOrigin: 403, crossSite: 403 });
    const key = await world.key(creative);
    const before = (await (await world.api(key, `/whitelists/${creative}/entries`)).json()) as {
      nick: string;
    }[];
    expect(JSON.stringify(before)).toContain("bob_mc");
    const socket = openSocket(world.service.url, key);
    try {
      await socket.waitFor((message) => message.type === "connected");
      const done = await owner.post(path, form);
      expect(done.status).toBe(303);
      const after = await (await world.api(key, `/whitelists/${creative}/entries`)).text();
      expect(after).not.toContain("bob_mc");
      const event = await socket.waitFor((message) => message.type === "entry.removed");
      expect(event).toMatchObject({ entry: { nick: "bob_mc" }, origin: "staff", reason: "left the team" });
    } finally {
      socket.close();
    }
    await world.message(IDS.logChannel, "the removal's log post, with its reason", (message) =>
      message.embeds.some(
        (embed) => embed.title === "Nick removed" && JSON.stringify(embed).includes("left the team"),
      ),
    );
  });

  test("approving a request with its answers: the role is granted in Discord and the log channel is told", async () => {
    const requests = await world.services.registration.listPendingRequests(IDS.guild);
    const request = requests.find((candidate) => candidate.userId === IDS.carol);
    if (!request) throw new Error("carol's request is not waiting");
    const manager = await signIn(world, IDS.manager);
    const page = await (await manager.get(`${server}/requests`)).text();
    expect(page).toContain(PROFILES.jeb.name);
    const done = await manager.post(`${server}/requests/${request.id}`, {
      decision: "approve",
      reason: "welcome",
      csrf: await manager.csrf(),
    });
    expect(done.status).toBe(303);
    await world.roles(IDS.carol, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
    await world.message(IDS.logChannel, "the decision in the request's post", (message) =>
      message.embeds.some((embed) => embed.title === "Request approved"),
    );
    await world.message(IDS.survivalChannel, "the member told, with the reason", (message) =>
      message.content.includes("welcome"),
    );
  });
});

describe("settings, keys and files", () => {
  test("Manage Server edits a whitelist through /whitelist edit's use case; staff read it; a bad form changes nothing", async () => {
    const owner = await signIn(world, IDS.owner);
    const manager = await signIn(world, IDS.manager);
    const path = `${server}/whitelists/${creative}`;
    const managerPage = await (await manager.get(`${server}/whitelists/${survival}`)).text();
    expect(managerPage).not.toContain('name="maxNicksPerUser"');
    const refused = await manager.post(`${server}/whitelists/${survival}`, {
      maxNicksPerUser: "3",
      csrf: await manager.csrf(),
    });
    const csrf = await owner.csrf();
    const bad = await owner.post(path, { registrationMode: "sometimes", csrf });
    const saved = await owner.post(path, { maxNicksPerUser: "3", enabled: "closed", csrf });
    const whitelist = await world.services.whitelists.get(creative);
    expect({
      refused: refused.status,
      bad: bad.status,
      saved: saved.status,
      max: whitelist?.maxNicksPerUser,
      enabled: whitelist?.enabled,
      mode: whitelist?.registrationMode,
    }).toEqual({ refused: 403, bad: 400, saved: 303, max: 3, enabled: false, mode: "command" });
  });

  test("a link key made here is shown once and works on the API; revoked here, it is refused", async () => {
    const owner = await signIn(world, IDS.owner);
    const created = await owner.post(`${server}/keys`, {
      name: "lobby",
      whitelist: creative,
      access: "read",
      csrf: await owner.csrf(),
    });
    const page = await created.text();
    const key = /<p class="secret">([^<]+)<\/p>/.exec(page)?.[1] ?? "";
    expect(created.status).toBe(201);
    expect((await world.api(key, `/whitelists/${creative}/entries`)).status).toBe(200);
    expect(await (await owner.get(`${server}/keys`)).text()).not.toContain(key);
    const keyId = (await world.services.keys.list(IDS.guild)).find((one) => one.name === "lobby")?.id ?? "";
    const revoked = await owner.post(`${server}/keys/${keyId}/revoke`, { csrf: await owner.csrf() });
    expect(revoked.status).toBe(303);
    expect((await world.api(key, `/whitelists/${creative}/entries`)).status).toBe(401);
  });

  test("the export is the API's file, for staff of the whitelist", async () => {
    const manager = await signIn(world, IDS.manager);
    const file = await manager.get(`${server}/whitelists/${survival}/export?format=vanilla`);
    const key = await world.key(survival);
    const api = await world.api(key, `/whitelists/${survival}/entries?format=vanilla`);
    expect({ status: file.status, body: await file.text() }).toEqual({ status: 200, body: await api.text() });
  });
});

describe("signing out", () => {
  test("ends every session of the person, on every browser, and revokes Discord's tokens", async () => {
    const first = await signIn(world, IDS.owner);
    const second = await signIn(world, IDS.owner);
    const authorizations = async () => world.sandbox.oauth2.liveAuthorizations(IDS.owner);
    expect(await authorizations()).toBeGreaterThan(0);
    const out = await first.post("/dashboard/sign-out", { csrf: await first.csrf() });
    expect({ status: out.status, location: out.headers.get("location") }).toEqual({
      status: 303,
      location: "/dashboard?signedOut=1",
    });
    expect(await (await second.get(`${server}/keys`)).text()).toContain("/dashboard/sign-in?next=");
    expect(await authorizations()).toBe(0);
  });
});

describe("a session's lifetime", () => {
  test("a sign-in lasts Discord's access token's 7 days, then the page asks to sign in again", async () => {
    const alice = await signIn(world, IDS.alice);
    const mine = `${server}/members/${IDS.alice}`;
    world.clock.advance(SESSION_MS - 60_000);
    expect((await alice.get(mine)).status).toBe(200);
    world.clock.advance(60_000);
    const expired = await alice.get(mine);
    expect({
      status: expired.status,
      signIn: (await expired.text()).includes("/dashboard/sign-in?next="),
    }).toEqual({
      status: 200,
      signIn: true,
    });
  });
});

describe("languages", () => {
  test("a page is in the browser's first language the catalogue has (by Accept-Language's q-values), else English", async () => {
    const heading = async (acceptLanguage: string) => {
      const page = await fetch(`${world.service.publicUrl}/dashboard`, {
        headers: { "accept-language": acceptLanguage },
      });
      return /<h1>(.*?)<\/h1>/.exec(await page.text())?.[1];
    };
    expect({
      german: await heading("de-AT,de;q=0.9,en;q=0.8"),
      polish: await heading("xx, pl;q=0.5"),
      brazilian: await heading("pt-BR"),
      none: await heading("xx"),
    }).toEqual({ german: "Anmelden", polish: "Logowanie", brazilian: "Entrar", none: "Sign in" });
  });
});

describe("the pages' headers", () => {
  test("a Content-Security-Policy without unsafe-inline or unsafe-eval, never cached; not in the OpenAPI document", async () => {
    const owner = await signIn(world, IDS.owner);
    const page = await owner.get(`${server}/whitelists/${survival}/entries`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect({
      scriptSelf: csp.includes("script-src 'self'"),
      inline: csp.includes("unsafe-inline"),
      eval: csp.includes("unsafe-eval"),
      frames: csp.includes("frame-ancestors 'none'"),
      cache: page.headers.get("cache-control"),
    }).toEqual({ scriptSelf: true, inline: false, eval: false, frames: true, cache: "no-store" });
    const openapi = await (await fetch(`${world.service.url}/swagger/json`)).text();
    expect(openapi).not.toContain("/dashboard");
  });
});

test("without DISCORD_CLIENT_SECRET, /dashboard is the API's 404 and nothing of the dashboard answers", async () => {
  const services = await testServices();
  try {
    const app = testApi(services);
    const statuses = await Promise.all(
      ["/dashboard", "/dashboard/sign-in", "/dashboard/callback?code=x&state=y"].map(
        async (path) => (await app.handle(new Request(`http://127.0.0.1${path}`))).status,
      ),
    );
    expect(statuses).toEqual([404, 404, 404]);
  } finally {
    await services.close();
  }
});

// Last: it stops the file's service.
test("shutdown ends the live log's open streams instead of waiting for them", async () => {
  const owner = await signIn(world, IDS.owner);
  const stream = await fetch(`${world.service.publicUrl}${server}/log/live`, {
    headers: { cookie: cookieHeader(owner.jar) },
  });
  expect(stream.headers.get("content-type")).toStartWith("text/event-stream");
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain(": live");
  await world.service.stop();
  let ended = false;
  while (!ended) ended = (await reader.read()).done;
  expect(ended).toBe(true);
});
