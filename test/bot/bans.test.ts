import { afterEach, describe, expect, test } from "bun:test";
import { PermissionFlagsBits } from "discord.js";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Discord bans reaching the deny lists, end to end: the real discord.js bot against the sandbox, which sends bans
// as Discord does, to whom Discord sends them (docs/decisions.md, Bans).

let world: World;
afterEach(() => world?.stop());

/** Gives the bot's role `permissions` besides Manage Roles, as a server admin does in Server Settings → Roles. */
const botMay = (permissions: bigint) =>
  world.control("PATCH", `/roles/${IDS.botRole}`, {
    permissions: String(PermissionFlagsBits.ManageRoles | permissions),
  });

const register = (userId: string, nick: string) =>
  world.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });

const staff = (subcommand: string, options: Record<string, unknown>, userId: string = IDS.owner) =>
  world.command(userId, "whitelist", { subcommand, options });

describe("Discord bans reach the whitelist", () => {
  test("a ban denies the member's nicks (logged), another account cannot take them, the unban lifts them", async () => {
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({ nickType: "offline" });
    await botMay(PermissionFlagsBits.ViewAuditLog);
    const on = await staff("ban-sync", { enabled: true });
    expect(lines(on)[0]).toStartWith("✅ Ban sync is on");
    await register(IDS.alice, "Griefer_1");
    await world.control("PUT", `/bans/${IDS.alice}`, { reason: "griefing" });
    const posted = await world.message(IDS.logChannel, "the ban's post", (m) =>
      m.embeds.some((embed) => embed.title === "Member banned: nicks denied"),
    );
    expect(posted.embeds[0]?.description).toContain("• **survival**: **Griefer\\_1**");
    const refused = await world.run(IDS.bob, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "griefer_1" },
    });
    expect(JSON.stringify(refused.body)).toContain("banned on Discord");

    await world.control("DELETE", `/bans/${IDS.alice}`);
    await world.message(IDS.logChannel, "the unban's post", (m) =>
      m.embeds.some((embed) => embed.title === "Member unbanned: denials lifted"),
    );
    await register(IDS.bob, "Griefer_1");
  });

  test("the departure before the ban: the nicks it removed are denied all the same", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const wl = await world.whitelist({ nickType: "offline" });
    await botMay(PermissionFlagsBits.ViewAuditLog);
    await world.services.guilds.setBanSync(IDS.guild, true);
    await register(IDS.alice, "Griefer_1");
    await world.control("PUT", `/bans/${IDS.alice}`, { order: "remove-first" });
    await world.message(IDS.logChannel, "the ban's post", (m) =>
      m.embeds.some((embed) => embed.title === "Member banned: nicks denied"),
    );
    expect(await world.services.denials.findTyped(wl, "griefer_1")).toMatchObject({
      reason: "banned on Discord",
      bannedUserId: IDS.alice,
    });
  });

  test("without View Audit Log Discord tells the bot nothing: staff are told when they turn it on", async () => {
    world = await startWorld();
    const wl = await world.whitelist({ nickType: "offline" });
    const on = await staff("ban-sync", { enabled: true });
    expect(lines(on)).toContain(
      "⚠️ ban sync is on in Bot World, but Discord tells the bot of no ban: it lacks View Audit Log. " +
        "Fix: turn View Audit Log on for the bot's role in Server Settings → Roles.",
    );
    await register(IDS.alice, "Griefer_1");
    await world.control("PUT", `/bans/${IDS.alice}`, {});
    await world.waitFor(
      "the departure",
      async () => !(await world.services.entries.find(wl.id, "Griefer_1")),
    );
    await world.bot.settled();
    expect(await world.services.denials.findTyped(wl, "Griefer_1")).toBeUndefined();
  });
});
