import { afterEach, expect, test } from "bun:test";
import type { TextChannel } from "discord.js";
import { guildSnapshot } from "../../src/bot/guild-snapshot.ts";
import { channelPermissions } from "../../src/setup/permissions.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Staff hear at once what would stop a whitelist working (the checks `whitelist-sync doctor` runs), where they
// act: the change still happens when it is valid, and the answer says what to fix.

let world: World;
afterEach(() => world?.stop());

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });
const SEND_MESSAGES = String(1n << 11n);
const ATTACH_FILES = String(1n << 15n);

/** Denies `deny` to the bot's role in a channel, as an admin's Edit Channel → Permissions does. */
const denyBot = (channelId: string, deny: string) =>
  world.control("PUT", `/channels/${channelId}/overwrites/${IDS.botRole}`, { type: "role", deny });

test("/whitelist create in a channel the bot may not post in: created, with the warning and its fix", async () => {
  world = await startWorld();
  await denyBot(IDS.survivalChannel, SEND_MESSAGES);
  const reply = await wl(IDS.owner, "create", {
    name: "survival",
    channel: IDS.survivalChannel,
    "nick-type": "java",
    mode: "command",
    "max-nicks": 1,
  });
  expect(await world.services.whitelists.find(IDS.guild, "survival")).toBeDefined();
  expect(lines(reply)).toContain(
    "⚠️ survival's channel #survival: I lack Send Messages there. Fix: allow Send Messages for the bot (or its " +
      "role) in #survival's Edit Channel → Permissions.",
  );
});

test("/whitelist edit to such a channel warns; a healthy edit does not", async () => {
  world = await startWorld();
  await world.whitelist();
  const healthy = await wl(IDS.owner, "edit", { whitelist: "survival", "max-nicks": 3 });
  expect(lines(healthy).filter((line) => line.startsWith("⚠️"))).toEqual([]);
  await denyBot(IDS.general, SEND_MESSAGES);
  const moved = await wl(IDS.owner, "edit", { whitelist: "survival", channel: IDS.general });
  expect((await world.services.whitelists.find(IDS.guild, "survival"))?.channelId).toBe(IDS.general);
  expect(lines(moved)).toContain(
    "⚠️ survival's channel #general: I lack Send Messages there. Fix: allow Send Messages for the bot (or its " +
      "role) in #general's Edit Channel → Permissions.",
  );
});

test("/whitelist log-channel where the bot can post but not attach files (exports): set, with the warning", async () => {
  world = await startWorld();
  await denyBot(IDS.logChannel, ATTACH_FILES);
  const reply = await wl(IDS.owner, "log-channel", { channel: IDS.logChannel });
  expect((await world.services.guilds.get(IDS.guild))?.logChannelId).toBe(IDS.logChannel);
  expect(lines(reply)).toEqual([
    `✅ I log to <#${IDS.logChannel}> from now on. Keep it visible to staff only: approval buttons live there.`,
    "⚠️ the log channel #whitelist-log: I lack Attach Files there. Fix: allow Attach Files for the bot (or its role) " +
      "in #whitelist-log's Edit Channel → Permissions.",
  ]);
});

test("/whitelist show lists the whitelist's current problems", async () => {
  world = await startWorld();
  await world.whitelist({ grantedRoleIds: [IDS.vipRole] });
  const reply = await wl(IDS.owner, "show", { whitelist: "survival" });
  const problems = reply.embeds[0]?.fields?.find((field) => field.name === "⚠️ Problems");
  expect(problems?.value).toBe(
    "⚠️ survival: I can't grant @VIP: my role is below it. Fix: drag the bot's role (@whitelist-sync) above @VIP " +
      "in Server Settings → Roles.",
  );
});

test("the checks' rule for channel permissions agrees with discord.js's permissionsFor, overwrites and all", async () => {
  world = await startWorld();
  await denyBot(IDS.survivalChannel, SEND_MESSAGES);
  await world.control("PUT", `/channels/${IDS.general}/overwrites/${IDS.guild}`, {
    type: "role",
    deny: String(1n << 10n),
  });
  await world.control("PUT", `/channels/${IDS.general}/overwrites/${IDS.bot}`, {
    type: "member",
    allow: String(1n << 10n),
  });
  await world.control("PUT", `/channels/${IDS.logChannel}/overwrites/${IDS.guild}`, {
    type: "role",
    deny: String(1n << 10n),
  });
  const guild = await world.bot.client.guilds.fetch(IDS.guild);
  // The CHANNEL_UPDATEs reached the cache before the next command; wait on the last one explicitly.
  await world.command(IDS.owner, "whitelist", { subcommand: "list" });
  const snapshot = guildSnapshot(guild);
  const me = guild.members.me;
  if (!me) throw new Error("the bot is not in the guild's cache");
  const compared = snapshot.channels.map((channel) => ({
    channel: channel.name,
    ours: channelPermissions(snapshot, channel),
    discordJs: (guild.channels.cache.get(channel.id) as TextChannel).permissionsFor(me).bitfield,
  }));
  // discord.js gives the bits the overwrites leave; Discord then denies everything implicitly without View
  // Channel (its "implicit permissions"), which the checks apply: they agree on every bit where the bot sees.
  const VIEW = 1n << 10n;
  for (const row of compared) {
    const sees = (row.discordJs & VIEW) !== 0n;
    expect({ channel: row.channel, bits: row.ours }).toEqual({
      channel: row.channel,
      bits: sees ? row.discordJs : 0n,
    });
  }
  // And the overwrites did something: a denied Send, a channel hidden from everyone but the bot, one hidden from all.
  expect(
    compared.map((row) => [row.channel, (row.ours & (1n << 11n)) !== 0n, (row.ours & (1n << 10n)) !== 0n]),
  ).toEqual([
    ["general", true, true],
    ["survival", false, true],
    ["whitelist-log", false, false],
  ]);
});
