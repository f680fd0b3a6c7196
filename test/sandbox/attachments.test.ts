import { afterEach, describe, expect, test } from "bun:test";
import {
  Events,
  type GatewayDispatchPayload,
  type Interaction,
  MessageFlags,
  SlashCommandBuilder,
} from "discord.js";
import { AttachmentResponseSchema } from "discord-api-spec/zod";
import { control, DEFAULT_INTENTS, IDS, startBot, tracker } from "./helpers.ts";

// A member attaching a file to a slash command: Discord uploads it to its CDN as an ephemeral attachment, names it
// in the interaction's `resolved.attachments` (the option's value is its id), and the bot downloads it by its URL.

const t = tracker();
afterEach(() => t.cleanup());

const commands = [
  new SlashCommandBuilder()
    .setName("upload")
    .setDescription("Reads a file")
    .addAttachmentOption((option) => option.setName("file").setDescription("The file").setRequired(true))
    .toJSON(),
];

/** Replies with what discord.js made of the attachment, and the bytes its URL serves. */
async function handle(interaction: Interaction): Promise<unknown> {
  if (!interaction.isChatInputCommand()) return undefined;
  const file = interaction.options.getAttachment("file", true);
  const served = await fetch(file.url);
  const text = await served.text();
  return interaction.reply({
    content: [file.name, file.size, file.contentType, file.ephemeral, served.status, text].join("|"),
    flags: MessageFlags.Ephemeral,
  });
}

async function bot() {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, DEFAULT_INTENTS);
  const dispatched: GatewayDispatchPayload[] = [];
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t === "INTERACTION_CREATE") dispatched.push(packet);
  });
  await startBot(client, commands, handle);
  return { sandbox, dispatched };
}

const upload = (sandbox: Awaited<ReturnType<typeof bot>>["sandbox"], file: unknown) =>
  control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "upload", options: { file } });

describe("attachment options", () => {
  test("the file reaches the bot as Discord sends it, and its URL serves the bytes", async () => {
    const { sandbox, dispatched } = await bot();
    const { status, body } = await upload(sandbox, {
      filename: "whitelist.json",
      text: '[{"name":"Notch"}]',
    });
    expect(status).toBe(200);
    expect(body.content).toBe(
      'whitelist.json|18|application/json; charset=utf-8|true|200|[{"name":"Notch"}]',
    );
    // The dispatch holds to Discord's published schema of an attachment, and the option's value is its id.
    const [packet] = dispatched;
    if (!packet) throw new Error("no INTERACTION_CREATE was dispatched");
    const { data } = packet.d as {
      data: { options: { value: string }[]; resolved: { attachments: Record<string, unknown> } };
    };
    const id = data.options[0]?.value ?? "";
    const resolved = data.resolved.attachments[id];
    expect(AttachmentResponseSchema.safeParse(resolved).success).toBe(true);
    expect(resolved).toEqual({
      id,
      filename: "whitelist.json",
      content_type: "application/json; charset=utf-8",
      size: 18,
      url: `${sandbox.url}/_sandbox/attachments/${id}/whitelist.json`,
      proxy_url: `${sandbox.url}/_sandbox/attachments/${id}/whitelist.json`,
      ephemeral: true,
    });
  });

  test("binary files come as base64; the content type is guessed from the name as Discord does", async () => {
    const { sandbox } = await bot();
    const { body } = await upload(sandbox, {
      filename: "players.txt",
      base64: Buffer.from("Notch\n").toString("base64"),
    });
    expect(body.content).toBe("players.txt|6|text/plain; charset=utf-8|true|200|Notch\n");
  });

  test("the control API refuses what a Discord client would not send: no file, or one over the upload limit", async () => {
    const { sandbox } = await bot();
    expect(await upload(sandbox, { text: "Notch" })).toEqual({
      status: 400,
      body: { error: "option file of /upload takes {filename, text} or {filename, base64}" },
    });
    const big = await upload(sandbox, { filename: "big.txt", text: "x".repeat(10 * 1024 * 1024 + 1) });
    expect(big).toEqual({
      status: 400,
      body: { error: "option file of /upload: 10485761 bytes is over the upload limit of 10485760" },
    });
    expect((await fetch(`${sandbox.url}/_sandbox/attachments/123/nothing.txt`)).status).toBe(404);
  });
});
