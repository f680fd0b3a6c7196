/**
 * How long a registration lasts (docs/decisions.md, Expiring entries): a member's own registration, an approved
 * request included, lasts the whitelist's entry lifetime; staff choose with `expires`; expiry takes the roles
 * back as any removal does.
 */
import { afterEach, expect, test } from "bun:test";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  GUILD,
  MEMBER_ROLE,
  moderator,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK_SECONDS = 7 * 24 * 3600;

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({
    name: "trial",
    managerRoleIds: [moderator.roleIds[0] as string],
    ...whitelist,
  });
  return world;
};

const selfRegister = (nick: string) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: "trial",
    member: alice,
    nick,
    actor: alice,
    origin: "discord",
  });

const staffAdd = (nick: string, expiresIn?: number | null) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: "trial",
    member: alice,
    nick,
    actor: moderator,
    origin: "staff",
    expiresIn,
  });

forEachStore("how long a registration lasts", () => {
  test("a member's own registration lasts the whitelist's entry lifetime, counted from when it is stored", async () => {
    const { services } = await setup({ entryLifetimeSeconds: WEEK_SECONDS });
    const now = services.clock.now();
    const { entry } = await selfRegister("Cracked_1");
    expect({ createdAt: entry.createdAt, expiresAt: entry.expiresAt }).toEqual({
      createdAt: now,
      expiresAt: now + 7 * DAY,
    });
    expect(
      (await services.events.listAfter(0, { guildId: GUILD, whitelistId: null }))[0]?.entry.expiresAt,
    ).toBe("2026-11-29T12:00:00.000Z");
  });

  test("without an entry lifetime, a member's registration stays for good", async () => {
    await setup();
    expect((await selfRegister("Cracked_1")).entry.expiresAt).toBeNull();
  });

  test("staff choose with expires; without it a nick they add stays, whatever the whitelist's lifetime", async () => {
    const { services } = await setup({ entryLifetimeSeconds: WEEK_SECONDS, maxNicksPerUser: 3 });
    const now = services.clock.now();
    const chosen = await staffAdd("Cracked_1", 12 * 3600);
    const forGood = await staffAdd("Cracked_2");
    expect([chosen.entry.expiresAt, forGood.entry.expiresAt]).toEqual([now + 12 * HOUR, null]);
  });

  test("an expires outside 1 minute to 366 days is refused before anything is looked up, granted or stored", async () => {
    const { services, roles, mojangServer, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    const before = mojangServer.requests();
    await expect(staffAdd("Notch", 30)).rejects.toEqual(
      refusal("invalid-input", "30 seconds is too short: an entry can last from 1 minute to 366 days"),
    );
    await expect(staffAdd("Notch", 367 * 24 * 3600)).rejects.toEqual(
      refusal("invalid-input", "367 days is too long"),
    );
    expect({
      entries: await services.entries.list(wl.id),
      roleCalls: roles.calls,
      mojang: mojangServer.requests() - before,
    }).toEqual({ entries: [], roleCalls: [], mojang: 0 });
  });

  test("an approved request is the member's own registration: it lasts the lifetime from the approval", async () => {
    const { services, registration } = await setup({
      registrationMode: "approval",
      entryLifetimeSeconds: 3 * 24 * 3600,
    });
    const request = await registration.requestApproval({
      guildId: GUILD,
      whitelist: "trial",
      member: alice,
      nick: "Notch",
    });
    services.clock.advance(2 * DAY); // staff take two days to decide
    const approvedAt = services.clock.now();
    const decision = await registration.decide({
      requestId: request.id,
      actor: moderator,
      approve: true,
      member: alice,
    });
    expect(decision.outcome === "approved" && decision.entry.expiresAt).toBe(approvedAt + 3 * DAY);
  });
});

forEachStore("when a registration expires", () => {
  test("the entry goes with origin expired and the roles granted for it are taken back", async () => {
    const { services, roles, reverter, wl } = await setup({
      entryLifetimeSeconds: 3600,
      grantedRoleIds: [PLAYER_ROLE],
    });
    roles.track(alice.userId, [MEMBER_ROLE]);
    await selfRegister("Cracked_1");
    expect(roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());

    services.clock.advance(HOUR);
    expect(await services.expiry.check()).toBe(1);
    await reverter.settled();
    expect({
      entries: await services.entries.list(wl.id),
      events: (await services.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id })).map(
        (e) => `${e.type} ${e.origin} ${e.entry.nick}`,
      ),
      roles: roles.rolesNow(alice.userId),
      lastCall: roles.calls.at(-1),
    }).toEqual({
      entries: [],
      events: ["entry.added discord Cracked_1", "entry.removed expired Cracked_1"],
      roles: [MEMBER_ROLE],
      lastCall: { op: "revoke", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] },
    });
  });
});

forEachStore("the entry-lifetime setting", () => {
  test("takes 1 minute to 366 days or none; anything else is refused and nothing changes", async () => {
    const { services, wl } = await setup();
    const update = (entryLifetimeSeconds: number | null) =>
      services.whitelists.update(wl.id, { entryLifetimeSeconds });
    await expect(update(59)).rejects.toEqual(refusal("invalid-input", "59 seconds is too short"));
    await expect(update(366 * 24 * 3600 + 1)).rejects.toEqual(refusal("invalid-input", "is too long"));
    expect((await services.whitelists.get(wl.id))?.entryLifetimeSeconds).toBeNull();
    expect((await update(WEEK_SECONDS)).entryLifetimeSeconds).toBe(WEEK_SECONDS);
    expect((await update(null)).entryLifetimeSeconds).toBeNull();
    await expect(
      services.whitelists.create({
        guildId: GUILD,
        name: "event",
        channelId: "200000000000000001",
        nickType: "java",
        registrationMode: "command",
        entryLifetimeSeconds: 0,
      }),
    ).rejects.toEqual(refusal("invalid-input", "0 seconds is too short"));
    expect((await services.whitelists.listForGuild(GUILD)).map((w) => w.name)).toEqual(["trial"]);
  });
});
