import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { type FakeGeyser, startFakeGeyser } from "../../src/sandbox/geyser.ts";
import { openServices } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, tempDir } from "../helpers/services.ts";
import { writeV01BedrockDatabase } from "../helpers/upgrade.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  moderator,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
  XBOX,
} from "./helpers.ts";

// Bedrock players as Floodgate shows them to a Java server: the name (prefix, gamertag cut to 16, spaces as
// `_`) and the UUID `00000000-0000-0000-` + the XUID in hex, the XUID asked of GeyserMC's global API.

const uuidOf = (xuid: string) => {
  const hex = BigInt(xuid).toString(16).padStart(16, "0");
  return `00000000-0000-0000-${hex.slice(0, 4)}-${hex.slice(4)}`;
};

let world: SeededWorld;
let open: SeededWorld | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = open = await seededWorld({
    name: "pe",
    nickType: "bedrock",
    maxNicksPerUser: 3,
    managerRoleIds: [MANAGER_ROLE],
    ...whitelist,
  });
  return world;
};

const selfRegister = (nick: string, who = alice) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: "pe",
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

const notices = () => {
  const seen: ChangeNotice[] = [];
  world.services.bus.subscribe((notice) => seen.push(notice));
  return seen;
};

forEachStore("registering a Bedrock player", () => {
  test("stores Floodgate's name, the XUID and the Floodgate UUID; premium stays false", async () => {
    const { services, wl } = await setup();
    const { entry } = await selfRegister("Steve Jobs");
    expect(entry).toEqual(
      expect.objectContaining({
        nick: ".Steve_Jobs",
        gamertag: "Steve Jobs",
        xuid: XBOX.steveJobs.xuid,
        uuid: uuidOf(XBOX.steveJobs.xuid),
        premium: false,
      }),
    );
    expect((await services.formatCache.get(wl.id, "json")).bytes).toEqual(
      new TextEncoder().encode(
        JSON.stringify([
          {
            nick: ".Steve_Jobs",
            uuid: uuidOf(XBOX.steveJobs.xuid),
            premium: false,
            expiresAt: null,
            verified: false,
            gamertag: "Steve Jobs",
            groups: [],
          },
        ]),
      ),
    );
  });

  test("the whitelist's Floodgate settings decide the spelling", async () => {
    await setup({ floodgatePrefix: "*", replaceSpaces: false });
    expect((await selfRegister("Steve Jobs")).entry.nick).toBe("*Steve Jobs");
    expect((await selfRegister("*Alex Pocket")).entry.nick).toBe("*Alex Pocket");
  });

  test("a gamertag no Xbox account has is refused; nothing is stored", async () => {
    const { services, wl } = await setup();
    await expect(selfRegister("Nobody Here")).rejects.toEqual(
      refusal("gamertag-unknown", "No Xbox account has the gamertag Nobody Here"),
    );
    expect(await services.entries.list(wl.id)).toEqual([]);
  });

  test("GeyserMC down or slow: the member is asked to retry, nothing stored, no role granted", async () => {
    world = open = await seededWorld(
      { name: "pe", nickType: "bedrock", grantedRoleIds: [PLAYER_ROLE] },
      { timeoutMs: 50 },
    );
    world.geyserServer.setMode("down");
    await expect(selfRegister("Steve Jobs")).rejects.toEqual(refusal("geyser-unavailable", "try again"));
    world.geyserServer.setMode("slow");
    await expect(selfRegister("Steve Jobs")).rejects.toEqual(refusal("geyser-unavailable", "try again"));
    expect(await world.services.entries.list(world.wl.id)).toEqual([]);
    expect(world.roles.calls).toEqual([]);
  });

  test("a gamertag is taken whichever way it is typed: bare, with the prefix, with `_`, in any case", async () => {
    await setup();
    await selfRegister("Steve Jobs");
    const asked = world.geyserServer.requests();
    for (const typed of ["steve jobs", ".Steve_Jobs", "STEVE_JOBS", ".steve jobs"]) {
      await expect(selfRegister(typed, bob)).rejects.toEqual(refusal("nick-taken", ".Steve_Jobs"));
    }
    expect(world.geyserServer.requests()).toBe(asked);
  });

  test("an approval request keeps the gamertag; approving spells it as Floodgate does then", async () => {
    const { registration, services, wl } = await setup({ registrationMode: "approval" });
    const request = await registration.requestApproval({
      guildId: GUILD,
      whitelist: "pe",
      member: alice,
      nick: "Alex Pocket",
    });
    expect(request).toEqual(
      expect.objectContaining({ nick: ".Alex_Pocket", gamertag: "Alex Pocket", xuid: XBOX.alexPocket.xuid }),
    );
    await services.whitelists.update(wl.id, { floodgatePrefix: "BE-" });
    const decision = await registration.decide({
      requestId: request.id,
      actor: moderator,
      approve: true,
      member: alice,
    });
    expect(decision.outcome === "approved" && decision.entry).toEqual(
      expect.objectContaining({ nick: "BE-Alex_Pocket", uuid: uuidOf(XBOX.alexPocket.xuid) }),
    );
  });
});

forEachStore("changing a whitelist's Floodgate settings", () => {
  test("respells every Bedrock nick: a removal and an addition each, roles and owner kept", async () => {
    const { services, wl, reverter, roles } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    await selfRegister("Steve Jobs");
    await selfRegister("Woz", bob);
    const seen = notices();
    await services.whitelists.update(wl.id, { floodgatePrefix: "", replaceSpaces: false });
    const report = await services.bedrock.catchUp({ whitelistId: wl.id, actorId: moderator.userId });
    await reverter.settled();
    expect(report).toEqual({ changed: 2, pending: 0, clashes: 0 });
    expect(seen.map((n) => [n.event.type, n.event.entry.nick, n.event.origin, n.actorId])).toEqual([
      ["entry.removed", ".Steve_Jobs", "staff", moderator.userId],
      ["entry.added", "Steve Jobs", "staff", moderator.userId],
      ["entry.removed", ".Woz", "staff", moderator.userId],
      ["entry.added", "Woz", "staff", moderator.userId],
    ]);
    expect(
      (await services.entries.list(wl.id)).map((e) => [e.nick, e.userId, e.grantedRoleIds, e.uuid]),
    ).toEqual([
      ["Steve Jobs", alice.userId, [PLAYER_ROLE], uuidOf(XBOX.steveJobs.xuid)],
      ["Woz", bob.userId, [PLAYER_ROLE], uuidOf(XBOX.woz.xuid)],
    ]);
    expect(roles.calls.filter((call) => call.op === "revoke")).toEqual([]);
    // Nothing left to do: a second pass changes nothing and asks GeyserMC nothing.
    const asked = world.geyserServer.requests();
    expect(await services.bedrock.catchUp("all")).toEqual({ changed: 0, pending: 0, clashes: 0 });
    expect(world.geyserServer.requests()).toBe(asked);
  });

  test("a nick whose new spelling another entry holds keeps its old one, and is reported", async () => {
    const { services, wl } = await setup();
    await selfRegister("Steve Jobs");
    // An entry kept from before: literally `Steve Jobs` (no gamertag), in the way of the new spelling.
    await services.entries.add({
      whitelistId: wl.id,
      nick: "Steve Jobs",
      uuid: null,
      premium: false,
      userId: bob.userId,
      addedBy: bob.userId,
      origin: "staff",
    });
    await services.whitelists.update(wl.id, { floodgatePrefix: "", replaceSpaces: false });
    expect(await services.bedrock.catchUp({ whitelistId: wl.id, actorId: moderator.userId })).toEqual({
      changed: 0,
      pending: 0,
      clashes: 1,
    });
    expect((await services.entries.list(wl.id)).map((e) => e.nick)).toEqual([".Steve_Jobs", "Steve Jobs"]);
  });
});

// SQLite only: the database a v0.1 release left, upgraded by SQLite's migrations.
describe("entries stored before Floodgate spelling (the 0002 migration)", () => {
  let geyser: FakeGeyser | undefined;
  const dir = tempDir("wls-bedrock-upgrade-");
  afterEach(async () => {
    await geyser?.stop();
    geyser = undefined;
  });
  afterAll(() => dir.cleanup());

  /** Services over a fresh copy of that database (migrated on opening), asking the fake GeyserMC. */
  const upgraded = (name: string, geyserTimeoutMs?: number) => {
    const path = join(dir.path, `${name}.db`);
    writeV01BedrockDatabase(path, {
      guildId: GUILD,
      roleId: PLAYER_ROLE,
      gamertags: ["Alex Pocket", "Steve Gamer", "Nobody Knows"],
    });
    return openServices({
      path,
      clock: manualClock(),
      logger: silentLogger,
      geyserApiUrl: (geyser as FakeGeyser).url,
      geyserTimeoutMs,
    });
  };

  test("each is respelled and given its UUID when GeyserMC answers, else waits and is completed later", async () => {
    geyser = startFakeGeyser({ accounts: [XBOX.alexPocket, XBOX.steveGamer] });
    geyser.setMode("down");
    const services = upgraded("upgrade");
    try {
      const seen: ChangeNotice[] = [];
      services.bus.subscribe((notice) => seen.push(notice));
      const view = async () => (await services.entries.list("wl1")).map((e) => [e.nick, e.gamertag, e.uuid]);

      // GeyserMC unreachable: the spelling is fixed now; the UUIDs wait.
      expect(await services.bedrock.catchUp("all")).toEqual({ changed: 3, pending: 3, clashes: 0 });
      expect(await view()).toEqual([
        [".Alex_Pocket", "Alex Pocket", null],
        [".Steve_Gamer", "Steve Gamer", null],
        [".Nobody_Knows", "Nobody Knows", null],
      ]);
      expect(seen.map((n) => [n.event.type, n.event.entry.nick, n.event.origin])).toEqual([
        ["entry.removed", ".Alex Pocket", "system"],
        ["entry.added", ".Alex_Pocket", "system"],
        ["entry.removed", ".Steve Gamer", "system"],
        ["entry.added", ".Steve_Gamer", "system"],
        ["entry.removed", ".Nobody Knows", "system"],
        ["entry.added", ".Nobody_Knows", "system"],
      ]);

      // GeyserMC back: the known gamertags get their Floodgate UUID; the unknown one keeps waiting.
      seen.length = 0;
      geyser.setMode("normal");
      expect(await services.bedrock.catchUp("all")).toEqual({ changed: 2, pending: 1, clashes: 0 });
      expect(await view()).toEqual([
        [".Alex_Pocket", "Alex Pocket", uuidOf(XBOX.alexPocket.xuid)],
        [".Steve_Gamer", "Steve Gamer", uuidOf(XBOX.steveGamer.xuid)],
        [".Nobody_Knows", "Nobody Knows", null],
      ]);
      expect(seen.map((n) => [n.event.type, n.event.entry.nick, n.event.entry.uuid])).toEqual([
        ["entry.removed", ".Alex_Pocket", null],
        ["entry.added", ".Alex_Pocket", uuidOf(XBOX.alexPocket.xuid)],
        ["entry.removed", ".Steve_Gamer", null],
        ["entry.added", ".Steve_Gamer", uuidOf(XBOX.steveGamer.xuid)],
      ]);
      // Owners and roles came through untouched; the stored events are what a resuming client replays.
      expect((await services.entries.list("wl1")).map((e) => e.grantedRoleIds)).toEqual([
        [PLAYER_ROLE],
        [PLAYER_ROLE],
        [PLAYER_ROLE],
      ]);
      expect((await services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).length).toBe(10);
    } finally {
      closeDatabase(services.db);
    }
  });

  test("stopping the service stops a pass at once, even with GeyserMC never answering", async () => {
    geyser = startFakeGeyser({ accounts: [XBOX.alexPocket] });
    geyser.setMode("slow");
    // A lookup would wait a minute for its answer, far past the test's own time limit.
    const services = upgraded("stopping", 60_000);
    try {
      const stop = new AbortController();
      const pass = services.bedrock.catchUp("all", stop.signal);
      stop.abort();
      // Stopped before or during the look-ups (where depends on how far the pass got): nothing changed.
      expect(await pass).toEqual({ changed: 0, pending: expect.any(Number), clashes: 0 });
      expect((await services.entries.list("wl1")).map((e) => e.nick)).toEqual([
        ".Alex Pocket",
        ".Steve Gamer",
        ".Nobody Knows",
      ]);
    } finally {
      closeDatabase(services.db);
    }
  });

  test("with GeyserMC reachable, one pass converts them", async () => {
    geyser = startFakeGeyser({ accounts: [XBOX.alexPocket, XBOX.steveGamer] });
    const services = upgraded("reachable");
    try {
      expect(await services.bedrock.catchUp("all")).toEqual({ changed: 3, pending: 1, clashes: 0 });
      expect((await services.entries.list("wl1")).map((e) => [e.nick, e.xuid])).toEqual([
        [".Alex_Pocket", XBOX.alexPocket.xuid],
        [".Steve_Gamer", XBOX.steveGamer.xuid],
        [".Nobody_Knows", null],
      ]);
    } finally {
      closeDatabase(services.db);
    }
  });
});
