import { afterEach, describe, expect, test } from "bun:test";
import { reconcileMembers } from "../../src/bot/events/reconcile.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { atScale } from "../helpers/floors.ts";
import { seedEntries } from "../helpers/services.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

const ROLE_ROUTE = "/guilds/:guild/members/:user/roles/:role";

const register = (userId: string, nick: string) =>
  world.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });

const unregister = (userId: string, nick: string) =>
  world.command(userId, "unregister", { channelId: IDS.survivalChannel, options: { nick } });

describe("role changes on Discord's bad days", () => {
  test("a registration whose role PUT is rate limited twice still completes and the member gets the role", async () => {
    world = await startWorld();
    const wl = await world.whitelist({ grantedRoleIds: [IDS.whitelistedRole] });
    // discord.js waits out retry_after (50 ms) itself, twice, then sends the PUT again.
    await world.control("POST", "/rate-limits", {
      method: "PUT",
      route: ROLE_ROUTE,
      times: 2,
      retryAfter: 0.05,
    });
    const reply = await register(IDS.bob, "bob_mc");
    expect(reply.content.split("\n")[0]).toBe(
      "✅ **bob\\_mc** is on **survival**. You can join the server now.",
    );
    expect(reply.content).not.toContain("could not give");
    // The answer came first; the role follows once Discord lets it through.
    expect(await world.roles(IDS.bob, "the role given", (roleIds) => roleIds.length > 0)).toEqual([
      IDS.whitelistedRole,
    ]);
    await world.services.grants.settled();
    expect(await world.services.entries.list(wl.id)).toEqual([
      expect.objectContaining({ nick: "bob_mc", grantedRoleIds: [IDS.whitelistedRole] }),
    ]);
    expect(await world.control("GET", "/rate-limits")).toEqual([
      expect.objectContaining({ remaining: 0, hits: 2 }),
    ]);
  });

  test("one of two roles refused: the entry stands, both are told, and a removal takes back only what was given", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const wl = await world.whitelist({ grantedRoleIds: [IDS.whitelistedRole, IDS.vipRole] });
    const reply = await register(IDS.bob, "bob_mc");
    // Answered first; the answer then says which role Discord refused (and, between, how to spell the offline nick
    // in game).
    const answer = await world.answerText(reply, "the roles refused in the answer", (text) =>
      text.includes("could not give"),
    );
    expect(answer.split("\n").filter((line) => !line.startsWith("Join as exactly"))).toEqual([
      "✅ **bob\\_mc** is on **survival**. You can join the server now.",
      `I could not give you <@&${IDS.vipRole}>; staff have been told and will sort it out.`,
      "Changed your mind? `/unregister nick:bob_mc` removes it.",
    ]);
    expect(await world.services.entries.list(wl.id)).toEqual([
      expect.objectContaining({ nick: "bob_mc", grantedRoleIds: [IDS.whitelistedRole] }),
    ]);
    const told = await world.message(IDS.logChannel, "the grant failure", (m) =>
      m.embeds.some((embed) => embed.title === "Could not grant roles"),
    );
    expect(told.embeds[0]?.description).toContain(`<@&${IDS.vipRole}>: missing permission`);
    // Staff give bob the VIP role by hand: it is his own now, not the bot's.
    await world.setRoles(IDS.bob, [IDS.whitelistedRole, IDS.vipRole]);
    await unregister(IDS.bob, "bob_mc");
    expect(await world.roles(IDS.bob, "the granted role taken back", (roles) => roles.length === 1)).toEqual([
      IDS.vipRole,
    ]);
    await world.services.reverter.settled();
    await world.message(IDS.logChannel, "the removal posted", (m) =>
      m.embeds.some((embed) => embed.title === "Nick removed"),
    );
    // Taking VIP back would have failed (it sits above the bot) and been reported: the bot never tried.
    const titles = (await world.messages(IDS.logChannel)).flatMap((m) =>
      m.embeds.map((embed) => embed.title),
    );
    expect(titles.filter((title) => title?.startsWith("Could not"))).toEqual(["Could not grant roles"]);
    expect(titles).toContain("Nick removed");
  });
});

describe("a role an integration manages", () => {
  test("is given by nobody: staff are told so and to choose another role, not to move the bot's role up", async () => {
    world = await startWorld();
    await world.useLogChannel();
    // Below the bot's role, which holds Manage Roles: only being managed stops it (a booster role, a bot's role).
    const updated = world.waitFor("the role update", async () =>
      world.bot.client.guilds.cache.get(IDS.guild)?.roles.cache.get(IDS.playerRole)?.managed === true
        ? true
        : null,
    );
    await world.control("PATCH", `/roles/${IDS.playerRole}`, { managed: true });
    await updated;
    await world.whitelist({ grantedRoleIds: [IDS.playerRole] });
    const reply = await register(IDS.bob, "bob_mc");
    await world.answerText(reply, "the role refused in the answer", (text) =>
      text.includes(`I could not give you <@&${IDS.playerRole}>`),
    );
    const told = await world.message(IDS.logChannel, "the grant failure", (m) =>
      m.embeds.some((embed) => embed.title === "Could not grant roles"),
    );
    expect(told.embeds[0]?.description).toBe(
      `For <@${IDS.bob}> (**bob\\_mc**):\n` +
        `• <@&${IDS.playerRole}>: an integration (a bot or Server Boosting) manages this role, so no one can give ` +
        "or take it: choose another role with /whitelist roles",
    );
    expect((await world.member(IDS.bob)).roleIds).toEqual([]);
  });
});

/**
 * Entry owners the bot checks after being away: a load run (test/helpers/floors.ts, atScale), each entry written in
 * its own transaction; several times 100, Discord's limit of user_ids per member request.
 */
const OWNERS = atScale(300, 2_500);

describe("members who left while the bot was away", () => {
  test(`${OWNERS} entry owners are checked 100 at a time; exactly the departed ones lose their entries`, async () => {
    world = await startWorld();
    const wl = await world.whitelist();
    const owners = Array.from({ length: OWNERS }, (_, index) =>
      (160000000000000000n + BigInt(index)).toString(),
    );
    // They joined and some left while the bot was offline: the sandbox's state changes, no event is sent.
    for (const [index, id] of owners.entries()) {
      const user = { id, username: `player${index}`, bot: false };
      world.sandbox.state.users.set(id, user);
      world.sandbox.state.members.set(id, {
        user,
        roleIds: [],
        nick: null,
        joinedAt: new Date(0).toISOString(),
      });
    }
    await seedEntries(
      world.services,
      wl.id,
      owners.map((userId, index) => ({ nick: `player${index}`, userId, addedBy: userId })),
    );
    // Every tenth owner left, the last one too (so the last batch has a departure).
    const departed = owners.filter((_, index) => index % 10 === 3 || index === owners.length - 1);
    for (const id of departed) world.sandbox.state.members.delete(id);
    const requestsBefore = world.sandbox.gatewayStats().memberRequests;

    // What the bot runs on ready and after every resume (test/bot/gateway.test.ts drives it by a resume).
    const guild = world.bot.client.guilds.cache.get(IDS.guild);
    if (!guild) throw new Error("the bot has no guild");
    expect(await reconcileMembers(guild, { services: world.services, logger: silentLogger })).toEqual({
      left: departed.length,
      roleLost: 0,
    });

    const left = new Set(departed);
    expect((await world.services.entries.list(wl.id)).map((entry) => entry.userId).sort()).toEqual(
      owners.filter((id) => !left.has(id)).sort(),
    );
    // One opcode 8 request per 100 owners, none over Discord's limit of 100 user_ids.
    expect(world.sandbox.gatewayStats().memberRequests - requestsBefore).toBe(Math.ceil(OWNERS / 100));
  });
});
