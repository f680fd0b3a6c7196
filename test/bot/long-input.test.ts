import { afterEach, describe, expect, test } from "bun:test";
import type { ChatInputCommandInteraction, RepliableInteraction } from "discord.js";
import type { BotContext } from "../../src/bot/context.ts";
import { replyWithError } from "../../src/bot/errors.ts";
import { answer } from "../../src/bot/interaction/answer.ts";
import { fitContent, MESSAGE_LIMIT } from "../../src/bot/text.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { seedKey, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";
import { IDS, startWorld, type World } from "./world.ts";

const GUILD = "100000000000000001";
/** What a member could paste: far over Discord's 2,000 characters. */
const PASTED = "x".repeat(2500);
/** How it is echoed: its first 40 characters and an ellipsis. */
const CLIPPED = `${"x".repeat(40)}…`;

/** An interaction that records what the bot sends; `deferred` as after `deferAnswer`. */
function fakeInteraction(deferred: boolean) {
  const sent: { content?: string }[] = [];
  const record = async (body: { content?: string }) => {
    sent.push(body);
  };
  const interaction = {
    deferred,
    replied: false,
    guildId: GUILD,
    locale: "en-US",
    type: 2,
    isChatInputCommand: () => true,
    isMessageComponent: () => false,
    commandName: "test",
    reply: record,
    editReply: record,
  };
  return { sent, interaction: interaction as unknown as ChatInputCommandInteraction & RepliableInteraction };
}

const context = {
  logger: silentLogger,
  words: { member: async () => wordsFor("en"), public: async () => wordsFor("en") },
} as unknown as BotContext;

/** The failure of `call` as the member reads it: the content of the one reply `replyWithError` sends. */
async function failureReply(call: () => unknown): Promise<string> {
  const error = await (async () => call())().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { sent, interaction } = fakeInteraction(true);
  await replyWithError(interaction, error, context);
  expect(sent).toHaveLength(1);
  return sent[0]?.content ?? "";
}

describe("replies are never longer than Discord takes", () => {
  test("answer cuts a long content with an ellipsis, replied or edited", async () => {
    for (const deferred of [false, true]) {
      const { sent, interaction } = fakeInteraction(deferred);
      await answer(interaction, `Start ${"y".repeat(3000)}`);
      await answer(interaction, { content: "z".repeat(2001), embeds: [] });
      expect(sent.map((body) => [body.content?.length, body.content?.endsWith("…")])).toEqual([
        [MESSAGE_LIMIT, true],
        [MESSAGE_LIMIT, true],
      ]);
    }
  });

  test("replyWithError cuts a long failure with an ellipsis", async () => {
    const content = await failureReply(() => {
      throw new DomainError("invalid-input", "w".repeat(4000));
    });
    expect([content.length, content.endsWith("…")]).toEqual([MESSAGE_LIMIT, true]);
  });

  test("a content within the limit is sent as it is; a cut never splits a surrogate pair", () => {
    expect(fitContent("short")).toBe("short");
    expect(fitContent("a".repeat(2000))).toBe("a".repeat(2000));
    const cut = fitContent(`${"a".repeat(1998)}😀😀`);
    expect([cut.length, cut.endsWith("a…")]).toEqual([1999, true]);
  });
});

describe("a pasted essay is echoed clipped, in a reply that is delivered", () => {
  let services: TestServices;
  afterEach(() => services.close());

  test("as a whitelist option", async () => {
    services = await testServices();
    await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const content = await failureReply(() =>
      services.whitelists.resolve({ guildId: GUILD, whitelist: PASTED }),
    );
    expect(content).toBe(
      `There is no whitelist “${CLIPPED}” on this server. Pick one of the names the command suggests.`,
    );
  });

  test("as a nick to remove", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const content = await failureReply(() =>
      services.entries.remove({ whitelistId: wl.id, nick: PASTED, origin: "discord", actorId: IDS.alice }),
    );
    expect(content).toBe(`${CLIPPED} is not on survival.`);
  });

  test("as a link id to revoke or to give a webhook", async () => {
    services = await testServices();
    await seedKey(services, GUILD);
    const contents = [
      await failureReply(() => services.keys.revoke(GUILD, PASTED)),
      await failureReply(() => services.webhooks.set(GUILD, PASTED, "https://example.com/hook")),
      await failureReply(() => services.webhooks.clear(GUILD, PASTED)),
    ];
    expect(contents).toEqual(Array(3).fill(`No active link with id ${CLIPPED}.`));
  });
});

describe("through Discord", () => {
  let world: World;
  afterEach(async () => world?.stop());

  test("a client never sends a pasted essay in an option with a max_length: the sandbox refuses it likewise", async () => {
    world = await startWorld();
    const cases = [
      await world.run(IDS.alice, "whitelist", { subcommand: "show", options: { whitelist: PASTED } }),
      await world.run(IDS.alice, "unregister", { options: { nick: PASTED } }),
      await world.run(IDS.owner, "server-link", { subcommand: "revoke", options: { id: PASTED } }),
    ];
    expect(cases.map(({ status, body }) => ({ status, error: body.error }))).toEqual([
      {
        status: 400,
        error: "option whitelist of /whitelist takes at most 64 characters (max_length), got 2500",
      },
      { status: 400, error: "option nick of /unregister takes at most 40 characters (max_length), got 2500" },
      { status: 400, error: "option id of /server-link takes at most 32 characters (max_length), got 2500" },
    ]);
  });

  test("a refusal listing many whitelists, every option within its limits, still reaches the member", async () => {
    world = await startWorld();
    for (let i = 0; i < 70; i++) await world.whitelist({ name: `whitelist-${i}`.padEnd(32, "x") });
    const reply = await world.command(IDS.alice, "register", { options: { nick: "Notch" } });
    expect({
      ephemeral: reply.ephemeral,
      start: reply.content.slice(0, 50),
      fits: reply.content.length <= MESSAGE_LIMIT,
      cut: reply.content.endsWith("…"),
    }).toEqual({
      ephemeral: true,
      start: `Which whitelist? This server has ${"whitelist-0".padEnd(17, "x")}`,
      fits: true,
      cut: true,
    });
  });
});
