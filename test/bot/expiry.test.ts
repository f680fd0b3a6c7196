/**
 * Expiring entries end to end through the sandbox Discord (docs/decisions.md, Expiring entries): staff add a
 * nick for a time with `/whitelist add expires:`, a whitelist's `entry-lifetime` applies to members' own
 * registrations (command, message and approval modes), and expiry removes the nick with its events, its role
 * and a log post, also when it fell due while the service was down. Time moves on the world's manual clock; the
 * tests call the scheduler's check instead of waiting.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { EntryEvent } from "../../src/entries/events.ts";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { unescaped } from "../helpers/markdown.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const FORMAT =
  "a whole number and a unit: `30m` (minutes), `12h` (hours) or `7d` (days), from 1 minute to 366 days";
const RANGE = "an entry can last from 1 minute to 366 days (`1m` to `366d`).";

let world: World;
afterEach(() => world?.stop());

/** Discord's timestamp markup for `ms`, as the bot writes it. */
const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:f>`;

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });

/** A java whitelist `survival` granting the Whitelisted role, with Staff as managers and a log channel. */
async function survival(settings: Parameters<World["whitelist"]>[0] = {}) {
  await world.useLogChannel();
  return world.whitelist({
    grantedRoleIds: [IDS.whitelistedRole],
    managerRoleIds: [IDS.staffRole],
    maxNicksPerUser: 3,
    ...settings,
  });
}

/** The events of the guild as `type origin nick`. */
const eventLines = async () =>
  (await world.services.events.listAfter(0, { guildId: IDS.guild, whitelistId: null })).map(
    (e: EntryEvent) => `${e.type} ${e.origin} ${e.entry.nick}`,
  );

/** The removal's log post for `nick`, once posted. */
const removalPost = (nick: string) =>
  world.message(IDS.logChannel, `the removal of ${nick} in the log`, (m: MessageView) =>
    m.embeds.some(
      (e) => e.title === "Nick removed" && unescaped(e.description ?? "").includes(`**${nick}**`),
    ),
  );

describe("/whitelist add expires:", () => {
  test("a nick added for 7 days says so, shows in the API, and goes with its role and a log post when due", async () => {
    world = await startWorld();
    const list = await survival();
    const key = await world.key(list.id);
    const addedAt = world.clock.now();
    const reply = await wl(IDS.manager, "add", {
      whitelist: "survival",
      member: IDS.bob,
      nick: "bob_trial",
      expires: "7d",
    });
    expect(lines(reply)).toEqual([
      `✅ **bob\\_trial** is on **survival** for <@${IDS.bob}>.`,
      `⏳ It expires in 7 days (${stamp(addedAt + 7 * DAY)}), and is then removed with its roles.`,
      "Undo with `/whitelist remove whitelist:survival nick:bob_trial`.",
    ]);
    await world.roles(IDS.bob, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
    const listed = await (await world.api(key, `/whitelists/${list.id}/entries`)).json();
    expect(listed).toEqual([
      {
        nick: "bob_trial",
        uuid: null,
        premium: false,
        expiresAt: "2026-11-29T12:00:00.000Z",
        verified: false,
        groups: [],
      },
    ]);
    const addedPost = await world.message(IDS.logChannel, "the addition in the log", (m) =>
      m.embeds.some((e) => e.title === "Nick added"),
    );
    expect(addedPost.embeds[0]?.fields?.find((f) => f.name === "Expires")?.value).toBe(
      stamp(addedAt + 7 * DAY),
    );

    world.clock.advance(7 * DAY - 1);
    expect(await world.services.expiry.check()).toBe(0);
    world.clock.advance(1);
    expect(await world.services.expiry.check()).toBe(1);

    await world.roles(IDS.bob, "the role taken back", (roles) => !roles.includes(IDS.whitelistedRole));
    const post = await removalPost("bob_trial");
    const feed = (await (await world.api(key, "/events?after=0")).json()) as { events: EntryEvent[] };
    expect({
      entries: await (await world.api(key, `/whitelists/${list.id}/entries`)).json(),
      origin: post.embeds[0]?.fields?.find((f) => f.name === "Origin")?.value,
      feed: feed.events.map((e) => `${e.type} ${e.origin} ${e.entry.nick}`),
    }).toEqual({
      entries: [],
      origin: "expired",
      feed: ["entry.added staff bob_trial", "entry.removed expired bob_trial"],
    });
  });

  test("a malformed or out-of-range duration is refused saying the format, and nothing is stored or granted", async () => {
    world = await startWorld();
    const list = await survival();
    const add = (expires: string) =>
      wl(IDS.manager, "add", { whitelist: "survival", member: IDS.bob, nick: "bob_trial", expires });
    const answers = [
      (await add("7x")).content,
      (await add("seven days")).content,
      (await add("0m")).content,
      (await add("400d")).content,
      (await add("9000h")).content,
    ];
    // The service's catalogue text: its code spans are code, what was typed is a parameter (escaped, as "seven
    // days" needs not be).
    expect(answers).toEqual([
      `“7x” is not a duration. Give ${FORMAT}.`,
      `“seven days” is not a duration. Give ${FORMAT}.`,
      `\`0m\` is too short: ${RANGE}`,
      `\`400d\` is too long: ${RANGE}`,
      `\`9000h\` is too long: ${RANGE}`,
    ]);
    expect({
      entries: await world.services.entries.list(list.id),
      roles: (await world.member(IDS.bob)).roleIds,
      events: await eventLines(),
    }).toEqual({ entries: [], roles: [], events: [] });
  });
});

describe("entry-lifetime", () => {
  test("edit sets it, /register says when the nick expires, none turns it off, a bad value is refused", async () => {
    world = await startWorld();
    const list = await survival();
    const set = await wl(IDS.owner, "edit", { whitelist: "survival", "entry-lifetime": "12h" });
    expect(lines(set).slice(0, 2)).toEqual([
      "✅ **survival** now: entry lifetime 12 hours for members' own registrations (staff choose with `expires`).",
      "Nicks registered before keep the expiry they had; the new lifetime applies from now on.",
    ]);
    expect((await world.services.whitelists.get(list.id))?.entryLifetimeSeconds).toBe(12 * 3600);

    const registered = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });
    expect(lines(registered)).toContain(
      `⏳ It expires in 12 hours (${stamp(world.clock.now() + 12 * HOUR)}): survival keeps registrations for a limited time.`,
    );
    const show = await wl(IDS.bob, "show", { whitelist: "survival" });
    expect(show.embeds[0]?.fields?.find((f) => f.name === "Entry lifetime")?.value).toBe(
      "12 hours for members' own registrations (staff choose with `expires`)",
    );

    const refused = [
      (await wl(IDS.owner, "edit", { whitelist: "survival", "entry-lifetime": "forever" })).content,
      (await wl(IDS.owner, "edit", { whitelist: "survival", "entry-lifetime": "367d" })).content,
    ];
    expect(refused).toEqual([
      `“forever” is not a duration. Give ${FORMAT}.`,
      `\`367d\` is too long: ${RANGE}`,
    ]);
    expect((await world.services.whitelists.get(list.id))?.entryLifetimeSeconds).toBe(12 * 3600);

    const off = await wl(IDS.owner, "edit", { whitelist: "survival", "entry-lifetime": "none" });
    expect(lines(off)[0]).toBe("✅ **survival** now: entry lifetime for good.");
    const later = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_alt" },
    });
    expect(later.content).not.toContain("expires");
    // The first nick keeps its expiry: it goes when due, the second stays.
    world.clock.advance(12 * HOUR);
    await world.services.expiry.check();
    await removalPost("alice_mc");
    expect((await world.services.entries.list(list.id)).map((e) => [e.nick, e.expiresAt])).toEqual([
      ["alice_alt", null],
    ]);
  });

  test("in message mode the member's reply says when the nick expires", async () => {
    // Created before the start, so the bot asks Discord for Message Content at once.
    world = await startWorld({
      prepare: (services) =>
        services.whitelists.create({
          guildId: IDS.guild,
          name: "survival",
          channelId: IDS.survivalChannel,
          nickType: "java",
          registrationMode: "message",
          entryLifetimeSeconds: 30 * 60,
        }),
    });
    const { id } = await world.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    const postedAt = world.clock.now();
    await world.message(
      IDS.survivalChannel,
      "the ✅ reaction",
      (m) => m.id === id && m.reactions.includes("✅"),
    );
    const reply = await world.message(
      IDS.survivalChannel,
      "the expiry reply",
      (m) => m.authorId === IDS.bot && m.content.includes("expires"),
    );
    expect(reply.content).toBe(
      `⏳ **alice\\_mc** is registered until it expires in 30 minutes (${stamp(postedAt + 30 * 60_000)}).`,
    );
  });

  test("an approved request counts as the member's own: the lifetime runs from the approval", async () => {
    world = await startWorld();
    const list = await survival({ registrationMode: "approval", entryLifetimeSeconds: 3 * 24 * 3600 });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });
    const post = await world.message(IDS.logChannel, "the request post", (m) =>
      m.embeds.some((e) => e.title === "Registration request"),
    );
    world.clock.advance(DAY); // staff decide a day later
    const approvedAt = world.clock.now();
    await world.click(IDS.manager, post.id, `approval:approve:${(await world.registrationRequest()).id}`);
    const told = await world.message(IDS.survivalChannel, "the member's notice", (m) =>
      m.content.includes("was approved"),
    );
    expect(told.content).toBe(
      `<@${IDS.alice}> ✅ your request for **alice\\_mc** on **survival** was approved: you can join now. ` +
        `It expires in 3 days (${stamp(approvedAt + 3 * DAY)}).`,
    );
    expect((await world.services.entries.list(list.id))[0]?.expiresAt).toBe(approvedAt + 3 * DAY);
  });
});

describe("expiry during downtime", () => {
  test("a nick that fell due while the service was down goes at start, once, with its log post", async () => {
    let listId = "";
    world = await startWorld({
      prepare: async (services) => {
        await services.guilds.setLogChannel(IDS.guild, IDS.logChannel);
        const list = await services.whitelists.create({
          guildId: IDS.guild,
          name: "event",
          channelId: IDS.survivalChannel,
          nickType: "offline",
          registrationMode: "command",
        });
        listId = list.id;
        const now = services.clock.now();
        for (const [nick, expiresAt] of [
          ["gone_mc", now - HOUR],
          ["stays_mc", now + HOUR],
        ] as const) {
          await services.entries.add({
            whitelistId: list.id,
            nick,
            uuid: null,
            premium: false,
            userId: IDS.carol,
            addedBy: IDS.owner,
            origin: "staff",
            expiresAt,
          });
        }
      },
    });
    const post = await removalPost("gone_mc");
    expect({
      origin: post.embeds[0]?.fields?.find((f) => f.name === "Origin")?.value,
      left: (await world.services.entries.list(listId)).map((e) => e.nick),
      events: await eventLines(),
      checkedAgain: await world.services.expiry.check(),
    }).toEqual({
      origin: "expired",
      left: ["stays_mc"],
      events: ["entry.added staff gone_mc", "entry.added staff stays_mc", "entry.removed expired gone_mc"],
      checkedAgain: 0,
    });
  });
});
