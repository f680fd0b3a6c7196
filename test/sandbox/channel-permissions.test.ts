import { afterEach, describe, expect, test } from "bun:test";
import {
  AttachmentBuilder,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  type Message,
  PermissionFlagsBits,
  type TextChannel,
} from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { control, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

// What Discord checks in a channel that a kind fake forgets (Discord's API reference: Get Channel Message(s), Create
// Message, Create Reaction, and its JSON error codes), each through the real discord.js client: View Channel to read
// or touch a channel at all (50001), Read Message History to read messages, react or reply (an empty list, 50013,
// 160002), Embed Links and Attach Files to post embeds and files (50013), a reply's message still there (50035
// unless fail_if_not_exists is false), and roles an integration manages (50013).

const t = tracker();
afterEach(() => t.cleanup());

const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessages];

/** Denies `permission` to the bot's role in #general, as an admin's Edit Channel → Permissions does. */
const denyBot = (sandbox: SandboxDiscord, permission: bigint) =>
  control(sandbox, "PUT", `/channels/${IDS.general}/overwrites/${IDS.botRole}`, {
    type: "role",
    deny: String(permission),
  });

/** A connected client, #general, and a message alice posted there (as the bot saw it). */
async function setup(deny?: bigint) {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, INTENTS);
  const guild = await login(client);
  const channel = guild.channels.cache.get(IDS.general) as TextChannel;
  const seen = nextEvent(client, Events.MessageCreate, (message) => message.author.id === IDS.alice);
  await control(sandbox, "POST", "/messages", {
    userId: IDS.alice,
    channelId: IDS.general,
    content: "Notch",
  });
  const [message] = (await seen) as [Message];
  if (deny !== undefined) {
    const updated = nextEvent(client, Events.ChannelUpdate);
    await denyBot(sandbox, deny);
    await updated;
  }
  return { sandbox, client, channel, message };
}

/** What a refused call answered: its status and Discord's code (and the form error's path and code, if any). */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DiscordAPIError)) throw new Error(`expected a refusal, got ${String(error)}`);
  const errors = (error.rawError as { errors?: Record<string, { _errors?: { code: string }[] }> }).errors;
  const form = errors ? Object.entries(errors).map(([key, value]) => [key, value._errors?.[0]?.code]) : [];
  return { status: error.status, code: error.code, form };
}

const MISSING_ACCESS = { status: 403, code: 50001, form: [] };
const MISSING_PERMISSIONS = { status: 403, code: 50013, form: [] };

describe("sandbox channels: Discord's permission checks", () => {
  test("without View Channel every call about the channel is refused with 50001 Missing Access", async () => {
    const { client, channel, message } = await setup(PermissionFlagsBits.ViewChannel);
    expect([
      await refusal(channel.send("hello")),
      await refusal(client.channels.fetch(IDS.general, { force: true })),
      await refusal(channel.messages.fetch({ limit: 10 })),
      await refusal(channel.messages.fetch({ message: message.id, force: true })),
      await refusal(message.react("✅")),
    ]).toEqual([MISSING_ACCESS, MISSING_ACCESS, MISSING_ACCESS, MISSING_ACCESS, MISSING_ACCESS]);
  });

  test("without Read Message History: no messages to read, no reaction, no reply (160002); a plain post still goes", async () => {
    const { channel, message } = await setup(PermissionFlagsBits.ReadMessageHistory);
    expect((await channel.messages.fetch({ limit: 10 })).size).toBe(0);
    expect(await refusal(channel.messages.fetch({ message: message.id, force: true }))).toEqual(
      MISSING_ACCESS,
    );
    expect(await refusal(message.react("✅"))).toEqual(MISSING_PERMISSIONS);
    expect(await refusal(message.reply("registered"))).toEqual({ status: 403, code: 160002, form: [] });
    expect((await channel.send("registered")).content).toBe("registered");
  });

  test("without Add Reactions the first reaction of an emoji is refused", async () => {
    const { message } = await setup(PermissionFlagsBits.AddReactions);
    expect(await refusal(message.react("✅"))).toEqual(MISSING_PERMISSIONS);
  });

  test("without Embed Links an embed alone is refused, and beside text it is dropped", async () => {
    const { sandbox, channel } = await setup(PermissionFlagsBits.EmbedLinks);
    const embed = new EmbedBuilder().setTitle("Nick added");
    expect(await refusal(channel.send({ embeds: [embed] }))).toEqual(MISSING_PERMISSIONS);
    const posted = await channel.send({ content: "Notch", embeds: [embed] });
    expect(sandbox.state.messages.get(posted.id)?.embeds).toEqual([]);
    expect(await refusal(posted.edit({ content: "", embeds: [embed] }))).toEqual({
      status: 400,
      code: 50006,
      form: [],
    });
  });

  test("without Attach Files a file is refused", async () => {
    const { channel } = await setup(PermissionFlagsBits.AttachFiles);
    const file = new AttachmentBuilder(Buffer.from("Notch\n"), { name: "nicks.txt" });
    expect(await refusal(channel.send({ content: "the list", files: [file] }))).toEqual(MISSING_PERMISSIONS);
  });

  test("a reply refers to its message; to a deleted one it is refused, unless it may be posted plain", async () => {
    const { sandbox, client, channel, message } = await setup();
    const reply = await message.reply("registered");
    expect([reply.reference?.messageId, sandbox.state.messages.get(reply.id)?.referenceId]).toEqual([
      message.id,
      message.id,
    ]);
    const gone = nextEvent(client, Events.MessageDelete, (deleted) => deleted.id === message.id);
    await control(sandbox, "DELETE", `/channels/${IDS.general}/messages/${message.id}`);
    await gone;
    expect(await refusal(message.reply("registered"))).toEqual({
      status: 400,
      code: 50035,
      form: [["message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE"]],
    });
    expect(await refusal(message.react("✅"))).toEqual({ status: 404, code: 10008, form: [] });
    const plain = await message.reply({ content: "registered", failIfNotExists: false });
    expect([plain.reference, sandbox.state.messages.get(plain.id)?.referenceId]).toEqual([null, null]);
    expect((await channel.messages.fetch({ limit: 1 })).first()?.id).toBe(plain.id);
  });

  test("a member's message deleted the moment it is posted: the bot hears of it, then of its deletion", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, INTENTS);
    await login(client);
    const created = nextEvent(client, Events.MessageCreate, (message) => message.author.id === IDS.alice);
    const deleted = nextEvent(client, Events.MessageDelete);
    const { body } = await control(sandbox, "POST", "/messages", {
      userId: IDS.alice,
      channelId: IDS.general,
      content: "Notch",
      deletedAtOnce: true,
    });
    const id = String(body.id);
    expect([(await created)[0].id, (await deleted)[0].id, sandbox.state.messages.has(id)]).toEqual([
      id,
      id,
      false,
    ]);
  });
});

describe("sandbox roles: a role an integration manages", () => {
  test("nobody may give or take it, whatever the bot's place and permissions: 50013", async () => {
    const sandbox = await t.sandbox();
    await control(sandbox, "PATCH", `/roles/${IDS.playerRole}`, { managed: true });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${sandbox.apiUrl}/v10/guilds/${IDS.guild}${path}`, {
        method,
        headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({
        status: response.status,
        body: await response.json().catch(() => null),
      }));
    const refused = { status: 403, body: { message: "Missing Permissions", code: 50013 } };
    expect([
      await call("PUT", `/members/${IDS.bob}/roles/${IDS.playerRole}`),
      await call("DELETE", `/members/${IDS.alice}/roles/${IDS.playerRole}`),
      await call("PATCH", `/members/${IDS.bob}`, { roles: [IDS.playerRole] }),
    ]).toEqual([refused, refused, refused]);
    expect([
      sandbox.state.members.get(IDS.alice)?.roleIds,
      sandbox.state.members.get(IDS.bob)?.roleIds,
    ]).toEqual([[IDS.playerRole], []]);
  });
});
