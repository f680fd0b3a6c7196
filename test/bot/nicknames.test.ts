import { afterEach, describe, expect, test } from "bun:test";
import { PermissionFlagsBits } from "discord.js";
import { IDS, lines, PROFILES, startWorld, type World } from "./world.ts";

// Nicknames that follow the Minecraft name, end to end: the real discord.js bot against the sandbox, with Discord's
// rules and limits and its published contract (docs/decisions.md, Nicknames that follow the Minecraft name).

const DAY = 24 * 60 * 60_000;

let world: World;
afterEach(() => world?.stop());

/** Gives the bot's role `permissions` besides Manage Roles, as a server admin does in Server Settings → Roles. */
const botMay = (permissions: bigint) =>
  world.control("PATCH", `/roles/${IDS.botRole}`, {
    permissions: String(PermissionFlagsBits.ManageRoles | permissions),
  });

/** Waits until the member's nickname in the sandbox is `nick`. */
const nickname = (userId: string, nick: string | null) =>
  world.waitFor(`${userId}'s nickname to be ${nick}`, async () => (await world.member(userId)).nick === nick);

const register = (userId: string, nick: string) =>
  world.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });

const unregister = (userId: string, nick: string) =>
  world.command(userId, "unregister", { channelId: IDS.survivalChannel, options: { nick } });

const staff = (subcommand: string, options: Record<string, unknown>, userId: string = IDS.owner) =>
  world.command(userId, "whitelist", { subcommand, options });

describe("a member's nickname follows their Minecraft name", () => {
  test("set on registration, following a rename at Mojang, given back on removal", async () => {
    world = await startWorld();
    await world.whitelist({ nickType: "premium", nicknameTemplate: "{discord} ({mc})" });
    await botMay(PermissionFlagsBits.ManageNicknames);
    await register(IDS.alice, "notch");
    await nickname(IDS.alice, "alice (Notch)");

    world.mojang.rename(PROFILES.notch.uuid, "Notch2");
    world.clock.advance(DAY);
    expect(await world.services.renames.pass()).toMatchObject({ renamed: 1 });
    await nickname(IDS.alice, "alice (Notch2)");

    await unregister(IDS.alice, "Notch2");
    await nickname(IDS.alice, null);
    await world.services.nicknames.settled();
    expect(await world.services.nicknames.record(IDS.guild, IDS.alice)).toBeUndefined();
  });

  test("the nickname a member had comes back, and one they changed themselves is never overwritten", async () => {
    world = await startWorld();
    await world.whitelist({ nickType: "offline", maxNicksPerUser: 2, nicknameTemplate: "{mc} | {discord}" });
    await botMay(PermissionFlagsBits.ManageNicknames);
    await world.control("POST", `/members/${IDS.bob}/nick`, { nick: "Bobby" });
    await register(IDS.bob, "bob_mc");
    await nickname(IDS.bob, "bob_mc | Bobby");
    await unregister(IDS.bob, "bob_mc");
    await nickname(IDS.bob, "Bobby");

    await register(IDS.carol, "carol_mc");
    await nickname(IDS.carol, "carol_mc | carol");
    await world.control("POST", `/members/${IDS.carol}/nick`, { nick: "Carol the Builder" });
    await register(IDS.carol, "carol_alt");
    await unregister(IDS.carol, "carol_mc");
    await unregister(IDS.carol, "carol_alt");
    await world.services.nicknames.settled();
    expect((await world.member(IDS.carol)).nick).toBe("Carol the Builder");
  });

  test("a member who renames themselves just as the bot renames them keeps their own name", async () => {
    // Their rename reaches Discord a moment before the bot's (Discord has no compare-and-set): Discord applies
    // both, in that order, and sends the member updates in that order too.
    let renameFirst = false;
    world = await startWorld({
      sandbox: {
        beforeRest: async ({ method, path }) => {
          if (!renameFirst || method !== "PATCH" || !path.endsWith(`/members/${IDS.carol}`)) return;
          renameFirst = false;
          await world.control("POST", `/members/${IDS.carol}/nick`, { nick: "Carol the Builder" });
        },
      },
    });
    await world.whitelist({ nickType: "offline", maxNicksPerUser: 2, nicknameTemplate: "{mc} | {discord}" });
    await botMay(PermissionFlagsBits.ManageNicknames);
    await register(IDS.carol, "carol_mc");
    await nickname(IDS.carol, "carol_mc | carol");
    renameFirst = true;
    await register(IDS.carol, "carol_alt");
    await unregister(IDS.carol, "carol_mc");
    await world.services.nicknames.settled();
    // The bot's change overwrote hers: it gives hers back, and leaves it alone from then on.
    expect((await world.member(IDS.carol)).nick).toBe("Carol the Builder");
    expect(await world.services.nicknames.record(IDS.guild, IDS.carol)).toMatchObject({ released: true });
    await unregister(IDS.carol, "carol_alt");
    await world.services.nicknames.settled();
    expect((await world.member(IDS.carol)).nick).toBe("Carol the Builder");
    expect(await world.services.nicknames.record(IDS.guild, IDS.carol)).toBeUndefined();
  });

  test("within Discord's 32 characters: a long Discord name is cut, the Minecraft name kept whole", async () => {
    world = await startWorld();
    await world.whitelist({ nickType: "offline", nicknameTemplate: "{discord} ({mc})" });
    await botMay(PermissionFlagsBits.ManageNicknames);
    const dave = "130000000000000009";
    await world.control("POST", "/members", {
      id: dave,
      username: "dave_with_a_rather_long_name_x",
      roleIds: [],
    });
    await register(dave, "Sixteen_chars_16");
    const nick = await world.waitFor("dave's nickname", async () => (await world.member(dave)).nick);
    expect(nick).toBe("dave_with_a_… (Sixteen_chars_16)");
    expect(nick.length).toBe(32);
  });

  test("staff are told where they act: whom the bot can never rename, and a member it cannot", async () => {
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({ nickType: "offline" });
    const edited = await staff("edit", { whitelist: "survival", nickname: "{discord} ({mc})" });
    expect(lines(edited)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("members' nicknames follow **{discord} ({mc})**"),
        `Discord lets no bot rename the server's owner, nor members holding <@&${IDS.vipRole}> (at or above my role): they keep their own nicknames.`,
        expect.stringContaining(
          "survival: members' nicknames should follow their Minecraft names, but I lack Manage Nicknames",
        ),
      ]),
    );
    await botMay(PermissionFlagsBits.ManageNicknames);
    await world.setRoles(IDS.carol, [IDS.vipRole]);
    const added = await staff("add", { whitelist: "survival", member: IDS.carol, nick: "carol_mc" });
    expect(lines(added)).toContain(
      `⚠️ I can't set <@${IDS.carol}>'s nickname: their highest role is at or above mine (@whitelist-sync): ` +
        "drag @whitelist-sync above it in Server Settings → Roles.",
    );
    const own = await staff("add", { whitelist: "survival", member: IDS.owner, nick: "owner_mc" });
    expect(lines(own)).toContain(
      `⚠️ I can't set <@${IDS.owner}>'s nickname: they own the server, and Discord lets no bot change the owner's nickname.`,
    );
    await world.services.nicknames.settled();
    expect(
      (await world.services.nicknames.refused(IDS.guild))
        .map((record) => [record.userId, record.failure])
        .sort(),
    ).toEqual(
      [
        [IDS.carol, "above"],
        [IDS.owner, "owner"],
      ].sort(),
    );
    expect([(await world.member(IDS.carol)).nick, (await world.member(IDS.owner)).nick]).toEqual([
      null,
      null,
    ]);
  });

  test("without the Server Members intent the bot asks Discord, and records what Discord refuses", async () => {
    world = await startWorld({ sandbox: { privilegedIntents: { serverMembers: false } } });
    await world.whitelist({ nickType: "offline", nicknameTemplate: "{mc}" });
    await botMay(PermissionFlagsBits.ManageNicknames);
    await world.setRoles(IDS.carol, [IDS.vipRole]);
    await staff("add", { whitelist: "survival", member: IDS.carol, nick: "carol_mc" });
    await register(IDS.alice, "alice_mc");
    await nickname(IDS.alice, "alice_mc");
    await world.services.nicknames.settled();
    expect((await world.services.nicknames.refused(IDS.guild)).map((record) => record.userId)).toEqual([
      IDS.carol,
    ]);
    expect((await world.member(IDS.carol)).nick).toBeNull();
  });

  test("a transfer moves the nickname with the nick", async () => {
    world = await startWorld();
    await world.whitelist({ nickType: "offline", nicknameTemplate: "{mc}", managerRoleIds: [IDS.staffRole] });
    await botMay(PermissionFlagsBits.ManageNicknames);
    await staff("add", { whitelist: "survival", member: IDS.alice, nick: "Gift_1" }, IDS.manager);
    await nickname(IDS.alice, "Gift_1");
    await staff("transfer", { whitelist: "survival", nick: "Gift_1", member: IDS.bob }, IDS.manager);
    await nickname(IDS.bob, "Gift_1");
    await nickname(IDS.alice, null);
  });
});
