import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { Member } from "../../src/registration/model.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  EXTRA_ROLE,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  member,
  moderator,
  OTHER_GUILD,
  PLAYER_ROLE,
  type RegistrationWorld,
  registrationWorld,
} from "./helpers.ts";

// Access follows roles (docs/decisions.md): what the bot reports of a member's roles decides which of their nicks
// stay. The fake role gateway stands for Discord: it tracks each member's roles as grants and reverts change them.

let world: RegistrationWorld;
afterEach(() => world.close());

/** A member Discord knows with these roles (the fake gateway answers `rolesOf` with them). */
function joined(userId: string, roleIds: string[]): Member {
  world.roles.track(userId, roleIds);
  return member(userId, roleIds);
}

const whitelist = (name: string, settings: Partial<NewWhitelist> = {}) =>
  seedWhitelist(world.services, {
    guildId: GUILD,
    name,
    nickType: "offline",
    maxNicksPerUser: 3,
    ...settings,
  });

const register = (wl: Whitelist, who: Member, nick: string) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: wl.id,
    member: who,
    actor: who,
    nick,
    origin: "discord",
  });

/** Discord takes roles from the member (a moderator, or a role deleted): what the bot then reports. */
const loses = (who: Member, roleIds: string[]) => {
  const left = world.roles.rolesNow(who.userId).filter((roleId) => !roleIds.includes(roleId));
  world.roles.track(who.userId, left);
  return world.registration.memberRoles({ guildId: GUILD, userId: who.userId, roleIds: left });
};

const removals = () => {
  const notices: ChangeNotice[] = [];
  world.services.bus.subscribe((notice) => {
    if (notice.event.type === "entry.removed") notices.push(notice);
  });
  return notices;
};

const nicksOf = async (wl: Whitelist) =>
  (await world.services.entries.list(wl.id)).map((entry) => entry.nick);

forEachStore("a member who no longer holds a required role", () => {
  test("loses their nicks there, staff's included: origin role-lost, one event each, granted roles taken back", async () => {
    world = await registrationWorld();
    const survival = await whitelist("survival", {
      requiredRoleIds: [MEMBER_ROLE],
      grantedRoleIds: [PLAYER_ROLE],
      managerRoleIds: [MANAGER_ROLE],
    });
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    await register(survival, alice, "alice_one");
    await register(survival, alice, "alice_two");
    await world.registration.register({
      guildId: GUILD,
      whitelist: survival.id,
      member: alice,
      actor: moderator,
      nick: "alice_staff",
      origin: "staff",
    });
    await world.reverter.settled();
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    const removed = removals();

    const gone = await loses(alice, [MEMBER_ROLE]);
    await world.reverter.settled();

    expect(gone.map((entry) => entry.nick)).toEqual(["alice_one", "alice_two", "alice_staff"]);
    expect(removed.map((notice) => [notice.event.origin, notice.event.entry.nick, notice.actorId])).toEqual([
      ["role-lost", "alice_one", null],
      ["role-lost", "alice_two", null],
      ["role-lost", "alice_staff", null],
    ]);
    expect(await nicksOf(survival)).toEqual([]);
    // The role the bot granted for them goes with them; the member keeps nothing the bot gave.
    expect(world.roles.rolesNow(alice.userId)).toEqual([]);
    expect(
      world.roles.calls.filter((call) => call.op === "revoke").flatMap((call) => call.roleIds),
    ).toContain(PLAYER_ROLE);
    expect(
      (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: survival.id }, 100))
        .filter((event) => event.type === "entry.removed")
        .map((event) => event.origin),
    ).toEqual(["role-lost", "role-lost", "role-lost"]);
  });

  test("keeps them where the whitelist says keep, where it requires no role, and while they hold another required role", async () => {
    world = await registrationWorld();
    const follows = await whitelist("follows", { requiredRoleIds: [MEMBER_ROLE] });
    const keeps = await whitelist("keeps", { requiredRoleIds: [MEMBER_ROLE], onRoleLoss: "keep" });
    const open = await whitelist("open");
    const either = await whitelist("either", { requiredRoleIds: [MEMBER_ROLE, EXTRA_ROLE] });
    const elsewhere = await seedWhitelist(world.services, {
      guildId: OTHER_GUILD,
      name: "elsewhere",
      nickType: "offline",
      requiredRoleIds: [MEMBER_ROLE],
    });
    const alice = joined("300000000000000001", [MEMBER_ROLE, EXTRA_ROLE]);
    for (const wl of [follows, keeps, open, either]) await register(wl, alice, `alice_${wl.name}`);
    await world.registration.register({
      guildId: OTHER_GUILD,
      whitelist: elsewhere.id,
      member: alice,
      actor: alice,
      nick: "alice_elsewhere",
      origin: "discord",
    });
    const removed = removals();

    expect((await loses(alice, [MEMBER_ROLE])).map((entry) => entry.nick)).toEqual(["alice_follows"]);

    expect(removed.map((notice) => notice.event.entry.nick)).toEqual(["alice_follows"]);
    expect(await Promise.all([keeps, open, either, elsewhere].map(nicksOf))).toEqual([
      ["alice_keeps"],
      ["alice_open"],
      ["alice_either"],
      ["alice_elsewhere"],
    ]);
    // Losing the other required role too: `either` goes, `keeps` and `open` never do.
    expect((await loses(alice, [EXTRA_ROLE])).map((entry) => entry.nick)).toEqual(["alice_either"]);
    expect(await Promise.all([keeps, open].map(nicksOf))).toEqual([["alice_keeps"], ["alice_open"]]);
  });

  test("checked twice (a member update, then the check after a resume), each removal is published once", async () => {
    world = await registrationWorld();
    const survival = await whitelist("survival", { requiredRoleIds: [MEMBER_ROLE] });
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    await register(survival, alice, "alice_mc");
    const removed = removals();
    const report = { guildId: GUILD, userId: alice.userId, roleIds: [] };

    const [first, second] = await Promise.all([
      world.registration.memberRoles(report),
      world.registration.memberRoles(report),
    ]);
    const third = await world.registration.memberRoles(report);

    expect([first.length, second.length, third.length]).toEqual([1, 0, 0]);
    expect(removed.map((notice) => notice.event.origin)).toEqual(["role-lost"]);
  });

  test("a policy switched to keep before the check's turn comes is honoured", async () => {
    world = await registrationWorld();
    const survival = await whitelist("survival", { requiredRoleIds: [MEMBER_ROLE] });
    const creative = await whitelist("creative", { grantedRoleIds: [PLAYER_ROLE] });
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    await register(survival, alice, "alice_mc");
    // The member's queue is busy (work of theirs under way, held here); the check and a registration wait behind it.
    const { promise: busy, resolve: free } = Promise.withResolvers<void>();
    const holding = world.services.grants.exclusive(GUILD, alice.userId, () => busy);
    const checking = loses(alice, [MEMBER_ROLE]);
    const storing = register(creative, alice, "alice_alt");
    await world.services.whitelists.update(survival.id, { onRoleLoss: "keep" });
    free();
    await holding;
    await storing;
    expect(await checking).toEqual([]);
    expect(await Promise.all([survival, creative].map(nicksOf))).toEqual([["alice_mc"], ["alice_alt"]]);
  });

  test("owners to ask about when a role is deleted: those on whitelists that follow that role only", async () => {
    world = await registrationWorld();
    const follows = await whitelist("follows", { requiredRoleIds: [MEMBER_ROLE] });
    const keeps = await whitelist("keeps", { requiredRoleIds: [MEMBER_ROLE], onRoleLoss: "keep" });
    const other = await whitelist("other", { requiredRoleIds: [EXTRA_ROLE] });
    const alice = joined("300000000000000001", [MEMBER_ROLE, EXTRA_ROLE]);
    const bob = joined("300000000000000002", [MEMBER_ROLE, EXTRA_ROLE]);
    const carol = joined("300000000000000003", [MEMBER_ROLE, EXTRA_ROLE]);
    await register(follows, alice, "alice_mc");
    await register(keeps, bob, "bob_mc");
    await register(other, carol, "carol_mc");
    expect({
      member: await world.registration.ownersRequiringRole(GUILD, MEMBER_ROLE),
      extra: await world.registration.ownersRequiringRole(GUILD, EXTRA_ROLE),
      none: await world.registration.ownersRequiringRole(GUILD, PLAYER_ROLE),
      otherGuild: await world.registration.ownersRequiringRole(OTHER_GUILD, MEMBER_ROLE),
      following: await Promise.all(
        [follows, keeps, other].map((wl) => world.registration.ownersFollowingRoles(wl.id)),
      ),
    }).toEqual({
      member: [alice.userId],
      extra: [carol.userId],
      none: [],
      otherGuild: [],
      following: [[alice.userId], [], [carol.userId]],
    });
  });
});

// Each race run many times, its interleavings forced where the fake role gateway's hook allows.
const ROUNDS = 40;

forEachStore("a member losing their role while their registration is under way", () => {
  test(`no entry of theirs survives the loss, whatever runs first (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await whitelist(`round${round}`, {
        requiredRoleIds: [MEMBER_ROLE],
        grantedRoleIds: [PLAYER_ROLE],
      });
      const who = joined(`31${String(round).padStart(4, "0")}00000000000000`, [MEMBER_ROLE]);
      const strategy = round % 3;
      // 0: the role goes while the grant is held (the registration is storing); 1: it goes right after the
      // command's checks, before the store's turn; 2: the role is gone at Discord only, the report comes later.
      const hold = strategy === 0 ? world.roles.holdGrants() : undefined;
      const registering = register(wl, who, `racer_${round}`);
      if (hold) await hold.held(1);
      const losing = strategy === 2 ? Promise.resolve([]) : loses(who, [MEMBER_ROLE]);
      if (strategy === 2) world.roles.track(who.userId, []);
      hold?.release();
      const [registered] = await Promise.allSettled([registering, losing]);
      if (strategy === 2)
        await world.registration.memberRoles({ guildId: GUILD, userId: who.userId, roleIds: [] });
      await world.reverter.settled();
      const outcome =
        registered.status === "fulfilled"
          ? "registered"
          : String((registered.reason as { code?: string }).code);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      expect({
        round,
        entries: await world.services.entries.listForUserInGuild(GUILD, who.userId),
        outcome: ["registered", "missing-role"].includes(outcome),
        // Whatever the bot granted for a nick that did not stay is taken back.
        roles: world.roles.rolesNow(who.userId),
      }).toEqual({ round, entries: [], outcome: true, roles: [] });
    }
    // Both ends were met: a registration that stored and was removed, and one refused at its store.
    expect([...outcomes.keys()].sort()).toEqual(["missing-role", "registered"]);
  });
});
