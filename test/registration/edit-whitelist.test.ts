import { afterEach, describe, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { createWhitelistEdits } from "../../src/registration/edit-whitelist.ts";
import type { NewWhitelist, WhitelistChanges } from "../../src/whitelists/service.ts";
import { recordingLogger } from "../helpers/log.ts";
import {
  alice,
  GUILD,
  MEMBER_ROLE,
  moderator,
  OTHER_GUILD,
  refusal,
  type SeededWorld,
  seededWorld,
  XBOX,
} from "./helpers.ts";

// Staff changing a whitelist's settings as one use case (src/registration/edit-whitelist.ts), as `/whitelist edit`
// and `/whitelist roles` call it: plain values in, what it did out. On SQLite only: what it calls on the store
// (update, the respelling, settling first-join waits) runs on both stores in their own suites.

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", maxNicksPerUser: 3, ...whitelist });
  return world;
};

const selfRegister = (nick: string) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: world.wl.id,
    member: alice,
    nick,
    actor: alice,
    origin: "discord",
  });

const edit = (changes: WhitelistChanges, guildId = GUILD) =>
  world.services.edits.editWhitelist({
    guildId,
    whitelistId: world.wl.id,
    actorId: moderator.userId,
    changes,
  });

describe("editing a whitelist", () => {
  test("stores the settings given and says which, in the order given; nothing else follows from them", async () => {
    const { wl } = await setup();
    const done = await edit({ maxNicksPerUser: 5, name: "creative", enabled: undefined });
    expect(done).toEqual({
      before: wl,
      after: { ...wl, name: "creative", maxNicksPerUser: 5 },
      changed: ["maxNicksPerUser", "name"],
      respelled: null,
      settled: 0,
      recheckOwners: false,
    });
    expect(await world.services.whitelists.get(wl.id)).toEqual(done.after);
  });

  test("a change of nothing writes nothing and says so", async () => {
    const { wl } = await setup();
    expect(await edit({ name: undefined })).toEqual({
      before: wl,
      after: wl,
      changed: [],
      respelled: null,
      settled: 0,
      recheckOwners: false,
    });
  });

  test("another guild's whitelist is not found, and is left as it was", async () => {
    const { wl } = await setup();
    await expect(edit({ name: "taken-over" }, OTHER_GUILD)).rejects.toEqual(refusal("whitelist-not-found"));
    expect((await world.services.whitelists.get(wl.id))?.name).toBe("survival");
  });

  test("a setting the whitelist refuses is refused, and nothing follows", async () => {
    await setup({ nickType: "bedrock" });
    await selfRegister(XBOX.steveJobs.gamertag);
    await expect(edit({ floodgatePrefix: "", maxNicksPerUser: 0 })).rejects.toEqual(refusal("invalid-input"));
    expect((await world.services.entries.list(world.wl.id)).map((entry) => entry.nick)).toEqual([
      ".Steve_Jobs",
    ]);
  });

  test("is logged once, with the settings and who changed them", async () => {
    await setup();
    const log = recordingLogger();
    const { whitelists, bedrock, firstJoin } = world.services;
    const edits = createWhitelistEdits({ whitelists, bedrock, firstJoin, logger: log.logger });
    await edits.editWhitelist({
      guildId: GUILD,
      whitelistId: world.wl.id,
      actorId: moderator.userId,
      changes: { enabled: false, removeOnLeave: false },
    });
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "whitelist changed",
        guildId: GUILD,
        whitelistId: world.wl.id,
        settings: "enabled,removeOnLeave",
        actorId: moderator.userId,
      }),
    ]);
  });
});

describe("what follows from editing a whitelist", () => {
  test("new Floodgate settings respell a Bedrock whitelist's nicks, as staff's changes, and may ask GeyserMC", async () => {
    await setup({ nickType: "bedrock" });
    await selfRegister(XBOX.steveJobs.gamertag);
    const seen: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => seen.push(notice));
    const changes = { floodgatePrefix: "", replaceSpaces: false };
    expect(world.services.edits.asksRemotely(world.wl, changes)).toBe(true);
    const done = await edit(changes);
    expect(done.respelled).toEqual({ changed: 1, pending: 0, clashes: 0 });
    expect(seen.map(({ event, actorId }) => [event.type, event.entry.nick, event.origin, actorId])).toEqual([
      ["entry.removed", ".Steve_Jobs", "staff", moderator.userId],
      ["entry.added", "Steve Jobs", "staff", moderator.userId],
    ]);
  });

  test("Floodgate settings given as they were, or other settings, respell nothing and ask nobody", async () => {
    const { wl } = await setup({ nickType: "bedrock" });
    await selfRegister(XBOX.steveJobs.gamertag);
    const same = { floodgatePrefix: wl.floodgatePrefix, replaceSpaces: wl.replaceSpaces, maxNicksPerUser: 2 };
    expect(world.services.edits.asksRemotely(wl, same)).toBe(false);
    expect((await edit(same)).respelled).toBeNull();
    expect((await world.services.entries.list(wl.id)).map((entry) => entry.nick)).toEqual([".Steve_Jobs"]);
  });

  test("a Java whitelist's Floodgate settings are stored but respell nothing", async () => {
    const { wl } = await setup();
    expect(world.services.edits.asksRemotely(wl, { floodgatePrefix: "" })).toBe(false);
    expect((await edit({ floodgatePrefix: "" })).respelled).toBeNull();
  });

  test("first-join proof turned off settles the waiting entries: they stay, unverified, and wait no more", async () => {
    await setup({ proof: "first-join" });
    await selfRegister("Notch");
    const done = await edit({ proof: "off" });
    expect(done.settled).toBe(1);
    expect(
      (await world.services.entries.list(world.wl.id)).map((entry) => [
        entry.nick,
        entry.verified,
        entry.proofDueAt,
      ]),
    ).toEqual([["Notch", false, null]]);
  });

  test("first-join proof kept, or another setting changed, settles nothing", async () => {
    await setup({ proof: "first-join" });
    await selfRegister("Notch");
    expect((await edit({ proofWindowSeconds: 7200 })).settled).toBe(0);
    expect((await world.services.entries.list(world.wl.id))[0]?.proofDueAt).not.toBeNull();
  });

  test("owners are to be checked when the nicks come to follow roles, or what they need changes while they do", async () => {
    await setup({ onRoleLoss: "keep" });
    expect((await edit({ requiredRoleIds: [MEMBER_ROLE] })).recheckOwners).toBe(false);
    expect((await edit({ onRoleLoss: "remove" })).recheckOwners).toBe(true);
    expect((await edit({ requiredRoleIds: [MEMBER_ROLE, "400000000000000005"] })).recheckOwners).toBe(true);
    expect((await edit({ requiredRoleIds: ["400000000000000005", MEMBER_ROLE] })).recheckOwners).toBe(false);
    expect((await edit({ name: "renamed" })).recheckOwners).toBe(false);
    expect((await edit({ onRoleLoss: "keep" })).recheckOwners).toBe(false);
  });
});
