import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import type { Member } from "../../src/registration/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  moderator,
  NOTCH,
  owner,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
  XBOX,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", managerRoleIds: [MANAGER_ROLE], ...whitelist });
  return world;
};

const deny = (nick: string, reason: string | null = null, actor: Member = owner, whitelist = "survival") =>
  world.services.denials.deny({ guildId: GUILD, whitelist, nick, reason, actor });

const undeny = (nick: string, actor: Member = owner, whitelist = "survival") =>
  world.services.denials.undeny({ guildId: GUILD, whitelist, nick, actor });

const selfRegister = (nick: string, who: Member = alice, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

const staffAdd = (nick: string, who: Member = alice) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: "survival",
    member: who,
    nick,
    actor: owner,
    origin: "staff",
  });

const UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";

forEachStore("the deny list refuses a nick on every way in", () => {
  test("a member's registration, in any letter case, with staff's reason; nothing stored, Mojang not asked", async () => {
    const { services, wl, mojangServer } = await setup({ nickType: "offline" });
    const { denial, account, removed } = await deny("Griefer_1", "griefed spawn");
    expect({ denial, account, removed }).toEqual({
      denial: {
        id: 1,
        whitelistId: wl.id,
        nick: "Griefer_1",
        uuid: null,
        reason: "griefed spawn",
        deniedBy: owner.userId,
        createdAt: services.clock.now(),
        bannedUserId: null,
      },
      account: "not-looked-up",
      removed: [],
    });
    const refused = selfRegister("GRIEFER_1");
    await expect(refused).rejects.toEqual(
      refusal("nick-denied", "Griefer_1 is denied on survival: griefed spawn"),
    );
    await expect(refused).rejects.toEqual(
      expect.objectContaining({
        details: {
          whitelist: "survival",
          nick: "Griefer_1",
          deniedAs: "Griefer_1",
          reason: "griefed spawn",
          self: true,
        },
      }),
    );
    expect(await services.entries.list(wl.id)).toEqual([]);
    expect(mojangServer.requests()).toBe(0);
  });

  test("staff's /whitelist add, a request, and the approval of a request filed before the deny", async () => {
    const { registration, services, wl } = await setup({ registrationMode: "approval" });
    const early = await registration.requestApproval({
      guildId: GUILD,
      whitelist: "survival",
      member: alice,
      nick: "Cracked_1",
    });
    await deny("cracked_1", "alt of a banned player");
    await expect(staffAdd("Cracked_1", bob)).rejects.toEqual(
      expect.objectContaining({ code: "nick-denied", details: expect.objectContaining({ self: false }) }),
    );
    await expect(
      registration.requestApproval({ guildId: GUILD, whitelist: "survival", member: bob, nick: "CRACKED_1" }),
    ).rejects.toEqual(refusal("nick-denied", "alt of a banned player"));
    await expect(
      registration.decide({ requestId: early.id, actor: moderator, approve: true, member: alice }),
    ).rejects.toEqual(refusal("nick-denied", "cracked_1 is denied on survival"));
    expect((await registration.getRequest(early.id)).request.status).toBe("pending");
    expect(await services.entries.list(wl.id)).toEqual([]);
  });

  test("a premium account is denied by UUID too: renamed, it is still refused, naming the denied name", async () => {
    const { services } = await setup();
    const { denial, account } = await deny("notch", "x-ray");
    expect([denial.nick, denial.uuid, account]).toEqual(["Notch", UUID, "found"]);
    world.mojangServer.addProfile({ name: "Notch_Renamed", uuid: NOTCH.uuid });
    await expect(selfRegister("notch_renamed")).rejects.toEqual(
      expect.objectContaining({
        code: "nick-denied",
        message: "Notch_Renamed is denied on survival (as Notch): x-ray.",
        details: expect.objectContaining({ nick: "Notch_Renamed", deniedAs: "Notch" }),
      }),
    );
    expect((await services.denials.find(world.wl.id, "someone_else", UUID))?.nick).toBe("Notch");
  });

  test("Bedrock: denied as Floodgate names the player; the gamertag and the in-game name both meet it", async () => {
    const { services, wl } = await setup({ nickType: "bedrock" });
    const { denial, account } = await deny("Alex Pocket", "cheats");
    expect([denial.nick, denial.uuid, account]).toEqual([
      ".Alex_Pocket",
      floodgateUuid(XBOX.alexPocket.xuid),
      "found",
    ]);
    for (const typed of ["alex pocket", ".ALEX_POCKET", "Alex_Pocket"]) {
      await expect(selfRegister(typed)).rejects.toEqual(refusal("nick-denied", ".Alex_Pocket is denied"));
    }
    expect((await services.denials.findTyped(wl, "alex_pocket"))?.id).toBe(denial.id);
    // The same Xbox account under a new gamertag has the same Floodgate UUID: still denied.
    world.geyserServer.addAccount({ gamertag: "Pocket Alex", xuid: XBOX.alexPocket.xuid });
    await expect(selfRegister("Pocket Alex")).rejects.toEqual(
      refusal("nick-denied", ".Pocket_Alex is denied on survival (as .Alex_Pocket): cheats."),
    );
    // A gamertag GeyserMC does not know is denied by name all the same.
    expect((await deny("Nobody Knows", null)).account).toBe("none");
    expect((await undeny("Alex Pocket")).denial.id).toBe(denial.id);
    expect((await selfRegister("Alex Pocket")).entry.nick).toBe(".Alex_Pocket");
  });

  test("a denial committed while a checked registration waits for its turn to store wins; no role is given", async () => {
    const { roles, services, wl } = await setup({ nickType: "offline", grantedRoleIds: [PLAYER_ROLE] });
    roles.track(alice.userId, alice.roleIds);
    // The member's queue is busy (work of theirs under way, held here): the registration's checks pass, its
    // insert waits, and the deny commits meanwhile.
    const { promise: busy, resolve: free } = Promise.withResolvers<void>();
    const holding = services.grants.exclusive(GUILD, alice.userId, () => busy);
    const registering = selfRegister("Racer_1");
    // Checked (nothing denied yet), and queued behind the held work to store.
    while (services.grants.exclusive.sizeIn(GUILD) < 2) await new Promise((next) => setImmediate(next));
    await deny("racer_1", "denied mid-flight");
    free();
    await holding;
    await expect(registering).rejects.toEqual(refusal("nick-denied", "denied mid-flight"));
    await services.grants.settled();
    expect(await services.entries.list(wl.id)).toEqual([]);
    expect(roles.calls).toEqual([]);
  });
});

forEachStore("denying a nick that is on the whitelist", () => {
  test("removes it with origin staff, its event and its roles, also when its owner is a manager", async () => {
    const { roles, services, wl, reverter } = await setup({
      nickType: "offline",
      grantedRoleIds: [PLAYER_ROLE],
    });
    roles.track(moderator.userId, moderator.roleIds);
    const held = await selfRegister("Mod_Nick", moderator);
    expect(roles.rolesNow(moderator.userId)).toContain(PLAYER_ROLE);
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const { removed } = await deny("MOD_NICK", "staff alt", owner);
    await reverter.settled();
    expect({
      removed,
      events: published.map((n) => [
        n.event.type,
        n.event.origin,
        n.event.entry.nick,
        n.actorId,
        n.entry.userId,
      ]),
      stored: await services.entries.list(wl.id),
      roles: roles.rolesNow(moderator.userId),
    }).toEqual({
      removed: [held.entry],
      events: [["entry.removed", "staff", "Mod_Nick", owner.userId, moderator.userId]],
      stored: [],
      roles: [MANAGER_ROLE],
    });
    // A manager may deny their own nick, and another manager's: the deny list knows no rank.
    await selfRegister("Mod_Alt", moderator);
    expect((await deny("mod_alt", null, moderator)).removed.map((entry) => entry.nick)).toEqual(["Mod_Alt"]);
  });

  test("removes the entry of a renamed premium account, found by its UUID", async () => {
    const { services, wl } = await setup();
    await selfRegister("Notch");
    world.mojangServer.addProfile({ name: "Notch_Renamed", uuid: NOTCH.uuid });
    const { removed, denial } = await deny("Notch_Renamed", "same account");
    expect([removed.map((entry) => entry.nick), denial.uuid, await services.entries.list(wl.id)]).toEqual([
      ["Notch"],
      UUID,
      [],
    ]);
  });
});

forEachStore("Mojang cannot be reached", () => {
  test("the nick is denied by name and the outcome says so; denying again later adds the UUID, the reason kept", async () => {
    const { mojangServer, wl } = await setup();
    mojangServer.setMode("down");
    const first = await deny("Notch", "x-ray");
    expect([first.account, first.denial.nick, first.denial.uuid, first.updated]).toEqual([
      "unavailable",
      "Notch",
      null,
      false,
    ]);
    await expect(selfRegister("NOTCH")).rejects.toEqual(refusal("nick-denied"));
    mojangServer.setMode("normal");
    const again = await deny("notch");
    expect([again.account, again.denial.id, again.denial.uuid, again.denial.reason, again.updated]).toEqual([
      "found",
      first.denial.id,
      UUID,
      "x-ray",
      true,
    ]);
    expect((await world.services.denials.list(wl.id, 10)).total).toBe(1);
  });
});

forEachStore("bad input", () => {
  test("undeny of a nick that is not denied says so and changes nothing", async () => {
    const { services, wl } = await setup();
    await deny("Cracked_1");
    await expect(undeny("jeb_")).rejects.toEqual(
      refusal("not-denied", "jeb_ is not denied on survival; there is nothing to lift."),
    );
    expect((await services.denials.list(wl.id, 10)).denials.map((d) => d.nick)).toEqual(["Cracked_1"]);
  });

  test("an invalid nick, or a reason too long, is refused before anything is looked up or stored", async () => {
    const { services, wl, mojangServer } = await setup();
    await expect(deny("not a nick!")).rejects.toEqual(refusal("nick-invalid", "is not a valid nick"));
    await expect(deny("   ")).rejects.toEqual(refusal("nick-invalid", "The nick is empty"));
    await expect(deny("Notch", "x".repeat(201))).rejects.toEqual(
      refusal("invalid-input", "A reason is at most 200 characters."),
    );
    expect([(await services.denials.list(wl.id, 10)).total, mojangServer.requests()]).toEqual([0, 0]);
    // Line breaks in a reason become spaces; an empty one is no reason.
    expect((await deny("Notch", "  line\none\r\n")).denial.reason).toBe("line one");
    expect((await deny("jeb_", "   ")).denial.reason).toBeNull();
  });

  test("only managers deny and undeny; an unknown whitelist is named", async () => {
    await setup();
    await expect(deny("Notch", null, alice)).rejects.toEqual(refusal("not-manager"));
    await deny("Notch", null, moderator);
    await expect(undeny("Notch", bob)).rejects.toEqual(refusal("not-manager"));
    await expect(deny("Notch", null, owner, "nowhere")).rejects.toEqual(refusal("whitelist-not-found"));
  });

  test("a deny on one whitelist leaves the others alone", async () => {
    const { services } = await setup({ nickType: "offline" });
    const creative = await seedWhitelist(services, { guildId: GUILD, name: "creative", nickType: "offline" });
    await deny("Shared_1");
    expect((await selfRegister("Shared_1", alice, "creative")).entry.whitelistId).toBe(creative.id);
  });
});
