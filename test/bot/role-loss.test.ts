import { afterEach, describe, expect, test } from "bun:test";
import { unescaped } from "../helpers/markdown.ts";
import { seedEntries } from "../helpers/services.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Access follows roles, end to end: the sandbox Discord changes members' roles and deletes roles as a server
// admin would, with the dispatches Discord sends, and the real bot reacts.

let world: World | undefined;
let socket: TestSocket | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await world?.stop();
  world = undefined;
});

/** A world with the log channel set and `survival` (offline nicks) requiring the player role. */
async function roleWorld(settings: Parameters<World["whitelist"]>[0] = {}) {
  world = await startWorld();
  await world.useLogChannel();
  const survival = await world.whitelist({
    nickType: "offline",
    maxNicksPerUser: 2,
    requiredRoleIds: [IDS.playerRole],
    grantedRoleIds: [IDS.whitelistedRole],
    managerRoleIds: [IDS.staffRole],
    ...settings,
  });
  return { w: world, survival };
}

const register = async (w: World, userId: string, nick: string) => {
  const reply = await w.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });
  expect(unescaped(reply.content)).toStartWith(`✅ **${nick}** is on **survival**`);
};

const wl = (w: World, userId: string, subcommand: string, options: Record<string, unknown>) =>
  w.command(userId, "whitelist", { subcommand, options });

const nicksOf = async (w: World, whitelistId: string) =>
  (await w.services.entries.list(whitelistId)).map((e) => e.nick);

/** The stored removals of a whitelist as `origin nick`, in order. */
const removalsOf = async (w: World, whitelistId: string) =>
  (await w.services.events.listAfter(0, { guildId: IDS.guild, whitelistId }, 1000))
    .filter((event) => event.type === "entry.removed")
    .map((event) => `${event.origin} ${event.entry.nick}`);

/** Waits until the bot's cache shows the member's roles as the sandbox set them, then for the work it started. */
async function botSees(w: World, userId: string, roleIds: string[]) {
  await w.waitFor(`the bot to see ${userId}'s roles`, async () => {
    const member = w.bot.client.guilds.cache.get(IDS.guild)?.members.cache.get(userId);
    const held = [...(member?.roles.cache.keys() ?? [])].filter((id) => id !== IDS.guild).sort();
    return JSON.stringify(held) === JSON.stringify([...roleIds].sort());
  });
  await w.bot.settled();
  await w.services.reverter.settled();
}

describe("a member who loses the required role", () => {
  test("loses their nicks at once: origin role-lost on the socket, the granted role taken back, one log post for all", async () => {
    const { w, survival } = await roleWorld();
    await register(w, IDS.alice, "alice_one");
    await register(w, IDS.alice, "alice_two");
    await register(w, IDS.carol, "carol_mc");
    socket = openSocket(w.service.url, await w.key());
    await socket.waitFor((m) => m.type === "connected");

    // A moderator takes the player role away; the role the bot granted is still there.
    await w.setRoles(IDS.alice, [IDS.whitelistedRole]);

    const removed = await Promise.all(
      ["alice_one", "alice_two"].map((nick) =>
        socket?.waitFor((m) => m.type === "entry.removed" && (m.entry as { nick: string }).nick === nick),
      ),
    );
    expect(removed.map((m) => m?.origin)).toEqual(["role-lost", "role-lost"]);
    expect(await w.roles(IDS.alice, "the granted role taken back", (roles) => roles.length === 0)).toEqual(
      [],
    );
    // One post for the member's nicks removed together, however many.
    const logged = await w.message(IDS.logChannel, "the summary of the nicks removed", (m) =>
      m.embeds.some((embed) => embed.title === "Required role lost"),
    );
    const summary = logged.embeds.find((embed) => embed.title === "Required role lost");
    expect({
      description: summary?.description,
      origin: summary?.fields?.find((field) => field.name === "Origin")?.value,
      removedOneByOne: (await w.messages(IDS.logChannel)).filter((m) =>
        m.embeds.some((embed) => embed.title === "Nick removed"),
      ),
    }).toEqual({
      description:
        `<@${IDS.alice}> no longer holds a role their whitelists require: 2 nicks removed.\n` +
        "• **alice\\_one** from **survival**\n• **alice\\_two** from **survival**",
      origin: "role lost",
      removedOneByOne: [],
    });
    await w.bot.settled();
    expect(await nicksOf(w, survival.id)).toEqual(["carol_mc"]);
    expect(await removalsOf(w, survival.id)).toEqual(["role-lost alice_one", "role-lost alice_two"]);
    // Carol's roles are untouched: she still holds the player role and what the bot granted her.
    expect((await w.member(IDS.carol)).roleIds.sort()).toEqual([IDS.playerRole, IDS.whitelistedRole].sort());
  });

  test("with on-role-loss:keep the nicks stay; switching back to remove checks the members at once", async () => {
    const { w, survival } = await roleWorld();
    await register(w, IDS.alice, "alice_mc");
    await register(w, IDS.carol, "carol_mc");
    const kept = await wl(w, IDS.owner, "edit", { whitelist: "survival", "on-role-loss": "keep" });
    expect(lines(kept)[0]).toBe("✅ **survival** now: nicks kept when members lose every required role.");

    await w.setRoles(IDS.alice, [IDS.whitelistedRole]);
    await botSees(w, IDS.alice, [IDS.whitelistedRole]);
    expect(await nicksOf(w, survival.id)).toEqual(["alice_mc", "carol_mc"]);
    expect((await w.member(IDS.alice)).roleIds).toEqual([IDS.whitelistedRole]);

    const back = await wl(w, IDS.owner, "edit", { whitelist: "survival", "on-role-loss": "remove" });
    expect(lines(back).slice(0, 2)).toEqual([
      "✅ **survival** now: nicks removed when members lose every required role.",
      "1 nick of a member holding none of its required roles was removed (origin: role lost).",
    ]);
    expect(await nicksOf(w, survival.id)).toEqual(["carol_mc"]);
    expect(await removalsOf(w, survival.id)).toEqual(["role-lost alice_mc"]);
    expect(await w.roles(IDS.alice, "the granted role taken back", (roles) => roles.length === 0)).toEqual(
      [],
    );
  });

  test("a whitelist that requires no role is never touched by role changes", async () => {
    const { w, survival } = await roleWorld({ requiredRoleIds: [] });
    await register(w, IDS.alice, "alice_mc");
    await w.setRoles(IDS.alice, []);
    await botSees(w, IDS.alice, []);
    expect(await nicksOf(w, survival.id)).toEqual(["alice_mc"]);
    expect(await removalsOf(w, survival.id)).toEqual([]);
  });

  test("adding a required role to a whitelist checks its members at once and says how many nicks went", async () => {
    const { w, survival } = await roleWorld({ requiredRoleIds: [] });
    await register(w, IDS.alice, "alice_mc");
    await register(w, IDS.bob, "bob_mc");
    const reply = await wl(w, IDS.owner, "roles", { whitelist: "survival", "add-required": IDS.playerRole });
    expect(lines(reply)).toContain(
      "1 nick of a member holding none of its required roles was removed (origin: role lost).",
    );
    expect(await nicksOf(w, survival.id)).toEqual(["alice_mc"]);
    expect(await removalsOf(w, survival.id)).toEqual(["role-lost bob_mc"]);
  });

  test("staff cannot add a nick for a member without a required role where nicks follow roles", async () => {
    const { w, survival } = await roleWorld();
    const reply = await wl(w, IDS.manager, "add", { whitelist: "survival", member: IDS.bob, nick: "bob_mc" });
    expect(reply.content).toBe(
      `That member holds none of the roles survival requires (<@&${IDS.playerRole}>), and its nicks follow ` +
        "those roles: a nick added for them would be removed at once. Give them one of the roles first, or keep " +
        "nicks on role loss with `/whitelist edit on-role-loss:keep`.",
    );
    expect(await nicksOf(w, survival.id)).toEqual([]);
    expect((await w.member(IDS.bob)).roleIds).toEqual([]);
  });
});

describe("a required role deleted from the server", () => {
  test("its holders lose their nicks (one gateway request for them); holders of another required role keep theirs", async () => {
    const { w, survival } = await roleWorld({ requiredRoleIds: [IDS.playerRole, IDS.staffRole] });
    await register(w, IDS.alice, "alice_mc");
    await w.setRoles(IDS.carol, [IDS.playerRole, IDS.staffRole]);
    await botSees(w, IDS.carol, [IDS.playerRole, IDS.staffRole]);
    await register(w, IDS.carol, "carol_mc");
    socket = openSocket(w.service.url, await w.key());
    await socket.waitFor((m) => m.type === "connected");
    const requestsBefore = w.sandbox.gatewayStats().memberRequests;

    await w.control("DELETE", `/roles/${IDS.playerRole}`);

    const removed = await socket.waitFor((m) => m.type === "entry.removed");
    expect(removed).toMatchObject({ origin: "role-lost", entry: { nick: "alice_mc" } });
    await w.bot.settled();
    await w.services.reverter.settled();
    expect(await nicksOf(w, survival.id)).toEqual(["carol_mc"]);
    expect(await removalsOf(w, survival.id)).toEqual(["role-lost alice_mc"]);
    expect(w.sandbox.gatewayStats().memberRequests - requestsBefore).toBe(1);
    expect((await w.member(IDS.alice)).roleIds).toEqual([]);
    // The whitelist still names the deleted role: it never turns into one that anyone may join.
    expect((await w.services.whitelists.get(survival.id))?.requiredRoleIds).toEqual([
      IDS.playerRole,
      IDS.staffRole,
    ]);
  });

  test("deleting a role no whitelist requires asks Discord about nobody", async () => {
    const { w, survival } = await roleWorld();
    await register(w, IDS.alice, "alice_mc");
    const requestsBefore = w.sandbox.gatewayStats().memberRequests;
    await w.control("DELETE", `/roles/${IDS.vipRole}`);
    await w.waitFor("the bot to forget the role", async () => {
      return !w.bot.client.guilds.cache.get(IDS.guild)?.roles.cache.has(IDS.vipRole);
    });
    await w.bot.settled();
    expect(w.sandbox.gatewayStats().memberRequests).toBe(requestsBefore);
    expect(await nicksOf(w, survival.id)).toEqual(["alice_mc"]);
  });
});

describe("role losses the bot did not see", () => {
  test("while it was away: found at start and removed once", async () => {
    let survivalId = "";
    world = await startWorld({
      // Before the bot starts: bob holds no role, yet owns a nick on a whitelist that requires one.
      prepare: async (services) => {
        const survival = await services.whitelists.create({
          guildId: IDS.guild,
          name: "survival",
          channelId: IDS.survivalChannel,
          nickType: "offline",
          registrationMode: "command",
          requiredRoleIds: [IDS.playerRole],
        });
        survivalId = survival.id;
        await seedEntries(services, survival.id, [
          { nick: "bob_mc", userId: IDS.bob, addedBy: IDS.bob },
          { nick: "alice_mc", userId: IDS.alice, addedBy: IDS.alice },
        ]);
      },
    });
    const w = world;
    await w.bot.settled();
    expect(await nicksOf(w, survivalId)).toEqual(["alice_mc"]);
    expect(await removalsOf(w, survivalId)).toEqual(["role-lost bob_mc"]);

    // A resume checks again: nothing more goes, nothing is published twice.
    w.sandbox.dropGateway({ resumable: true });
    await w.sandbox.waitForGatewayReady();
    await w.bot.settled();
    expect(await removalsOf(w, survivalId)).toEqual(["role-lost bob_mc"]);
  });

  test("during a gateway resume: found once the bot resumes, removed once", async () => {
    const { w, survival } = await roleWorld();
    await register(w, IDS.alice, "alice_mc");
    socket = openSocket(w.service.url, await w.key());
    await socket.waitFor((m) => m.type === "connected");
    const resumesBefore = w.sandbox.gatewayStats().resumes;

    w.sandbox.dropGateway({ resumable: true });
    await w.setRoles(IDS.alice, [IDS.whitelistedRole]);
    await w.sandbox.waitForGatewayReady();

    const removed = await socket.waitFor((m) => m.type === "entry.removed");
    expect(removed).toMatchObject({ origin: "role-lost", entry: { nick: "alice_mc" } });
    await w.bot.settled();
    await w.services.reverter.settled();
    expect(w.sandbox.gatewayStats().resumes).toBeGreaterThan(resumesBefore);
    expect(await removalsOf(w, survival.id)).toEqual(["role-lost alice_mc"]);
    expect(socket.messages.filter((m) => m.type === "entry.removed")).toHaveLength(1);
    expect(await w.roles(IDS.alice, "the granted role taken back", (roles) => roles.length === 0)).toEqual(
      [],
    );
  });
});
