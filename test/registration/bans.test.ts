import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
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

// Discord bans reach the deny lists where the guild turned ban sync on (docs/decisions.md, Bans).

let world: SeededWorld;
afterEach(() => world.close());

/** The bot's own user id: it denies on the ban's behalf. */
const BOT = "120000000000000001";

const setup = async () => {
  world = await seededWorld({
    name: "survival",
    nickType: "offline",
    maxNicksPerUser: 2,
    managerRoleIds: [MANAGER_ROLE],
    grantedRoleIds: [PLAYER_ROLE],
  });
  for (const who of [alice, bob, moderator]) world.roles.track(who.userId, who.roleIds);
  // A whitelist that keeps a member's nicks when they leave: a ban takes them anyway.
  await seedWhitelist(world.services, {
    guildId: GUILD,
    name: "creative",
    nickType: "offline",
    removeOnLeave: false,
  });
  await world.services.guilds.setBanSync(GUILD, true);
  return world;
};

const register = (who: Member, nick: string, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    actor: who,
    nick,
    origin: BY_MEMBER,
  });

const ban = (userId: string) => world.services.bans.banned({ guildId: GUILD, userId, actorId: BOT });
const unban = (userId: string) => world.services.bans.unbanned({ guildId: GUILD, userId });
const denialOf = (nick: string) => world.services.denials.findTyped(world.wl, nick);

forEachStore("a Discord ban reaches the deny lists", () => {
  test("the ban first: every nick of theirs is denied and removed, on every whitelist, with the ban's reason", async () => {
    await setup();
    await register(alice, "Griefer_1");
    await register(alice, "Alt_2");
    await register(alice, "Builder_3", "creative");
    const published: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => published.push(notice));
    const outcome = await ban(alice.userId);
    expect(
      outcome?.whitelists.map((one) => ({
        whitelist: one.whitelist.name,
        denied: one.denied.map((denial) => [
          denial.nick,
          denial.reason,
          denial.bannedUserId,
          denial.deniedBy,
        ]),
        removed: one.removed.map((entry) => entry.nick),
      })),
    ).toEqual([
      {
        whitelist: "creative",
        denied: [["Builder_3", "banned on Discord", alice.userId, BOT]],
        removed: ["Builder_3"],
      },
      {
        whitelist: "survival",
        denied: [
          ["Griefer_1", "banned on Discord", alice.userId, BOT],
          ["Alt_2", "banned on Discord", alice.userId, BOT],
        ],
        removed: ["Griefer_1", "Alt_2"],
      },
    ]);
    // Evented like every change: removals, origin system, with the reason.
    expect(
      published.map(({ event }) => [event.type, event.entry.nick, event.origin, event.reason, event.userId]),
    ).toEqual([
      ["entry.removed", "Builder_3", "system", "banned on Discord", alice.userId],
      ["entry.removed", "Griefer_1", "system", "banned on Discord", alice.userId],
      ["entry.removed", "Alt_2", "system", "banned on Discord", alice.userId],
    ]);
    // The member is gone with the ban: no role is taken back from them (nobody to take it from).
    await world.reverter.settled();
    expect(world.roles.calls.filter((call) => call.op === "revoke")).toEqual([]);
    // Another account cannot register them; their departure, after the ban, finds nothing left.
    await expect(register(bob, "griefer_1")).rejects.toEqual(
      refusal("nick-denied", "Griefer_1 is denied on survival: banned on Discord"),
    );
    expect((await world.registration.removeMember({ guildId: GUILD, userId: alice.userId })).removed).toEqual(
      [],
    );
  });

  test("the departure first: the nicks it removed are denied from the event log", async () => {
    await setup();
    await register(alice, "Griefer_1");
    await register(alice, "Builder_3", "creative");
    const left = await world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    expect(left.removed.map((entry) => entry.nick)).toEqual(["Griefer_1"]);
    const outcome = await ban(alice.userId);
    expect(
      outcome?.whitelists.map((one) => [
        one.whitelist.name,
        one.denied.map((denial) => denial.nick),
        one.removed.map((entry) => entry.nick),
      ]),
    ).toEqual([
      ["creative", ["Builder_3"], ["Builder_3"]],
      ["survival", ["Griefer_1"], []],
    ]);
    expect(await denialOf("GRIEFER_1")).toMatchObject({
      reason: "banned on Discord",
      bannedUserId: alice.userId,
    });
  });

  test("an unban lifts the ban's denials only: staff's own, before or after, stay", async () => {
    await setup();
    await register(alice, "Griefer_1");
    await register(alice, "Alt_2");
    // She leaves; staff deny one of her nicks by hand; then the ban comes.
    await world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    await world.services.denials.deny({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Alt_2",
      reason: "alt account",
      actor: owner,
    });
    const outcome = await ban(alice.userId);
    expect(outcome?.whitelists[0]?.denied.map((denial) => denial.nick)).toEqual(["Griefer_1"]);
    expect(outcome?.whitelists[0]?.kept.map((denial) => [denial.nick, denial.reason])).toEqual([
      ["Alt_2", "alt account"],
    ]);
    await register(bob, "Third_3");
    // Staff deny a nick the ban denied: the denial is theirs now.
    await world.services.denials.deny({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Griefer_1",
      actor: owner,
    });
    const again = await ban(bob.userId);
    expect(again?.whitelists[0]?.denied.map((denial) => denial.nick)).toEqual(["Third_3"]);
    expect((await unban(alice.userId)).lifted).toEqual([]);
    expect(
      (await unban(bob.userId)).lifted.map(({ denial, whitelist }) => [denial.nick, whitelist.name]),
    ).toEqual([["Third_3", "survival"]]);
    const left = await world.services.denials.list(world.wl.id, 10);
    expect(left.denials.map((denial) => [denial.nick, denial.reason, denial.bannedUserId])).toEqual([
      ["Alt_2", "alt account", null],
      ["Griefer_1", "banned on Discord", null],
    ]);
  });

  test("with ban sync off nothing is denied; an unban still lifts what an earlier ban denied", async () => {
    await setup();
    await register(alice, "Griefer_1");
    await ban(alice.userId);
    await world.services.guilds.setBanSync(GUILD, false);
    await register(bob, "Bob_2");
    expect(await ban(bob.userId)).toBeNull();
    expect(await world.services.entries.find(world.wl.id, "Bob_2")).toBeDefined();
    expect((await unban(alice.userId)).lifted.map(({ denial }) => denial.nick)).toEqual(["Griefer_1"]);
    // Bob, banned, is gone from the server; another member takes the nick the unban freed.
    await expect(register(bob, "Griefer_1")).rejects.toEqual(refusal("member-left"));
    const carol = member("300000000000000003", [MEMBER_ROLE]);
    world.roles.track(carol.userId, carol.roleIds);
    await register(carol, "Griefer_1");
  });

  test("a guest the banned staff member added is no nick of theirs: it stays", async () => {
    await setup();
    await world.registration.addGuest({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Streamer_1",
      note: "the streamer's guest",
      actor: moderator,
    });
    const outcome = await ban(moderator.userId);
    expect(outcome?.whitelists).toEqual([]);
    expect(await world.services.entries.find(world.wl.id, "Streamer_1")).toMatchObject({ guest: true });
  });
});
