import { afterEach, describe, expect, test } from "bun:test";
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Interaction,
  MessageFlags,
  SlashCommandBuilder,
} from "discord.js";
import { control, DEFAULT_INTENTS, IDS, login, startBot, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const commands = [
  new SlashCommandBuilder()
    .setName("echo")
    .setDescription("Echoes")
    .addStringOption((option) => option.setName("text").setDescription("What to say").setRequired(true))
    .addUserOption((option) => option.setName("who").setDescription("A member"))
    .addRoleOption((option) => option.setName("role").setDescription("A role"))
    .addIntegerOption((option) => option.setName("count").setDescription("How many"))
    .addStringOption((option) =>
      option.setName("tag").setDescription("A short tag").setMinLength(2).setMaxLength(8),
    ),
  new SlashCommandBuilder()
    .setName("whitelist")
    .setDescription("Whitelists")
    .addSubcommand((sub) =>
      sub
        .setName("export")
        .setDescription("Export")
        .addStringOption((option) =>
          option.setName("whitelist").setDescription("Which").setAutocomplete(true),
        ),
    )
    .addSubcommand((sub) => sub.setName("slow").setDescription("Deferred"))
    .addSubcommand((sub) => sub.setName("menu").setDescription("Buttons")),
  new SlashCommandBuilder()
    .setName("admin")
    .setDescription("Grouped")
    .addSubcommandGroup((group) =>
      group
        .setName("roles")
        .setDescription("Roles")
        .addSubcommand((sub) =>
          sub
            .setName("set")
            .setDescription("Set")
            .addChannelOption((option) => option.setName("channel").setDescription("Where").setRequired(true))
            .addMentionableOption((option) => option.setName("target").setDescription("Who")),
        ),
    ),
].map((builder) => builder.toJSON());

const whitelistFile = "Notch\nJeb_\n";

/** The test bot: one behaviour per command, as a real one would have. */
async function handle(interaction: Interaction): Promise<unknown> {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused().toLowerCase();
    const names = ["survival", "creative", "skyblock"].filter((name) => name.startsWith(typed));
    return interaction.respond(names.map((name) => ({ name, value: name })));
  }
  if (interaction.isButton()) {
    return interaction.update({ content: `confirmed by ${interaction.user.username}`, components: [] });
  }
  if (!interaction.isChatInputCommand()) return undefined;
  if (interaction.commandName === "echo") {
    const who = interaction.options.getUser("who");
    const role = interaction.options.getRole("role");
    const count = interaction.options.getInteger("count");
    const parts = [
      interaction.options.getString("text", true),
      who?.username,
      role?.name,
      count,
      interaction.channelId,
    ];
    return interaction.reply({
      content: parts.filter((part) => part !== null && part !== undefined).join(" "),
      flags: MessageFlags.Ephemeral,
    });
  }
  if (interaction.commandName === "admin") {
    const response = await interaction.deferReply({ withResponse: true });
    const loading = response.resource?.message?.flags.has(MessageFlags.Loading);
    const target = interaction.options.getMentionable("target");
    const targetName =
      target && "name" in target ? target.name : target && "user" in target ? target.user.username : "";
    const { name } = interaction.options.getChannel("channel", true);
    const path = `${interaction.options.getSubcommandGroup()} ${interaction.options.getSubcommand()}`;
    return interaction.editReply(`${path} ${name} ${targetName} loading=${loading}`);
  }
  const sub = interaction.options.getSubcommand();
  if (sub === "slow") {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    return interaction.editReply({ content: `done for ${interaction.user.username}` });
  }
  if (sub === "export") {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const name = interaction.options.getString("whitelist") ?? "survival";
    const file = new AttachmentBuilder(Buffer.from(whitelistFile), { name: `${name}.txt` });
    return interaction.followUp({ content: "Here it is", files: [file], flags: MessageFlags.Ephemeral });
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId("confirm").setLabel("Confirm").setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId("off").setLabel("Off").setStyle(ButtonStyle.Secondary).setDisabled(true),
  );
  return interaction.reply({ content: "Sure?", components: [row] });
}

async function bot(options: { interactionTimeoutMs?: number } = {}) {
  const sandbox = await t.sandbox(options);
  await startBot(t.client(sandbox, DEFAULT_INTENTS), commands, handle);
  return sandbox;
}

describe("sandbox interactions", () => {
  test("registered commands are stored with ids", async () => {
    const sandbox = await bot();
    const { body } = await control(sandbox, "GET", "/commands");
    expect(
      (body as unknown as { name: string; guild_id: string; id: string }[]).map((c) => [c.name, c.guild_id]),
    ).toEqual([
      ["echo", IDS.guild],
      ["whitelist", IDS.guild],
      ["admin", IDS.guild],
    ]);
  });

  test("a slash command returns the bot's ephemeral reply, with user, role and integer options resolved", async () => {
    const sandbox = await bot();
    const { status, body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.alice,
      channelId: IDS.log,
      command: "echo",
      options: { text: "hi", who: IDS.bob, role: IDS.playerRole, count: 3 },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      messageId: expect.any(String),
      content: `hi bob Player 3 ${IDS.log}`,
      embeds: [],
      attachments: [],
      components: [],
      ephemeral: true,
      deferred: false,
    });
    // Ephemeral replies are not part of what the channel shows.
    expect((await control(sandbox, "GET", `/channels/${IDS.log}/messages`)).body).toEqual([] as never);
  });

  test("subcommand groups nest, channel and mentionable options resolve, and with_response is answered", async () => {
    const sandbox = await bot();
    const ask = (target: string) =>
      control(sandbox, "POST", "/interactions", {
        userId: IDS.owner,
        command: "admin",
        subcommandGroup: "roles",
        subcommand: "set",
        options: { channel: IDS.log, target },
      });
    expect((await ask(IDS.bob)).body).toMatchObject({
      content: "roles set whitelist-log bob loading=true",
      ephemeral: false,
      deferred: true,
    });
    expect((await ask(IDS.staffRole)).body).toMatchObject({
      content: "roles set whitelist-log Staff loading=true",
    });
  });

  test("a deferred reply is returned once the bot edits it", async () => {
    const sandbox = await bot();
    const { body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.bob,
      command: "whitelist",
      subcommand: "slow",
      options: {},
    });
    expect(body).toMatchObject({ content: "done for bob", ephemeral: true, deferred: true });
  });

  test("a follow-up with a file returns the attachment's name, type and bytes", async () => {
    const sandbox = await bot();
    const { body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.alice,
      command: "whitelist",
      subcommand: "export",
      options: { whitelist: "creative" },
    });
    expect(body).toMatchObject({
      content: "Here it is",
      ephemeral: true,
      deferred: true,
      attachments: [
        { filename: "creative.txt", contentType: "text/plain; charset=utf-8", text: whitelistFile, size: 11 },
      ],
    });
  });

  test("editReply with a file (multipart PATCH of @original) returns the attachment", async () => {
    const sandbox = await t.sandbox();
    await startBot(t.client(sandbox, DEFAULT_INTENTS), commands, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      const file = new AttachmentBuilder(Buffer.from("a,b\n"), { name: "list.csv" });
      await interaction.editReply({ content: "file", files: [file] });
    });
    const { body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.bob,
      command: "echo",
      options: { text: "x" },
    });
    expect(body).toMatchObject({
      content: "file",
      deferred: true,
      attachments: [{ filename: "list.csv", contentType: "text/csv; charset=utf-8", size: 4, text: "a,b\n" }],
    });
  });

  test("command registration is checked as Discord checks it", async () => {
    const sandbox = await t.sandbox();
    const guild = await login(t.client(sandbox, DEFAULT_INTENTS));
    const invalid = [
      { name: "Bad Name", description: "upper case and a space" },
      {
        name: "order",
        description: "required after optional",
        options: [
          { type: 3, name: "a", description: "a" },
          { type: 3, name: "b", description: "b", required: true },
        ],
      },
    ];
    for (const command of invalid) {
      await expect(guild.commands.set([command])).rejects.toMatchObject({ status: 400, code: 50035 });
    }
    expect(sandbox.state.commands.size).toBe(0);
  });

  test("autocomplete returns the bot's choices for the focused option", async () => {
    const sandbox = await bot();
    const { body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.alice,
      command: "whitelist",
      subcommand: "export",
      options: { whitelist: "s" },
      focused: "whitelist",
    });
    expect(body).toEqual({
      choices: [
        { name: "survival", value: "survival" },
        { name: "skyblock", value: "skyblock" },
      ],
    });
  });

  test("a button click returns the updated message, which the channel shows too", async () => {
    const sandbox = await bot();
    const menu = await control(sandbox, "POST", "/interactions", {
      userId: IDS.alice,
      channelId: IDS.general,
      command: "whitelist",
      subcommand: "menu",
      options: {},
    });
    expect(menu.body).toMatchObject({ content: "Sure?", ephemeral: false });
    const messageId = String(menu.body.messageId);
    const disabled = await control(sandbox, "POST", "/buttons", {
      userId: IDS.bob,
      messageId,
      customId: "off",
    });
    expect(disabled).toEqual({ status: 400, body: { error: "component off is disabled" } });
    const clicked = await control(sandbox, "POST", "/buttons", {
      userId: IDS.bob,
      messageId,
      customId: "confirm",
    });
    expect(clicked.body).toEqual({
      messageId,
      content: "confirmed by bob",
      embeds: [],
      attachments: [],
      components: [],
      ephemeral: false,
      deferred: false,
    });
    const { body: posted } = await control(sandbox, "GET", `/channels/${IDS.general}/messages`);
    expect(posted).toEqual([
      {
        id: messageId,
        authorId: IDS.bot,
        content: "confirmed by bob",
        embeds: [],
        attachments: [],
        components: [],
        reactions: [],
        createdAt: expect.any(String),
      },
    ] as never);
  });

  test("requests the bot cannot have received are refused with a reason", async () => {
    const sandbox = await bot();
    const cases = await Promise.all([
      control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "nope", options: {} }),
      control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "echo", options: {} }),
      control(sandbox, "POST", "/interactions", {
        userId: IDS.alice,
        command: "echo",
        options: { text: "a", x: 1 },
      }),
      control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "whitelist", options: {} }),
      control(sandbox, "POST", "/interactions", { userId: "999", command: "echo", options: { text: "a" } }),
    ]);
    expect(cases).toEqual([
      { status: 404, body: { error: "the bot has not registered /nope" } },
      { status: 400, body: { error: "option text of /echo is required" } },
      { status: 400, body: { error: "/echo has no option x" } },
      { status: 400, body: { error: "/whitelist needs a subcommand" } },
      { status: 404, body: { error: "user 999 is not a member of the guild" } },
    ]);
  });

  test("string options are held to their min_length and max_length (6,000 without one), as a client holds them", async () => {
    const sandbox = await bot();
    const echo = (options: Record<string, unknown>) =>
      control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "echo", options });
    const cases = await Promise.all([
      echo({ text: "hi", tag: "x".repeat(9) }),
      echo({ text: "hi", tag: "x" }),
      echo({ text: "y".repeat(6001) }),
      echo({ text: "hi", tag: "😀".repeat(8) }),
    ]);
    expect(cases.map(({ status, body }) => ({ status, error: body.error }))).toEqual([
      { status: 400, error: "option tag of /echo takes at most 8 characters (max_length), got 9" },
      { status: 400, error: "option tag of /echo takes at least 2 characters (min_length), got 1" },
      { status: 400, error: "option text of /echo takes at most 6000 characters (max_length), got 6001" },
      { status: 200, error: undefined },
    ]);
  });

  test("an interaction the bot never answers times out with 504", async () => {
    const sandbox = await t.sandbox({ interactionTimeoutMs: 50 });
    await startBot(t.client(sandbox, DEFAULT_INTENTS), commands, async () => {});
    const { status, body } = await control(sandbox, "POST", "/interactions", {
      userId: IDS.alice,
      command: "echo",
      options: { text: "hi" },
    });
    expect({ status, body }).toEqual({
      status: 504,
      body: { error: "the bot did not answer within 50 ms (echo)" },
    });
  });
});
