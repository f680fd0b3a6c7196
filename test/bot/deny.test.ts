import { afterEach, describe, expect, test } from "bun:test";
import { IDS, lines, PROFILES, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });

const STAFF_ONLY = "Only staff of survival (Manage Server or one of its manager roles) can do that.";

/** A world with `survival` (java nicks, managed by the staff role, granting the whitelisted role) and a log channel. */
const setup = async () => {
  world = await startWorld();
  await world.useLogChannel();
  return world.whitelist({ managerRoleIds: [IDS.staffRole], grantedRoleIds: [IDS.whitelistedRole] });
};

const logged = (title: string, predicate: (fields: Record<string, string>) => boolean = () => true) =>
  world.message(IDS.logChannel, `the "${title}" log post`, (m) =>
    m.embeds.some(
      (embed) =>
        embed.title === title &&
        predicate(Object.fromEntries((embed.fields ?? []).map((field) => [field.name, field.value]))),
    ),
  );

describe("/whitelist deny", () => {
  test("removes a manager's nick (origin staff, roles back, logged), then refuses it on every way in", async () => {
    const survival = await setup();
    await world.command(IDS.manager, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: PROFILES.jeb.name },
    });
    await world.roles(IDS.manager, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));

    const reply = await wl(IDS.owner, "deny", {
      whitelist: "survival",
      nick: "JEB_",
      reason: "alt of a *banned* player",
    });
    expect(lines(reply)).toEqual([
      "⛔ **jeb\\_** is now denied on **survival**: alt of a \\*banned\\* player. Registering it is refused, for " +
        "members and staff alike.",
      `It was on the whitelist (**jeb\\_**, for <@${IDS.manager}>) and has been removed; roles given for it are taken back.`,
      "Its premium account is denied too (UUID `853c80ef-3c37-49fd-aa49-938b674adae6`), whatever it is renamed to.",
      "Undo with `/whitelist undeny whitelist:survival nick:jeb_`.",
    ]);
    expect(await world.services.entries.list(survival.id)).toEqual([]);
    await world.roles(IDS.manager, "the role taken back", (roles) => !roles.includes(IDS.whitelistedRole));
    await logged(
      "Nick removed",
      (fields) => fields.Origin === "staff" && fields.Member === `<@${IDS.manager}>`,
    );
    await logged("Nick denied", (fields) => fields.Reason === "alt of a \\*banned\\* player");

    const refused = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "jeb_" },
    });
    expect(lines(refused)).toEqual([
      "⛔ Staff have denied jeb\\_ on survival. Reason: alt of a \\*banned\\* player",
      "Register another nick, or ask staff if you think this is a mistake.",
    ]);
    const added = await wl(IDS.manager, "add", { whitelist: "survival", member: IDS.alice, nick: "Jeb_" });
    expect(lines(added)).toEqual([
      "⛔ jeb\\_ is denied on survival. Reason: alt of a \\*banned\\* player",
      "Lift it first with /whitelist undeny if it should be registered.",
    ]);
    expect(await world.services.entries.list(survival.id)).toEqual([]);

    const lifted = await wl(IDS.manager, "undeny", { whitelist: "survival", nick: "JEB_" });
    expect(lifted.content).toBe(
      "✅ **jeb\\_** may be registered on **survival** again. Nothing was added back: its owner registers it " +
        "again with `/register`, or staff with `/whitelist add`.",
    );
    await logged("Nick allowed again");
    await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "jeb_" } });
    expect(
      (await world.services.entries.list(survival.id)).map((entry) => [entry.nick, entry.userId]),
    ).toEqual([["jeb_", IDS.alice]]);
  });

  test("a nick posted in a message-mode channel is refused with the reason too", async () => {
    // Created before the bot starts, so it connects asking for Message Content.
    world = await startWorld({
      prepare: (services) =>
        services.whitelists.create({
          guildId: IDS.guild,
          name: "chat",
          channelId: IDS.general,
          nickType: "java",
          registrationMode: "message",
        }),
    });
    const chat = await world.services.whitelists.find(IDS.guild, "chat");
    if (!chat) throw new Error("no chat whitelist");
    await wl(IDS.owner, "deny", { whitelist: "chat", nick: "Cracked_1", reason: "spam bot" });
    await world.say(IDS.alice, IDS.general, "cracked_1");
    const answered = await world.message(
      IDS.general,
      "the refusal",
      (m) => m.authorId === IDS.bot && m.content.startsWith("⛔"),
    );
    expect(answered.content).toBe(
      "⛔ Staff have denied Cracked\\_1 on chat. Reason: spam bot\n" +
        "Register another nick, or ask staff if you think this is a mistake.",
    );
    expect(await world.services.entries.list(chat.id)).toEqual([]);
  });

  test("Mojang down: the nick is denied by name only, and the reply says so", async () => {
    const survival = await setup();
    world.mojang.setMode("down");
    const reply = await wl(IDS.owner, "deny", { whitelist: "survival", nick: "Notch" });
    expect(lines(reply)).toEqual([
      "⛔ **Notch** is now denied on **survival** (no reason given). Registering it is refused, for members and " +
        "staff alike.",
      "⚠️ Mojang could not be reached, so Notch is denied by name only: run this again later to deny its account " +
        "too, whatever it is renamed to.",
      "Undo with `/whitelist undeny whitelist:survival nick:Notch`.",
    ]);
    expect(await world.services.denials.findTyped(survival, "notch")).toEqual(
      expect.objectContaining({ nick: "Notch", uuid: null, reason: null }),
    );
  });

  test("bad input: an invalid nick, a nick not denied, a member who is not staff", async () => {
    const survival = await setup();
    expect((await wl(IDS.owner, "deny", { whitelist: "survival", nick: "not a nick!" })).content).toBe(
      "“not a nick!” is not a valid nick. A Minecraft Java nick is 3-16 characters: letters A-Z, digits 0-9 and " +
        "`_`, without spaces. Check the spelling and try again.",
    );
    expect((await wl(IDS.owner, "undeny", { whitelist: "survival", nick: "Notch" })).content).toBe(
      "Notch is not denied on survival; there is nothing to lift.",
    );
    expect((await wl(IDS.alice, "deny", { whitelist: "survival", nick: "Notch" })).content).toBe(STAFF_ONLY);
    expect((await wl(IDS.alice, "undeny", { whitelist: "survival", nick: "Notch" })).content).toBe(
      STAFF_ONLY,
    );
    expect((await world.services.denials.list(survival.id, 10)).total).toBe(0);
  });
});

describe("/whitelist show and the deny list", () => {
  test("staff see at most ten denied nicks with their reasons, then how many more; members a count", async () => {
    const survival = await setup();
    for (let i = 0; i < 12; i++) {
      await world.services.denials.deny({
        guildId: IDS.guild,
        whitelist: survival.id,
        nick: `Denied_${String(i).padStart(2, "0")}`,
        reason: i === 0 ? "griefing" : null,
        actor: { userId: IDS.owner, roleIds: [], canManageGuild: true },
      });
    }
    const field = async (userId: string) => {
      const [embed] = (await wl(userId, "show", { whitelist: "survival" })).embeds;
      return embed?.fields?.find((f) => f.name === "Denied nicks")?.value;
    };
    expect(await field(IDS.manager)).toBe(
      [
        "12 nicks:",
        "• `Denied_00`: griefing",
        ...Array.from({ length: 9 }, (_, i) => `• \`Denied_0${i + 1}\``),
        "… and 2 more (one at a time: `/whitelist whois`)",
      ].join("\n"),
    );
    expect(await field(IDS.bob)).toBe("12 nicks; staff see which.");
  });

  test("long reasons are cut so the field stays within Discord's 1,024 characters", async () => {
    const survival = await setup();
    for (let i = 0; i < 10; i++) {
      await world.services.denials.deny({
        guildId: IDS.guild,
        whitelist: survival.id,
        nick: `Denied_${i}`,
        reason: "*".repeat(200),
        actor: { userId: IDS.owner, roleIds: [], canManageGuild: true },
      });
    }
    const [embed] = (await wl(IDS.owner, "show", { whitelist: "survival" })).embeds;
    const value = embed?.fields?.find((f) => f.name === "Denied nicks")?.value ?? "";
    const shown = value.split("\n").filter((line) => line.startsWith("•")).length;
    expect({
      withinLimit: value.length <= 1024,
      cut: value.split("\n")[1]?.endsWith("…"),
      tail: value.split("\n").at(-1),
    }).toEqual({
      withinLimit: true,
      cut: true,
      tail: `… and ${10 - shown} more (one at a time: \`/whitelist whois\`)`,
    });
  });
});
