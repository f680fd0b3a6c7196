import { afterEach, expect, test } from "bun:test";
import type { GrantFailure } from "../../src/registration/roles.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  moderator,
  PLAYER_ROLE,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

// An approval in the dashboard of a replica that does not lead (docs/dashboard.md, Replicas): its roles are recorded
// on the entry and granted by the leader (`grantRecorded`), through the same role grants as any registration.

let world: SeededWorld;
afterEach(() => world.close());

/** A request of alice approved with its roles left to the leader: nothing sent to Discord, the roles recorded. */
async function approvedByFollower() {
  world = await seededWorld({
    name: "vip",
    registrationMode: "approval",
    managerRoleIds: [MANAGER_ROLE],
    grantedRoleIds: [PLAYER_ROLE],
  });
  const filed = await world.registration.requestApproval({
    guildId: GUILD,
    whitelist: "vip",
    member: alice,
    nick: "Notch",
  });
  const decision = await world.registration.decide({
    requestId: filed.id,
    approve: true,
    actor: moderator,
    member: alice,
    rolesByLeader: true,
  });
  if (decision.outcome !== "approved") throw new Error("not approved");
  await world.services.grants.settled();
  expect(world.roles.calls).toEqual([]);
  expect(decision.entry.grantedRoleIds).toEqual([PLAYER_ROLE]);
  return decision;
}

const grants = () => world.roles.calls.filter((call) => call.op === "grant");

forEachStore("roles left to the leader", () => {
  test("the leader grants the roles the entry records, once asked; again changes nothing recorded", async () => {
    const { whitelist, entry } = await approvedByFollower();
    world.roles.track(alice.userId, [MEMBER_ROLE]);
    const roles = await world.registration.grantRecorded(whitelist, entry);
    expect(await roles.failures).toEqual([]);
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    // A notice told again after a change of leader: the member holds the role, nothing more is sent.
    expect(await (await world.registration.grantRecorded(whitelist, entry)).failures).toEqual([]);
    expect(grants()).toEqual([{ op: "grant", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] }]);
    expect((await world.services.entries.find(whitelist.id, "Notch"))?.grantedRoleIds).toEqual([PLAYER_ROLE]);
  });

  test("a member who left meanwhile is granted nothing", async () => {
    const { whitelist, entry } = await approvedByFollower();
    world.roles.track(alice.userId, [MEMBER_ROLE]);
    world.roles.leave(alice.userId);
    expect(await (await world.registration.grantRecorded(whitelist, entry)).failures).toEqual([]);
    expect(world.roles.calls).toEqual([]);
  });

  test("an entry removed before the leader's turn is granted nothing (no revert owed)", async () => {
    const { whitelist, entry } = await approvedByFollower();
    // The member's role changes are busy: the grant waits for its turn, the entry is removed meanwhile.
    const { promise: busy, resolve: free } = Promise.withResolvers<void>();
    const holding = world.services.grants.changes(GUILD, alice.userId, () => busy);
    const roles = await world.registration.grantRecorded(whitelist, entry);
    await world.registration.unregister({
      guildId: GUILD,
      whitelist: "vip",
      nick: "Notch",
      actor: moderator,
    });
    free();
    await holding;
    expect(await roles.failures).toEqual([]);
    await world.reverter.settled();
    expect(grants()).toEqual([]);
  });

  test("a role Discord refuses is taken off the entry's record and reported, as for any grant", async () => {
    const { whitelist, entry } = await approvedByFollower();
    world.roles.failRole(PLAYER_ROLE, "Missing Permissions");
    const reported: GrantFailure[] = [];
    world.services.grants.onFailure((failure) => {
      reported.push(failure);
    });
    const failures = await (await world.registration.grantRecorded(whitelist, entry)).failures;
    expect(failures.map((failure) => failure.roleId)).toEqual([PLAYER_ROLE]);
    expect(reported).toEqual([{ guildId: GUILD, userId: alice.userId, nick: "Notch", failed: failures }]);
    expect((await world.services.entries.find(whitelist.id, "Notch"))?.grantedRoleIds).toEqual([]);
  });
});
