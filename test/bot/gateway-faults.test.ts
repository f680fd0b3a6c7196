import { afterEach, describe, expect, test } from "bun:test";
import { type Client, type ClientEvents, Events } from "discord.js";
import type { Services } from "../../src/services.ts";
import { seedEntries, sqliteClient } from "../helpers/services.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

/** Resolves on the client's next `event`. */
const next = <K extends keyof ClientEvents>(client: Client, event: K) =>
  new Promise<ClientEvents[K]>((resolve) => client.once(event, (...args) => resolve(args)));

/** An offline whitelist in message mode in #survival, the bot reading messages. */
async function messageWorld(options: Parameters<typeof startWorld>[0] = {}) {
  world = await startWorld(options);
  await world.whitelist({ nickType: "offline", registrationMode: "message" });
  await world.bot.ensureIntents();
  return world;
}

/** Posts a nick in #survival and resolves once the bot reacted ✅. */
async function registersByMessage(w: World, userId: string, nick: string) {
  const posted = await w.say(userId, IDS.survivalChannel, nick);
  await w.message(
    IDS.survivalChannel,
    `the ✅ on ${nick}`,
    (m) => m.id === posted.id && m.reactions.includes("✅"),
  );
}

/** The removal events stored, as `nick (whitelist, origin)`, sorted. */
function removals(services: Services): string[] {
  return sqliteClient(services)
    .query<{ payload: string }, []>("SELECT payload FROM events WHERE type = 'entry.removed'")
    .all()
    .map(({ payload }) => {
      const event = JSON.parse(payload) as { whitelistName: string; origin: string; entry: { nick: string } };
      return `${event.entry.nick} (${event.whitelistName}, ${event.origin})`;
    })
    .sort();
}

describe("the bot through gateway faults", () => {
  test("op 9, not resumable: the bot identifies again and keeps registering", async () => {
    const w = await messageWorld();
    const before = w.sandbox.gatewayStats();
    await w.control("POST", "/gateway/invalid-session", { resumable: false });
    await w.sandbox.waitForGateway((stats) => stats.identifies > before.identifies && stats.connected === 1);
    await registersByMessage(w, IDS.bob, "bob_mc");
    expect(w.sandbox.gatewayStats()).toMatchObject({ identifies: before.identifies + 1, resumes: 0 });
  });

  test("op 9, resumable: the bot resumes on the same connection, no new IDENTIFY, and keeps registering", async () => {
    const w = await messageWorld();
    const before = w.sandbox.gatewayStats();
    const resumed = next(w.bot.client, Events.ShardResume);
    await w.control("POST", "/gateway/invalid-session", { resumable: true });
    await resumed;
    await registersByMessage(w, IDS.alice, "alice_mc");
    expect(w.sandbox.gatewayStats()).toMatchObject({ identifies: before.identifies, resumes: 1 });
  });

  test("a zombie connection (no heartbeat ACK): discord.js reconnects and resumes; a nick posted meanwhile registers", async () => {
    // A beat a second: the zombie is found within about two. At 50 ms, a machine at a load of 20 delayed the process
    // past the next beat before it read the ACK, discord.js took every new connection for a zombie too, and the
    // bot never stood.
    const w = await messageWorld({ sandbox: { heartbeatIntervalMs: 1_000 } });
    const before = w.sandbox.gatewayStats();
    const resumed = next(w.bot.client, Events.ShardResume);
    await w.control("POST", "/gateway/zombie");
    await registersByMessage(w, IDS.alice, "alice_mc");
    await resumed;
    // A longer stall can still make discord.js resume once more: wait for a connection to stand, and count no new
    // IDENTIFY.
    await w.sandbox.waitForGateway((stats) => stats.connected === 1 && stats.resumes >= 1);
    expect(w.sandbox.gatewayStats()).toMatchObject({ identifies: before.identifies, connected: 1 });
  });

  test("a guild unavailable at READY: commands registered and departures checked once it arrives", async () => {
    const departed = "130000000000000099";
    world = await startWorld({
      sandbox: { guildAvailable: false },
      prepare: async (services) => {
        const survival = await services.whitelists.create({
          guildId: IDS.guild,
          name: "survival",
          channelId: IDS.survivalChannel,
          nickType: "offline",
          registrationMode: "command",
        });
        // Someone who left while the bot was away, and alice, who is still here.
        await seedEntries(services, survival.id, [
          { nick: "gone_mc", userId: departed },
          { nick: "alice_mc", userId: IDS.alice },
        ]);
      },
    });
    const w = world;
    await w.bot.settled();
    expect({
      commands: await w.control<unknown[]>("GET", "/commands"),
      removed: removals(w.services),
    }).toEqual({
      commands: [],
      removed: [],
    });

    await w.control("POST", "/guild/availability", { available: true });
    await w.waitFor(
      "the bot's slash commands",
      async () => (await w.control<unknown[]>("GET", "/commands")).length,
    );
    await w.bot.settled();
    expect(removals(w.services)).toEqual(["gone_mc (survival, member-left)"]);
    const registered = await w.command(IDS.bob, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "bob_mc" },
    });
    expect(registered.content).toStartWith("✅ **bob\\_mc** is on **survival**");
  });

  test("departures missed, then replayed on a resume and also found by its check: each entry removed once", async () => {
    world = await startWorld();
    const w = world;
    const survival = await w.whitelist({ nickType: "offline" });
    const creative = await w.whitelist({ name: "creative", nickType: "offline" });
    await seedEntries(w.services, survival.id, [
      { nick: "alice_mc", userId: IDS.alice },
      { nick: "carol_mc", userId: IDS.carol },
      { nick: "bob_mc", userId: IDS.bob },
    ]);
    await seedEntries(w.services, creative.id, [{ nick: "alice_alt", userId: IDS.alice }]);
    const live: string[] = [];
    w.bot.client.on(Events.GuildMemberRemove, (member) => live.push(member.id));

    // The connection goes silent: two departures and a role change are missed.
    await w.control("POST", "/gateway/zombie");
    await w.leave(IDS.alice);
    await w.leave(IDS.carol);
    await w.setRoles(IDS.bob, [IDS.playerRole]);
    // Discord invalidates the session as resumable: the bot resumes on the same connection, the missed events are
    // replayed live (discord.js emits guildMemberRemove for them), and the resume's check finds the same departures.
    const resumed = next(w.bot.client, Events.ShardResume);
    await w.control("POST", "/gateway/invalid-session", { resumable: true });
    await resumed;
    await w.bot.settled();

    const expected = [
      "alice_alt (creative, member-left)",
      "alice_mc (survival, member-left)",
      "carol_mc (survival, member-left)",
    ];
    expect({
      live: live.sort(),
      removed: removals(w.services),
      left: (await w.services.entries.list(survival.id)).map((entry) => entry.nick),
      bobHasPlayer: w.bot.client.guilds.cache
        .get(IDS.guild)
        ?.members.cache.get(IDS.bob)
        ?.roles.cache.has(IDS.playerRole),
    }).toEqual({
      live: [IDS.alice, IDS.carol].sort(),
      removed: expected,
      left: ["bob_mc"],
      bobHasPlayer: true,
    });

    // Another resume checks again and finds nothing more to do.
    const again = next(w.bot.client, Events.ShardResume);
    w.sandbox.dropGateway({ resumable: true });
    await again;
    await w.bot.settled();
    expect(removals(w.services)).toEqual(expected);
  });
});
