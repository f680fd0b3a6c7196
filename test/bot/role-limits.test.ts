import { afterEach, describe, expect, test } from "bun:test";
import { unescaped } from "../helpers/markdown.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Nick limits by role through the real bot: `/whitelist roles limit:<role>=<n>`, then members registering.

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

async function limitWorld() {
  world = await startWorld();
  const survival = await world.whitelist({ nickType: "offline", maxNicksPerUser: 1 });
  return { w: world, survival };
}

const roles = (w: World, options: Record<string, unknown>) =>
  w.command(IDS.owner, "whitelist", { subcommand: "roles", options: { whitelist: "survival", ...options } });

const register = (w: World, userId: string, nick: string) =>
  w.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });

const limitsOf = async (w: World, whitelistId: string) =>
  (await w.services.whitelists.get(whitelistId))?.roleLimits;

describe("nick limits by role", () => {
  test("set by mention or name, the highest of a member's roles wins, shown by /whitelist show, cleared with none", async () => {
    const { w, survival } = await limitWorld();
    await roles(w, { limit: `<@&${IDS.playerRole}>=3` });
    const reply = await roles(w, { limit: "@whitelisted = 2" });
    expect(lines(reply)).toContain(
      `• Nick limits by role: <@&${IDS.playerRole}> 3, <@&${IDS.whitelistedRole}> 2 (a member gets their ` +
        "roles' highest; 1 without any, max-nicks)",
    );
    expect(await limitsOf(w, survival.id)).toEqual({ [IDS.playerRole]: 3, [IDS.whitelistedRole]: 2 });

    // Alice holds the player role and, once registered, the whitelisted one: 3 is the highest.
    for (const nick of ["alice_1", "alice_2", "alice_3"]) {
      expect(unescaped((await register(w, IDS.alice, nick)).content)).toStartWith(`✅ **${nick}**`);
    }
    expect((await register(w, IDS.alice, "alice_4")).content).toBe(
      "You already have 3 nicks on survival, the most allowed (3). Remove one with /unregister first.",
    );
    // Bob holds none of them: the whitelist's max-nicks.
    await register(w, IDS.bob, "bob_1");
    expect((await register(w, IDS.bob, "bob_2")).content).toStartWith(
      "You already have 1 nick on survival, the most allowed (1).",
    );

    const shown = await w.command(IDS.bob, "whitelist", {
      subcommand: "show",
      options: { whitelist: "survival" },
    });
    expect(shown.embeds[0]?.fields?.find((field) => field.name === "Nick limits by role")?.value).toBe(
      `<@&${IDS.playerRole}> 3, <@&${IDS.whitelistedRole}> 2 (a member gets their roles' highest; 1 without ` +
        "any, max-nicks)",
    );

    await roles(w, { limit: `${IDS.playerRole}=none` });
    expect(await limitsOf(w, survival.id)).toEqual({ [IDS.whitelistedRole]: 2 });
    await roles(w, { clear: "limits" });
    expect(await limitsOf(w, survival.id)).toEqual({});
  });

  test.each([
    [
      "a role the server does not have, by name",
      "Ghosts=2",
      "There is no role “Ghosts” on this server, so no limit was set. Pick it by its mention (type @ and its name), " +
        "its id, or its exact name.",
    ],
    [
      "a role the server does not have, by mention",
      "<@&149999999999999999>=2",
      "There is no role with the id 149999999999999999 on this server, so no limit was set.",
    ],
    [
      "@everyone",
      "@everyone=2",
      // A service's refusal is a catalogue text: its template's markdown shows as such, its parameters escaped.
      "@everyone cannot have a nick limit of its own: every member holds it. Set the limit for everyone with " +
        "`/whitelist edit max-nicks`.",
    ],
    ["@everyone by its id", `${IDS.guild}=2`, "@everyone cannot have a nick limit of its own"],
    ["zero", `<@&${IDS.playerRole}>=0`, "A role's nick limit is a whole number from 1 to 100 (got 0)."],
    [
      "a negative number",
      `<@&${IDS.playerRole}>=-3`,
      // A parameter is escaped on its own: a leading "-" could start a list.
      "A role's nick limit is a whole number from 1 to 100 (got \\-3).",
    ],
    [
      "more than 100",
      `<@&${IDS.playerRole}>=1000`,
      "A role's nick limit is a whole number from 1 to 100 (got 1000).",
    ],
    [
      "not a number",
      `<@&${IDS.playerRole}>=lots`,
      "A role's nick limit is a whole number from 1 to 100, or none to clear it; “lots” is neither.",
    ],
    ["no =", "Player", "Write a role's nick limit as `<role>=<number>` (1-100), e.g. `@Donor=3`"],
  ])("refuses %s with a clear reply and stores nothing", async (_what, limit, message) => {
    const { w, survival } = await limitWorld();
    await roles(w, { limit: `<@&${IDS.staffRole}>=4` });
    const reply = await roles(w, { "add-granted": IDS.whitelistedRole, limit });
    expect(reply.content).toStartWith(message);
    expect(await limitsOf(w, survival.id)).toEqual({ [IDS.staffRole]: 4 });
    // Nothing else of the same command was stored either.
    expect((await w.services.whitelists.get(survival.id))?.grantedRoleIds).toEqual([]);
  });

  test("a deleted role's limit can still be cleared by its id, but not set", async () => {
    const { w, survival } = await limitWorld();
    await roles(w, { limit: `<@&${IDS.vipRole}>=5` });
    await w.control("DELETE", `/roles/${IDS.vipRole}`);
    await w.waitFor("the bot to forget the role", async () => {
      return !w.bot.client.guilds.cache.get(IDS.guild)?.roles.cache.has(IDS.vipRole);
    });
    expect((await roles(w, { limit: `${IDS.vipRole}=2` })).content).toStartWith(
      `There is no role with the id ${IDS.vipRole} on this server`,
    );
    expect(await limitsOf(w, survival.id)).toEqual({ [IDS.vipRole]: 5 });
    await roles(w, { limit: `${IDS.vipRole}=none` });
    expect(await limitsOf(w, survival.id)).toEqual({});
  });

  test("staff read the roles, the limits and a refusal in their own language", async () => {
    const { w } = await limitWorld();
    await w.control("POST", `/members/${IDS.owner}/locale`, { locale: "de" });
    expect(lines(await roles(w, {}))).toEqual(
      expect.arrayContaining([
        "Rollen von **survival**:",
        "• Nick-Limits nach Rolle: keine (jedes Mitglied: 1, max-nicks)",
      ]),
    );
    expect((await roles(w, { limit: "@nobody=2" })).content).toStartWith(
      "Auf diesem Server gibt es keine Rolle „@nobody“, also wurde kein Limit gesetzt.",
    );
  });
});
