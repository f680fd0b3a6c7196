import { afterEach, describe, expect, test } from "bun:test";
import { Events, GatewayIntentBits } from "discord.js";
import type { Services } from "../../src/services.ts";
import { recordingLogger } from "../helpers/log.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

const PAUSED =
  "Registrations on chat are paused: Discord is not letting me read messages right now (the bot's Message " +
  "Content intent is off). Staff have been told; try again later.";
const PORTAL =
  "Bot → Privileged Gateway Intents in the Discord developer portal (https://discord.com/developers/applications)";

/** A log channel and `chat`, an offline whitelist registering by message in #survival. */
async function messageMode(services: Services) {
  await services.guilds.setLogChannel(IDS.guild, IDS.logChannel);
  return services.whitelists.create({
    guildId: IDS.guild,
    name: "chat",
    channelId: IDS.survivalChannel,
    nickType: "offline",
    registrationMode: "message",
  });
}

/** The embed titles posted in the log channel, once `title` is among them. */
const logNotice = (w: World, title: string) =>
  w.message(IDS.logChannel, title, (m) => m.embeds.some((embed) => embed.title === title));

const sessionHas = (w: World, intent: GatewayIntentBits) =>
  ((w.sandbox.gatewayStats().intents ?? 0) & intent) !== 0;

describe("without the Message Content intent (the portal's switch is off)", () => {
  test("at start: the bot runs with message mode paused; members, staff and the log are told why", async () => {
    const log = recordingLogger();
    world = await startWorld({
      sandbox: { privilegedIntents: { messageContent: false } },
      logger: log.logger,
      prepare: messageMode,
    });
    const w = world;
    expect({
      stats: w.sandbox.gatewayStats(),
      content: sessionHas(w, GatewayIntentBits.MessageContent),
      granted: w.bot.intents,
    }).toMatchObject({
      // The application's flags said so: no 4014, no retry.
      stats: { identifies: 1, disallowedIdentifies: 0 },
      content: false,
      granted: { serverMembers: true, messageContent: false },
    });
    expect(log.at("warn")).toContainEqual(
      expect.stringContaining(`turn on "Message Content Intent" under ${PORTAL}`),
    );

    const notice = await logNotice(w, "Discord withholds the Message Content Intent");
    expect(notice.embeds[0]?.description).toContain("Paused: **chat**.");
    expect(notice.embeds[0]?.description).toContain(
      `To fix: turn on **Message Content Intent** under ${PORTAL}`,
    );

    await w.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    const told = await w.message(IDS.survivalChannel, "the reply to alice", (m) => m.authorId === IDS.bot);
    expect(told.content).toBe(PAUSED);
    const registered = await w.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });
    expect(registered.content).toBe(PAUSED);

    const shown = await w.command(IDS.owner, "whitelist", {
      subcommand: "show",
      options: { whitelist: "chat" },
    });
    expect(shown.embeds[0]?.description).toEndWith("· paused (see below)");
    expect(shown.embeds[0]?.fields?.find((field) => field.name.includes("paused"))?.value).toContain(
      `Turn on **Message Content Intent** under ${PORTAL}`,
    );
    expect(
      await w.services.entries.list((await w.services.whitelists.find(IDS.guild, "chat"))?.id ?? ""),
    ).toEqual([]);
  });

  test("a whitelist switched to message mode: no reconnect, no 4014; the reply and the log channel say why", async () => {
    world = await startWorld({ sandbox: { privilegedIntents: { messageContent: false } } });
    const w = world;
    await w.useLogChannel();
    const reply = await w.command(IDS.owner, "whitelist", {
      subcommand: "create",
      options: {
        name: "chat",
        channel: IDS.survivalChannel,
        "nick-type": "offline",
        mode: "message",
        "max-nicks": 1,
      },
    });
    expect(lines(reply)[1]).toBe(
      `⚠️ Members post their nick as a message in <#${IDS.survivalChannel}>, but that is paused: Discord does ` +
        `not let the bot read messages. Turn on **Message Content Intent** under ${PORTAL}, then restart ` +
        "whitelist-sync.",
    );
    await logNotice(w, "Discord withholds the Message Content Intent");
    expect(w.sandbox.gatewayStats()).toMatchObject({ identifies: 1, disallowedIdentifies: 0 });
  });

  test("switched off while the bot runs: the next IDENTIFY gets 4014 and the bot reconnects once, without it", async () => {
    world = await startWorld({ prepare: messageMode });
    const w = world;
    expect(sessionHas(w, GatewayIntentBits.MessageContent)).toBe(true);

    await w.control("POST", "/application/intents", { messageContent: false });
    // A new session must be identified: Discord checks the switches at IDENTIFY.
    await w.control("POST", "/gateway/drop", { resumable: false });
    await logNotice(w, "Discord withholds the Message Content Intent");

    expect({
      stats: w.sandbox.gatewayStats(),
      content: sessionHas(w, GatewayIntentBits.MessageContent),
      granted: w.bot.intents,
    }).toMatchObject({
      stats: { identifies: 2, disallowedIdentifies: 1, connected: 1 },
      content: false,
      granted: { messageContent: false },
    });
    await w.say(IDS.bob, IDS.survivalChannel, "bob_mc");
    const told = await w.message(IDS.survivalChannel, "the reply to bob", (m) => m.authorId === IDS.bot);
    expect(told.content).toBe(PAUSED);
  });
});

describe("without the Server Members intent (the portal's switch is off)", () => {
  test("the bot runs what it can and says which switch to turn on and what is off", async () => {
    const log = recordingLogger();
    world = await startWorld({
      sandbox: { privilegedIntents: { serverMembers: false } },
      logger: log.logger,
      prepare: (services) => services.guilds.setLogChannel(IDS.guild, IDS.logChannel),
    });
    const w = world;
    await w.whitelist({ nickType: "offline" });
    expect({ members: sessionHas(w, GatewayIntentBits.GuildMembers), granted: w.bot.intents }).toEqual({
      members: false,
      granted: { serverMembers: false, messageContent: true },
    });
    expect(log.at("warn")).toContainEqual(
      expect.stringContaining(
        `turn on "Server Members Intent" under ${PORTAL}, then restart whitelist-sync. Until then members who ` +
          "leave keep their nicks",
      ),
    );
    const notice = await logNotice(w, "Discord withholds the Server Members Intent");
    expect(notice.embeds[0]?.description).toContain("remove their nicks with /whitelist remove");

    // Registering, showing and the rest still work.
    const registered = await w.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });
    expect(registered.content).toStartWith("✅ **alice\\_mc** is on **survival**");
    const shown = await w.command(IDS.owner, "whitelist", {
      subcommand: "show",
      options: { whitelist: "survival" },
    });
    expect(
      shown.embeds[0]?.fields?.find((field) => field.name === "⚠️ Departures are not seen")?.value,
    ).toContain("Turn on **Server Members Intent**");

    // No departure check on resume: it would need the member list.
    const resumed = new Promise((resolve) => w.bot.client.once(Events.ShardResume, resolve));
    w.sandbox.dropGateway({ resumable: true });
    await resumed;
    await w.bot.settled();
    expect(w.sandbox.gatewayStats().memberRequests).toBe(0);
  });
});
