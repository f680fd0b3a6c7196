import { afterEach, describe, expect, test } from "bun:test";
import { type ChatInputCommandInteraction, Events, SlashCommandBuilder } from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { control, DEFAULT_INTENTS, IDS, startBot, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const MiB = 1024 * 1024;

/** Discord's Invalid Form Body answer for one error at `path`. */
function formBody(path: (string | number)[], code: string, message: string) {
  const errors = path.reduceRight<object>((inner, key) => ({ [key]: inner }), {
    _errors: [{ code, message }],
  });
  return { status: 400, body: { code: 50035, message: "Invalid Form Body", errors } };
}

const tooLong = (path: (string | number)[], max: number) =>
  formBody(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);

/** A REST call as the bot, with a JSON or a multipart body; resolves with the status and the JSON answer. */
async function rest(sandbox: SandboxDiscord, method: string, path: string, body?: unknown, files?: Blob[]) {
  const init: RequestInit = { method, headers: { authorization: `Bot ${TOKEN}` } };
  if (files) {
    const form = new FormData();
    form.set("payload_json", JSON.stringify(body ?? {}));
    files.forEach((file, index) => {
      form.set(`files[${index}]`, file, `file-${index}.txt`);
    });
    init.body = form;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${sandbox.apiUrl}/v10${path}`, init);
  const answer: unknown = response.status === 204 ? null : await response.json();
  return { status: response.status, body: answer };
}

const post = (sandbox: SandboxDiscord, body: unknown, files?: Blob[]) =>
  rest(sandbox, "POST", `/channels/${IDS.log}/messages`, body, files);

const x = (length: number) => "x".repeat(length);

describe("sandbox message limits (Create Message, Embed Limits, Uploading Files)", () => {
  test("content: 2,000 characters, counted as Discord counts them (code points)", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { content: x(2001) })).toEqual(tooLong(["content"], 2000));
    expect((await post(sandbox, { content: "😀".repeat(2000) })).status).toBe(200);
  });

  test("at most 10 embeds in a message", async () => {
    const sandbox = await t.sandbox();
    const embeds = Array.from({ length: 11 }, (_, index) => ({ title: `embed ${index}` }));
    expect(await post(sandbox, { embeds })).toEqual(tooLong(["embeds"], 10));
    expect((await post(sandbox, { embeds: embeds.slice(0, 10) })).status).toBe(200);
  });

  test("an embed title takes 256 characters", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { embeds: [{ title: x(256) }, { title: x(257) }] })).toEqual(
      tooLong(["embeds", 1, "title"], 256),
    );
  });

  test("an embed description takes 4,096 characters", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { embeds: [{ description: x(4097) }] })).toEqual(
      tooLong(["embeds", 0, "description"], 4096),
    );
    expect((await post(sandbox, { embeds: [{ description: x(4096) }] })).status).toBe(200);
  });

  test("an embed takes 25 fields", async () => {
    const sandbox = await t.sandbox();
    const fields = Array.from({ length: 26 }, (_, index) => ({ name: `n${index}`, value: "v" }));
    expect(await post(sandbox, { embeds: [{ fields }] })).toEqual(tooLong(["embeds", 0, "fields"], 25));
    expect((await post(sandbox, { embeds: [{ fields: fields.slice(0, 25) }] })).status).toBe(200);
  });

  test("a field name takes 256 characters, its value 1,024, and both are required", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { embeds: [{ fields: [{ name: x(257), value: "v" }] }] })).toEqual(
      tooLong(["embeds", 0, "fields", 0, "name"], 256),
    );
    expect(await post(sandbox, { embeds: [{ fields: [{ name: "n", value: x(1025) }] }] })).toEqual(
      tooLong(["embeds", 0, "fields", 0, "value"], 1024),
    );
    expect(await post(sandbox, { embeds: [{ fields: [{ name: "n", value: "" }] }] })).toEqual(
      formBody(["embeds", 0, "fields", 0, "value"], "BASE_TYPE_REQUIRED", "This field is required"),
    );
  });

  test("a footer takes 2,048 characters and an author name 256", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { embeds: [{ footer: { text: x(2049) } }] })).toEqual(
      tooLong(["embeds", 0, "footer", "text"], 2048),
    );
    expect(await post(sandbox, { embeds: [{ author: { name: x(257) } }] })).toEqual(
      tooLong(["embeds", 0, "author", "name"], 256),
    );
  });

  test("all embeds of a message hold 6,000 characters in all (title, description, fields, footer, author)", async () => {
    const sandbox = await t.sandbox();
    const embed = (extra: number) => ({
      title: x(100),
      description: x(2000 + extra),
      fields: [{ name: x(200), value: x(500) }],
      footer: { text: x(100) },
      author: { name: x(100) },
    });
    expect((await post(sandbox, { embeds: [embed(0), embed(0)] })).status).toBe(200);
    expect(await post(sandbox, { embeds: [embed(0), embed(1)] })).toEqual(
      formBody(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"),
    );
  });

  test("every error of a body is answered at once, in one tree", async () => {
    const sandbox = await t.sandbox();
    const answer = await post(sandbox, {
      content: x(2001),
      embeds: [{ title: x(257), fields: [{ name: "n", value: x(1025) }] }],
    });
    const maxLength = (max: number) => ({
      _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${max} or fewer in length.` }],
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 50035,
        message: "Invalid Form Body",
        errors: {
          content: maxLength(2000),
          embeds: { 0: { title: maxLength(256), fields: { 0: { value: maxLength(1024) } } } },
        },
      },
    });
  });

  test("an uploaded file takes 10 MiB and a request 25 MiB; more is 413 Request entity too large (40005)", async () => {
    const sandbox = await t.sandbox();
    const tooLarge = { status: 413, body: { code: 40005, message: "Request entity too large" } };
    const file = (bytes: number) => new Blob([new Uint8Array(bytes)]);
    expect(await post(sandbox, { content: "big" }, [file(10 * MiB + 1)])).toEqual(tooLarge);
    expect(await post(sandbox, { content: "three" }, [file(9 * MiB), file(9 * MiB), file(9 * MiB)])).toEqual(
      tooLarge,
    );
    const posted = await post(sandbox, { content: "fits" }, [file(10 * MiB)]);
    expect(posted.status).toBe(200);
    expect((posted.body as { attachments: { size: number }[] }).attachments[0]?.size).toBe(10 * MiB);
  });

  test("multipart payload_json and message edits are held to the same limits", async () => {
    const sandbox = await t.sandbox();
    expect(await post(sandbox, { embeds: [{ title: x(257) }] }, [new Blob(["a"])])).toEqual(
      tooLong(["embeds", 0, "title"], 256),
    );
    const { body } = await post(sandbox, { content: "short" });
    expect(
      await rest(sandbox, "PATCH", `/channels/${IDS.log}/messages/${(body as { id: string }).id}`, {
        content: x(2001),
      }),
    ).toEqual(tooLong(["content"], 2000));
  });
});

const command = new SlashCommandBuilder().setName("echo").setDescription("Echoes").toJSON();

/**
 * A bot that hands each interaction to the test (whose calls then answer it, as the bot would) and a way to run
 * `/echo` through the control API without waiting for its answer.
 */
async function interactionSetup() {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, DEFAULT_INTENTS);
  const seen: ChatInputCommandInteraction[] = [];
  const waiters: (() => void)[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    seen.push(interaction);
    for (const wake of waiters.splice(0)) wake();
  });
  await startBot(client, [command], async () => {});
  const run = async () => {
    const before = seen.length;
    const answer = control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "echo" });
    while (seen.length === before) await new Promise<void>((resolve) => waiters.push(resolve));
    return { interaction: seen[before] as ChatInputCommandInteraction, answer };
  };
  return { sandbox, run };
}

describe("sandbox message limits on interaction responses", () => {
  test("a reply (callback type 4), an @original edit and a follow-up are held to the message limits", async () => {
    const { sandbox, run } = await interactionSetup();
    const { interaction, answer } = await run();
    const callback = `/interactions/${interaction.id}/${interaction.token}/callback`;
    const webhook = `/webhooks/${sandbox.applicationId}/${interaction.token}`;
    const overLong = { embeds: [{ description: x(4097) }] };
    expect(await rest(sandbox, "POST", callback, { type: 4, data: overLong })).toEqual(
      formBody(["embeds", 0, "description"], "BASE_TYPE_MAX_LENGTH", "Must be 4096 or fewer in length."),
    );
    expect((await rest(sandbox, "POST", callback, { type: 5 })).status).toBe(204);
    expect(await rest(sandbox, "PATCH", `${webhook}/messages/@original`, { content: x(2001) })).toEqual(
      tooLong(["content"], 2000),
    );
    expect(
      await rest(sandbox, "POST", `${webhook}?wait=true`, { embeds: Array(11).fill({ title: "t" }) }),
    ).toEqual(tooLong(["embeds"], 10));
    expect((await rest(sandbox, "PATCH", `${webhook}/messages/@original`, { content: "done" })).status).toBe(
      200,
    );
    expect((await answer).body).toMatchObject({ content: "done", deferred: true });
  });

  test("discord.js raises Discord's error for an over-long reply, and the interaction can still be answered", async () => {
    const { run } = await interactionSetup();
    const { interaction, answer } = await run();
    const refused = await interaction.reply({ content: x(2001) }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 400,
      code: 50035,
      rawError: tooLong(["content"], 2000).body,
    });
    await interaction.reply({ content: "fits" });
    expect((await answer).body).toMatchObject({ content: "fits", deferred: false });
  });
});
