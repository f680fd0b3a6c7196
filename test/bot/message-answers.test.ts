import { afterEach, describe, expect, test } from "bun:test";
import { unreferableEmbed } from "../../src/bot/channel-answers.ts";
import { REGISTERED_REACTION } from "../../src/bot/events/message-create.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { IDS, startWorld, type World } from "./world.ts";

// A member who posts a nick in a message-mode channel always hears back, as Discord really behaves: where the bot
// cannot refer to the message (no Read Message History in the channel; the message deleted before the answer, as
// AutoMod or a moderation bot does), a reply and a reaction are refused, so it posts plainly, naming the member
// without a ping, and staff are told once in the log channel.

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

const READ_MESSAGE_HISTORY = String(1n << 16n);

/** A java whitelist in message mode in #survival, a log channel, the bot's intents ensured. */
async function messageWorld() {
  world = await startWorld();
  await world.useLogChannel();
  const survival = await world.whitelist({ registrationMode: "message", nickType: "offline" });
  await world.bot.ensureIntents();
  return { w: world, survival };
}

/** The bot's posts in #survival. */
const botPosts = async (w: World) =>
  (await w.messages(IDS.survivalChannel)).filter((message) => message.authorId === IDS.bot);

/** The log channel's notices about answers, by title. */
const notices = async (w: World) =>
  (await w.messages(IDS.logChannel))
    .flatMap((message) => message.embeds)
    .filter(
      (embed) => embed.title?.startsWith("I cannot reply") || embed.title?.startsWith("A member's message"),
    )
    .map((embed) => ({ title: embed.title, description: embed.description }));

/** What a post is, for comparing: its text, whether it replies to a message, whom it may ping. */
const shape = (post: MessageView) => ({
  content: post.content,
  replyTo: post.replyTo ?? null,
  allowedMentions: post.allowedMentions,
});

const NO_PING = { parse: [] };

describe("message mode, where a member's message cannot be replied to", () => {
  test("without Read Message History: plain posts naming the member, for a registration and a refusal; staff told once", async () => {
    const { w, survival } = await messageWorld();
    await w.control("PUT", `/channels/${IDS.survivalChannel}/overwrites/${IDS.botRole}`, {
      type: "role",
      deny: READ_MESSAGE_HISTORY,
    });
    const posted = await w.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    await w.waitFor("the registration's post", async () => (await botPosts(w)).length === 1);
    await w.say(IDS.carol, IDS.survivalChannel, "not a nick");
    await w.waitFor("the refusal's post", async () => (await botPosts(w)).length === 2);

    expect((await w.services.entries.list(survival.id)).map((entry) => entry.nick)).toEqual(["alice_mc"]);
    const [registered, refused] = await botPosts(w);
    expect([registered && shape(registered), refused && shape(refused)]).toEqual([
      {
        content: `<@${IDS.alice}> ${REGISTERED_REACTION} **alice\\_mc** is registered.`,
        replyTo: null,
        allowedMentions: NO_PING,
      },
      {
        content: expect.stringMatching(new RegExp(`^<@${IDS.carol}> “not a nick” is not a valid nick\\.`)),
        replyTo: null,
        allowedMentions: NO_PING,
      },
    ]);
    // Nothing reacted: Discord refuses reactions without Read Message History.
    expect((await w.messages(IDS.survivalChannel)).find((m) => m.id === posted.id)?.reactions).toEqual([]);
    await w.waitFor("the notice", async () => (await notices(w)).length > 0);
    expect(await notices(w)).toEqual([
      {
        title: "I cannot reply or react to members",
        description: expect.stringContaining(
          `In <#${IDS.survivalChannel}> I lack Read Message History, which`,
        ),
      },
    ]);
  });

  test("a message deleted the moment it is posted: the nick is registered, and the member told by a plain post", async () => {
    const { w, survival } = await messageWorld();
    await w.say(IDS.alice, IDS.survivalChannel, "alice_mc", { deletedAtOnce: true });
    await w.waitFor("the registration's post", async () => (await botPosts(w)).length === 1);
    await w.say(IDS.carol, IDS.survivalChannel, "[free nitro](https://e.com)", { deletedAtOnce: true });
    await w.waitFor("the refusal's post", async () => (await botPosts(w)).length === 2);

    expect((await w.services.entries.list(survival.id)).map((entry) => entry.nick)).toEqual(["alice_mc"]);
    expect((await botPosts(w)).map(shape)).toEqual([
      {
        content: `<@${IDS.alice}> ${REGISTERED_REACTION} **alice\\_mc** is registered.`,
        replyTo: null,
        allowedMentions: NO_PING,
      },
      {
        // What the member typed, escaped: no masked link under the bot's name.
        content: expect.stringMatching(
          /^<@\d+> “\\\[free nitro\\\]\(https\\:\/\/e\.com\)” is not a valid nick\./,
        ),
        replyTo: null,
        allowedMentions: NO_PING,
      },
    ]);
    await w.waitFor("the notice", async () => (await notices(w)).length > 0);
    expect((await notices(w)).map((notice) => notice.title)).toEqual([
      "A member's message was deleted before I answered",
    ]);
  });

  test("where the bot may read the history, it replies to the message itself and reacts, and staff hear nothing", async () => {
    const { w } = await messageWorld();
    const refused = await w.say(IDS.carol, IDS.survivalChannel, "not a nick");
    await w.waitFor("the reply", async () => (await botPosts(w)).length === 1);
    const registered = await w.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    await w.waitFor("the ✅", async () =>
      (await w.messages(IDS.survivalChannel)).some(
        (m) => m.id === registered.id && m.reactions.includes(REGISTERED_REACTION),
      ),
    );
    expect((await botPosts(w)).map((post) => post.replyTo)).toEqual([refused.id]);
    expect(await notices(w)).toEqual([]);
  });
});

describe("staff's notice, in the server's language", () => {
  test("names what the bot lacks as Discord's client does there, one permission or both", () => {
    const lacking = (language: "de" | "pl", missing: ("ReadMessageHistory" | "AddReactions")[]) =>
      unreferableEmbed(wordsFor(language), IDS.survivalChannel, "history", missing).description;
    expect(lacking("de", ["AddReactions"])).toStartWith(
      `In <#${IDS.survivalChannel}> habe ich die Berechtigung „Reaktionen hinzufügen“ nicht,`,
    );
    expect(lacking("de", ["ReadMessageHistory", "AddReactions"])).toStartWith(
      `In <#${IDS.survivalChannel}> habe ich die Berechtigungen „Nachrichtenverlauf anzeigen“ und „Reaktionen hinzufügen“ nicht,`,
    );
    // Nothing found missing (the channel unknown to the cache): Read Message History, which replies need.
    expect(lacking("pl", [])).toStartWith(
      `Na kanale <#${IDS.survivalChannel}> nie mam uprawnienia „Czytanie historii wiadomości”,`,
    );
    expect(unreferableEmbed(wordsFor("de"), IDS.survivalChannel, "deleted", []).title).toBe(
      "Die Nachricht eines Mitglieds wurde gelöscht, bevor ich antwortete",
    );
  });
});
