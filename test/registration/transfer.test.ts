import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { Member } from "../../src/registration/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
  EXTRA_ROLE,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  moderator,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({
    name: "survival",
    nickType: "offline",
    managerRoleIds: [MANAGER_ROLE],
    grantedRoleIds: [PLAYER_ROLE],
    ...whitelist,
  });
  for (const who of [alice, bob, moderator]) world.roles.track(who.userId, who.roleIds);
  return world;
};

const importFor = (owner: Member, nicks: string[], whitelist = "survival") =>
  world.services.imports.importList({
    guildId: GUILD,
    whitelist,
    actor: moderator,
    owner,
    file: { name: "players.txt", bytes: new TextEncoder().encode(nicks.join("\n")) },
    dryRun: false,
  });

const transfer = (nick: string, to: Member, actor: Member = moderator, whitelist = "survival") =>
  world.services.transfers.transfer({ guildId: GUILD, whitelist, nick, member: to, actor });

const ownerOf = async (nick: string) => (await world.services.entries.find(world.wl.id, nick))?.userId;

forEachStore("handing a nick over", () => {
  test("the entry changes owner; the new owner gets the roles, the old one loses those no other entry needs", async () => {
    await setup();
    await importFor(moderator, ["alice_mc", "bob_mc"]);
    expect(world.roles.rolesNow(moderator.userId)).toEqual([MANAGER_ROLE, PLAYER_ROLE].sort());
    const published: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => published.push(notice));
    const events = (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).length;
    const file = await world.services.formatCache.get(world.wl.id, "vanilla");

    const first = await transfer("ALICE_MC", alice);
    expect(first).toEqual({
      entry: expect.objectContaining({
        nick: "alice_mc",
        userId: alice.userId,
        grantedRoleIds: [PLAYER_ROLE],
      }),
      whitelist: world.wl,
      previousOwnerId: moderator.userId,
      wasGuest: false,
      grantFailures: [],
      revertFailures: [],
    });
    // The moderator still holds bob_mc, which records the role: they keep it.
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    expect(world.roles.rolesNow(moderator.userId)).toEqual([MANAGER_ROLE, PLAYER_ROLE].sort());

    await transfer("bob_mc", bob);
    expect(world.roles.rolesNow(bob.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    expect(world.roles.rolesNow(moderator.userId)).toEqual([MANAGER_ROLE]);
    expect({ alice: await ownerOf("alice_mc"), bob: await ownerOf("bob_mc") }).toEqual({
      alice: alice.userId,
      bob: bob.userId,
    });

    // Nothing a game server sees changed: no event stored or published, the files' bytes the same.
    expect({
      published,
      events: (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).length,
      sameFile: (await world.services.formatCache.get(world.wl.id, "vanilla")) === file,
    }).toEqual({ published: [], events, sameFile: true });

    // Removing the nick now takes the role back from its new owner, as for any registration of theirs.
    await world.registration.unregister({
      guildId: GUILD,
      whitelist: "survival",
      nick: "alice_mc",
      actor: alice,
    });
    await world.reverter.settled();
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE]);
  });

  test("a role the old owner needs for an entry on another whitelist stays with them", async () => {
    await setup();
    await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "creative",
      nickType: "offline",
      grantedRoleIds: [PLAYER_ROLE, EXTRA_ROLE],
      managerRoleIds: [MANAGER_ROLE],
    });
    await importFor(moderator, ["alice_mc"]);
    await importFor(moderator, ["builder"], "creative");
    await transfer("alice_mc", alice);
    expect(world.roles.rolesNow(moderator.userId)).toEqual([EXTRA_ROLE, MANAGER_ROLE, PLAYER_ROLE].sort());
  });

  test("is not bound by the new owner's limit, as an import is not", async () => {
    await setup({ maxNicksPerUser: 1 });
    await importFor(alice, ["first"]);
    await importFor(moderator, ["second"]);
    await transfer("second", alice);
    expect(await world.services.entries.countForUser(world.wl.id, alice.userId)).toBe(2);
  });

  test("refusals change nothing: not a manager, an unknown nick, the same owner, a new owner who left", async () => {
    await setup();
    await importFor(moderator, ["alice_mc"]);
    await expect(transfer("alice_mc", alice, alice)).rejects.toEqual(refusal("not-manager"));
    await expect(transfer("nobody", alice)).rejects.toEqual(
      refusal("entry-not-found", "nobody is not on survival."),
    );
    await expect(transfer("alice_mc", moderator)).rejects.toEqual(
      refusal("already-owner", "alice_mc on survival already belongs to that member."),
    );
    world.roles.leave(bob.userId);
    await expect(transfer("alice_mc", bob)).rejects.toEqual(refusal("member-left"));
    expect(await ownerOf("alice_mc")).toBe(moderator.userId);
    expect(world.roles.calls.filter((call) => call.userId !== moderator.userId)).toEqual([]);
  });

  test("when the entry goes meanwhile, the roles just granted are taken back", async () => {
    await setup();
    await importFor(moderator, ["alice_mc"]);
    const hold = world.roles.holdGrants();
    const handing = transfer("alice_mc", alice);
    await hold.held(1);
    await world.registration.unregister({
      guildId: GUILD,
      whitelist: "survival",
      nick: "alice_mc",
      actor: moderator,
    });
    hold.release();
    await expect(handing).rejects.toEqual(refusal("entry-not-found"));
    await world.reverter.settled();
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE]);
  });
});
