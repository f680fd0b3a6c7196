import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { Member } from "../../src/registration/model.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import { MAX_MAPPINGS } from "../../src/whitelists/ranks.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  EXTRA_ROLE,
  GUILD,
  MEMBER_ROLE,
  member,
  owner,
  PLAYER_ROLE,
  type RegistrationWorld,
  refusal,
  registrationWorld,
} from "./helpers.ts";

// Ranks that follow roles (docs/decisions.md): a whitelist maps Discord roles to game groups, and each entry carries
// the groups its owner's roles (as the bot reports them) and its proof map to. Every change of an entry's groups is
// one `entry.groups` event, once; the files never show a group.

let world: RegistrationWorld;
afterEach(() => world.close());

const ACTOR = owner.userId;

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

const register = async (wl: Whitelist, who: Member, nick: string) =>
  (
    await world.registration.register({
      guildId: GUILD,
      whitelist: wl.id,
      member: who,
      actor: who,
      nick,
      origin: "discord",
    })
  ).entry;

/** What the bot reports when Discord changes a member's roles (a member update). */
const rolesNow = (who: Member, roleIds: string[]) => {
  world.roles.track(who.userId, roleIds);
  return world.registration.memberRoles({ guildId: GUILD, userId: who.userId, roleIds });
};

const map = (wl: Whitelist, roleId: string, group: string) =>
  world.services.ranks.map({ whitelistId: wl.id, guildId: GUILD, roleId, group, actorId: ACTOR });

/** The `entry.groups` events published from now on, as `nick +added -removed (origin)`. */
function groupEvents() {
  const seen: string[] = [];
  const notices: ChangeNotice[] = [];
  world.services.bus.subscribe((notice) => {
    const { event } = notice;
    if (event.type !== "entry.groups") return;
    notices.push(notice);
    const added = (event.groupsAdded ?? []).map((group) => `+${group}`);
    const removed = (event.groupsRemoved ?? []).map((group) => `-${group}`);
    seen.push(`${event.entry.nick} ${[...added, ...removed].join(" ")} (${event.origin})`);
  });
  return { seen, notices };
}

const groupsOf = async (wl: Whitelist) =>
  Object.fromEntries((await world.services.entries.list(wl.id)).map((entry) => [entry.nick, entry.groups]));

forEachStore("ranks that follow roles", () => {
  test("a group's name is LuckPerms' (lower-cased, 1-36, no space), of characters every console reads as a word", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    expect((await map(wl, MEMBER_ROLE, " VIP+ ")).mapping).toEqual({
      whitelistId: wl.id,
      roleId: MEMBER_ROLE,
      group: "vip+",
    });
    for (const bad of ["", "two words", "x".repeat(37), 'quo"te', "semi;colon", "über"]) {
      await expect(map(wl, MEMBER_ROLE, bad)).rejects.toEqual(refusal("invalid-input"));
    }
    expect((await map(wl, MEMBER_ROLE, "x".repeat(36))).added).toBe(true);
    await expect(map(wl, "not a role", "member")).rejects.toEqual(refusal("invalid-input"));
  });

  test("mapping a role regroups every nick of the whitelist at once: one event per nick that changed, origin staff", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    const bob = joined("300000000000000002", []);
    await register(wl, alice, "alice_mc");
    await register(wl, bob, "bob_mc");
    const { seen, notices } = groupEvents();

    const done = await map(wl, MEMBER_ROLE, "member");
    expect({ added: done.added, changed: done.changed.map((entry) => entry.nick) }).toEqual({
      added: true,
      changed: ["alice_mc"],
    });
    expect(seen).toEqual(["alice_mc +member (staff)"]);
    // A mapping's regrouping posts one summary in the log channel, not one embed per nick.
    expect(notices.map((notice) => notice.bulk)).toEqual([true]);
    expect(await groupsOf(wl)).toEqual({ alice_mc: ["member"], bob_mc: [] });
    // The same mapping again changes nothing and publishes nothing.
    expect((await map(wl, MEMBER_ROLE, "member")).added).toBe(false);
    expect(seen).toHaveLength(1);
  });

  test("several roles to one group, one role to several groups, everyone and verified accounts: sorted, each once", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    const alice = joined("300000000000000001", [MEMBER_ROLE, EXTRA_ROLE]);
    const bob = joined("300000000000000002", [EXTRA_ROLE]);
    await map(wl, MEMBER_ROLE, "vip");
    await map(wl, EXTRA_ROLE, "vip");
    await map(wl, EXTRA_ROLE, "builder");
    // @everyone (the guild's own id) is everyone on the whitelist, guests included.
    await map(wl, GUILD, "default");
    await map(wl, "verified", "trusted");
    await register(wl, alice, "alice_mc");
    await register(wl, bob, "bob_mc");
    await world.registration.addGuest({
      guildId: GUILD,
      whitelist: wl.id,
      nick: "Console_Kid",
      note: "a friend",
      actor: owner,
    });
    expect(await groupsOf(wl)).toEqual({
      alice_mc: ["builder", "default", "vip"],
      bob_mc: ["builder", "default", "vip"],
      Console_Kid: ["default"],
    });
    expect((await world.services.ranks.list(wl.id)).map((m) => `${m.group}<-${m.roleId}`)).toEqual([
      "builder<-400000000000000003",
      "default<-everyone",
      "trusted<-verified",
      `vip<-${MEMBER_ROLE}`,
      `vip<-${EXTRA_ROLE}`,
    ]);
  });

  test("a role gained or lost changes the groups of the member's nicks, each once; roles as they were, nothing", async () => {
    world = await registrationWorld();
    const survival = await whitelist("survival");
    const creative = await whitelist("creative");
    await map(survival, PLAYER_ROLE, "member");
    await map(creative, PLAYER_ROLE, "builder");
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    await register(survival, alice, "alice_mc");
    await register(creative, alice, "alice_mc");
    const { seen } = groupEvents();

    await rolesNow(alice, [MEMBER_ROLE, PLAYER_ROLE]);
    await rolesNow(alice, [PLAYER_ROLE, MEMBER_ROLE]);
    expect(seen).toEqual(["alice_mc +member (roles)", "alice_mc +builder (roles)"]);
    await rolesNow(alice, [MEMBER_ROLE]);
    expect(seen.slice(2)).toEqual(["alice_mc -member (roles)", "alice_mc -builder (roles)"]);
    // A member without a nick changes no group, and nothing of theirs is kept.
    await rolesNow(joined("300000000000000002", [PLAYER_ROLE]), [PLAYER_ROLE]);
    expect(seen).toHaveLength(4);
  });

  test("a registration carries the groups the member's roles map to in its entry.added", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    await map(wl, MEMBER_ROLE, "member");
    const added: string[][] = [];
    world.services.bus.subscribe(({ event }) => {
      if (event.type === "entry.added") added.push(event.entry.groups);
    });
    const entry = await register(wl, joined("300000000000000001", [MEMBER_ROLE]), "alice_mc");
    expect(entry.groups).toEqual(["member"]);
    expect(added).toEqual([["member"]]);
  });

  test("a role the bot grants on registration reaches the groups when Discord reports it", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival", { grantedRoleIds: [PLAYER_ROLE] });
    await map(wl, PLAYER_ROLE, "member");
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    const { seen } = groupEvents();
    await register(wl, alice, "alice_mc");
    await world.services.grants.settled();
    // Discord's member update after the grant: what the bot then reports.
    await rolesNow(alice, world.roles.rolesNow(alice.userId));
    expect(seen).toEqual(["alice_mc +member (roles)"]);
  });

  test("unmapping takes the group from the nicks that held it through that mapping only", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    await map(wl, MEMBER_ROLE, "vip");
    await map(wl, EXTRA_ROLE, "vip");
    await register(wl, joined("300000000000000001", [MEMBER_ROLE]), "alice_mc");
    await register(wl, joined("300000000000000002", [MEMBER_ROLE, EXTRA_ROLE]), "bob_mc");
    const { seen } = groupEvents();
    const one = await world.services.ranks.unmap({
      whitelistId: wl.id,
      guildId: GUILD,
      group: "VIP",
      roleId: MEMBER_ROLE,
      actorId: ACTOR,
    });
    expect({ removed: one.removed.length, changed: one.changed.map((e) => e.nick) }).toEqual({
      removed: 1,
      changed: ["alice_mc"],
    });
    const all = await world.services.ranks.unmap({
      whitelistId: wl.id,
      guildId: GUILD,
      group: "vip",
      actorId: ACTOR,
    });
    expect(all.removed.map((m) => m.roleId)).toEqual([EXTRA_ROLE]);
    expect(seen).toEqual(["alice_mc -vip (staff)", "bob_mc -vip (staff)"]);
    const none = await world.services.ranks.unmap({
      whitelistId: wl.id,
      guildId: GUILD,
      group: "vip",
      actorId: ACTOR,
    });
    expect({ removed: none.removed, changed: none.changed }).toEqual({ removed: [], changed: [] });
  });

  test("a proof puts the nick in the verified accounts' group within its change in place, not as an event of its own", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    await map(wl, "verified", "trusted");
    const entry = await register(wl, joined("300000000000000001", []), "alice_mc");
    const { seen } = groupEvents();
    const changes: string[] = [];
    world.services.bus.subscribe(({ event }) =>
      changes.push(`${event.type} ${event.entry.groups.join(",")}`),
    );
    await world.services.write(
      async (tx) => {
        const notices = await world.services.entries.verifyIn(tx, wl, [entry.id], "discord", null);
        return notices;
      },
      (notices) => world.services.entries.publish(notices),
    );
    expect(changes).toEqual(["entry.removed ", "entry.added trusted"]);
    expect(seen).toEqual([]);
  });

  test("a member leaving: removed nicks carry their groups; nicks kept (remove-on-leave off) lose the roles' groups", async () => {
    world = await registrationWorld();
    const gone = await whitelist("gone");
    const kept = await whitelist("kept", { removeOnLeave: false });
    await map(gone, MEMBER_ROLE, "member");
    await map(kept, MEMBER_ROLE, "member");
    await map(kept, GUILD, "default");
    const alice = joined("300000000000000001", [MEMBER_ROLE]);
    await register(gone, alice, "alice_mc");
    await register(kept, alice, "alice_mc");
    const events: string[] = [];
    world.services.bus.subscribe(({ event }) =>
      events.push(`${event.type} ${event.whitelistName} ${event.entry.groups.join(",")} (${event.origin})`),
    );
    world.roles.leave(alice.userId);
    await world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    expect(events).toEqual([
      "entry.removed gone member (member-left)",
      "entry.groups kept default (member-left)",
    ]);
  });

  test("a nick handed to another member takes the new owner's groups, one event", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    await map(wl, PLAYER_ROLE, "member");
    const alice = joined("300000000000000001", [PLAYER_ROLE]);
    const bob = joined("300000000000000002", []);
    await register(wl, alice, "alice_mc");
    const { seen } = groupEvents();
    await world.services.transfers.transfer({
      guildId: GUILD,
      whitelist: wl.id,
      nick: "alice_mc",
      member: bob,
      actor: owner,
    });
    expect(seen).toEqual(["alice_mc -member (staff)"]);
    expect(await groupsOf(wl)).toEqual({ alice_mc: [] });
  });

  test("the API's list carries the groups and its ETag follows them; the files keep their bytes", async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    const alice = joined("300000000000000001", []);
    await register(wl, alice, "alice_mc");
    const cache = world.services.formatCache;
    const [json, plain] = [await cache.get(wl.id, "json"), await cache.get(wl.id, "plain")];
    await map(wl, MEMBER_ROLE, "member");
    await rolesNow(alice, [MEMBER_ROLE]);
    const [json2, plain2] = [await cache.get(wl.id, "json"), await cache.get(wl.id, "plain")];
    expect(JSON.parse(new TextDecoder().decode(json2.bytes))).toEqual([
      { nick: "alice_mc", uuid: null, premium: false, expiresAt: null, verified: false, groups: ["member"] },
    ]);
    expect(json2.etag).not.toBe(json.etag);
    expect(new TextDecoder().decode(plain2.bytes)).toBe(new TextDecoder().decode(plain.bytes));
    // Built afresh from the store, the same bytes and ETag as kept change by change.
    cache.invalidate(wl.id);
    expect((await cache.get(wl.id, "json")).etag).toBe(json2.etag);
  });

  test(`a whitelist maps at most ${MAX_MAPPINGS} role-group pairs, and its mappings go with it`, async () => {
    world = await registrationWorld();
    const wl = await whitelist("survival");
    for (let i = 0; i < MAX_MAPPINGS; i++) await map(wl, MEMBER_ROLE, `g${i}`);
    await expect(map(wl, MEMBER_ROLE, "one-more")).rejects.toEqual(
      refusal("invalid-input", String(MAX_MAPPINGS)),
    );
    await world.services.deletion.deleteWhitelist(wl.id, owner.userId);
    expect(await world.services.ranks.list(wl.id)).toEqual([]);
  });
});
