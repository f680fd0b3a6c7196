import { afterEach, expect, test } from "bun:test";
import type { Member } from "../../src/registration/model.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import { atScale } from "../helpers/floors.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  GUILD,
  LOG_CHANNEL,
  MEMBER_ROLE,
  member,
  PLAYER_ROLE,
  type RegistrationWorld,
  registrationWorld,
} from "./helpers.ts";

// Members acting at the same moment, each race run many times with its interleavings forced where the fake
// role gateway's hook allows (grants held mid-flight), or left to the order of the calls otherwise.

/** How many times each race is run: a load run (test/helpers/floors.ts, atScale). */
const ROUNDS = atScale(10, 50);
const STAFF = member("300000000000000009", [], true);

let world: RegistrationWorld;
afterEach(() => world.close());

/** A member of the round, tracked by the fake gateway with MEMBER_ROLE only. */
function newMember(round: number, index: number): Member {
  const joined = member(`31${String(round).padStart(4, "0")}${String(index).padStart(4, "0")}0000000000`, [
    MEMBER_ROLE,
  ]);
  world.roles.track(joined.userId, joined.roleIds);
  return joined;
}

/** A whitelist of the round granting PLAYER_ROLE, offline nicks (no Mojang), command mode. */
const newWhitelist = (round: number, settings: Partial<Whitelist> = {}) =>
  seedWhitelist(world.services, {
    guildId: GUILD,
    name: `round${round}`,
    nickType: "offline",
    grantedRoleIds: [PLAYER_ROLE],
    ...settings,
  });

const register = (whitelist: Whitelist, who: Member, nick: string) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: whitelist.id,
    member: who,
    actor: who,
    nick,
    origin: "discord",
  });

/** The stored events of a whitelist as `type nick` strings, in order. */
const eventsOf = async (whitelist: Whitelist) =>
  (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: whitelist.id }, 10_000)).map(
    (event) => `${event.type} ${event.entry.nick}`,
  );

const codeOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === "fulfilled" ? "registered" : ((outcome.reason as { code?: string }).code ?? "crash");

forEachStore("deleting a whitelist while members register on it", () => {
  test(`every entry that exists when it goes is removed, announced and reverted; none commits after (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await newWhitelist(round);
      const before = [0, 1, 2].map((i) => newMember(round, i));
      for (const [i, who] of before.entries()) await register(wl, who, `old_${round}_${i}`);
      const racers = [3, 4, 5, 6, 7].map((i) => newMember(round, i));
      const strategy = round % 3;
      const hold = strategy === 1 ? undefined : world.roles.holdGrants();
      const registering = racers.map((who, i) => register(wl, who, `new_${round}_${i}`));
      if (hold) await hold.held(racers.length);
      // 0: deleted while every grant is held mid-flight; 2: grants released first, deleted once the first
      // registration is through, while the others insert.
      if (strategy === 2) {
        hold?.release();
        await Promise.allSettled(registering.slice(0, 1 + (round % 2)));
      }
      const deleting = world.services.deletion.deleteWhitelist(wl.id, STAFF.userId);
      if (strategy === 0) hold?.release();
      const results = await Promise.allSettled(registering);
      const deleted = await deleting;
      await world.reverter.settled();

      const stored = await world.services.sql`SELECT nick FROM entries WHERE whitelist_id = ${wl.id}`;
      const events = await eventsOf(wl);
      const added = events.filter((e) => e.startsWith("entry.added")).map((e) => e.slice(12));
      const removed = events.filter((e) => e.startsWith("entry.removed")).map((e) => e.slice(14));
      expect({
        round,
        stored,
        removedAllAdded: [...removed].sort(),
        deletedAnnounced: deleted.removed.map((entry) => entry.nick).sort(),
        outcomes: results
          .map(codeOf)
          .filter((code) => code !== "registered" && code !== "whitelist-not-found"),
        roles: [...before, ...racers].map((who) => world.roles.rolesNow(who.userId)),
      }).toEqual({
        round,
        stored: [],
        removedAllAdded: [...added].sort(),
        deletedAnnounced: [...added].sort(),
        outcomes: [],
        roles: [...before, ...racers].map(() => [MEMBER_ROLE]),
      });
      for (const result of results) outcomes.set(codeOf(result), (outcomes.get(codeOf(result)) ?? 0) + 1);
    }
    // Both ways of ending were met: registrations that won (removed with the whitelist) and ones refused.
    expect([...outcomes.keys()].sort()).toEqual(["registered", "whitelist-not-found"]);
  });
});

forEachStore("a member leaving while their registration is under way", () => {
  test(`no entry of theirs survives, whatever commits first (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await newWhitelist(round);
      const leaver = newMember(round, 0);
      const strategy = round % 4;
      const hold = strategy === 0 || strategy === 1 ? world.roles.holdGrants() : undefined;
      const registering = register(wl, leaver, `leaver_${round}`);
      // 0/1: the member leaves while the role grant is held (before / after it is released);
      // 2: leaves at the same moment, nothing held; 3: leaves before registering (the gateway says so too).
      if (hold) await hold.held(1);
      if (strategy === 1) hold?.release();
      world.roles.leave(leaver.userId);
      const leaving = world.registration.removeMember({ guildId: GUILD, userId: leaver.userId });
      if (strategy === 0) hold?.release();
      const [registered] = await Promise.allSettled([registering, leaving]);
      await world.reverter.settled();
      const outcome = codeOf(registered as PromiseSettledResult<unknown>);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      expect({
        round,
        entries: await world.services.entries.listForUserInGuild(GUILD, leaver.userId),
        outcome: ["registered", "member-left"].includes(outcome),
        removedAsLeft:
          outcome === "registered"
            ? (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id }, 100))
                .filter((event) => event.type === "entry.removed")
                .map((event) => event.origin)
            : ["member-left"],
      }).toEqual({ round, entries: [], outcome: true, removedAsLeft: ["member-left"] });
    }
    expect(outcomes.get("member-left")).toBeGreaterThan(0);
  });

  test(`an approval clicked as the requester leaves stores nothing that stays (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await newWhitelist(round, { registrationMode: "approval" });
      const leaver = newMember(round, 0);
      const request = await world.registration.requestApproval({
        guildId: GUILD,
        whitelist: wl.id,
        member: leaver,
        nick: `asker_${round}`,
      });
      const hold = round % 2 === 0 ? world.roles.holdGrants() : undefined;
      const deciding = world.registration.decide({
        requestId: request.id,
        actor: STAFF,
        approve: true,
        member: leaver,
      });
      if (hold) await hold.held(1);
      world.roles.leave(leaver.userId);
      const leaving = world.registration.removeMember({ guildId: GUILD, userId: leaver.userId });
      hold?.release();
      await Promise.allSettled([deciding, leaving]);
      await world.reverter.settled();
      expect({
        round,
        entries: await world.services.entries.listForUserInGuild(GUILD, leaver.userId),
      }).toEqual({
        round,
        entries: [],
      });
    }
    expect(world.board.posts.every((post) => post.channelId === LOG_CHANNEL)).toBe(true);
  });
});

forEachStore("/unregister of one nick racing /register of another by the same member", () => {
  test(`the member ends holding the role their remaining entry records (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await newWhitelist(round, { maxNicksPerUser: 2 });
      const who = newMember(round, 0);
      const first = await register(wl, who, `first_${round}`);
      expect(await first.roles.failures).toEqual([]);
      expect(world.roles.rolesNow(who.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
      // The member as the second command saw them: still holding the role granted for the first nick.
      const seen = { ...who, roleIds: [MEMBER_ROLE, PLAYER_ROLE] };
      const unregister = () =>
        world.registration.unregister({
          guildId: GUILD,
          whitelist: wl.id,
          nick: first.entry.nick,
          actor: seen,
        });
      const registerSecond = () => register(wl, seen, `second_${round}`);
      const strategy = round % 4;
      let both: Promise<unknown>[];
      if (strategy === 0) both = [unregister(), registerSecond()];
      else if (strategy === 1) both = [registerSecond(), unregister()];
      else {
        const second = registerSecond();
        for (let turn = 0; turn < strategy; turn++) await Promise.resolve();
        both = [second, unregister()];
      }
      await Promise.all(both);
      await world.reverter.settled();
      const remaining = await world.services.entries.listForUserInGuild(GUILD, who.userId);
      expect({
        round,
        remaining: remaining.map((entry) => [entry.nick, entry.grantedRoleIds]),
        roles: world.roles.rolesNow(who.userId),
      }).toEqual({
        round,
        remaining: [[`second_${round}`, [PLAYER_ROLE]]],
        roles: [MEMBER_ROLE, PLAYER_ROLE].sort(),
      });
    }
  });
});

forEachStore("an import racing a registration of the same nick", () => {
  test(`exactly one of them stores it; the other is told "already there" or "taken" (${ROUNDS} rounds)`, async () => {
    world = await registrationWorld();
    const winners = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const wl = await newWhitelist(round);
      const who = newMember(round, 0);
      // Staff of the round, importing for themselves (so their role grant is one to hold too).
      const staff = { ...newMember(round, 1), canManageGuild: true };
      const nick = `race_${round}`;
      const importing = () =>
        world.services.imports.importList({
          guildId: GUILD,
          whitelist: wl.id,
          actor: staff,
          owner: staff,
          file: {
            name: "players.txt",
            bytes: new TextEncoder().encode(`before_${round}\n${nick.toUpperCase()}\nafter_${round}\n`),
          },
          dryRun: false,
        });
      // 0: registration first, same tick; 1: import first, the registration a few turns later; 2: every role grant
      // held (the import's comes before its insert, the registration's after its own), then released together;
      // 3: the registering member's queue held (their checks done, their insert waiting) until the import is through.
      const strategy = round % 4;
      const hold = strategy === 2 ? world.roles.holdGrants() : undefined;
      let both: [Promise<unknown>, ReturnType<typeof importing>];
      if (strategy === 0) both = [register(wl, who, nick), importing()];
      else if (strategy === 1) {
        const imported = importing();
        for (let turn = 0; turn < round % 7; turn++) await Promise.resolve();
        both = [register(wl, who, nick), imported];
      } else if (strategy === 2) {
        const imported = importing();
        await hold?.held(1);
        both = [register(wl, who, nick), imported];
        await hold?.held(2);
        hold?.release();
      } else {
        const { promise: busy, resolve: free } = Promise.withResolvers<void>();
        const holding = world.services.grants.exclusive(GUILD, who.userId, () => busy);
        const registering = register(wl, who, nick);
        const imported = importing();
        await imported.catch(() => {});
        free();
        await holding;
        both = [registering, imported];
      }
      const [registered, imported] = await Promise.allSettled(both);
      await world.reverter.settled();
      if (imported.status === "rejected") throw imported.reason;
      const registration = codeOf(registered);
      const line = imported.value.lines[1];
      const holder = await world.services.entries.find(wl.id, nick);
      const winner = registration === "registered" ? "registration" : "import";
      winners.set(winner, (winners.get(winner) ?? 0) + 1);
      expect({
        round,
        registration,
        importLine: line?.outcome,
        holder: holder?.userId,
        added: (await eventsOf(wl)).filter((event) => event.toLowerCase() === `entry.added ${nick}`),
        others: [
          (await world.services.entries.find(wl.id, `before_${round}`))?.nick,
          (await world.services.entries.find(wl.id, `after_${round}`))?.nick,
        ],
        memberRoles: world.roles.rolesNow(who.userId),
      }).toEqual({
        round,
        registration: winner === "registration" ? "registered" : "nick-taken",
        importLine: winner === "registration" ? "already" : "added",
        holder: winner === "registration" ? who.userId : staff.userId,
        added: [winner === "registration" ? `entry.added ${nick}` : `entry.added ${nick.toUpperCase()}`],
        others: [`before_${round}`, `after_${round}`],
        memberRoles: winner === "registration" ? [MEMBER_ROLE, PLAYER_ROLE].sort() : [MEMBER_ROLE],
      });
    }
    // Both ways of ending were met.
    expect([...winners.keys()].sort()).toEqual(["import", "registration"]);
  });
});
