import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { Member } from "../../src/registration/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  bob,
  EXTRA_ROLE,
  GUILD,
  LOG_CHANNEL,
  MANAGER_ROLE,
  MEMBER_ROLE,
  moderator,
  owner,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({
    name: "vip",
    registrationMode: "approval",
    managerRoleIds: [MANAGER_ROLE],
    ...whitelist,
  });
  return world;
};

const request = (nick: string, who: Member = alice) =>
  world.registration.requestApproval({ guildId: GUILD, whitelist: "vip", member: who, nick });

forEachStore("approval requests", () => {
  test("a request runs the registration checks, stores the canonical nick as pending, and adds no entry", async () => {
    const { registration, roles, services, wl } = await setup({ grantedRoleIds: [PLAYER_ROLE] });
    const filed = await request("notch");
    expect(filed).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{12}$/),
      whitelistId: wl.id,
      userId: alice.userId,
      nick: "Notch",
      uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      premium: true,
      gamertag: null,
      xuid: null,
      status: "pending",
      requestMessageId: "500000000000000001",
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      createdAt: services.clock.now(),
    });
    expect(await services.entries.list(wl.id)).toEqual([]);
    expect(roles.calls).toEqual([]);
    expect(world.board.posts).toEqual([{ channelId: LOG_CHANNEL, requestId: filed.id, nick: "Notch" }]);
    expect((await registration.listPendingRequests(GUILD)).map((r) => r.id)).toEqual([filed.id]);
    expect(await registration.getRequest(filed.id)).toEqual({ request: filed, whitelist: wl });
  });

  test("the same member cannot ask twice for one nick while the first waits", async () => {
    await setup({ maxNicksPerUser: 3 });
    await request("Notch");
    await expect(request("NOTCH")).rejects.toEqual(refusal("request-pending", "staff will review it soon"));
  });

  test("two requests for one nick at once file one; the store refuses a second pending row too", async () => {
    const { registration, services, wl } = await setup({ maxNicksPerUser: 3 });
    const results = await Promise.allSettled([request("Notch"), request("notch")]);
    // Either may reach the store first (on PostgreSQL their reads before it race); exactly one is filed.
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await registration.listPendingRequests(GUILD)).length).toBe(1);
    const insert = (id: string, status: string) =>
      services.sql`INSERT INTO registration_requests (id, whitelist_id, user_id, nick, nick_key, premium, status, created_at)
        VALUES (${id}, ${wl.id}, ${alice.userId}, 'Notch', 'notch', ${true}, ${status}, 0)`;
    await expect(insert("dup", "pending")).rejects.toThrow(/unique/i);
    await insert("old", "rejected");
  });

  test("pending requests count against the limit", async () => {
    await setup({ maxNicksPerUser: 1 });
    await request("Notch");
    await expect(request("jeb_")).rejects.toEqual(
      refusal("limit-reached", "1 nick registered or awaiting approval on vip"),
    );
  });

  test("requests are refused like registrations: disabled, missing role, invalid, taken, not premium", async () => {
    await setup({ requiredRoleIds: [EXTRA_ROLE], nickType: "premium" });
    const vip = { ...alice, roleIds: [EXTRA_ROLE] };
    await expect(request("Notch")).rejects.toEqual(refusal("missing-role"));
    await expect(request("x", vip)).rejects.toEqual(refusal("nick-invalid"));
    await expect(request("Cracked_1", vip)).rejects.toEqual(refusal("not-premium"));
    await world.registration.register({
      guildId: GUILD,
      whitelist: "vip",
      // Its nicks follow its required role: staff add only for a member who holds it.
      member: { ...bob, roleIds: [EXTRA_ROLE] },
      nick: "Notch",
      actor: owner,
      origin: "staff",
    });
    await expect(request("notch", vip)).rejects.toEqual(refusal("nick-taken"));
    await world.services.whitelists.update((await world.services.whitelists.find(GUILD, "vip"))?.id ?? "", {
      enabled: false,
    });
    await expect(request("jeb_", vip)).rejects.toEqual(refusal("whitelist-disabled"));
  });

  test("without a log channel staff could not see a request: refused before anything is stored", async () => {
    const { registration, services } = await setup();
    await services.guilds.setLogChannel(GUILD, null);
    await expect(request("Notch")).rejects.toEqual(
      expect.objectContaining({ code: "no-log-channel", details: { whitelist: "vip" } }),
    );
    expect({
      pending: await registration.listPendingRequests(GUILD),
      posts: world.board.posts,
      rows: await services.sql`SELECT status FROM registration_requests`,
    }).toEqual({ pending: [], posts: [], rows: [] });
  });

  test("a request the board could not post is withdrawn, and the member is told staff cannot see it", async () => {
    const { registration, services } = await setup();
    world.board.breakDown();
    await expect(request("Notch")).rejects.toEqual(
      expect.objectContaining({ code: "no-log-channel", details: { whitelist: "vip" } }),
    );
    expect({
      pending: await registration.listPendingRequests(GUILD),
      rows: await services.sql`SELECT nick, status FROM registration_requests`,
    }).toEqual({ pending: [], rows: [{ nick: "Notch", status: "cancelled" }] });
  });

  test("only approval whitelists take requests", async () => {
    await setup({ registrationMode: "command" });
    await expect(request("Notch")).rejects.toEqual(
      expect.objectContaining({ code: "wrong-mode", details: { whitelist: "vip", approval: false } }),
    );
  });
});

forEachStore("deciding a request", () => {
  test("approving registers the requesting member (origin staff, added by the approver) and grants roles", async () => {
    const { registration, roles, services, wl } = await setup({ grantedRoleIds: [MEMBER_ROLE, PLAYER_ROLE] });
    const filed = await request("Notch");
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    services.clock.advance(60_000);
    const decision = await registration.decide({
      requestId: filed.id,
      approve: true,
      actor: moderator,
      member: alice,
    });
    expect(decision).toEqual({
      outcome: "approved",
      request: { ...filed, status: "approved", decidedBy: moderator.userId, decidedAt: services.clock.now() },
      whitelist: wl,
      entry: expect.objectContaining({
        nick: "Notch",
        uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
        userId: alice.userId,
        addedBy: moderator.userId,
        origin: "staff",
        grantedRoleIds: [PLAYER_ROLE],
      }),
      roles: { waiting: false, failures: expect.any(Promise) },
    });
    expect(published.map((n) => [n.event.type, n.event.origin, n.event.entry.nick, n.actorId])).toEqual([
      ["entry.added", "staff", "Notch", moderator.userId],
    ]);
    expect(decision.outcome === "approved" && (await decision.roles.failures)).toEqual([]);
    expect(roles.calls).toEqual([
      { op: "grant", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] },
    ]);
    expect(await registration.listPendingRequests(GUILD)).toEqual([]);
  });

  test("rejecting marks the request rejected and stores nothing", async () => {
    const { registration, services, wl } = await setup();
    const filed = await request("Notch");
    const decision = await registration.decide({ requestId: filed.id, approve: false, actor: owner });
    expect(decision).toEqual({
      outcome: "rejected",
      request: { ...filed, status: "rejected", decidedBy: owner.userId, decidedAt: services.clock.now() },
      whitelist: wl,
    });
    expect(await services.entries.list(wl.id)).toEqual([]);
    // Once decided, the member may ask again.
    expect((await request("Notch")).status).toBe("pending");
  });

  test("a decided request cannot be decided again", async () => {
    const { registration } = await setup();
    const filed = await request("Notch");
    await registration.decide({ requestId: filed.id, approve: true, actor: moderator, member: alice });
    await expect(
      registration.decide({ requestId: filed.id, approve: false, actor: moderator }),
    ).rejects.toEqual(refusal("request-decided", "already approved"));
  });

  test("two managers clicking approve at once register once", async () => {
    const { registration, services, wl } = await setup();
    const filed = await request("Notch");
    const results = await Promise.allSettled([
      registration.decide({ requestId: filed.id, approve: true, actor: moderator, member: alice }),
      registration.decide({ requestId: filed.id, approve: true, actor: owner, member: alice }),
    ]);
    // Either may reach the store first (on PostgreSQL their reads before it race); exactly one decides.
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")?.reason).toEqual(refusal("request-decided"));
    expect((await services.entries.list(wl.id)).length).toBe(1);
  });

  test("a member who is not a manager cannot decide", async () => {
    const { registration } = await setup();
    const filed = await request("Notch");
    await expect(registration.decide({ requestId: filed.id, approve: false, actor: bob })).rejects.toEqual(
      refusal("not-manager"),
    );
    await expect(
      registration.decide({ requestId: "nosuchrequest", approve: false, actor: moderator }),
    ).rejects.toEqual(refusal("request-not-found"));
  });

  test("a nick taken meanwhile refuses the approval and leaves the request pending for a reject", async () => {
    const { registration } = await setup();
    const filed = await request("Notch");
    await registration.register({
      guildId: GUILD,
      whitelist: "vip",
      member: bob,
      nick: "NOTCH",
      actor: moderator,
      origin: "staff",
    });
    await expect(
      registration.decide({ requestId: filed.id, approve: true, actor: moderator, member: alice }),
    ).rejects.toEqual(refusal("nick-taken"));
    expect((await registration.getRequest(filed.id)).request.status).toBe("pending");
    expect(
      (await registration.decide({ requestId: filed.id, approve: false, actor: moderator })).outcome,
    ).toBe("rejected");
  });

  test("approval re-checks the requesting member's current roles", async () => {
    const { registration } = await setup({ requiredRoleIds: [EXTRA_ROLE] });
    const filed = await request("Notch", { ...alice, roleIds: [EXTRA_ROLE] });
    await expect(
      registration.decide({ requestId: filed.id, approve: true, actor: moderator, member: alice }),
    ).rejects.toEqual(refusal("missing-role", "That member no longer holds"));
  });

  test("the requester or a manager may withdraw a pending request; others may not", async () => {
    const { registration } = await setup({ maxNicksPerUser: 2 });
    const first = await request("Notch");
    const second = await request("jeb_");
    await expect(registration.cancelRequest({ requestId: first.id, actor: bob })).rejects.toThrow(
      refusal("not-owner"),
    );
    expect((await registration.cancelRequest({ requestId: first.id, actor: alice })).status).toBe(
      "cancelled",
    );
    expect((await registration.cancelRequest({ requestId: second.id, actor: moderator })).decidedBy).toBe(
      moderator.userId,
    );
    await expect(registration.cancelRequest({ requestId: second.id, actor: alice })).rejects.toThrow(
      refusal("request-decided", "already cancelled"),
    );
  });

  test("deleting the whitelist cancels its pending requests and hands them back, decided ones untouched", async () => {
    const { registration, services, wl } = await setup({ maxNicksPerUser: 3 });
    const waiting = await request("Notch");
    const other = await request("jeb_", bob);
    await registration.decide({ requestId: other.id, actor: moderator, approve: false });
    const { cancelled } = await services.deletion.deleteWhitelist(wl.id, moderator.userId);
    expect(cancelled).toEqual([
      { ...waiting, status: "cancelled", decidedAt: services.clock.now(), decidedBy: null },
    ]);
  });

  test("a member leaving cancels their pending requests", async () => {
    const { registration } = await setup();
    const filed = await request("Notch");
    const other = await request("jeb_", bob);
    const { cancelledRequests } = await registration.removeMember({ guildId: GUILD, userId: alice.userId });
    expect(cancelledRequests.map((r) => [r.id, r.status])).toEqual([[filed.id, "cancelled"]]);
    expect((await registration.listPendingRequests(GUILD)).map((r) => r.id)).toEqual([other.id]);
  });
});
