import { afterEach, describe, expect, test } from "bun:test";
import type { TextChannel } from "discord.js";
import { COOLDOWN_WINDOW_MS, REPLIES_PER_CHANNEL } from "../../src/bot/cooldown.ts";
import { REFUSED_REACTION, REGISTERED_REACTION } from "../../src/bot/events/message-create.ts";
import { REFUSALS_REACTED } from "../../src/bot/reactions.ts";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

/** Who may be pinged by a reply that pings nobody, the poster included (discord.js's body for the API). */
const NO_PING = { parse: [], replied_user: false };

/** A world with a java whitelist in message mode in #survival, the bot's intents ensured, under Discord's limits. */
async function messageWorld() {
  world = await startWorld();
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

/**
 * Resolves once the bot answered every message of `posted` (in #survival): the gateway delivers messages in order,
 * so once the bot's client has the last, it heard every one before it and started answering them.
 */
async function allAnswered(w: World, posted: { id: string }[]) {
  // Posted at once: the last is the one Discord gave the highest id (ids grow with time).
  const last = posted
    .map((message) => BigInt(message.id))
    .sort((a, b) => (a < b ? -1 : 1))
    .at(-1);
  await w.waitFor("the bot hearing the last message", async () =>
    (w.bot.client.channels.cache.get(IDS.survivalChannel) as TextChannel | undefined)?.messages.cache.has(
      String(last),
    ),
  );
  await w.bot.messagesAnswered();
}

/** What the bot answered in #survival so far: its replies, and how many messages carry its ❌. */
async function answered(w: World) {
  const messages = await w.messages(IDS.survivalChannel);
  return {
    replies: messages.filter((m) => m.authorId === IDS.bot),
    reacted: messages.filter((m) => m.reactions.includes(REFUSED_REACTION)).length,
  };
}

const say = (w: World, userId: string, count: number, from = 0) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => w.say(userId, IDS.survivalChannel, `not a nick ${from + i}`)),
  );

const pinged = (replies: MessageView[]) => replies.map((reply) => reply.allowedMentions);

describe("message mode under a flood", () => {
  test("a member posting 20 invalid nicks gets one reply that pings nobody, a few ❌, and nothing more", async () => {
    const w = await messageWorld();
    const posted = await say(w, IDS.alice, 20);
    await allAnswered(w, posted);

    // One reply; then a ❌ on as many as the member's allowance, and none on the rest of the flood.
    const flood = await answered(w);
    expect({ replies: flood.replies.length, reacted: flood.reacted }).toEqual({
      replies: 1,
      reacted: REFUSALS_REACTED,
    });
    expect(flood.replies[0]?.content).toContain("not a valid");
    expect(flood.replies[0]?.content).not.toContain(`<@${IDS.alice}>`);
    expect(pinged(flood.replies)).toEqual([NO_PING]);

    w.clock.advance(COOLDOWN_WINDOW_MS);
    await allAnswered(w, await say(w, IDS.alice, 1, 20));
    const after = await answered(w);
    expect({ replies: after.replies.length, reacted: after.reacted }).toEqual({
      replies: 2,
      reacted: REFUSALS_REACTED,
    });
    expect(pinged(after.replies)).toEqual([NO_PING, NO_PING]);
  });

  test("behind one member's flood another member's ✅ comes next, under Discord's reaction bucket", async () => {
    // Discord's limits on: reactions in #survival take turns at 1 per 1 s, as the sandbox applies Discord's.
    const order: string[] = [];
    world = await startWorld({
      // The order of reactions is read through the sandbox's one observer, which the contract check would use.
      contract: false,
      sandbox: {
        observe: ({ method, path, status }) => {
          const emoji = /\/reactions\/([^/]+)\/@me$/.exec(path)?.[1];
          if (method === "PUT" && emoji && status < 300) order.push(decodeURIComponent(emoji));
        },
      },
    });
    const w = world;
    await w.whitelist({ registrationMode: "message", nickType: "offline" });
    await w.bot.ensureIntents();
    const flood = await say(w, IDS.alice, 20);
    await allAnswered(w, [...flood, await w.say(IDS.bob, IDS.survivalChannel, "bob_mc")]);
    // Alice's refusals past her allowance get nothing, and Bob's ✅ does not wait for those she still gets: her
    // first went at once, and the next is chosen when the bucket refills, a second later, when Bob's nick is long
    // stored (under a very busy machine, her second may already be on its way). Before, his ✅ came after her 19.
    expect(order.filter((emoji) => emoji === REFUSED_REACTION)).toHaveLength(REFUSALS_REACTED);
    expect(order.indexOf(REGISTERED_REACTION)).toBeLessThan(REFUSALS_REACTED);
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
