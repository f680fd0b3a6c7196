import { afterEach, describe, expect, test } from "bun:test";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { unescaped } from "../helpers/markdown.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

/** A world with one whitelist (`survival`, java, command mode in #survival unless overridden). */
async function withWhitelist(input: Partial<Omit<NewWhitelist, "guildId">> = {}) {
  world = await startWorld();
  await world.useLogChannel();
  return world.whitelist(input);
}

const register = (userId: string, nick: string, options: Record<string, unknown> = {}, channelId?: string) =>
  world.command(userId, "register", {
    channelId: channelId ?? IDS.survivalChannel,
    options: { nick, ...options },
  });

/** The answer's text, after checking it is ephemeral (every answer of the bot is). */
async function said(reply: Promise<{ content: string; ephemeral: boolean }>): Promise<string> {
  const { content, ephemeral } = await reply;
  expect(ephemeral).toBe(true);
  return content;
}

describe("/register", () => {
  test("registers a non-premium java nick as typed, grants the role and says what next", async () => {
    const wl = await withWhitelist({ grantedRoleIds: [IDS.whitelistedRole] });
    expect(await said(register(IDS.bob, "bob_mc"))).toBe(
      // Escaped for Discord (bob\_mc shows as bob_mc), but not in the command to copy.
      "✅ **bob\\_mc** is on **survival**. You can join the server now.\n" +
        // Not premium: an offline-mode server lets it in under this exact spelling only.
        "Join as exactly bob\\_mc: an offline-mode server tells players apart by the letter case of their name " +
        "(BOB\\_MC would be another player, and is not let in).\n" +
        "Changed your mind? `/unregister nick:bob_mc` removes it.",
    );
    expect(await world.services.entries.list(wl.id)).toEqual([
      expect.objectContaining({
        nick: "bob_mc",
        premium: false,
        uuid: null,
        userId: IDS.bob,
        origin: "discord",
      }),
    ]);
    expect(await world.roles(IDS.bob, "the role given", (roleIds) => roleIds.length > 0)).toEqual([
      IDS.whitelistedRole,
    ]);
  });

  test("infers the whitelist from the channel, and asks which one elsewhere", async () => {
    const survival = await withWhitelist();
    await world.whitelist({ name: "creative", channelId: IDS.general });
    expect(unescaped(await said(register(IDS.bob, "bob_mc", {}, IDS.survivalChannel)))).toStartWith(
      "✅ **bob_mc** is on **survival**",
    );
    expect(
      unescaped(await said(register(IDS.carol, "carol_mc", { whitelist: survival.id }, IDS.general))),
    ).toStartWith("✅ **carol_mc** is on **survival**");
    await world.stop();
    world = await startWorld();
    await world.whitelist();
    await world.whitelist({ name: "creative" });
    expect(await said(register(IDS.bob, "bob_mc", {}, IDS.general))).toBe(
      "Which whitelist? This server has creative, survival: name one in the `whitelist` option, or run the " +
        "command in a whitelist's channel.",
    );
  });

  test("an unknown whitelist, or none at all, is explained", async () => {
    world = await startWorld();
    expect(await said(register(IDS.bob, "bob_mc"))).toBe(
      "This server has no whitelist yet. Ask staff to create one with /whitelist create.",
    );
    await world.whitelist();
    expect(await said(register(IDS.bob, "bob_mc", { whitelist: "hardcore" }))).toBe(
      "There is no whitelist “hardcore” on this server. Pick one of the names the command suggests.",
    );
  });

  test("a closed whitelist refuses", async () => {
    await withWhitelist({ enabled: false });
    expect(await said(register(IDS.alice, "alice_mc"))).toBe(
      "survival is closed for registrations right now. Ask staff when it reopens.",
    );
  });

  test("a member without a required role is told which roles", async () => {
    await withWhitelist({ requiredRoleIds: [IDS.playerRole] });
    expect(await said(register(IDS.bob, "bob_mc"))).toBe(
      `To register on survival you need one of these roles: <@&${IDS.playerRole}>. Ask staff for one, then try again.`,
    );
    expect(await said(register(IDS.alice, "alice_mc"))).toStartWith("✅");
  });

  test.each([
    ["java", "no spaces"],
    ["java", "ab"],
    ["offline", "way_too_long_for_java"],
    ["bedrock", "1Steve"],
  ] as const)("a %s whitelist refuses the nick “%s”", async (nickType, nick) => {
    const wl = await withWhitelist({ nickType });
    expect(unescaped(await said(register(IDS.alice, nick)))).toStartWith(`“${nick}” is not a valid nick.`);
    expect(await world.services.entries.list(wl.id)).toEqual([]);
  });

  test("a bedrock gamertag is stored as Floodgate names the player, its XUID asked of GeyserMC", async () => {
    const wl = await withWhitelist({ nickType: "bedrock" });
    const before = world.mojang.requests();
    expect(await said(register(IDS.alice, "Steve Jobs"))).toStartWith(
      "✅ **.Steve\\_Jobs** is on **survival**. You can join the server now.\n" +
        "That is the name Floodgate gives the gamertag Steve Jobs in game.",
    );
    expect({
      entries: (await world.services.entries.list(wl.id)).map((e) => [e.nick, e.uuid, e.premium]),
      mojang: world.mojang.requests(),
      geyser: world.geyser.requests(),
    }).toEqual({
      entries: [[".Steve_Jobs", "00000000-0000-0000-0009-01f166a329c7", false]],
      mojang: before,
      geyser: 1,
    });
    const logged = await world.message(IDS.logChannel, "the Nick added embed", (m) =>
      m.embeds.some((embed) => embed.title === "Nick added"),
    );
    expect(logged.embeds[0]?.fields?.find((field) => field.name === "Account")?.value).toBe(
      "Bedrock gamertag Steve Jobs, Floodgate UUID 00000000-0000-0000-0009-01f166a329c7",
    );
  });

  test("a gamertag no Xbox account has is refused, and GeyserMC down asks to retry; nothing stored", async () => {
    const wl = await withWhitelist({ nickType: "bedrock" });
    expect(await said(register(IDS.alice, "Nobody Here"))).toBe(
      "No Xbox account has the gamertag Nobody Here. Check the spelling on your Xbox profile and try again.",
    );
    world.geyser.setMode("down");
    expect(await said(register(IDS.alice, "Alex Pocket"))).toBe(
      "GeyserMC's gamertag lookup can't be reached right now; try again in a minute.",
    );
    expect(await world.services.entries.list(wl.id)).toEqual([]);
  });

  test("a nick already on the whitelist in any letter case is refused", async () => {
    await withWhitelist();
    await register(IDS.alice, "Notch");
    expect(await said(register(IDS.carol, "nOtCh"))).toBe(
      "Notch is already on survival. If it is yours, ask staff to check; otherwise register another nick.",
    );
  });

  test("over the per-member limit the member is told how to make room", async () => {
    await withWhitelist({ maxNicksPerUser: 1 });
    await register(IDS.alice, "alice_mc");
    expect(await said(register(IDS.alice, "alice_alt"))).toBe(
      "You already have 1 nick on survival, the most allowed (1). Remove one with /unregister first.",
    );
  });

  test("a premium whitelist refuses a non-premium account", async () => {
    await withWhitelist({ nickType: "premium" });
    expect(unescaped(await said(register(IDS.alice, "nobody_here")))).toStartWith(
      "nobody_here is not a premium (paid) Minecraft account",
    );
  });

  test("Mojang unavailable: the member is asked to try again and nothing is stored", async () => {
    const wl = await withWhitelist();
    world.mojang.setMode("down");
    expect(await said(register(IDS.alice, "Notch"))).toBe(
      "Mojang can't be reached right now; try again in a minute.",
    );
    expect(await world.services.entries.list(wl.id)).toEqual([]);
  });

  test("a role above the bot: the entry stands, the member and the log channel are told", async () => {
    const wl = await withWhitelist({ grantedRoleIds: [IDS.whitelistedRole, IDS.vipRole] });
    const reply = await register(IDS.alice, "Notch");
    expect(reply.ephemeral).toBe(true);
    // Answered as soon as the nick is stored; the answer changes once Discord refused a role.
    const content = await world.answerText(reply, "the refused role in the answer", (text) =>
      text.includes("could not give"),
    );
    expect(content.split("\n")).toEqual([
      "✅ **Notch** is on **survival**. You can join the server now.",
      `I could not give you <@&${IDS.vipRole}>; staff have been told and will sort it out.`,
      "Changed your mind? `/unregister nick:Notch` removes it.",
    ]);
    expect(await world.services.entries.list(wl.id)).toEqual([
      expect.objectContaining({ nick: "Notch", grantedRoleIds: [IDS.whitelistedRole] }),
    ]);
    expect((await world.member(IDS.alice)).roleIds.sort()).toEqual(
      [IDS.playerRole, IDS.whitelistedRole].sort(),
    );
    const logged = await world.message(IDS.logChannel, "the grant failure", (m) =>
      m.embeds.some((embed) => embed.title === "Could not grant roles"),
    );
    expect(logged.embeds[0]?.description).toBe(
      `For <@${IDS.alice}> (**Notch**):\n• <@&${IDS.vipRole}>: missing permission: give the bot Manage Roles and ` +
        "move its role above this one",
    );
    // Told once, by the log channel's one subscriber, not again by the command.
    const failures = (await world.messages(IDS.logChannel)).filter((m) =>
      m.embeds.some((embed) => embed.title === "Could not grant roles"),
    );
    expect(failures).toHaveLength(1);
  });

  test("approval mode: a second request for the same nick is refused while the first waits", async () => {
    await withWhitelist({ registrationMode: "approval" });
    expect(unescaped(await said(register(IDS.alice, "jeb_")))).toStartWith(
      "📨 Your request for **jeb_** on **survival**",
    );
    expect(await said(register(IDS.alice, "JEB_"))).toBe(
      "You already asked for JEB\\_ on survival; staff will review it soon. No need to ask again.",
    );
  });

  test("autocomplete offers the guild's whitelists filtered by what is typed", async () => {
    await withWhitelist();
    await world.whitelist({ name: "creative" });
    await world.whitelist({ name: "survival-hardcore" });
    const choices = await world.autocomplete(IDS.bob, "register", "whitelist", {
      options: { whitelist: "SURV" },
    });
    expect(choices).toEqual([
      { name: "survival", value: "survival" },
      { name: "survival-hardcore", value: "survival-hardcore" },
    ]);
  });
});

describe("/unregister", () => {
  test("removes your own nick in any letter case; the granted role goes", async () => {
    const wl = await withWhitelist({ grantedRoleIds: [IDS.whitelistedRole] });
    await register(IDS.bob, "bob_mc");
    const content = await said(
      world.command(IDS.bob, "unregister", { channelId: IDS.survivalChannel, options: { nick: "BOB_MC" } }),
    );
    expect(content).toBe(
      "🗑️ **bob\\_mc** is no longer on **survival**. Roles given for it are taken back. " +
        "Register again any time with `/register`.",
    );
    expect(await world.services.entries.list(wl.id)).toEqual([]);
    expect(await world.roles(IDS.bob, "the role reverted", (roles) => roles.length === 0)).toEqual([]);
  });

  test("someone else's nick is refused; staff may remove it", async () => {
    await withWhitelist({ managerRoleIds: [IDS.staffRole] });
    await register(IDS.alice, "alice_mc");
    const unregister = (userId: string) =>
      said(
        world.command(userId, "unregister", {
          channelId: IDS.survivalChannel,
          options: { nick: "alice_mc" },
        }),
      );
    expect(await unregister(IDS.bob)).toBe(
      "alice\\_mc on survival belongs to another member; only they or staff can remove it.",
    );
    expect(await unregister(IDS.manager)).toStartWith(
      `🗑️ **alice\\_mc** is no longer on **survival**. It belonged to <@${IDS.alice}>.`,
    );
  });

  test("an unknown nick is explained", async () => {
    await withWhitelist();
    expect(
      await said(
        world.command(IDS.bob, "unregister", { channelId: IDS.survivalChannel, options: { nick: "ghost" } }),
      ),
    ).toBe("ghost is not on survival. Check the spelling and try again.");
  });

  test("autocomplete offers the member's own nicks", async () => {
    await withWhitelist({ maxNicksPerUser: 3 });
    await register(IDS.alice, "alice_mc");
    await register(IDS.alice, "alice_alt");
    await register(IDS.carol, "carol_mc");
    expect(await world.autocomplete(IDS.alice, "unregister", "nick", { options: { nick: "alt" } })).toEqual([
      { name: "alice_alt (survival)", value: "alice_alt" },
    ]);
  });
});
