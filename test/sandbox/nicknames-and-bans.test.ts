import { afterEach, describe, expect, test } from "bun:test";
import { type Client, DiscordAPIError, Events, GatewayIntentBits, PermissionFlagsBits } from "discord.js";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, tracker } from "./helpers.ts";

// Discord's rules for a member's nickname and for bans, as the sandbox holds them (docs.discord.com: Guild
// resource, Modify Guild Member and the bans; Permissions, Permission Hierarchy; Gateway Events, Guild Ban Add).

const t = tracker();
afterEach(() => t.cleanup());

const MANAGE_ROLES = 1n << 28n;

async function connected(intents: number[] = DEFAULT_INTENTS) {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, intents);
  const guild = await login(client);
  return { sandbox, client, guild };
}

/** Gives the bot's role these permissions (besides Manage Roles) and waits until the client saw it. */
async function botMay(
  sandbox: Awaited<ReturnType<typeof connected>>["sandbox"],
  client: Client,
  permissions: bigint,
) {
  const updated = nextEvent(client, Events.GuildRoleUpdate, (_old, role) => role.id === IDS.botRole);
  const answer = await control(sandbox, "PATCH", `/roles/${IDS.botRole}`, {
    permissions: String(MANAGE_ROLES | permissions),
  });
  expect(answer.status).toBe(200);
  await updated;
}

const refusal = (promise: Promise<unknown> | undefined) =>
  (promise ?? Promise.reject(new Error("no member"))).catch((error: unknown) => error);

describe("a member's nickname, as Discord lets a bot change it", () => {
  test("without Manage Nicknames the bot is refused (50013) and nothing changes", async () => {
    const { sandbox, guild } = await connected();
    const error = await refusal(guild.members.cache.get(IDS.bob)?.setNickname("bob (Steve)"));
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ status: 403, code: 50013 });
    expect((await control(sandbox, "GET", `/members/${IDS.bob}`)).body).toMatchObject({ nick: null });
  });

  test("with it: set, sanitized as Discord does, seen as a member update, and cleared with null", async () => {
    const { sandbox, client, guild } = await connected();
    await botMay(sandbox, client, PermissionFlagsBits.ManageNicknames);
    const updated = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.alice);
    await guild.members.cache.get(IDS.alice)?.setNickname("  alice   (Notch) ");
    expect((await updated)[1].nickname).toBe("alice (Notch)");
    expect((await control(sandbox, "GET", `/members/${IDS.alice}`)).body).toMatchObject({
      nick: "alice (Notch)",
    });
    const cleared = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.alice);
    await guild.members.cache.get(IDS.alice)?.setNickname(null);
    expect((await cleared)[1].nickname).toBeNull();
  });

  test("32 characters at most: one more is Invalid Form Body (50035) naming the field", async () => {
    const { sandbox, client, guild } = await connected();
    await botMay(sandbox, client, PermissionFlagsBits.ManageNicknames);
    await guild.members.cache.get(IDS.bob)?.setNickname("b".repeat(32));
    const error = await refusal(guild.members.cache.get(IDS.bob)?.setNickname("b".repeat(33)));
    expect(error).toMatchObject({
      status: 400,
      code: 50035,
      rawError: {
        errors: {
          nick: {
            _errors: [{ code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 32 in length." }],
          },
        },
      },
    });
    expect((await control(sandbox, "GET", `/members/${IDS.bob}`)).body).toMatchObject({
      nick: "b".repeat(32),
    });
  });

  test("never the server's owner, nor a member whose highest role is at or above the bot's (50013)", async () => {
    const { sandbox, client, guild } = await connected();
    await botMay(sandbox, client, PermissionFlagsBits.ManageNicknames);
    // The staff role sits above the bot's; alice holds the bot's own role: at its level, not below.
    await control(sandbox, "POST", `/members/${IDS.bob}/roles`, { roleIds: [IDS.staffRole] });
    await control(sandbox, "POST", `/members/${IDS.alice}/roles`, { roleIds: [IDS.botRole] });
    for (const userId of [IDS.owner, IDS.bob, IDS.alice]) {
      const error = await refusal(guild.members.cache.get(userId)?.setNickname("renamed"));
      expect(error).toMatchObject({ status: 403, code: 50013 });
    }
    // Once the bot's role is moved above the staff role, bob can be renamed.
    await control(sandbox, "PATCH", `/roles/${IDS.botRole}`, { position: 3 });
    await guild.members.cache.get(IDS.bob)?.setNickname("bob (Steve)");
    expect((await control(sandbox, "GET", `/members/${IDS.bob}`)).body).toMatchObject({
      nick: "bob (Steve)",
    });
  });

  test("a member changes their own nickname through the control API, and the bot hears it", async () => {
    const { sandbox, client } = await connected();
    const updated = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await control(sandbox, "POST", `/members/${IDS.bob}/nick`, { nick: "Bobby" });
    expect((await updated)[1].nickname).toBe("Bobby");
  });
});

describe("bans, as Discord tells a bot about them", () => {
  const WITH_BANS = [...DEFAULT_INTENTS, GatewayIntentBits.GuildModeration];

  test("without Ban Members or View Audit Log the bot hears the departure but not the ban", async () => {
    const { sandbox, client } = await connected(WITH_BANS);
    const bans: string[] = [];
    client.on(Events.GuildBanAdd, (ban) => bans.push(ban.user.id));
    const left = nextEvent(client, Events.GuildMemberRemove, (member) => member.id === IDS.bob);
    expect((await control(sandbox, "PUT", `/bans/${IDS.bob}`, { reason: "griefing" })).body).toEqual({
      banned: true,
      userId: IDS.bob,
    });
    await left;
    // A later event arrives after the ban would have: none came.
    const later = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.alice);
    await control(sandbox, "POST", `/members/${IDS.alice}/roles`, { roleIds: [] });
    await later;
    expect(bans).toEqual([]);
  });

  test("with View Audit Log: the ban before the departure (or after, when asked), and the unban", async () => {
    const { sandbox, client } = await connected(WITH_BANS);
    await botMay(sandbox, client, PermissionFlagsBits.ViewAuditLog);
    const order: string[] = [];
    client.on(Events.GuildBanAdd, (ban) => order.push(`ban ${ban.user.id} ${ban.guild.id}`));
    client.on(Events.GuildMemberRemove, (member) => order.push(`left ${member.id}`));
    client.on(Events.GuildBanRemove, (ban) => order.push(`unban ${ban.user.id}`));
    const alice = nextEvent(client, Events.GuildMemberRemove, (member) => member.id === IDS.alice);
    await control(sandbox, "PUT", `/bans/${IDS.bob}`, {});
    await control(sandbox, "PUT", `/bans/${IDS.alice}`, { order: "remove-first" });
    await alice;
    const bobUnbanned = nextEvent(client, Events.GuildBanRemove, (ban) => ban.user.id === IDS.bob);
    expect((await control(sandbox, "DELETE", `/bans/${IDS.bob}`)).body).toEqual({
      unbanned: true,
      userId: IDS.bob,
    });
    await bobUnbanned;
    expect(order).toEqual([
      `ban ${IDS.bob} ${IDS.guild}`,
      `left ${IDS.bob}`,
      `left ${IDS.alice}`,
      `ban ${IDS.alice} ${IDS.guild}`,
      `unban ${IDS.bob}`,
    ]);
  });

  test("without the Guild Moderation intent no ban arrives, whatever the permissions", async () => {
    const { sandbox, client } = await connected();
    await botMay(sandbox, client, PermissionFlagsBits.BanMembers);
    const bans: string[] = [];
    client.on(Events.GuildBanAdd, (ban) => bans.push(ban.user.id));
    const left = nextEvent(client, Events.GuildMemberRemove, (member) => member.id === IDS.bob);
    await control(sandbox, "PUT", `/bans/${IDS.bob}`, {});
    await left;
    expect(bans).toEqual([]);
  });

  test("reading bans needs Ban Members; an unbanned user is Unknown Ban (10026)", async () => {
    const { sandbox, client, guild } = await connected(WITH_BANS);
    await control(sandbox, "PUT", `/bans/${IDS.bob}`, { reason: "griefing" });
    expect(await refusal(guild.bans.fetch({ user: IDS.bob, force: true }))).toMatchObject({ code: 50013 });
    await botMay(sandbox, client, PermissionFlagsBits.BanMembers);
    expect((await guild.bans.fetch({ user: IDS.bob, force: true })).reason).toBe("griefing");
    expect(await refusal(guild.bans.fetch({ user: IDS.alice, force: true }))).toMatchObject({
      status: 404,
      code: 10026,
    });
    expect([...(await guild.bans.fetch()).keys()]).toEqual([IDS.bob]);
  });
});
