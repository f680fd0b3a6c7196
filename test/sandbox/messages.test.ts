import { afterEach, describe, expect, test } from "bun:test";
import { AttachmentBuilder, EmbedBuilder, Events, GatewayIntentBits, type TextChannel } from "discord.js";
import { NONCE_WINDOW_MS } from "../../src/sandbox/discord/rest/nonces.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { control, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const MESSAGE_INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMembers,
  GatewayIntentBits.GuildMessages,
];

async function connected(intents: number[]) {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, intents);
  const guild = await login(client);
  const channel = guild.channels.cache.get(IDS.log) as TextChannel;
  return { sandbox, client, guild, channel };
}

/** Posts as a member and resolves with what the bot's messageCreate saw. */
async function memberSays(setup: Awaited<ReturnType<typeof connected>>, content: string) {
  const seen = nextEvent(setup.client, Events.MessageCreate, (message) => message.author.id === IDS.alice);
  const { body } = await control(setup.sandbox, "POST", "/messages", {
    userId: IDS.alice,
    channelId: IDS.general,
    content,
  });
  const [message] = await seen;
  return {
    id: message.id,
    sent: body.id,
    content: message.content,
    bot: message.author.bot,
    member: message.member?.id,
  };
}

describe("sandbox messages", () => {
  test("without the Message Content intent a member's message arrives blank unless it mentions the bot", async () => {
    const setup = await connected(MESSAGE_INTENTS);
    const plain = await memberSays(setup, "hello");
    expect(plain).toEqual({
      id: plain.sent,
      sent: plain.sent,
      content: "",
      bot: false,
      member: IDS.alice,
    } as never);
    expect((await memberSays(setup, `<@${IDS.bot}> hello`)).content).toBe(`<@${IDS.bot}> hello`);
  });

  test("with the Message Content intent a member's message arrives with its content", async () => {
    const setup = await connected([...MESSAGE_INTENTS, GatewayIntentBits.MessageContent]);
    expect((await memberSays(setup, "hello")).content).toBe("hello");
  });

  test("the bot's messages, files and reactions show in the channel; its own message is dispatched too", async () => {
    const setup = await connected(MESSAGE_INTENTS);
    const own = nextEvent(setup.client, Events.MessageCreate, (message) => message.author.id === IDS.bot);
    const sent = await setup.channel.send({
      content: "Notch was added",
      embeds: [new EmbedBuilder().setTitle("Whitelist")],
      files: [new AttachmentBuilder(Buffer.from('[{"name":"Notch"}]'), { name: "whitelist.json" })],
    });
    expect((await own)[0].id).toBe(sent.id);
    expect(sent.attachments.first()?.name).toBe("whitelist.json");
    await sent.react("✅");
    await setup.channel.sendTyping();
    const { body } = await control(setup.sandbox, "GET", `/channels/${IDS.log}/messages`);
    expect(body).toEqual([
      {
        id: sent.id,
        authorId: IDS.bot,
        content: "Notch was added",
        embeds: [{ title: "Whitelist" }],
        attachments: [
          {
            filename: "whitelist.json",
            contentType: "application/json; charset=utf-8",
            size: 18,
            text: '[{"name":"Notch"}]',
          },
        ],
        components: [],
        reactions: ["✅"],
        createdAt: expect.any(String),
      },
    ] as never);
    await sent.edit("Notch was removed");
    expect((await control(setup.sandbox, "GET", `/channels/${IDS.log}/messages`)).body).toMatchObject([
      { content: "Notch was removed" },
    ] as never);
    await sent.delete();
    expect((await control(setup.sandbox, "GET", `/channels/${IDS.log}/messages`)).body).toEqual([] as never);
  });

  test("an empty message is refused with 50006, as Discord does", async () => {
    const setup = await connected(MESSAGE_INTENTS);
    await expect(setup.channel.send({ content: "" })).rejects.toMatchObject({ status: 400, code: 50006 });
    await expect(setup.channel.send({ content: "x".repeat(2001) })).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
  });

  test("a post sent again with its nonce (enforce_nonce) makes no second message for a few minutes", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const sandbox = await t.sandbox({ clock });
    const post = async (nonce: unknown, enforce = true) => {
      const response = await fetch(`${sandbox.apiUrl}/v10/channels/${IDS.log}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "Notch was added", nonce, enforce_nonce: enforce }),
      });
      const body = (await response.json()) as { id?: string; code?: number };
      return { status: response.status, id: body.id, code: body.code };
    };
    const first = await post("log.1");
    // The same nonce again answers the same message; without enforce_nonce, or another nonce, posts anew.
    expect(await post("log.1")).toEqual(first);
    const unenforced = await post("log.1", false);
    const other = await post("log.2");
    expect(new Set([first.id, unenforced.id, other.id]).size).toBe(3);
    // Past the few minutes Discord remembers, the same nonce posts again.
    clock.advance(NONCE_WINDOW_MS);
    const later = await post("log.1");
    expect(later.id).not.toBe(first.id);
    // A message deleted since is not made again: Discord answers Unknown Message.
    const deleted = await post("log.3");
    await fetch(`${sandbox.apiUrl}/v10/channels/${IDS.log}/messages/${deleted.id}`, {
      method: "DELETE",
      headers: { authorization: `Bot ${TOKEN}` },
    });
    expect(await post("log.3")).toEqual({ status: 404, id: undefined, code: 10008 });
    // Integers are nonces too; at most 25 characters.
    expect((await post(42)).status).toBe(200);
    expect(await post("x".repeat(26))).toEqual({ status: 400, id: undefined, code: 50035 });
    const posted = (await control(sandbox, "GET", `/channels/${IDS.log}/messages`))
      .body as unknown as unknown[];
    expect(posted).toHaveLength(5);
  });

  test("REST answers a wrong token with 401 and an unknown route with 404, in Discord's shape", async () => {
    const sandbox = await t.sandbox();
    const ask = async (path: string, token: string) => {
      const response = await fetch(`${sandbox.apiUrl}/v10${path}`, {
        headers: { authorization: `Bot ${token}` },
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await ask("/users/@me", "wrong")).toEqual({
      status: 401,
      body: { message: "401: Unauthorized", code: 0 },
    });
    expect(await ask("/no/such/route", TOKEN)).toEqual({
      status: 404,
      body: { message: "404: Not Found", code: 0 },
    });
    expect(await ask(`/guilds/${IDS.guild}/members/1`, TOKEN)).toEqual({
      status: 404,
      body: { message: "Unknown Member", code: 10007 },
    });
  });
});
