import { afterEach, describe, expect, test } from "bun:test";
import { type ChatInputCommandInteraction, Events, MessageFlags, SlashCommandBuilder } from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { control, DEFAULT_INTENTS, IDS, startBot, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

const command = new SlashCommandBuilder().setName("echo").setDescription("Echoes").toJSON();

/**
 * A sandbox on a manual clock and a bot that hands each interaction to the test: the test moves the clock
 * between Discord sending the interaction and the bot answering it, so "late" needs no waiting.
 */
async function setup() {
  const clock = manualClock();
  const sandbox = await t.sandbox({ clock });
  const client = t.client(sandbox, DEFAULT_INTENTS);
  const seen: ChatInputCommandInteraction[] = [];
  const waiters: (() => void)[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    seen.push(interaction);
    for (const wake of waiters.splice(0)) wake();
  });
  await startBot(client, [command], async () => {});
  /** Runs /echo as a member; resolves once the bot holds the interaction, with the control API's answer. */
  const run = async () => {
    const before = seen.length;
    const answer = control(sandbox, "POST", "/interactions", { userId: IDS.alice, command: "echo" });
    while (seen.length === before) await new Promise<void>((resolve) => waiters.push(resolve));
    return { interaction: seen[before] as ChatInputCommandInteraction, answer };
  };
  return { sandbox, clock, run };
}

/** The error a discord.js call rejected with, as the fields a bot reads of a DiscordAPIError. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; code?: number; rawError?: unknown }) => ({
      status: error.status,
      code: error.code,
      rawError: error.rawError,
    }),
  );

async function raw(sandbox: SandboxDiscord, method: string, path: string, body: unknown) {
  const response = await fetch(`${sandbox.apiUrl}/v10${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

describe("sandbox interaction deadlines (Receiving and Responding)", () => {
  test("an answer up to 3 s after the interaction is taken", async () => {
    const { clock, run } = await setup();
    const { interaction, answer } = await run();
    clock.advance(3_000);
    await interaction.reply({ content: "just in time", flags: MessageFlags.Ephemeral });
    expect((await answer).body).toMatchObject({ content: "just in time", ephemeral: true });
  });

  test("a reply later than 3 s is refused with 10062 Unknown interaction; the control API says the bot was late", async () => {
    const { clock, run } = await setup();
    const { interaction, answer } = await run();
    clock.advance(3_001);
    expect(await failure(interaction.reply("too late"))).toEqual({
      status: 404,
      code: 10062,
      rawError: { message: "Unknown interaction", code: 10062 },
    });
    // A bot that then tries to defer is refused the same way.
    expect((await failure(interaction.deferReply()))?.code).toBe(10062);
    expect(await answer).toEqual({
      status: 504,
      body: {
        error:
          "the bot acknowledged 1 ms after Discord's 3 s, which refused it (10062 Unknown interaction) (echo)",
      },
    });
  });

  test("a deferral within 3 s leaves 15 minutes for edits and follow-ups; after that the token is invalid (401, 50027)", async () => {
    const { clock, run } = await setup();
    const { interaction, answer } = await run();
    clock.advance(2_999);
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    clock.advance(15 * 60_000 - 3_000);
    await interaction.followUp({ content: "still here", flags: MessageFlags.Ephemeral });
    await interaction.editReply("edited at 15 minutes");
    expect((await answer).body).toMatchObject({ deferred: true, ephemeral: true });
    clock.advance(2);
    const expired = { status: 401, code: 50027, rawError: { message: "Invalid Webhook Token", code: 50027 } };
    expect(await failure(interaction.editReply("too late"))).toEqual(expired);
    expect(await failure(interaction.followUp("too late"))).toEqual(expired);
    expect(await failure(interaction.fetchReply())).toEqual(expired);
  });

  test("a second acknowledgement is refused with 40060, with Discord's exact body", async () => {
    const { sandbox, run } = await setup();
    const { interaction, answer } = await run();
    const callback = `/interactions/${interaction.id}/${interaction.token}/callback`;
    expect(await raw(sandbox, "POST", callback, { type: 4, data: { content: "first" } })).toEqual({
      status: 204,
      body: null,
    });
    expect(await raw(sandbox, "POST", callback, { type: 5 })).toEqual({
      status: 400,
      body: { message: "Interaction has already been acknowledged.", code: 40060 },
    });
    expect((await answer).body).toMatchObject({ content: "first" });
  });

  test("a late callback gets Discord's exact 10062 body, without any Authorization", async () => {
    const { sandbox, clock, run } = await setup();
    const { interaction, answer } = await run();
    clock.advance(60_000);
    const callback = `/interactions/${interaction.id}/${interaction.token}/callback`;
    expect(await raw(sandbox, "POST", callback, { type: 4, data: { content: "late" } })).toEqual({
      status: 404,
      body: { message: "Unknown interaction", code: 10062 },
    });
    expect((await answer).status).toBe(504);
  });
});
