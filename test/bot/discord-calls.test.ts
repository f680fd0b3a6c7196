import { afterEach, describe, expect, test } from "bun:test";
import type { RestExchange } from "../../src/sandbox/discord/index.ts";
import { restRoutes } from "../../src/sandbox/discord/rest/index.ts";
import { matchRoute, pathSegments } from "../../src/sandbox/discord/router.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { unescaped } from "../helpers/markdown.ts";
import { IDS, PROFILES, startWorld, type World } from "./world.ts";

// What the bot asks of Discord for each thing members and staff do, counted by route in the sandbox, and what
// happens when Discord's role bucket is full: all under Discord's limits (the sandbox's defaults, or smaller).

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

/** `METHOD /pattern` of an exchange, as the sandbox's routes spell it. */
function routeOf(exchange: RestExchange): string {
  const segments = pathSegments(exchange.path.replace(/^\/api\/v10/, ""));
  const found = segments ? matchRoute(restRoutes, exchange.method, segments) : null;
  return `${exchange.method} ${found ? found.route.pattern : exchange.path}`;
}

/** A world whose sandbox records every exchange; `since()` gives the routes called since the last call. */
async function countingWorld(options: Parameters<typeof startWorld>[0] = {}) {
  const exchanges: RestExchange[] = [];
  const w = await startWorld({
    ...options,
    // The exchanges are counted here; the contract is checked by the conformance tour.
    contract: false,
    sandbox: { ...options.sandbox, observe: (exchange) => exchanges.push(exchange) },
  });
  world = w;
  let from = 0;
  return {
    w,
    exchanges,
    /** The routes called since the last `since`, sorted (their order depends on timing). */
    since() {
      const routes = exchanges.slice(from).map(routeOf).sort();
      from = exchanges.length;
      return routes;
    },
  };
}

const CALLBACK = "POST /interactions/:id/:token/callback";
const ROLE_PUT = "PUT /guilds/:guild/members/:user/roles/:role";
const ROLE_DELETE = "DELETE /guilds/:guild/members/:user/roles/:role";
const POST = "POST /channels/:channel/messages";

describe("calls per flow, at the minimum Discord needs", () => {
  test("a registration is one reply, one role, one log post; a removal one reply, one role, one log post", async () => {
    const { w, since } = await countingWorld();
    await w.useLogChannel();
    await w.whitelist({ nickType: "offline", grantedRoleIds: [IDS.whitelistedRole] });
    since();

    const reply = await w.command(IDS.bob, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "bob_mc" },
    });
    // Answered directly: no deferral, no edit, no read of the member the interaction already carries.
    expect({ deferred: reply.deferred, first: reply.content.split("\n")[0] }).toEqual({
      deferred: false,
      first: "✅ **bob\\_mc** is on **survival**. You can join the server now.",
    });
    await w.roles(IDS.bob, "the role", (roles) => roles.includes(IDS.whitelistedRole));
    await w.message(IDS.logChannel, "the log post", (m) => m.embeds.some((e) => e.title === "Nick added"));
    expect(since()).toEqual([CALLBACK, POST, ROLE_PUT].sort());

    await w.command(IDS.bob, "unregister", { channelId: IDS.survivalChannel, options: { nick: "bob_mc" } });
    await w.roles(IDS.bob, "the role taken back", (roles) => roles.length === 0);
    await w.message(IDS.logChannel, "the log post", (m) => m.embeds.some((e) => e.title === "Nick removed"));
    expect(since()).toEqual([CALLBACK, POST, ROLE_DELETE].sort());
  });

  test("an approval reads no member the gateway already knows: the click's update, the notice, the role, the log", async () => {
    const { w, since } = await countingWorld();
    await w.useLogChannel();
    await w.whitelist({
      registrationMode: "approval",
      grantedRoleIds: [IDS.whitelistedRole],
      managerRoleIds: [IDS.staffRole],
    });
    await w.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "jeb_" } });
    const post = await w.message(IDS.logChannel, "the request", (m) => m.components.length > 0);
    const request = await w.registrationRequest();
    since();

    const decided = await w.click(IDS.manager, post.id, `approval:approve:${request.id}`);
    expect(decided.embeds[0]?.title).toBe("Request approved");
    await w.roles(IDS.alice, "the role", (roles) => roles.includes(IDS.whitelistedRole));
    await w.message(IDS.logChannel, "the log post", (m) => m.embeds.some((e) => e.title === "Nick added"));
    await w.message(IDS.survivalChannel, "the notice", (m) =>
      unescaped(m.content).includes(PROFILES.jeb.name),
    );
    // Before: a deferral and an edit of the post, and the member fetched twice (the click, then the grant).
    expect(since()).toEqual([CALLBACK, POST, POST, ROLE_PUT].sort());
  });

  test("several roles are one edit of the member, not one request each", async () => {
    const { w, since } = await countingWorld();
    await w.whitelist({ nickType: "offline", grantedRoleIds: [IDS.whitelistedRole, IDS.playerRole] });
    since();
    await w.command(IDS.bob, "register", { channelId: IDS.survivalChannel, options: { nick: "bob_mc" } });
    expect((await w.roles(IDS.bob, "both roles", (roles) => roles.length === 2)).sort()).toEqual(
      [IDS.playerRole, IDS.whitelistedRole].sort(),
    );
    expect(since()).toEqual([CALLBACK, "PATCH /guilds/:guild/members/:user"].sort());
  });
});

describe("Discord's role bucket full", () => {
  test("the member is answered at once; the role follows when the bucket lets it, never dropped, counted meanwhile", async () => {
    // The sandbox's clock stands still until the test moves it: a role bucket of one change stays full.
    const clock = manualClock(Date.UTC(2026, 10, 22, 12));
    const { w } = await countingWorld({
      sandbox: { clock, rateLimits: { buckets: { roles: { limit: 1, resetAfter: 1 } } } },
    });
    await w.whitelist({ nickType: "offline", grantedRoleIds: [IDS.whitelistedRole] });
    await w.command(IDS.bob, "register", { channelId: IDS.survivalChannel, options: { nick: "bob_mc" } });
    await w.roles(IDS.bob, "bob's role", (roles) => roles.includes(IDS.whitelistedRole));

    const reply = await w.command(IDS.carol, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "carol_mc" },
    });
    // (How to spell the offline nick in game left aside.)
    const lines = reply.content.split("\n").filter((line) => !line.startsWith("Join as exactly"));
    expect(lines.slice(0, 2)).toEqual([
      "✅ **carol\\_mc** is on **survival**. You can join the server now.",
      "Changed your mind? `/unregister nick:carol_mc` removes it.",
    ]);
    const health = async () =>
      (await (await fetch(`${w.service.url}/health`)).json()) as { roleQueue: number };
    expect({ roles: (await w.member(IDS.carol)).roleIds, queued: (await health()).roleQueue }).toEqual({
      roles: [IDS.playerRole],
      queued: 1,
    });

    clock.advance(1_000);
    expect(await w.roles(IDS.carol, "carol's role", (roles) => roles.includes(IDS.whitelistedRole))).toEqual([
      IDS.playerRole,
      IDS.whitelistedRole,
    ]);
    await w.services.grants.settled();
    expect((await health()).roleQueue).toBe(0);
  });

  test("a member edit Discord makes wait comes back to the queue, is sent again with the roles read anew, and lands", async () => {
    const clock = manualClock(Date.UTC(2026, 10, 22, 12));
    const { w, exchanges } = await countingWorld({
      sandbox: { clock, rateLimits: { buckets: { memberEdit: { limit: 1, resetAfter: 1 } } } },
    });
    await w.whitelist({ nickType: "offline", grantedRoleIds: [IDS.whitelistedRole, IDS.staffRole] });
    await w.command(IDS.bob, "register", { channelId: IDS.survivalChannel, options: { nick: "bob_mc" } });
    await w.roles(IDS.bob, "bob's roles", (roles) => roles.length === 2);

    await w.command(IDS.carol, "register", { channelId: IDS.survivalChannel, options: { nick: "carol_mc" } });
    expect(w.services.grants.queued()).toBe(1);
    // A moderator takes carol's player role meanwhile: the edit, built when it goes, does not give it back.
    await w.setRoles(IDS.carol, []);
    await w.waitFor("the bot to see carol's roles", async () => {
      const member = w.bot.client.guilds.cache.get(IDS.guild)?.members.cache.get(IDS.carol);
      return member !== undefined && !member.roles.cache.has(IDS.playerRole);
    });
    clock.advance(1_000);
    expect(
      (await w.roles(IDS.carol, "carol's roles", (roles) => roles.includes(IDS.staffRole))).sort(),
    ).toEqual([IDS.whitelistedRole, IDS.staffRole].sort());
    await w.services.grants.settled();
    const edits = exchanges.filter((e) => e.method === "PATCH" && e.path.endsWith(`/members/${IDS.carol}`));
    expect(edits.at(-1)?.status).toBe(200);
    expect(w.services.grants.queued()).toBe(0);
  });
});
