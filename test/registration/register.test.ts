import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { inEnglish } from "../../src/i18n/english.ts";
import { text } from "../../src/i18n/messages.ts";
import type { DomainError } from "../../src/shared/errors.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
  EXTRA_ROLE,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  member,
  moderator,
  owner,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", ...whitelist });
  return world;
};

const selfRegister = (nick: string, who = alice, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

forEachStore("registering a nick", () => {
  test("a premium java nick is stored in the account's spelling with its UUID, and entry.added is emitted", async () => {
    const { registration, services, wl } = await setup();
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const result = await selfRegister("notch");
    expect(result).toEqual({
      entry: {
        id: 1,
        whitelistId: wl.id,
        nick: "Notch",
        uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
        premium: true,
        gamertag: null,
        xuid: null,
        userId: alice.userId,
        addedBy: alice.userId,
        origin: "discord",
        grantedRoleIds: [],
        createdAt: services.clock.now(),
        expiresAt: null,
        nameCheckedAt: null,
        verified: false,
        proofDueAt: null,
        guest: false,
        note: null,
        groups: [],
      },
      whitelist: wl,
      roles: { waiting: false, failures: expect.any(Promise) },
    });
    expect(await result.roles.failures).toEqual([]);
    expect(published.map((n) => [n.event.type, n.event.origin, n.event.entry, n.actorId])).toEqual([
      [
        "entry.added",
        "discord",
        {
          nick: "Notch",
          uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
          premium: true,
          expiresAt: null,
          verified: false,
          groups: [],
        },
        alice.userId,
      ],
    ]);
    expect(await registration.listMemberEntries(GUILD, alice.userId)).toEqual([
      { entry: result.entry, whitelist: wl },
    ]);
  });

  test("a non-premium java nick is stored as typed, without UUID", async () => {
    await setup();
    const { entry } = await selfRegister("Cracked_1");
    expect([entry.nick, entry.uuid, entry.premium]).toEqual(["Cracked_1", null, false]);
  });

  test("a premium-only whitelist refuses a non-premium nick and stores nothing", async () => {
    const { services, wl } = await setup({ nickType: "premium" });
    await expect(selfRegister("Cracked_1")).rejects.toEqual(refusal("not-premium", "premium accounts only"));
    expect((await selfRegister("JEB_")).entry.nick).toBe("jeb_");
    expect((await services.entries.list(wl.id)).map((e) => e.nick)).toEqual(["jeb_"]);
  });

  test("offline nicks are never looked up, bedrock ones only by GeyserMC", async () => {
    const { mojangServer } = await setup({ nickType: "offline" });
    await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "pe",
      nickType: "bedrock",
      maxNicksPerUser: 2,
    });
    expect((await selfRegister("Notch")).entry).toEqual(
      expect.objectContaining({ nick: "Notch", uuid: null, premium: false }),
    );
    expect((await selfRegister("Steve Jobs", alice, "pe")).entry.nick).toBe(".Steve_Jobs");
    expect((await selfRegister(".Wozniak", alice, "pe")).entry.nick).toBe(".Wozniak");
    expect(mojangServer.requests()).toBe(0);
    expect(world.geyserServer.requests()).toBe(2);
  });

  test.each([
    ["rate-limited", "429"],
    ["down", "5xx"],
  ] as const)("Mojang %s (%s) refuses with try again, stores nothing and grants nothing", async (mode) => {
    const { mojangServer, roles, services, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    mojangServer.setMode(mode);
    await expect(selfRegister("Notch")).rejects.toEqual(
      refusal("mojang-unavailable", "try again in a minute"),
    );
    expect(await services.entries.list(wl.id)).toEqual([]);
    expect(roles.calls).toEqual([]);
  });

  test("a Mojang timeout refuses with try again", async () => {
    world = await seededWorld({ name: "survival" }, { timeoutMs: 50 });
    world.mojangServer.setMode("slow");
    await expect(selfRegister("Notch")).rejects.toEqual(refusal("mojang-unavailable"));
  });

  test("Mojang answering 204 for an unknown name means not premium", async () => {
    const { mojangServer } = await setup();
    mojangServer.setNotFoundStatus(204);
    expect((await selfRegister("Nobody")).entry.premium).toBe(false);
  });

  test("an invalid nick is refused with the rule of the whitelist's nick type", async () => {
    await setup();
    await seedWhitelist(world.services, { guildId: GUILD, name: "pe", nickType: "bedrock" });
    await expect(selfRegister("Steve Jobs")).rejects.toEqual(refusal("nick-invalid", "3-16 characters"));
    await expect(selfRegister("9Lives", alice, "pe")).rejects.toEqual(
      refusal("nick-invalid", "not start with a digit"),
    );
    expect(world.mojangServer.requests()).toBe(0);
  });

  test("a nick already on the whitelist in any letter case is refused before asking Mojang", async () => {
    const { mojangServer } = await setup({ maxNicksPerUser: 3 });
    await seedWhitelist(world.services, { guildId: GUILD, name: "pe", nickType: "bedrock" });
    await selfRegister("Notch");
    const asked = mojangServer.requests();
    await expect(selfRegister("NOTCH", bob)).rejects.toEqual(
      refusal("nick-taken", "Notch is already on survival"),
    );
    await expect(selfRegister("notch")).rejects.toEqual(refusal("nick-taken"));
    expect(mojangServer.requests()).toBe(asked);
    await selfRegister("Steve Gamer", alice, "pe");
    await expect(selfRegister(".sTEVE gAMER", bob, "pe")).rejects.toEqual(refusal("nick-taken"));
  });

  test("offline: a nick taken in another letter case says the spelling that joins, and why", async () => {
    await setup({ nickType: "offline" });
    await selfRegister("CrackedSteve");
    await expect(selfRegister("crackedsteve", bob)).rejects.toEqual(
      refusal(
        "nick-taken",
        "CrackedSteve is already on survival, spelled so. Join as exactly CrackedSteve: an offline-mode server " +
          "tells players apart by the letter case of their name (crackedsteve would be another player, and is not " +
          "let in). If it is not yours, register another nick.",
      ),
    );
    // The same spelling: nothing about letter case to tell.
    await expect(selfRegister("CrackedSteve", bob)).rejects.toEqual(
      refusal("nick-taken", "CrackedSteve is already on survival. If it is yours, ask staff to check"),
    );
  });

  test("a member at maxNicksPerUser is refused with the limit; other members and whitelists do not count", async () => {
    await setup({ maxNicksPerUser: 2, nickType: "offline" });
    await seedWhitelist(world.services, { guildId: GUILD, name: "creative", nickType: "offline" });
    await selfRegister("One");
    await selfRegister("Other", bob);
    await selfRegister("Elsewhere", alice, "creative");
    await selfRegister("Two");
    await expect(selfRegister("Three")).rejects.toEqual(
      refusal("limit-reached", "You already have 2 nicks on survival, the most allowed (2)"),
    );
  });

  test("a disabled whitelist refuses members and staff alike", async () => {
    await setup({ enabled: false });
    await expect(selfRegister("Notch")).rejects.toEqual(
      refusal("whitelist-disabled", "closed for registrations"),
    );
    await expect(
      world.registration.register({
        guildId: GUILD,
        whitelist: "survival",
        member: alice,
        nick: "Notch",
        actor: owner,
        origin: "staff",
      }),
    ).rejects.toEqual(refusal("whitelist-disabled"));
  });

  test("a member needs one of the required roles", async () => {
    await setup({ requiredRoleIds: [EXTRA_ROLE, MEMBER_ROLE] });
    const stranger = member("300000000000000005", [PLAYER_ROLE]);
    await expect(selfRegister("Notch", stranger)).rejects.toEqual(
      expect.objectContaining({
        code: "missing-role",
        message: "To register on survival you need one of its required roles.",
        details: { whitelist: "survival", roleIds: [EXTRA_ROLE, MEMBER_ROLE], self: true },
      }),
    );
    expect((await selfRegister("Notch")).entry.nick).toBe("Notch");
  });

  test("rules run in documented order: disabled before role before nick syntax before taken", async () => {
    await setup({ enabled: false, requiredRoleIds: [EXTRA_ROLE] });
    await expect(selfRegister("!!")).rejects.toEqual(refusal("whitelist-disabled"));
    await world.services.whitelists.update(
      (await world.services.whitelists.find(GUILD, "survival"))?.id ?? "",
      {
        enabled: true,
      },
    );
    await expect(selfRegister("!!")).rejects.toEqual(refusal("missing-role"));
  });

  test("the whitelist is found by id, by name in any case, by channel, or as the guild's only one", async () => {
    const { services, wl } = await setup({ channelId: "200000000000000001" });
    const resolve = services.whitelists.resolve.bind(services.whitelists);
    expect(await resolve({ guildId: GUILD, whitelist: wl.id })).toEqual(wl);
    expect(await resolve({ guildId: GUILD, whitelist: "SURVIVAL" })).toEqual(wl);
    expect(await resolve({ guildId: GUILD })).toEqual(wl);
    const creative = await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "creative",
      channelId: "200000000000000002",
    });
    expect(await resolve({ guildId: GUILD, channelId: "200000000000000002" })).toEqual(creative);
    await expect(resolve({ guildId: GUILD, channelId: "200000000000000003" })).rejects.toThrow(
      refusal("whitelist-required", "creative, survival"),
    );
    await expect(resolve({ guildId: GUILD, whitelist: "nether" })).rejects.toThrow(
      refusal("whitelist-not-found", "“nether”"),
    );
    await expect(resolve({ guildId: "100000000000000002", whitelist: wl.id })).rejects.toThrow(
      refusal("whitelist-not-found"),
    );
    await expect(resolve({ guildId: "100000000000000002" })).rejects.toThrow(
      refusal("whitelist-not-found", "no whitelist yet"),
    );
  });

  test("an approval whitelist refuses direct self-registration; submit files a request there instead", async () => {
    const { registration } = await setup({ registrationMode: "approval" });
    await expect(selfRegister("Notch")).rejects.toEqual(refusal("wrong-mode", "need staff approval"));
    const whitelists = world.services.whitelists;
    const submitted = await registration.submit({
      whitelist: await whitelists.resolve({ guildId: GUILD }),
      member: alice,
      nick: "Notch",
    });
    expect(submitted).toEqual(
      expect.objectContaining({ kind: "requested", request: expect.objectContaining({ status: "pending" }) }),
    );
    await seedWhitelist(world.services, { guildId: GUILD, name: "open", registrationMode: "message" });
    expect(
      await registration.submit({
        whitelist: await whitelists.resolve({ guildId: GUILD, whitelist: "open" }),
        member: alice,
        nick: "jeb_",
      }),
    ).toEqual(
      expect.objectContaining({ kind: "registered", entry: expect.objectContaining({ nick: "jeb_" }) }),
    );
  });

  test("a plain message registers only in a message-mode whitelist's channel", async () => {
    const { registration } = await setup({ channelId: "200000000000000001" });
    const chat = await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "chat",
      channelId: "200000000000000002",
      registrationMode: "message",
    });
    expect(await registration.whitelistForMessage(GUILD, "200000000000000002")).toEqual(chat);
    expect(await registration.whitelistForMessage(GUILD, "200000000000000001")).toBeUndefined();
  });
});

forEachStore("staff adding a nick for a member", () => {
  const staffAdd = (actor = moderator, who = alice, nick = "Notch") =>
    world.registration.register({
      guildId: GUILD,
      whitelist: "survival",
      member: who,
      nick,
      actor,
      origin: "staff",
    });

  test("a manager (manager role or Manage Server) adds for a member, recorded as staff", async () => {
    await setup({ managerRoleIds: [MANAGER_ROLE], maxNicksPerUser: 2 });
    const byModerator = await staffAdd();
    expect([byModerator.entry.userId, byModerator.entry.addedBy, byModerator.entry.origin]).toEqual([
      alice.userId,
      moderator.userId,
      "staff",
    ]);
    expect((await staffAdd(owner, alice, "jeb_")).entry.origin).toBe("staff");
  });

  test("anyone else is refused", async () => {
    await setup({ managerRoleIds: [MANAGER_ROLE] });
    await expect(staffAdd(bob)).rejects.toEqual(refusal("not-manager", "Only staff of survival"));
  });

  test("where nicks are kept on role loss, the required roles do not apply to the member a manager adds; the limit does", async () => {
    await setup({ managerRoleIds: [MANAGER_ROLE], requiredRoleIds: [EXTRA_ROLE], onRoleLoss: "keep" });
    expect((await staffAdd()).entry.nick).toBe("Notch");
    await expect(staffAdd(moderator, alice, "jeb_")).rejects.toEqual(
      refusal("limit-reached", "That member already has 1 nick on survival"),
    );
  });

  test("where nicks follow roles, a manager adds only for a member holding one, since the nick would go at once", async () => {
    const { services, wl } = await setup({ managerRoleIds: [MANAGER_ROLE], requiredRoleIds: [EXTRA_ROLE] });
    await expect(staffAdd()).rejects.toEqual(
      refusal("missing-role", "its nicks follow those roles (on-role-loss: remove)"),
    );
    expect(await services.entries.list(wl.id)).toEqual([]);
    const holder = { ...alice, roleIds: [EXTRA_ROLE] };
    expect((await staffAdd(moderator, holder)).entry.origin).toBe("staff");
  });

  test("a manager may add on an approval whitelist directly", async () => {
    await setup({ managerRoleIds: [MANAGER_ROLE], registrationMode: "approval" });
    expect((await staffAdd()).entry.nick).toBe("Notch");
  });
});

forEachStore("roles on registration", () => {
  test("only the granted roles the member lacks are granted, after the entry is stored, and only those are recorded", async () => {
    const { roles } = await setup({ grantedRoleIds: [MEMBER_ROLE, PLAYER_ROLE] });
    const { entry, roles: granting } = await selfRegister("Notch");
    expect(await granting.failures).toEqual([]);
    expect(roles.calls).toEqual([
      { op: "grant", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] },
    ]);
    expect(entry.grantedRoleIds).toEqual([PLAYER_ROLE]);
  });

  test("no grant call when the member already holds every role", async () => {
    const { roles } = await setup({ grantedRoleIds: [MEMBER_ROLE] });
    const { entry, roles: granting } = await selfRegister("Notch");
    expect([entry.grantedRoleIds, await granting.failures, granting.waiting]).toEqual([[], [], false]);
    expect(roles.calls).toEqual([]);
  });

  test("a failed grant keeps the registration, is reported with its reason, and leaves the record", async () => {
    const { roles, services, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE, EXTRA_ROLE] });
    const told: unknown[] = [];
    services.grants.onFailure((failure) => {
      told.push(failure);
    });
    roles.failRole(EXTRA_ROLE, "The bot's role is below Extra.");
    const { roles: granting } = await selfRegister("Notch");
    const failed = [
      { roleId: EXTRA_ROLE, reason: text("common.verbatim", { text: "The bot's role is below Extra." }) },
    ];
    expect(await granting.failures).toEqual(failed);
    expect({
      told,
      stored: (await services.entries.list(wl.id)).map((e) => [e.nick, e.grantedRoleIds]),
    }).toEqual({
      told: [{ guildId: GUILD, userId: alice.userId, nick: "Notch", failed }],
      // Not given, so not the bot's to take back when the nick goes.
      stored: [["Notch", [PLAYER_ROLE]]],
    });
  });

  test("Discord unreachable: every role is reported failed, the registration stands", async () => {
    const { roles, services, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    roles.breakDown();
    const { roles: granting } = await selfRegister("Notch");
    expect((await granting.failures).map((f) => ({ ...f, reason: inEnglish(f.reason) }))).toEqual([
      { roleId: PLAYER_ROLE, reason: "The bot could not reach Discord (connect ECONNREFUSED)." },
    ]);
    expect((await services.entries.list(wl.id)).map((e) => [e.nick, e.grantedRoleIds])).toEqual([
      ["Notch", []],
    ]);
  });

  test("when two members race for one nick, the loser is refused before any role is given to them", async () => {
    const { roles, services, wl } = await setup({ nickType: "offline", grantedRoleIds: [PLAYER_ROLE] });
    const results = await Promise.allSettled([selfRegister("Notch"), selfRegister("notch", bob)]);
    // Either may reach the store first (on PostgreSQL their reads before it race); exactly one wins, and the loser
    // asked for no role: it is refused before its entry is stored, and roles follow the entry.
    const winner = results[0].status === "fulfilled" ? alice : bob;
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")?.reason).toEqual(refusal("nick-taken"));
    await services.grants.settled();
    expect(roles.calls).toEqual([
      { op: "grant", guildId: GUILD, userId: winner.userId, roleIds: [PLAYER_ROLE] },
    ]);
    expect((await services.entries.list(wl.id)).map((e) => [e.nick, e.userId])).toEqual([
      [winner === alice ? "Notch" : "notch", winner.userId],
    ]);
  });

  test("the limit holds when one member races two registrations", async () => {
    const { roles, services, wl } = await setup({ nickType: "offline", grantedRoleIds: [PLAYER_ROLE] });
    const results = await Promise.allSettled([selfRegister("One"), selfRegister("Two")]);
    // Either may reach the store first (on PostgreSQL their reads before it race); exactly one wins.
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")?.reason).toEqual(refusal("limit-reached"));
    await services.grants.settled();
    expect((await services.entries.list(wl.id)).map((e) => [e.nick, e.grantedRoleIds])).toEqual([
      [results[0].status === "fulfilled" ? "One" : "Two", [PLAYER_ROLE]],
    ]);
    // The loser asked for no role: only the winner's is granted.
    expect(roles.calls.map((call) => call.op)).toEqual(["grant"]);
  });

  test("registrations queued together (one transaction on PostgreSQL) refuse a nick taken in it, and the limit holds", async () => {
    const { services, wl } = await setup({ nickType: "offline" });
    const carol = member("300000000000000003", [MEMBER_ROLE]);
    // Queued behind another program's lock until the three members' writes wait: on PostgreSQL they then share a
    // transaction, each seeing the ones before it through it (src/db/writer.ts, WriteOptions). Alice's second
    // registration waits in her own queue for her first (RoleGrants.exclusive), so it commits after.
    const lock = await services.holdWriteLock();
    const settled = Promise.allSettled([
      selfRegister("One"),
      selfRegister("Two"),
      selfRegister("Notch", bob),
      selfRegister("notch", carol),
    ]);
    for (let turn = 0; turn < 1000 && services.writesWaiting() < 3; turn++) await Bun.sleep(2);
    expect(services.writesWaiting()).toBe(3);
    await lock.release();
    const outcomes = await settled;
    // Either of a pair may reach the store first (on PostgreSQL their reads before it race); exactly one wins.
    const [one, two, bobs, carols] = outcomes.map((outcome) =>
      outcome.status === "fulfilled"
        ? `stored ${outcome.value.entry.nick}`
        : (outcome.reason as DomainError).code,
    );
    expect([[one, two].sort(), [bobs, carols].sort()]).toEqual([
      ["limit-reached", expect.stringMatching(/^stored (One|Two)$/)],
      ["nick-taken", expect.stringMatching(/^stored (Notch|notch)$/)],
    ]);
    const winners = [one, two, bobs, carols].filter((outcome): outcome is string =>
      Boolean(outcome?.startsWith("stored ")),
    );
    const stored = await services.entries.list(wl.id);
    expect(stored.map((entry) => `stored ${entry.nick}`).sort()).toEqual(winners.sort());
  });
});
