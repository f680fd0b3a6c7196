import { afterEach, describe, expect, test } from "bun:test";
import type { APIEmbed } from "discord.js";
import {
  answerFields,
  fitAnswer,
  formCustomId,
  formTitle,
  MODAL_TITLE_LIMIT,
  parseFormCustomId,
} from "../../src/bot/forms.ts";
import { englishWords } from "../../src/bot/words.ts";
import { languages } from "../../src/i18n/languages.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import type { AnswerView, MessageView } from "../../src/sandbox/discord/index.ts";
import type { RegistrationMode, Whitelist } from "../../src/whitelists/model.ts";
import { sqliteClient } from "../helpers/services.ts";
import { IDS, type Reply, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

/** A whitelist staff set up through the commands, with a two-question form and the log channel. */
async function setUp(mode: RegistrationMode = "approval") {
  world = await startWorld();
  await world.useLogChannel();
  await world.whitelist({ registrationMode: mode, managerRoleIds: [IDS.staffRole] });
  const form = async (subcommand: string, options: Record<string, unknown>): Promise<Reply> => {
    const { status, body } = await runForm(IDS.owner, subcommand, options);
    if (status !== 200 || !("messageId" in body)) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body;
  };
  await form("set", { whitelist: "survival", number: 1, question: "How old are you?", "max-length": 3 });
  const set = await form("set", {
    whitelist: "survival",
    number: 2,
    question: "Why do you want to join?",
    style: "paragraph",
    "min-length": 10,
    hint: "A few words about you",
  });
  return { form, set };
}

/** Runs a command as the world's run does, with a subcommand group: `form set` is group `form`, `set`. */
async function runForm(userId: string, subcommand: string, options: Record<string, unknown>) {
  const response = await fetch(`${world.sandbox.url}/_sandbox/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userId,
      command: "whitelist",
      subcommandGroup: "form",
      subcommand,
      channelId: IDS.general,
      options,
    }),
  });
  return { status: response.status, body: (await response.json()) as AnswerView & { error?: string } };
}

/** `/register` as a member, which answers with the form: resolves with the modal and the interaction's id. */
async function openForm(userId: string, options: Record<string, unknown>, channelId = IDS.survivalChannel) {
  const { status, body } = await world.run(userId, "register", { channelId, options });
  if (status !== 200 || !("modal" in body)) throw new Error(`no form: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Submits a form and expects a message in answer. */
async function submit(userId: string, interactionId: string, values: Record<string, string>): Promise<Reply> {
  const { status, body } = await world.submitModal(userId, interactionId, values);
  if (status !== 200 || !("messageId" in body)) throw new Error(`${status}: ${JSON.stringify(body)}`);
  return body;
}

const requestPost = (what = "the request's post") =>
  world.message(IDS.logChannel, what, (message) => message.embeds[0]?.title === "Registration request");

/** The ids of the form answers stored, whoever gave them. */
const storedAnswers = () => sqliteClient(world.services).query("SELECT id FROM form_answers").all();

/** Every character of a message's embeds Discord counts toward its 6,000. */
const embedTotal = (embeds: APIEmbed[]) =>
  embeds.reduce(
    (sum, embed) =>
      sum +
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.footer?.text.length ?? 0) +
      (embed.fields ?? []).reduce((all, field) => all + field.name.length + field.value.length, 0),
    0,
  );

describe("application forms through the sandbox", () => {
  test("staff set questions by command; Discord's limits hold in the options; anyone reads the form", async () => {
    const { set } = await setUp();
    expect(set.content.split("\n")).toEqual([
      "**survival** asks 2 questions when members register:",
      "1. How old are you? (short, required, up to 3 characters)",
      "2. Why do you want to join? (paragraph, required, 10-1,000 characters, hint “A few words about you”)",
      "`/register` opens it as a form, and the answers go to staff with the request.",
      expect.stringContaining("`/whitelist form preview`"),
    ]);
    // A question longer than Discord's 45 characters cannot even be typed into the option.
    const long = await runForm(IDS.owner, "set", {
      whitelist: "survival",
      number: 3,
      question: "x".repeat(46),
    });
    expect({ status: long.status, error: long.body.error }).toEqual({
      status: 400,
      error: expect.stringContaining("at most 45 characters"),
    });
    const refused = await runForm(IDS.owner, "set", {
      whitelist: "survival",
      number: 3,
      question: "Both?",
      "min-length": 50,
      "max-length": 10,
    });
    expect(refused.body).toMatchObject({
      content: "Question 3 asks for at least 50 characters but takes at most 10.",
    });
    expect(
      (await runForm(IDS.manager, "set", { whitelist: "survival", number: 3, question: "Q" })).body,
    ).toMatchObject({
      content: expect.stringContaining("Manage Server"),
    });
    const shown = await runForm(IDS.bob, "show", { whitelist: "survival" });
    expect(shown.body).toMatchObject({ content: expect.stringContaining("Answers are kept 30 days") });
  });

  test("approval: /register opens the form; the answers reach staff's post, escaped; the decision takes them off", async () => {
    await setUp();
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    expect(opened.modal).toEqual({
      custom_id: expect.stringMatching(/^form:[0-9a-z]{10}:[\w-]{8}:n:Notch$/),
      title: "Apply to survival",
      components: [
        {
          type: 18,
          label: "How old are you?",
          component: { type: 4, custom_id: "q1", style: 1, required: true, max_length: 3 },
        },
        {
          type: 18,
          label: "Why do you want to join?",
          component: {
            type: 4,
            custom_id: "q2",
            style: 2,
            required: true,
            min_length: 10,
            max_length: 1000,
            placeholder: "A few words about you",
          },
        },
      ],
    });
    const why =
      "I **build** castles with @everyone <@130000000000000002>\n> and [free nitro](https://x.test)";
    const answered = await submit(IDS.alice, opened.interactionId, { q1: "17", q2: why });
    expect(answered).toMatchObject({
      ephemeral: true,
      content: expect.stringContaining("was sent to staff"),
    });

    const post = await requestPost();
    expect(post.embeds[0]?.fields?.slice(2)).toEqual([
      { name: "How old are you?", value: "17", inline: false },
      {
        name: "Why do you want to join?",
        value:
          "I \\*\\*build\\*\\* castles with \\@everyone \\<@130000000000000002>\n" +
          "\\> and \\[free nitro\\](https\\://x.test)",
        inline: false,
      },
    ]);
    const requestId = (await world.registrationRequest()).id;
    const decided = await world.click(IDS.manager, post.id, `approval:approve:${requestId}`);
    expect(decided.embeds[0]?.title).toBe("Request approved");
    expect(JSON.stringify(decided.embeds)).not.toContain("castles");

    // Afterwards in the member look-up, for staff (and the member); nobody else.
    const looked = await world.command(IDS.manager, "whitelist", {
      subcommand: "member",
      options: { user: IDS.alice },
    });
    expect(looked.content).toContain("Form answers (below):");
    expect(looked.embeds).toEqual([
      expect.objectContaining({
        title: "Answers on survival",
        description: expect.stringMatching(/^Given <t:\d+:R> with \*\*Notch\*\*; deleted <t:\d+:R>\.$/),
        fields: [
          { name: "How old are you?", value: "17", inline: false },
          expect.objectContaining({ name: "Why do you want to join?" }),
        ],
      }),
    ]);
    const other = await world.run(IDS.bob, "whitelist", {
      subcommand: "member",
      options: { user: IDS.alice },
    });
    expect(other.body).toMatchObject({ content: expect.stringContaining("Only staff") });
  });

  test("five long answers fit Discord's embed limits, cut visibly; the look-up attaches them whole", async () => {
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({
      registrationMode: "approval",
      managerRoleIds: [IDS.staffRole],
      form: Array.from({ length: 5 }, (_, i) => ({
        label: `Question ${i + 1} ${"?".repeat(30)}`,
        style: "paragraph" as const,
        required: true,
        minLength: 0,
        maxLength: 4000,
        placeholder: null,
      })),
    });
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    // Markdown doubles as it is escaped: the cut must count the escaped text.
    const values = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`q${i + 1}`, `${i}*`.repeat(2000)]),
    );
    await submit(IDS.alice, opened.interactionId, values);
    const post = await requestPost();
    const [embed] = post.embeds as [APIEmbed];
    const answers = embed.fields?.slice(2) ?? [];
    expect(answers).toHaveLength(5);
    for (const field of answers) {
      expect(field.value.length).toBeLessThanOrEqual(1024);
      expect(field.value).toMatch(/… \([\d,]+ more characters\)$/);
    }
    expect(embedTotal(post.embeds)).toBeLessThanOrEqual(6000);
    expect(embed.footer?.text).toContain("Long answers are cut here: /whitelist member shows them whole.");

    const looked = await world.command(IDS.manager, "whitelist", {
      subcommand: "member",
      options: { user: IDS.alice },
    });
    expect(embedTotal(looked.embeds)).toBeLessThanOrEqual(6000);
    expect(looked.attachments).toEqual([
      expect.objectContaining({
        filename: `answers-${IDS.alice}.txt`,
        text: expect.stringContaining("0*".repeat(2000)),
      }),
    ]);
  });

  test("the rules run before the form opens: a refused registration is answered, no form", async () => {
    await setUp("command");
    await world.services.registration.register({
      guildId: IDS.guild,
      whitelist: "survival",
      member: { userId: IDS.bob, roleIds: [], canManageGuild: false },
      actor: { userId: IDS.owner, roleIds: [], canManageGuild: true },
      nick: "Notch",
      origin: "staff",
    });
    const refused = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "notch" },
    });
    expect(refused.content).toContain("already on survival");
    const mojangCalls = world.mojang.requests();
    // Command mode: the answers are kept with the nick; the reply is the registration's.
    const opened = await openForm(IDS.alice, { nick: "jeb_" });
    const answered = await submit(IDS.alice, opened.interactionId, {
      q1: "30",
      q2: "Long enough answer here.",
    });
    expect(answered.content).toContain("✅ **jeb\\_** is on **survival**");
    expect(world.mojang.requests()).toBe(mojangCalls + 1);
    const looked = await world.command(IDS.owner, "whitelist", {
      subcommand: "member",
      options: { user: IDS.alice },
    });
    expect(looked.embeds[0]?.description).toContain("with **jeb\\_**");
  });

  test("a proof code opens the form too; its submission is what /register code does", async () => {
    await setUp("command");
    const opened = await openForm(IDS.alice, { code: "K7QX-29MD" });
    expect(opened.modal.custom_id).toMatch(/:c:K7QX-29MD$/);
    const answered = await submit(IDS.alice, opened.interactionId, {
      q1: "17",
      q2: "Long enough answer here.",
    });
    expect(answered).toMatchObject({
      deferred: true,
      content: expect.stringContaining("That code does not exist"),
    });
    expect(storedAnswers()).toEqual([]);
  });

  test("message mode: a posted nick is pointed to /register, whose form registers it", async () => {
    world = await startWorld({
      prepare: (services) =>
        services.whitelists.create({
          guildId: IDS.guild,
          name: "survival",
          channelId: IDS.survivalChannel,
          nickType: "java",
          registrationMode: "message",
          form: [
            { label: "Age", style: "short", required: true, minLength: 0, maxLength: 3, placeholder: null },
          ],
        }),
    });
    const posted = await world.say(IDS.alice, IDS.survivalChannel, "Notch");
    const reply = await world.message(IDS.survivalChannel, "the bot's reply", (message: MessageView) =>
      message.content.includes("asks a few questions first"),
    );
    expect(reply.content).toBe(
      `survival asks a few questions first, which a message cannot show: use \`/register\` in <#${IDS.survivalChannel}> and answer them there.`,
    );
    expect(posted.id).toBeTruthy();
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    const answered = await submit(IDS.alice, opened.interactionId, { q1: "17" });
    expect(answered.content).toContain("✅ **Notch** is on **survival**");
  });

  test("the form speaks the member's language: its title in German, staff's questions as staff wrote them", async () => {
    const name = `${"a".repeat(16)}_long_survival_0`; // 32 characters, the longest a name may be
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({
      name,
      registrationMode: "approval",
      form: [
        {
          label: "Wie alt bist du?",
          style: "short",
          required: true,
          minLength: 0,
          maxLength: 3,
          placeholder: null,
        },
      ],
    });
    await world.control("POST", `/members/${IDS.alice}/locale`, { locale: "de" });
    await world.control("POST", `/members/${IDS.bob}/locale`, { locale: "fr" });
    // The sandbox refuses a title over Discord's 45 characters, as Discord does: opening it proves it fits.
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    expect(opened.modal).toMatchObject({
      title: `Bewerbung: ${name}`,
      components: [{ label: "Wie alt bist du?" }],
    });
    // A refusal of the form's own rules reaches a French member in French.
    const stale = await openForm(IDS.bob, { nick: "jeb_" });
    await world.services.whitelists.update(
      (await world.services.whitelists.listForGuild(IDS.guild))[0]?.id ?? "",
      {
        form: [],
      },
    );
    const refused = await submit(IDS.bob, stale.interactionId, { q1: "17" });
    expect(refused.content).toStartWith(`Le staff a changé les questions de ${name.replaceAll("_", "\\_")}`);
  });

  test("questions changed while a member answered: refused, nothing stored; a preview stores nothing", async () => {
    const { form } = await setUp();
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    await form("remove", { whitelist: "survival", number: 1 });
    const refused = await submit(IDS.alice, opened.interactionId, {
      q1: "17",
      q2: "Long enough answer here.",
    });
    expect(refused.content).toContain("Staff changed the questions of survival while you answered them");
    expect(await world.services.registration.listPendingRequests(IDS.guild)).toEqual([]);

    const preview = await runForm(IDS.manager, "preview", { whitelist: "survival" });
    if (!("modal" in preview.body)) throw new Error(JSON.stringify(preview.body));
    const seen = await submit(IDS.manager, preview.body.interactionId, { q1: "Just trying it." });
    expect(seen.content).toContain("nothing was sent");
    expect(seen.embeds[0]?.fields).toEqual([
      { name: "Why do you want to join?", value: "Just trying it.", inline: false },
    ]);
    expect(storedAnswers()).toEqual([]);
    expect((await runForm(IDS.bob, "preview", { whitelist: "survival" })).body).toMatchObject({
      content: expect.stringContaining("Only staff of survival"),
    });
  });

  test("a member who leaves takes their answers with them; retention is the server's to set", async () => {
    await setUp();
    const opened = await openForm(IDS.alice, { nick: "Notch" });
    await submit(IDS.alice, opened.interactionId, { q1: "17", q2: "Long enough answer here." });
    await requestPost();
    await world.leave(IDS.alice);
    await world.message(
      IDS.logChannel,
      "the request cancelled",
      (m) => m.embeds[0]?.title === "Request cancelled",
    );
    expect(storedAnswers()).toEqual([]);
    const set = await runForm(IDS.owner, "retention", { days: 7 });
    expect(set.body).toMatchObject({ content: expect.stringContaining("kept 7 days") });
    expect(await world.services.guilds.formRetentionDays(IDS.guild)).toBe(7);
    expect((await runForm(IDS.manager, "retention", { days: 1 })).body).toMatchObject({
      content: expect.stringContaining("Manage Server"),
    });
  });
});

describe("a form's text within Discord's limits", () => {
  test("the modal's title keeps Discord's 45 characters in every language; a name too long is cut visibly", () => {
    for (const language of languages) {
      const words = wordsFor(language);
      const longest = "w".repeat(32);
      expect({ language, title: formTitle(words, longest) }).toEqual({
        language,
        title: words.t("form.title", { whitelist: longest }),
      });
      for (const name of ["x".repeat(60), "𝓪".repeat(40)]) {
        const title = formTitle(words, name);
        expect([...title].length).toBeLessThanOrEqual(MODAL_TITLE_LIMIT);
        expect(title).toEndWith("…");
        expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }
    }
    expect(formTitle(englishWords, "survival")).toBe("Apply to survival");
  });

  const whitelist = { id: "k3v9x0q2ab", name: "survival", form: [] } as unknown as Whitelist;

  test("the modal's custom id carries the nick or code whole, in at most 100 characters, and reads back", () => {
    const nick = `${"x".repeat(30)}:a:b:${"y".repeat(5)}`;
    const id = formCustomId(whitelist, { nick });
    expect(id.length).toBeLessThanOrEqual(100);
    expect(parseFormCustomId(id)).toEqual({
      whitelistId: "k3v9x0q2ab",
      version: expect.any(String),
      target: { nick },
    });
    expect(parseFormCustomId(formCustomId(whitelist, { code: "K7QX-29MD" }))?.target).toEqual({
      code: "K7QX-29MD",
    });
    expect(parseFormCustomId(formCustomId(whitelist, { preview: true }))?.target).toEqual({ preview: true });
    expect(parseFormCustomId("approval:approve:x")).toBeNull();
  });

  test("an answer is cut to its budget after escaping, saying how much is left, never inside an emoji", () => {
    expect(fitAnswer(englishWords, "*bold*", 100)).toEqual({ text: "\\*bold\\*", cut: false });
    const cut = fitAnswer(englishWords, "*".repeat(500), 100);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(100);
    // Most of the budget is used: the longest head that fits once escaped (which doubles most asterisks).
    const left = Number(/… \((\d+) more characters\)$/.exec(cut.text)?.[1]);
    expect(500 - left).toBeGreaterThan(30);
    const emoji = fitAnswer(englishWords, "🧱".repeat(100), 50).text;
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test("answers share a budget: short ones whole, long ones cut, each field within 1,024", () => {
    const answers = [
      { question: "Age", answer: "17" },
      ...Array.from({ length: 4 }, (_, i) => ({ question: `Q${i}`, answer: `_${i}_`.repeat(1500) })),
    ];
    const { fields, cut } = answerFields(englishWords, answers, 5000);
    expect(cut).toBe(true);
    expect(fields[0]).toEqual({ name: "Age", value: "17", inline: false });
    const total = fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
    expect(total).toBeLessThanOrEqual(5000);
    for (const field of fields) expect(field.value.length).toBeLessThanOrEqual(1024);
    expect(answerFields(englishWords, [{ question: "Empty", answer: "" }], 100).fields[0]?.value).toBe("—");
  });
});
