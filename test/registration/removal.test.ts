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
  moderator,
  OTHER_GUILD,
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
    ...whitelist,
  });
  return world;
};

const selfRegister = (nick: string, who = alice, whitelist = "survival", guildId = GUILD) =>
  world.registration.register({ guildId, whitelist, member: who, nick, actor: who, origin: "discord" });

const removedNotices = () => {
  const notices: ChangeNotice[] = [];
  world.services.bus.subscribe((notice) => {
    if (notice.event.type === "entry.removed") notices.push(notice);
  });
  return notices;
};

forEachStore("unregistering", () => {
  test("the owner removes their nick in any letter case: origin discord, entry.removed emitted", async () => {
    const { registration, services, wl } = await setup();
    const removed = removedNotices();
    await selfRegister("Notch");
    const result = await registration.unregister({
      guildId: GUILD,
      whitelist: "survival",
      nick: "NOTCH",
      actor: alice,
    });
    expect([result.entry.nick, result.whitelist]).toEqual(["Notch", wl]);
    expect(removed.map((n) => [n.event.origin, n.event.entry.nick, n.actorId])).toEqual([
      ["discord", "Notch", alice.userId],
    ]);
    expect(await services.entries.list(wl.id)).toEqual([]);
  });

  test("a manager removes someone else's nick with origin staff; another member may not", async () => {
    const { registration } = await setup();
    const removed = removedNotices();
    await selfRegister("Notch");
    await expect(
      registration.unregister({ guildId: GUILD, whitelist: "survival", nick: "Notch", actor: bob }),
    ).rejects.toThrow(refusal("not-owner", "belongs to another member"));
    await registration.unregister({ guildId: GUILD, whitelist: "survival", nick: "Notch", actor: moderator });
    expect(removed.map((n) => [n.event.origin, n.actorId])).toEqual([["staff", moderator.userId]]);
  });

  test("a Bedrock nick is found by gamertag or in-game name; an absent nick says to check the spelling", async () => {
    const { registration } = await setup({ nickType: "bedrock", maxNicksPerUser: 2 });
    await selfRegister("Steve Jobs");
    await selfRegister("Woz");
    expect(
      (await registration.unregister({ guildId: GUILD, nick: "steve jobs", actor: alice })).entry.nick,
    ).toBe(".Steve_Jobs");
    expect((await registration.unregister({ guildId: GUILD, nick: ".WOZ", actor: alice })).entry.nick).toBe(
      ".Woz",
    );
    await expect(registration.unregister({ guildId: GUILD, nick: "Woz", actor: alice })).rejects.toThrow(
      refusal("entry-not-found", "Check the spelling"),
    );
  });
});

forEachStore("a typed nick no entry holds", () => {
  test("is refused alike by unregister, transfer and whois, the typed nick echoed clipped", async () => {
    await setup();
    const typed = `  ${"x".repeat(60)}  `;
    const where = { guildId: GUILD, whitelist: "survival", nick: typed, actor: moderator };
    const notOn = {
      code: "entry-not-found" as const,
      message: inEnglish(text("error.notOn", { nick: `${"x".repeat(40)}…`, whitelist: "survival" })),
    };
    const refused = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: DomainError) => error,
      );
    const errors = [
      await refused(world.registration.unregister(where)),
      await refused(world.services.transfers.transfer({ ...where, member: bob })),
      await refused(world.services.lookups.whois(where)),
    ];
    expect(errors.map((error) => ({ code: error?.code, message: error?.message }))).toEqual([
      notOn,
      notOn,
      notOn,
    ]);
  });
});

forEachStore("reverting roles on removal", () => {
  test("the roles granted for an entry are revoked when it is removed", async () => {
    const { registration, reverter, roles } = await setup({ grantedRoleIds: [MEMBER_ROLE, PLAYER_ROLE] });
    await selfRegister("Notch");
    await registration.unregister({ guildId: GUILD, nick: "Notch", actor: alice });
    await reverter.settled();
    expect(roles.calls.filter((call) => call.op === "revoke")).toEqual([
      { op: "revoke", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] },
    ]);
  });

  test("any origin reverts, the API's included", async () => {
    const { reverter, roles, services, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    await selfRegister("Notch");
    await services.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api", keyId: "k1" });
    await reverter.settled();
    expect(roles.calls.map((call) => call.op)).toEqual(["grant", "revoke"]);
  });

  test("a role still recorded by another entry of the member in the guild is kept until that one goes too", async () => {
    const { registration, reverter, roles } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "creative",
      nickType: "offline",
      grantedRoleIds: [PLAYER_ROLE, EXTRA_ROLE],
    });
    await selfRegister("Notch");
    // The bot passes the member's current roles: PLAYER_ROLE is now held, granted by the bot for Notch.
    const later = { ...alice, roleIds: [...alice.roleIds, PLAYER_ROLE] };
    const second = await selfRegister("Notch", later, "creative");
    expect(second.entry.grantedRoleIds).toEqual([PLAYER_ROLE, EXTRA_ROLE]);
    expect(roles.calls.map((call) => [call.op, call.roleIds])).toEqual([
      ["grant", [PLAYER_ROLE]],
      ["grant", [EXTRA_ROLE]],
    ]);
    await registration.unregister({ guildId: GUILD, whitelist: "survival", nick: "Notch", actor: alice });
    await reverter.settled();
    expect(roles.calls.length).toBe(2);
    await registration.unregister({ guildId: GUILD, whitelist: "creative", nick: "Notch", actor: alice });
    await reverter.settled();
    expect(roles.calls.slice(2)).toEqual([
      { op: "revoke", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE, EXTRA_ROLE] },
    ]);
  });

  test("roles the member held on their own are never recorded, so never taken away", async () => {
    const { registration, reverter, roles } = await setup({ grantedRoleIds: [MEMBER_ROLE] });
    await selfRegister("Notch");
    await registration.unregister({ guildId: GUILD, nick: "Notch", actor: alice });
    await reverter.settled();
    expect(roles.calls).toEqual([]);
  });

  test("entries in another guild do not keep a role", async () => {
    const { registration, reverter, roles } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    await seedWhitelist(world.services, {
      guildId: OTHER_GUILD,
      name: "survival",
      nickType: "offline",
      grantedRoleIds: [PLAYER_ROLE],
    });
    await selfRegister("Notch");
    await selfRegister("Notch", alice, "survival", OTHER_GUILD);
    await registration.unregister({ guildId: GUILD, nick: "Notch", actor: alice });
    await reverter.settled();
    expect(roles.calls.at(-1)).toEqual({
      op: "revoke",
      guildId: GUILD,
      userId: alice.userId,
      roleIds: [PLAYER_ROLE],
    });
  });

  test("revoke failures go to onFailure with the notice, for the log channel", async () => {
    const { registration, reverter, roles, revertFailures } = await setup({
      grantedRoleIds: [PLAYER_ROLE, EXTRA_ROLE],
    });
    await selfRegister("Notch");
    roles.failRole(EXTRA_ROLE, "Missing Permissions");
    await registration.unregister({ guildId: GUILD, nick: "Notch", actor: alice });
    await reverter.settled();
    expect(revertFailures.map((f) => [f.notice.event.entry.nick, f.failed])).toEqual([
      ["Notch", [{ roleId: EXTRA_ROLE, reason: text("common.verbatim", { text: "Missing Permissions" }) }]],
    ]);
  });

  test("Discord unreachable: every role is reported failed", async () => {
    const { registration, reverter, roles, revertFailures } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    await selfRegister("Notch");
    roles.breakDown();
    await registration.unregister({ guildId: GUILD, nick: "Notch", actor: alice });
    await reverter.settled();
    expect(
      revertFailures.map((f) => f.failed.map((one) => ({ ...one, reason: inEnglish(one.reason) }))),
    ).toEqual([[{ roleId: PLAYER_ROLE, reason: "The bot could not reach Discord (connect ECONNREFUSED)." }]]);
  });
});

forEachStore("a member leaving the guild", () => {
  test("removes their entries on removeOnLeave whitelists only, origin member-left, without touching roles", async () => {
    const { registration, reverter, roles, services, wl } = await setup({
      grantedRoleIds: [PLAYER_ROLE],
      maxNicksPerUser: 2,
    });
    const kept = await seedWhitelist(world.services, {
      guildId: GUILD,
      name: "kept",
      nickType: "offline",
      removeOnLeave: false,
    });
    const elsewhere = await seedWhitelist(world.services, {
      guildId: OTHER_GUILD,
      name: "survival",
      nickType: "offline",
    });
    await selfRegister("One");
    await selfRegister("Two");
    await selfRegister("Bobs", bob);
    await selfRegister("Stays", alice, "kept");
    await selfRegister("Away", alice, "survival", OTHER_GUILD);
    const removed = removedNotices();
    const result = await registration.removeMember({ guildId: GUILD, userId: alice.userId });
    await reverter.settled();
    expect(result.removed.map((e) => e.nick)).toEqual(["One", "Two"]);
    expect(result.cancelledRequests).toEqual([]);
    expect(removed.map((n) => [n.event.type, n.event.origin, n.event.entry.nick, n.actorId])).toEqual([
      ["entry.removed", "member-left", "One", null],
      ["entry.removed", "member-left", "Two", null],
    ]);
    const stored = await services.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id });
    expect(stored.slice(-2).map((e) => [e.type, e.origin, e.entry.nick])).toEqual([
      ["entry.removed", "member-left", "One"],
      ["entry.removed", "member-left", "Two"],
    ]);
    expect((await services.entries.list(wl.id)).map((e) => e.nick)).toEqual(["Bobs"]);
    expect((await services.entries.list(kept.id)).map((e) => e.nick)).toEqual(["Stays"]);
    expect((await services.entries.list(elsewhere.id)).map((e) => e.nick)).toEqual(["Away"]);
    expect(roles.calls.filter((call) => call.op === "revoke")).toEqual([]);
  });

  test("a member with nothing registered leaves without events", async () => {
    const { registration, services } = await setup();
    expect(await registration.removeMember({ guildId: GUILD, userId: alice.userId })).toEqual({
      removed: [],
      cancelledRequests: [],
    });
    expect(await services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).toEqual([]);
  });
});
