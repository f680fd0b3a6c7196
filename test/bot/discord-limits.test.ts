import { afterEach, describe, expect, test } from "bun:test";
import { roleFailureEmbed } from "../../src/bot/log-channel.ts";
import { text } from "../../src/i18n/messages.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import { messageErrors } from "../../src/sandbox/discord/rest/limits.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { scriptLines } from "../../src/shared/script-lines.ts";
import { IDS, lineValue, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

/** Role ids the guild does not have: a whitelist may still list them (roles deleted since, or many roles). */
const roleIds = (count: number, first = 1) =>
  Array.from({ length: count }, (_, index) => String(190000000000000000n + BigInt(first + index)));

describe("the bot answers within Discord's 3 s", () => {
  test("commands that post to the log channel acknowledge first, so a slow post cannot lose a key or an answer", async () => {
    // Every post to the log channel takes Discord 3 s and a bit, on the sandbox's clock.
    const clock = manualClock();
    const observe = (exchange: { method: string; path: string }) => {
      if (exchange.method === "POST" && exchange.path === `/api/v10/channels/${IDS.logChannel}/messages`) {
        clock.advance(3_001);
      }
    };
    world = await startWorld({ sandbox: { clock, observe } });
    await world.useLogChannel();
    const staff = (command: string, subcommand: string, options: Record<string, unknown>) =>
      (world as World).command(IDS.owner, command, { subcommand, options });

    const created = await staff("server-link", "create", { name: "slow-log" });
    const id = lineValue(created, scriptLines.linkId);
    expect(lineValue(created, scriptLines.key)).toMatch(/^wls_/);
    expect((await staff("server-link", "webhook", { id })).content).toContain("removed");
    expect((await staff("server-link", "revoke", { id })).content).toContain("is revoked");
    expect((await staff("whitelist", "log-channel", { channel: IDS.logChannel })).content).toContain(
      `I log to <#${IDS.logChannel}>`,
    );
    const titles = (await world.messages(IDS.logChannel)).map((message) => message.embeds[0]?.title);
    expect(titles).toEqual(["Link key created", "Webhook removed", "Link key revoked", "Log channel"]);
  });
});

describe("the bot's messages stay within Discord's limits", () => {
  test("/whitelist show fits role lists of any length in their fields (1,024 characters)", async () => {
    world = await startWorld();
    await world.whitelist({
      requiredRoleIds: roleIds(60),
      grantedRoleIds: roleIds(60, 100),
      managerRoleIds: roleIds(3, 200),
    });
    const reply = await world.command(IDS.owner, "whitelist", {
      subcommand: "show",
      options: { whitelist: "survival" },
    });
    expect(messageErrors(reply)).toBeNull();
    const field = (name: string) =>
      reply.embeds[0]?.fields?.find((candidate) => candidate.name === name)?.value;
    expect(field("Required roles")).toEndWith(" … and 18 more.");
    expect(field("Granted roles")).toEndWith(" … and 18 more.");
    expect(field("Manager roles")).toBe(
      roleIds(3, 200)
        .map((id) => `<@&${id}>`)
        .join(", "),
    );
  });

  test("roles that could not be granted are reported in the log however many there are (4,096 characters)", async () => {
    // 90 role grants take Discord's role bucket (10 per 10 s) over a minute: about message sizes, limits off.
    world = await startWorld({ sandbox: { rateLimits: false } });
    await world.useLogChannel();
    await world.whitelist({ nickType: "offline", grantedRoleIds: roleIds(90) });
    const reply = await world.command(IDS.bob, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Steve" },
    });
    expect(reply.content).toContain("**Steve** is on **survival**");
    const report = await world.message(
      IDS.logChannel,
      "the report of the roles not granted",
      (message) => message.embeds[0]?.title === "Could not grant roles",
    );
    expect(messageErrors({ embeds: report.embeds })).toBeNull();
    expect(report.embeds[0]?.description).toMatch(/\n… and \d+ more\.$/);
  });

  test("a registration by message is answered even when the roles it could not give fill more than 2,000 characters", async () => {
    // 90 role grants take Discord's role bucket (10 per 10 s) over a minute: about message sizes, limits off.
    world = await startWorld({ sandbox: { rateLimits: false } });
    await world.command(IDS.owner, "whitelist", {
      subcommand: "create",
      options: {
        name: "chat",
        channel: IDS.survivalChannel,
        "nick-type": "offline",
        mode: "message",
        "max-nicks": 1,
      },
    });
    const chat = await world.services.whitelists.find(IDS.guild, "chat");
    await world.services.whitelists.update(chat?.id ?? "", { grantedRoleIds: roleIds(90) });
    const { id } = await world.say(IDS.alice, IDS.survivalChannel, "Steve");
    const reply = await world.message(IDS.survivalChannel, "the answer to the registration", (message) =>
      message.content.startsWith("You are registered, but I could not give you"),
    );
    expect(reply.content).toHaveLength(2000);
    expect(reply.content).toEndWith("…");
    expect(
      (await world.messages(IDS.survivalChannel)).find((message) => message.id === id)?.reactions,
    ).toEqual(["✅"]);
  });

  test("a role failure report of the most roles a guild can have fits one embed", () => {
    const failed = roleIds(250).map((roleId) => ({ roleId, reason: text("log.roleReason.unknownRole") }));
    expect(
      messageErrors({ embeds: [roleFailureEmbed(wordsFor("en"), "revoke", IDS.bob, "Steve", failed)] }),
    ).toBeNull();
  });
});
