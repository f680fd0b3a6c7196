import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  moderator,
  owner,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

// Players without Discord (docs/decisions.md): staff add a guest, tied to them, counted against nobody's limit.

let world: SeededWorld;
afterEach(() => world.close());

const setup = async () => {
  world = await seededWorld({
    name: "survival",
    nickType: "offline",
    maxNicksPerUser: 1,
    requiredRoleIds: [MEMBER_ROLE],
    grantedRoleIds: [PLAYER_ROLE],
    managerRoleIds: [MANAGER_ROLE],
  });
  for (const who of [alice, bob, moderator]) world.roles.track(who.userId, who.roleIds);
  return world;
};

const addGuest = (nick: string, note = "a friend of alice", actor: Member = moderator, expiresIn?: number) =>
  world.registration.addGuest({ guildId: GUILD, whitelist: "survival", nick, note, actor, expiresIn });

forEachStore("players without Discord", () => {
  test("a guest is tied to the staff member, noted, granted nothing, and evented without a Discord user", async () => {
    await setup();
    const published: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => published.push(notice));
    const { entry } = await addGuest("Console_Kid", "  plays on   Xbox\nwith bob ");
    expect(entry).toMatchObject({
      nick: "Console_Kid",
      userId: moderator.userId,
      addedBy: moderator.userId,
      origin: "staff",
      guest: true,
      note: "plays on   Xbox with bob",
      grantedRoleIds: [],
      verified: false,
      expiresAt: null,
    });
    await world.services.grants.settled();
    expect(world.roles.calls).toEqual([]);
    expect(published.map(({ event }) => [event.type, event.origin, event.userId, event.entry])).toEqual([
      [
        "entry.added",
        "staff",
        undefined,
        { nick: "Console_Kid", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
      ],
    ]);
    // Served like any other nick.
    const plain = await world.services.formatCache.get(world.wl.id, "plain");
    expect(new TextDecoder().decode(plain.bytes)).toBe("Console_Kid\n");
  });

  test("counted against nobody's limit: the staff member adds many and still registers their own", async () => {
    await setup();
    await addGuest("Guest_1");
    await addGuest("Guest_2");
    const staffMember: Member = { ...moderator, roleIds: [MANAGER_ROLE, MEMBER_ROLE] };
    world.roles.track(staffMember.userId, staffMember.roleIds);
    await world.registration.register({
      guildId: GUILD,
      whitelist: "survival",
      member: staffMember,
      actor: staffMember,
      nick: "Mod_Own",
      origin: BY_MEMBER,
    });
    expect(await world.services.entries.countForUser(world.wl.id, moderator.userId)).toBe(1);
    const looked = await world.services.lookups.memberNicks({
      guildId: GUILD,
      userId: moderator.userId,
      actor: owner,
    });
    expect([
      looked.entries.map(({ entry }) => entry.nick),
      looked.guests.map(({ entry }) => entry.nick),
    ]).toEqual([["Mod_Own"], ["Guest_1", "Guest_2"]]);
  });

  test("kept when the staff member leaves or loses a required role; removable like any other", async () => {
    await setup();
    await addGuest("Guest_1");
    expect(
      (await world.registration.removeMember({ guildId: GUILD, userId: moderator.userId })).removed,
    ).toEqual([]);
    world.registration.memberJoined({ guildId: GUILD, userId: moderator.userId });
    expect(
      await world.registration.memberRoles({ guildId: GUILD, userId: moderator.userId, roleIds: [] }),
    ).toEqual([]);
    expect(await world.services.entries.ownersInGuild(GUILD)).toEqual([]);
    const removed = await world.registration.unregister({
      guildId: GUILD,
      whitelist: "survival",
      nick: "GUEST_1",
      actor: owner,
    });
    expect(removed.entry).toMatchObject({ nick: "Guest_1", guest: true });
  });

  test("the rules of a staff addition apply: a note, the deny list, taken, and only staff may", async () => {
    await setup();
    await expect(addGuest("Guest_1", "   ")).rejects.toEqual(refusal("invalid-input", "needs a note"));
    await expect(addGuest("Guest_1", "x".repeat(201))).rejects.toEqual(
      refusal("invalid-input", "A guest's note is at most 200 characters."),
    );
    await expect(addGuest("Guest_1", "a friend", alice)).rejects.toEqual(refusal("not-manager"));
    await world.services.denials.deny({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Griefer",
      reason: "griefing",
      actor: owner,
    });
    await expect(addGuest("griefer")).rejects.toEqual(refusal("nick-denied", "griefing"));
    await addGuest("Guest_1");
    await expect(addGuest("guest_1")).rejects.toEqual(refusal("nick-taken"));
    await expect(addGuest("not a nick")).rejects.toEqual(refusal("nick-invalid"));
  });

  test("handed to a member who joined Discord: theirs from then on, roles and all", async () => {
    await setup();
    await addGuest("Friend_1");
    const moved = await world.services.transfers.transfer({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Friend_1",
      member: bob,
      actor: moderator,
    });
    expect(moved).toMatchObject({ previousOwnerId: moderator.userId, wasGuest: true });
    expect(moved.entry).toMatchObject({ userId: bob.userId, guest: false, note: null });
    expect(world.roles.rolesNow(bob.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    expect(await world.services.entries.countForUser(world.wl.id, bob.userId)).toBe(1);
  });

  test("a guest for a while: it expires by itself like any nick staff add for a time", async () => {
    await setup();
    const { entry } = await addGuest("Visitor", "tonight's stream", moderator, 3_600);
    expect(entry.expiresAt).toBe(world.services.clock.now() + 3_600_000);
  });
});
