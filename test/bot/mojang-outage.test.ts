import { afterEach, describe, expect, test } from "bun:test";
import type { FakeMojangMode } from "../../src/sandbox/mojang.ts";
import type { RegistrationMode } from "../../src/whitelists/model.ts";
import { IDS, PROFILES, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

const TRY_AGAIN = "Mojang can't be reached right now; try again in a minute.";
/** Longer than the Mojang client keeps any answer: the next look-up asks Mojang again. */
const PAST_THE_CACHE_MS = 11 * 60_000;

/** An interaction as the control API tracks it. */
type Tracked = { name: string; acknowledged: boolean; deferred: boolean; answered: boolean };

/**
 * Each way a member's nick reaches Mojang: how to set it up, and the act whose answer the member reads (an
 * interaction's reply, or the bot's answer to the posted message). `interaction` names the tracked interaction.
 */
const PATHS: Record<
  string,
  {
    mode: RegistrationMode;
    interaction: string | null;
    setUp?: (w: World) => Promise<unknown>;
    act: (w: World) => Promise<string>;
  }
> = {
  "/register": {
    mode: "command",
    interaction: "register",
    act: async (w) =>
      (await w.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "Notch" } }))
        .content,
  },
  "/whitelist add": {
    mode: "command",
    interaction: "whitelist",
    act: async (w) =>
      (
        await w.command(IDS.owner, "whitelist", {
          subcommand: "add",
          options: { whitelist: "survival", member: IDS.alice, nick: "Notch" },
        })
      ).content,
  },
  "the approval button": {
    mode: "approval",
    interaction: "approval:approve",
    // The request is filed while Mojang is well; approving looks the nick up again once the cache expired.
    setUp: async (w) => {
      await w.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "Notch" } });
      await w.message(IDS.logChannel, "the request post", (m) => m.components.length > 0);
      w.clock.advance(PAST_THE_CACHE_MS);
    },
    act: async (w) => {
      const post = await w.message(IDS.logChannel, "the request post", (m) => m.components.length > 0);
      const decided = await w.click(
        IDS.owner,
        post.id,
        `approval:approve:${(await w.registrationRequest()).id}`,
      );
      return decided.embeds[0]?.title ?? decided.content;
    },
  },
  "message mode": {
    mode: "message",
    interaction: null,
    act: async (w) => {
      const posted = await w.say(IDS.alice, IDS.survivalChannel, "Notch");
      const answered = await w.message(
        IDS.survivalChannel,
        "the bot's answer to the post",
        (m) => (m.id === posted.id && m.reactions.length > 0) || m.authorId === IDS.bot,
      );
      return answered.authorId === IDS.bot ? answered.content : answered.reactions.join("");
    },
  },
};

/** What the member reads when Notch was registered, by path. */
const SUCCESS: Record<string, string> = {
  "/register": "✅ **Notch** is on **survival**. You can join the server now.",
  "/whitelist add": `✅ **Notch** is on **survival** for <@${IDS.alice}>.`,
  "the approval button": "Request approved",
  "message mode": "✅",
};

async function worldFor(path: keyof typeof PATHS) {
  const { mode, setUp } = PATHS[path] as (typeof PATHS)[string];
  world = await startWorld();
  await world.useLogChannel();
  await world.whitelist({ registrationMode: mode });
  if (mode === "message") await world.bot.ensureIntents();
  await setUp?.(world);
  return world;
}

const stored = async (w: World) =>
  await w.services.entries.list((await w.services.whitelists.find(IDS.guild, "survival"))?.id ?? "");

describe("a slow Mojang: the member still gets an answer", () => {
  test.each(Object.keys(PATHS))("%s: acknowledged before Mojang answers, then the answer", async (path) => {
    const { act, interaction } = PATHS[path] as (typeof PATHS)[string];
    const w = await worldFor(path);
    w.mojang.hold();
    const answer = act(w);
    // Awaited below; a failed expectation before that must not leave it rejecting into the next test.
    answer.catch(() => {});
    await w.mojang.waitForHeld();

    // Mojang has not answered yet; Discord has already been told the bot is on it (its 3 s are not running out).
    if (interaction) {
      const tracked = await w.control<Tracked[]>("GET", "/interactions");
      expect(tracked.at(-1)).toMatchObject({
        name: expect.stringMatching(new RegExp(`^${interaction}`)),
        acknowledged: true,
        deferred: true,
        answered: false,
      });
    } else {
      expect((await w.messages(IDS.survivalChannel)).map((m) => [m.content, m.reactions])).toEqual([
        ["Notch", []],
      ]);
    }
    w.mojang.release();

    expect((await answer).split("\n")[0]).toBe(SUCCESS[path] as string);
    expect(await stored(w)).toEqual([
      expect.objectContaining({ nick: PROFILES.notch.name, userId: IDS.alice, premium: true }),
    ]);
  });
});

describe("Mojang rate limiting (429) or down (5xx): try again later, nothing stored", () => {
  const cases = Object.keys(PATHS).flatMap((path) =>
    (["rate-limited", "down"] as FakeMojangMode[]).map((mode) => [path, mode] as const),
  );
  test.each(cases)("%s, Mojang %s", async (path, mode) => {
    const { act } = PATHS[path] as (typeof PATHS)[string];
    const w = await worldFor(path);
    w.mojang.setMode(mode);
    expect(await act(w)).toBe(TRY_AGAIN);
    expect(await stored(w)).toEqual([]);
    if (path === "the approval button") {
      // The post keeps its buttons: staff approve again once Mojang is back.
      const post = await w.message(IDS.logChannel, "the request post", (m) => m.components.length > 0);
      expect({ status: (await w.registrationRequest()).status, title: post.embeds[0]?.title }).toEqual({
        status: "pending",
        title: "Registration request",
      });
    }
  });
});
