import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AllowedMentionsTypes, type APIEmbed, MessageFlags } from "discord.js";
import { formattingIn, oneLine, rendered } from "../helpers/markdown.ts";
import { IDS, startWorld, type World } from "./world.ts";

// Text members, staff and Mojang supply, fed through every way the bot writes: registration (by message, by
// command), refusals that repeat it, approval (the request post, the decision, the member's notice), removal (by the
// member, by staff with a deny reason, by the API with a reason) and the log channel. Every post is read with
// Discord's own markdown rules (discord-markdown-parser): what others wrote shows as the literal text it is, and no
// post holds formatting the bot never writes itself (a masked link, a code block, a heading, an @everyone…).

let world: World;

/** Markdown in a whitelist name (names take letters, digits, `-` and `_`): underlined if not escaped. */
const UNDERLINED = "__init__";
/** An offline nick that italicises. */
const ITALIC = "_x_";
/** A deny reason carrying everything a reason may (one line, 200 characters at most). */
const DENY_REASON =
  "[free nitro](https://e.com) ```js @everyone <@&140000000000000003> ||spoiler|| ~~gone~~ <t:1:R>";
/** An API removal reason: a heading and subtext are read at the start of a line only. */
const API_REASON = "-# small print **bold** `code`";
/**
 * A Floodgate prefix may be any printable characters: a Bedrock nick then holds a backtick, which ends a code span
 * (the bot offers commands to copy in code spans) and must read as text.
 */
const PREFIX = "`*";
const BEDROCK_NICK = `${PREFIX}Alex_Pocket`;
/** What members post in the message-mode channel: each is refused, and its refusal repeats it. */
const POSTED = [
  "[free nitro](https://e.com/nitro)",
  "```js\nalert(1)",
  "# Big @here",
  `@everyone ${"x".repeat(1900)}`,
];

/** How the bot's refusals repeat what was typed: on one line, at most 40 characters and an ellipsis. */
const echoed = (typed: string) => {
  const chars = [...oneLine(typed)];
  return chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : chars.join("");
};

/** The kinds of formatting the bot writes itself; anything else in a post came from someone else's text. */
const OWN_FORMATTING = new Set(["strong", "inlineCode", "user", "role", "channel", "timestamp", "twemoji"]);

/** Every text of a message Discord renders as markdown: its content, and its embeds' titles, descriptions, fields. */
const textsOf = (message: { content: string; embeds: APIEmbed[] }) => [
  message.content,
  ...message.embeds.flatMap((embed) => [
    embed.title ?? "",
    embed.description ?? "",
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
  ]),
];

/** Texts the bot wrote and later replaced (the request's post, before its approval), as they were. */
const replaced: string[] = [];

/** Everything the bot wrote: posts in every channel and the answers only their member sees. */
const botTexts = () =>
  [...world.sandbox.state.messages.values()]
    .filter((message) => message.author.id === IDS.bot)
    .flatMap(textsOf)
    .concat(replaced)
    .filter((text) => text !== "");

beforeAll(async () => {
  world = await startWorld();
  await world.useLogChannel();
  const underlined = await world.whitelist({
    name: UNDERLINED,
    nickType: "offline",
    registrationMode: "message",
    grantedRoleIds: [IDS.whitelistedRole],
  });
  const italic = await world.whitelist({
    name: ITALIC,
    nickType: "offline",
    registrationMode: "approval",
    channelId: IDS.general,
    managerRoleIds: [IDS.staffRole],
  });
  await world.whitelist({
    name: "bedrock",
    nickType: "bedrock",
    floodgatePrefix: PREFIX,
    channelId: IDS.general,
  });
  await world.bot.ensureIntents();

  // By message: a nick that is markdown, then what members post that is no nick at all.
  const posted = await world.say(IDS.alice, IDS.survivalChannel, UNDERLINED);
  await world.waitFor("the ✅", async () =>
    (await world.messages(IDS.survivalChannel)).some((m) => m.id === posted.id && m.reactions.length > 0),
  );
  for (const [index, text] of POSTED.entries()) {
    // One member each: the reply cooldown answers a member once per window.
    const member = await world.control<{ id: string }>("POST", "/members", {
      id: `13000000000000010${index}`,
      username: `poster${index}`,
      roleIds: [],
    });
    await world.say(member.id, IDS.survivalChannel, text);
  }
  await world.waitFor(
    "the refusals",
    async () =>
      (await world.messages(IDS.survivalChannel)).filter((m) => m.authorId === IDS.bot).length >=
      POSTED.length,
  );

  // By command, on the approval whitelist: the request, the approval, the member's notice.
  await world.command(IDS.carol, "register", { options: { nick: ITALIC, whitelist: ITALIC } });
  const request = await world.message(IDS.logChannel, "the request", (m) => m.components.length > 0);
  replaced.push(...textsOf(request));
  await world.click(IDS.manager, request.id, `approval:approve:${(await world.registrationRequest()).id}`);
  await world.message(IDS.general, "the notice", (m) => m.content.includes("approved"));

  // A Bedrock nick with the prefix's backtick and asterisk: registered, then removed by its member.
  const bedrock = await world.command(IDS.bob, "register", {
    options: { nick: "Alex Pocket", whitelist: "bedrock" },
  });
  // The command to copy cannot be a code span: it is the same characters, escaped.
  expect(rendered(bedrock.content)).toContain(
    `Changed your mind? /unregister nick:${BEDROCK_NICK} removes it.`,
  );
  await world.command(IDS.bob, "unregister", { options: { nick: BEDROCK_NICK, whitelist: "bedrock" } });

  // Removals: a deny with a reason (alice's nick goes), the API with a reason (carol's goes), then refusals of both.
  await world.command(IDS.owner, "whitelist", {
    subcommand: "deny",
    options: { whitelist: UNDERLINED, nick: UNDERLINED, reason: DENY_REASON },
  });
  const key = await world.key();
  const deleted = await world.api(
    key,
    `/whitelists/${italic.id}/entries/${ITALIC}?reason=${encodeURIComponent(API_REASON)}`,
    { method: "DELETE" },
  );
  expect(deleted.status).toBe(200);
  await world.command(IDS.bob, "register", { options: { nick: UNDERLINED, whitelist: UNDERLINED } });
  await world.command(IDS.owner, "whitelist", { subcommand: "whois", options: { nick: UNDERLINED } });
  await world.command(IDS.owner, "whitelist", { subcommand: "show", options: { whitelist: underlined.id } });
  await world.bot.logIdle();
});

afterAll(() => world?.stop());

describe("text others wrote, wherever the bot writes it", () => {
  test("no post holds formatting the bot does not write itself", () => {
    const foreign = botTexts().flatMap((text) =>
      [...formattingIn(text)].filter((kind) => !OWN_FORMATTING.has(kind)).map((kind) => ({ kind, text })),
    );
    expect(foreign).toEqual([]);
  });

  test("each piece shows as the literal text it is: nicks, whitelist names, reasons, what members typed", () => {
    const shown = botTexts().map(rendered);
    const wanted = [UNDERLINED, ITALIC, BEDROCK_NICK, DENY_REASON, API_REASON, ...POSTED.map(echoed)];
    expect(wanted.filter((literal) => !shown.some((text) => text.includes(literal)))).toEqual([]);
  });

  test("in the log: the additions, the approval, the deny and the API removal with their reasons", () => {
    const logged = [...world.sandbox.state.messages.values()]
      .filter((message) => message.channelId === IDS.logChannel)
      .flatMap((message) => message.embeds)
      .map((embed) => ({
        title: embed.title,
        description: rendered(embed.description ?? ""),
        reason: rendered(embed.fields?.find((field) => field.name === "Reason")?.value ?? ""),
      }));
    expect(logged).toEqual(
      expect.arrayContaining([
        {
          title: "Nick added",
          description: `⟦strong⟧${UNDERLINED}⟦/strong⟧ added to ⟦strong⟧${UNDERLINED}⟦/strong⟧`,
          reason: "",
        },
        {
          // The request's post, once approved.
          title: "Request approved",
          description: `⟦strong⟧${ITALIC}⟦/strong⟧ on ⟦strong⟧${ITALIC}⟦/strong⟧ for ⟦user⟧⟦/user⟧`,
          reason: "",
        },
        { title: "Nick denied", description: expect.any(String), reason: DENY_REASON },
        {
          title: "Nick removed",
          description: `⟦strong⟧${ITALIC}⟦/strong⟧ removed from ⟦strong⟧${ITALIC}⟦/strong⟧`,
          reason: API_REASON,
        },
      ]),
    );
  });

  test("what a member posts is never echoed as a ping: no post in a channel may ping @everyone or a role", () => {
    // Ephemeral answers are seen by their member alone; posts in a channel say whom they may ping, if anyone.
    const posts = [...world.sandbox.state.messages.values()].filter(
      (message) =>
        message.author.id === IDS.bot &&
        message.content !== "" &&
        (message.flags & MessageFlags.Ephemeral) === 0,
    );
    expect(posts.length).toBeGreaterThan(POSTED.length);
    const pinging = posts.filter((message) => {
      // Without allowed_mentions Discord pings whatever the text mentions; with it, what `parse` lists.
      const parse = message.allowedMentions ? (message.allowedMentions.parse ?? []) : ["everyone", "roles"];
      return parse.includes(AllowedMentionsTypes.Everyone) || parse.includes(AllowedMentionsTypes.Role);
    });
    expect(pinging.map((message) => message.content.slice(0, 60))).toEqual([]);
  });
});
