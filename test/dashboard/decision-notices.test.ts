import { afterEach, expect, test } from "bun:test";
import type { StaffLog } from "../../src/bot/staff-log.ts";
import { decisionNotices, tellDecisions } from "../../src/dashboard/decision-notices.ts";
import { silentLogger } from "../../src/shared/logger.ts";
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
} from "../registration/helpers.ts";

// The leader's pass over the notices a follower's dashboard left (docs/dashboard.md, Replicas), on the real
// services: an approval's roles granted before it is told, each notice told once. The staff log is the bot's port
// (the Discord side is in test/dashboard/replicas.full.test.ts).

let world: SeededWorld;
afterEach(() => world.close());

/** A staff log that records each decision told, with the grants Discord had been asked for by then. */
function recordingStaffLog() {
  const told: { requestId: string; outcome: string; actorId: string; grantsBefore: number }[] = [];
  const staffLog: StaffLog = {
    keyChanged: async () => {},
    requestDecided: async (decision, actorId) => {
      const grantsBefore = world.roles.calls.filter((call) => call.op === "grant").length;
      told.push({ requestId: decision.request.id, outcome: decision.outcome, actorId, grantsBefore });
    },
  };
  return { staffLog, told };
}

/** Alice's request approved in a follower's dashboard: roles left to the leader, a notice left for it. */
async function approvedOnFollower() {
  world = await seededWorld({
    name: "vip",
    registrationMode: "approval",
    managerRoleIds: [MANAGER_ROLE],
    grantedRoleIds: [PLAYER_ROLE],
  });
  world.roles.track(alice.userId, [MEMBER_ROLE]);
  const filed = await world.registration.requestApproval({
    guildId: GUILD,
    whitelist: "vip",
    member: alice,
    nick: "Notch",
  });
  await world.registration.decide({
    requestId: filed.id,
    approve: true,
    actor: moderator,
    member: alice,
    rolesByLeader: true,
  });
  await decisionNotices(world.services).add(filed.id, moderator.userId);
  expect(world.roles.calls).toEqual([]);
  return filed;
}

forEachStore("decisions told by the leader", () => {
  test("an approval's roles are granted before it is told; a second pass tells and grants nothing more", async () => {
    const filed = await approvedOnFollower();
    const { staffLog, told } = recordingStaffLog();
    expect(await tellDecisions(world.services, staffLog, silentLogger)).toBe(1);
    expect(told).toEqual([
      { requestId: filed.id, outcome: "approved", actorId: moderator.userId, grantsBefore: 1 },
    ]);
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    expect(await tellDecisions(world.services, staffLog, silentLogger)).toBe(0);
    expect(told.length).toBe(1);
    expect(world.roles.calls.filter((call) => call.op === "grant").length).toBe(1);
  });

  test("an approval whose entry is gone before the leader's turn is dropped: no role granted", async () => {
    await approvedOnFollower();
    await world.registration.unregister({
      guildId: GUILD,
      whitelist: "vip",
      nick: "Notch",
      actor: moderator,
    });
    await world.reverter.settled();
    const { staffLog, told } = recordingStaffLog();
    expect(await tellDecisions(world.services, staffLog, silentLogger)).toBe(0);
    expect(told).toEqual([]);
    expect(world.roles.calls.filter((call) => call.op === "grant")).toEqual([]);
    expect(await decisionNotices(world.services).waiting()).toEqual([]);
  });
});
