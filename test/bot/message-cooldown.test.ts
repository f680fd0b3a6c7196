import { afterEach, describe, expect, test } from "bun:test";
import { COOLDOWN_WINDOW_MS, REPLIES_PER_CHANNEL } from "../../src/bot/cooldown.ts";
import { REFUSED_REACTION } from "../../src/bot/events/message-create.ts";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

/** Who may be pinged by a reply that pings nobody, the poster included (discord.js's body for the API). */
const NO_PING = { parse: [], replied_user: false };

/**
 * A world with a java whitelist in message mode in #survival, the bot's intents ensured. Limits off: a flood's
 * ❌ reactions take Discord's reaction bucket (1 per 0.25 s per channel) longer than these tests wait.
 */
async function messageWorld() {
  world = await startWorld({ sandbox: { rateLimits: false } });
  await world.whitelist({ registrationMode: "message" });
  await world.bot.ensureIntents();
  return world;
}

/**
 * Waits until each of `posted` has been answered, by a ❌ on it or by one of the bot's replies in #survival
 * (counted: which message a reply answers does not matter here); resolves with both.
 */
async function answers(w: World, posted: { id: string }[]) {
  const ids = new Set(posted.map((message) => message.id));
  return w.waitFor(`answers to ${posted.length} messages`, async () => {
    const messages = await w.messages(IDS.survivalChannel);
    const replies = messages.filter((m) => m.authorId === IDS.bot);
    const reacted = messages.filter((m) => ids.has(m.id) && m.reactions.includes(REFUSED_REACTION));
    return replies.length + reacted.length >= posted.length && { replies, reacted };
  });
}

const say = (w: World, userId: string, count: number, from = 0) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => w.say(userId, IDS.survivalChannel, `not a nick ${from + i}`)),
  );

const pinged = (replies: MessageView[]) => replies.map((reply) => reply.allowedMentions);

describe("message mode under a flood", () => {
  test("a member posting 20 invalid nicks gets one reply that pings nobody and ❌ on the rest", async () => {
    const w = await messageWorld();
    const posted = await say(w, IDS.alice, 20);

    const { replies, reacted } = await answers(w, posted);
    expect({ replies: replies.length, reacted: reacted.length }).toEqual({ replies: 1, reacted: 19 });
    expect(replies[0]?.content).toContain("not a valid");
    expect(replies[0]?.content).not.toContain(`<@${IDS.alice}>`);
    expect(pinged(replies)).toEqual([NO_PING]);

    w.clock.advance(COOLDOWN_WINDOW_MS);
    const later = await say(w, IDS.alice, 1, 20);
    const after = await answers(w, [...posted, ...later]);
    expect({ replies: after.replies.length, reacted: after.reacted.length }).toEqual({
      replies: 2,
      reacted: 19,
    });
    expect(pinged(after.replies)).toEqual([NO_PING, NO_PING]);
  });

  test("many members at once: the channel gets the bounded number of replies, the others a ❌", async () => {
    const w = await messageWorld();
    await w.control("POST", "/members", { id: "130000000000000009", username: "dave" });
    const members = [IDS.owner, IDS.manager, IDS.alice, IDS.bob, IDS.carol, "130000000000000009"];
    expect(members.length).toBeGreaterThan(REPLIES_PER_CHANNEL);

    const posted = (await Promise.all(members.map((member, i) => say(w, member, 1, i)))).flat();
    const { replies, reacted } = await answers(w, posted);
    expect({ replies: replies.length, reacted: reacted.length }).toEqual({
      replies: REPLIES_PER_CHANNEL,
      reacted: members.length - REPLIES_PER_CHANNEL,
    });
    expect(pinged(replies)).toEqual(Array(REPLIES_PER_CHANNEL).fill(NO_PING));
  });
});
