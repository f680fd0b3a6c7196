import { afterEach, describe, expect, test } from "bun:test";
import {
  ComponentType,
  type Interaction,
  InteractionResponseType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  Routes,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import { control, DEFAULT_INTENTS, IDS, startBot, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const commands = [
  new SlashCommandBuilder()
    .setName("apply")
    .setDescription("Opens a modal")
    .addStringOption((option) => option.setName("shape").setDescription("Which modal (raw JSON)")),
  new SlashCommandBuilder().setName("late").setDescription("Defers, then tries a modal"),
].map((builder) => builder.toJSON());

/** The form the `apply` command shows unless `shape` gives another one (raw, unchecked by discord.js). */
function applicationModal() {
  return new ModalBuilder()
    .setCustomId("apply:1")
    .setTitle("Apply to survival")
    .addLabelComponents(
      new LabelBuilder()
        .setLabel("Why do you want to join?")
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId("why")
            .setStyle(TextInputStyle.Paragraph)
            .setMinLength(10)
            .setMaxLength(200),
        ),
      new LabelBuilder()
        .setLabel("Your age")
        .setTextInputComponent(
          new TextInputBuilder()
            .setCustomId("age")
            .setStyle(TextInputStyle.Short)
            .setRequired(false)
            .setMaxLength(3),
        ),
    );
}

/** A modal callback sent past discord.js's own checks (it refuses one after a deferral, or for a submission). */
const rawModal = (interaction: Interaction) =>
  interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.Modal, data: applicationModal().toJSON() },
    auth: false,
  });

/** The test bot: opens modals, and answers a submission with what discord.js read from it. */
async function handle(interaction: Interaction): Promise<unknown> {
  if (interaction.isModalSubmit()) {
    if (interaction.customId === "again") {
      return rawModal(interaction).catch((error: Error) => interaction.reply(error.message));
    }
    const fields = interaction.fields;
    return interaction.reply({
      content: `${interaction.customId} why=${fields.getTextInputValue("why")} age=${fields.getTextInputValue("age")}`,
      flags: MessageFlags.Ephemeral,
    });
  }
  if (!interaction.isChatInputCommand()) return undefined;
  if (interaction.commandName === "late") {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    return rawModal(interaction).catch((error: Error) => interaction.editReply(error.message));
  }
  const shape = interaction.options.getString("shape");
  return interaction.showModal(shape === null ? applicationModal() : JSON.parse(shape));
}

async function bot() {
  const sandbox = await t.sandbox({ interactionTimeoutMs: 2_000 });
  await startBot(t.client(sandbox, DEFAULT_INTENTS), commands, handle);
  return sandbox;
}

type Sandbox = Awaited<ReturnType<typeof bot>>;

/** Runs `/apply` with a raw modal; resolves with the control API's answer. */
const apply = (sandbox: Sandbox, shape?: unknown) =>
  control(sandbox, "POST", "/interactions", {
    userId: IDS.alice,
    command: "apply",
    options: shape === undefined ? {} : { shape: JSON.stringify(shape) },
  });

const textInput = (customId: string, more: Record<string, unknown> = {}) => ({
  type: ComponentType.TextInput,
  custom_id: customId,
  style: TextInputStyle.Short,
  ...more,
});
const label = (text: string, input: Record<string, unknown>) => ({
  type: ComponentType.Label,
  label: text,
  component: input,
});

describe("sandbox modals", () => {
  test("a modal is shown, then submitted by the member: discord.js reads every field of the MODAL_SUBMIT", async () => {
    const sandbox = await bot();
    const shown = await apply(sandbox);
    // Read before any matcher: bun's toMatchObject leaves its asymmetric matchers in the object it checked.
    const { interactionId } = shown.body;
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      interactionId: expect.any(String),
      modal: { custom_id: "apply:1", title: "Apply to survival" },
    });
    const submitted = await control(sandbox, "POST", "/modals", {
      userId: IDS.alice,
      interactionId,
      values: { why: "I build castles." },
    });
    expect(submitted).toEqual({
      status: 200,
      body: expect.objectContaining({ content: "apply:1 why=I build castles. age=", ephemeral: true }),
    });
  });

  test("the member's client refuses what Discord's does: a required input empty, outside its lengths, unknown", async () => {
    const sandbox = await bot();
    const shown = await apply(sandbox);
    const submit = (userId: string, values: Record<string, unknown>) =>
      control(sandbox, "POST", "/modals", { userId, interactionId: shown.body.interactionId, values });
    expect(await submit(IDS.alice, { age: "12" })).toEqual({
      status: 400,
      body: { error: "text input why (“Why do you want to join?”) is required" },
    });
    expect((await submit(IDS.alice, { why: "short" })).body.error).toContain("at least 10 characters");
    expect((await submit(IDS.alice, { why: "long enough text", age: "1234" })).body.error).toContain(
      "at most 3 characters",
    );
    expect((await submit(IDS.alice, { nope: "x" })).body.error).toBe(
      "the modal apply:1 has no text input nope",
    );
    // Only the member it opened for can submit it, and only once.
    expect((await submit(IDS.bob, { why: "long enough text" })).status).toBe(403);
    expect((await submit(IDS.alice, { why: "long enough text" })).status).toBe(200);
    expect((await submit(IDS.alice, { why: "long enough text" })).status).toBe(409);
  });

  test("Discord's modal limits: title 45, 1-5 components, label 45, custom ids 1-100 and unique", async () => {
    const sandbox = await bot();
    const refused = async (shape: unknown) => {
      const { body } = await apply(sandbox, shape);
      return String(body.content);
    };
    const ok = label("Why?", textInput("why"));
    expect(await refused({ custom_id: "m", title: "x".repeat(46), components: [ok] })).toContain(
      "data.title[BASE_TYPE_MAX_LENGTH]: Must be 45 or fewer in length.",
    );
    expect(await refused({ custom_id: "m", title: "Six", components: Array(6).fill(ok) })).toContain(
      "data.components[BASE_TYPE_BAD_LENGTH]: Must be between 1 and 5 in length.",
    );
    expect(await refused({ custom_id: "m", title: "None", components: [] })).toContain(
      "data.components[BASE_TYPE_BAD_LENGTH]",
    );
    expect(await refused({ custom_id: "m".repeat(101), title: "Id", components: [ok] })).toContain(
      "data.custom_id[BASE_TYPE_BAD_LENGTH]: Must be between 1 and 100 in length.",
    );
    expect(
      await refused({ custom_id: "m", title: "Label", components: [label("l".repeat(46), textInput("a"))] }),
    ).toContain("data.components[0].label[BASE_TYPE_MAX_LENGTH]: Must be 45 or fewer in length.");
    expect(
      await refused({ custom_id: "m", title: "Twice", components: [ok, label("Again", textInput("why"))] }),
    ).toContain("COMPONENT_CUSTOM_ID_DUPLICATED");
  });

  test("Discord's text input limits: lengths 0-4000 and 1-4000, value 4000, placeholder 100, style 1 or 2", async () => {
    const sandbox = await bot();
    const refused = async (input: Record<string, unknown>) => {
      const { body } = await apply(sandbox, { custom_id: "m", title: "T", components: [label("Q", input)] });
      return String(body.content);
    };
    const at = "data.components[0].component";
    expect(await refused(textInput("a", { max_length: 4001 }))).toContain(
      `${at}.max_length[NUMBER_TYPE_MAX]: int value should be less than or equal to 4000.`,
    );
    expect(await refused(textInput("a", { max_length: 0 }))).toContain(`${at}.max_length[NUMBER_TYPE_MIN]`);
    expect(await refused(textInput("a", { min_length: -1 }))).toContain(`${at}.min_length[NUMBER_TYPE_MIN]`);
    expect(await refused(textInput("a", { value: "v".repeat(4001) }))).toContain(
      `${at}.value[BASE_TYPE_MAX_LENGTH]: Must be 4000 or fewer in length.`,
    );
    expect(await refused(textInput("a", { placeholder: "p".repeat(101) }))).toContain(
      `${at}.placeholder[BASE_TYPE_MAX_LENGTH]: Must be 100 or fewer in length.`,
    );
    expect(await refused(textInput("a", { style: 3 }))).toContain(`${at}.style[BASE_TYPE_CHOICES]`);
    expect(await refused({ type: ComponentType.StringSelect, custom_id: "s", options: [] })).toContain(
      "SANDBOX_COMPONENT_NOT_MODELLED",
    );
    // The deprecated action row form: one text input per row, which then needs its own label.
    const row = (input: Record<string, unknown>) => ({ type: ComponentType.ActionRow, components: [input] });
    expect(
      (await apply(sandbox, { custom_id: "m", title: "T", components: [row(textInput("a"))] })).body.content,
    ).toContain("data.components[0].components[0].label[BASE_TYPE_REQUIRED]");
    const legacy = await apply(sandbox, {
      custom_id: "legacy",
      title: "T",
      components: [row(textInput("why", { label: "Why?" })), row(textInput("age", { label: "Age" }))],
    });
    const submitted = await control(sandbox, "POST", "/modals", {
      userId: IDS.alice,
      interactionId: legacy.body.interactionId,
      values: { why: "rows", age: "30" },
    });
    expect(submitted.body).toMatchObject({ content: "legacy why=rows age=30" });
  });

  test("a modal must be the first answer, and a MODAL_SUBMIT cannot be answered with another modal", async () => {
    const sandbox = await bot();
    const late = await control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "late" });
    expect(late.body).toMatchObject({ content: "Interaction has already been acknowledged." });
    const shown = await apply(sandbox, {
      custom_id: "again",
      title: "T",
      components: [label("Q", textInput("q"))],
    });
    const again = await control(sandbox, "POST", "/modals", {
      userId: IDS.alice,
      interactionId: shown.body.interactionId,
      values: { q: "x" },
    });
    // The bot's modal was refused (Invalid response type) and it answered with the failure instead.
    expect(again.body).toMatchObject({
      content: expect.stringContaining("INTERACTION_RESPONSE_TYPE_INVALID"),
    });
  });
});
