import { afterEach, describe, expect, test } from "bun:test";
import { ATTEMPT_WINDOW_MS, CODE_LIFETIME_MS } from "../../src/accounts/service.ts";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MEMBER_ROLE,
  member,
  moderator,
  OTHER_GUILD,
  owner,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

// Proof of ownership on the registration side (src/registration/linking.ts, the proof rules in the registrar):
// codes issued as the link endpoint issues them (`accounts.issue`), typed by members through the linking service.

const NOTCH = { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };
const GRANTED = "400000000000000005";

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", grantedRoleIds: [GRANTED], ...whitelist });
  world.roles.track(alice.userId, alice.roleIds);
  world.roles.track(bob.userId, bob.roleIds);
  return world;
};

/** A code for Notch, as the link endpoint issues one after Mojang proved the login. */
const codeForNotch = async () => (await world.services.accounts.issue(NOTCH, "java-login")).code;

const selfRegister = (nick: string, who = alice, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

const staffAdd = (nick: string, forWhom = alice, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: forWhom,
    nick,
    actor: owner,
    origin: "staff",
  });

const withCode = async (code: string, who = alice, whitelist = world.wl) =>
  world.services.linking.registerWithCode({ whitelist, member: who, code });

const link = (code: string, who = alice, guildId = GUILD) =>
  world.services.linking.link({ guildId, member: who, code });

describe("a whitelist requiring proof", () => {
  test("a code registers the proven account, verified; /register of it then needs no code on other whitelists", async () => {
    const { services, wl } = await setup({ proof: "required" });
    const hardcore = await seedWhitelist(services, { guildId: GUILD, name: "hardcore", proof: "required" });
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const result = await withCode(await codeForNotch());
    expect(result).toMatchObject({
      link: { guildId: GUILD, userId: alice.userId, ...NOTCH, method: "java-login" },
      took: [],
      verified: [],
      outcome: "registered",
      submission: {
        kind: "registered",
        entry: { nick: "Notch", uuid: NOTCH.uuid, premium: true, verified: true },
      },
    });
    const again = await selfRegister("notch", alice, "hardcore");
    expect(again.entry).toMatchObject({ nick: "Notch", verified: true, whitelistId: hardcore.id });
    expect(published.map(({ event }) => [event.whitelistId, event.type, event.entry.verified])).toEqual([
      [wl.id, "entry.added", true],
      [hardcore.id, "entry.added", true],
    ]);
    // No request to Mojang for the account just proven: its name and UUID came with the proof.
    expect(world.mojangServer.requestedPaths().filter((path) => path.includes("/users/profiles/"))).toEqual([
      "/users/profiles/minecraft/notch",
    ]);
  });

  test("/register of an account not proven is refused with what to do; staff still add it, unverified", async () => {
    await setup({ proof: "required" });
    await expect(selfRegister("Notch")).rejects.toThrow(
      refusal("proof-required", "survival takes proven accounts only: prove Notch is yours first."),
    );
    await expect(selfRegister("NotPremium_1")).rejects.toThrow(
      refusal("proof-required", "NotPremium_1 is not a premium account: nobody can prove it."),
    );
    expect((await staffAdd("Notch")).entry).toMatchObject({
      nick: "Notch",
      verified: false,
      origin: "staff",
    });
  });

  test("an approval whitelist files the proven account as a request; approving it stores it verified", async () => {
    const { services, board } = await setup({ proof: "required", registrationMode: "approval" });
    await expect(
      world.registration.requestApproval({
        guildId: GUILD,
        whitelist: "survival",
        member: alice,
        nick: "Notch",
      }),
    ).rejects.toThrow(refusal("proof-required"));
    const result = await withCode(await codeForNotch());
    expect(result).toMatchObject({ outcome: "registered", submission: { kind: "requested" } });
    const requestId = board.posts[0]?.requestId as string;
    const decision = await world.registration.decide({
      requestId,
      actor: owner,
      approve: true,
      member: alice,
    });
    expect(decision).toMatchObject({ outcome: "approved", entry: { nick: "Notch", verified: true } });
    expect((await services.entries.list(world.wl.id)).map((entry) => entry.verified)).toEqual([true]);
  });

  test("a code on a Bedrock whitelist is refused before it is used", async () => {
    const { services } = await setup();
    const bedrock = await seedWhitelist(services, { guildId: GUILD, name: "bedrock", nickType: "bedrock" });
    const code = await codeForNotch();
    await expect(withCode(code, alice, bedrock)).rejects.toThrow(
      refusal("invalid-input", "a code proves a Java"),
    );
    expect((await link(code)).account.name).toBe("Notch");
  });

  test("a refused registration keeps the link: the member's limit is reached", async () => {
    await setup({ proof: "required", maxNicksPerUser: 1 });
    await staffAdd("jeb_");
    const result = await withCode(await codeForNotch());
    expect(result).toMatchObject({
      account: { name: "Notch" },
      outcome: "refused",
      error: expect.objectContaining({ code: "limit-reached" }),
    });
    expect((await world.services.accounts.ownerOf(GUILD, NOTCH.uuid))?.userId).toBe(alice.userId);
  });
});

describe("codes", () => {
  test("an expired code and a used one are refused, each counted; a new join gives a new code", async () => {
    const { services } = await setup({ proof: "required" });
    const old = await codeForNotch();
    services.clock.advance(CODE_LIFETIME_MS);
    await expect(withCode(old)).rejects.toThrow(refusal("code-invalid", "That code has expired"));
    const fresh = await codeForNotch();
    await withCode(fresh);
    await expect(link(fresh)).rejects.toThrow(
      expect.objectContaining({
        code: "code-invalid",
        message: "That code was used already: join the link server again for a new one.",
        details: { reason: "reused", attemptsLeft: 3, via: "link-server" },
      }),
    );
  });

  test("a code is used once: typed in another guild it reads as used, and the link there is not made", async () => {
    const { services } = await setup();
    const code = await codeForNotch();
    await link(code, alice, GUILD);
    await expect(link(code, alice, OTHER_GUILD)).rejects.toThrow(refusal("code-invalid", "used already"));
    expect({
      here: (await services.accounts.ownerOf(GUILD, NOTCH.uuid))?.userId,
      there: await services.accounts.ownerOf(OTHER_GUILD, NOTCH.uuid),
    }).toEqual({ here: alice.userId, there: undefined });
    // A second proof links it in the other guild too.
    expect((await link(await codeForNotch(), alice, OTHER_GUILD)).link?.guildId).toBe(OTHER_GUILD);
  });

  test("guessing: 5 wrong codes, then even the right one is refused until the window has passed", async () => {
    const { services } = await setup();
    const code = await codeForNotch();
    for (const guess of ["AAAA-AAAA", "AAAA-AAAB", "AAAA-AAAC", "AAAA-AAAD"]) {
      await expect(link(guess)).rejects.toThrow(refusal("code-invalid", "does not exist"));
    }
    await expect(link("AAAA-AAAE")).rejects.toThrow(
      expect.objectContaining({ details: { reason: "wrong", attemptsLeft: 0, via: null } }),
    );
    const limitedAt = services.clock.now();
    await expect(link(code)).rejects.toThrow(
      expect.objectContaining({ code: "code-limited", details: { retryAt: limitedAt + ATTEMPT_WINDOW_MS } }),
    );
    // Typos that cannot be a code are not counted, and say what a code looks like.
    await expect(link("Notch", bob)).rejects.toThrow(refusal("code-invalid", "8 letters and digits"));
    services.clock.advance(ATTEMPT_WINDOW_MS);
    expect((await link(await codeForNotch())).link?.userId).toBe(alice.userId);
  });
});

describe("one owner per account per guild", () => {
  test("two members proving one account: the first links it; the second is refused, their code kept", async () => {
    const { services } = await setup({ proof: "required" });
    await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    const [first, second] = [await codeForNotch(), await codeForNotch()];
    await withCode(first, alice);
    await expect(withCode(second, bob)).rejects.toThrow(
      refusal(
        "account-linked",
        "Notch is linked to another member of this server, who proved it before you.",
      ),
    );
    await expect(selfRegister("Notch", bob, "creative")).rejects.toThrow(
      refusal("account-linked", "only they can register it"),
    );
    await expect(staffAdd("Notch", bob, "creative")).rejects.toThrow(
      refusal("account-linked", "registered for them only"),
    );
    // Once alice unlinks it, bob's code (still within its 10 minutes) links it and takes her entry.
    await services.linking.unlink({ guildId: GUILD, actor: alice });
    const result = await withCode(second, bob);
    expect(result).toMatchObject({
      link: { userId: bob.userId },
      took: [{ entry: { nick: "Notch", userId: alice.userId } }],
      outcome: "registered",
    });
  });

  test("proving an account another member registered unproven: theirs goes (event, roles, why); the prover's proceeds", async () => {
    const { services, roles, reverter, wl } = await setup();
    const creative = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    await selfRegister("Notch", bob);
    await selfRegister("Notch", bob, "creative");
    await reverter.settled();
    const published: ChangeNotice[] = [];
    services.outbox.subscribe((notice) => published.push(notice));
    const result = await withCode(await codeForNotch(), alice);
    expect({
      took: result.took.map(({ entry, whitelist }) => [whitelist.name, entry.nick, entry.userId]),
      outcome: result.outcome,
      entries: (await services.entries.listForUserInGuild(GUILD, alice.userId)).map((e) => [
        e.nick,
        e.verified,
      ]),
      bob: await services.entries.listForUserInGuild(GUILD, bob.userId),
    }).toEqual({
      took: [
        ["creative", "Notch", bob.userId],
        ["survival", "Notch", bob.userId],
      ],
      outcome: "registered",
      entries: [["Notch", true]],
      bob: [],
    });
    expect(
      published.map((n) => [n.event.type, n.event.whitelistId, n.event.origin, n.entry.userId, n.provenBy]),
    ).toEqual([
      ["entry.removed", creative.id, "system", bob.userId, alice.userId],
      ["entry.removed", wl.id, "system", bob.userId, alice.userId],
      ["entry.added", wl.id, "discord", alice.userId, undefined],
    ]);
    await reverter.settled();
    expect(roles.rolesNow(bob.userId)).toEqual([MEMBER_ROLE]);
    expect(roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, GRANTED].sort());
  });

  test("proving an account you registered before marks your entries verified, in place: roles stay", async () => {
    const { services, roles, reverter } = await setup();
    await selfRegister("Notch");
    await reverter.settled();
    const published: ChangeNotice[] = [];
    services.outbox.subscribe((notice) => published.push(notice));
    const etag = (await services.formatCache.get(world.wl.id, "json")).etag;
    const result = await withCode(await codeForNotch());
    // What a poller sees changes: the JSON shows verified, so its ETag moves.
    expect((await services.formatCache.get(world.wl.id, "json")).etag).not.toBe(etag);
    expect({ outcome: result.outcome, verified: result.verified.map(({ entry }) => entry.verified) }).toEqual(
      {
        outcome: "already",
        verified: [true],
      },
    );
    expect(
      published.map((n) => [n.event.type, n.event.entry.verified, !!n.replaces, !!n.replacedBy]),
    ).toEqual([
      ["entry.removed", false, false, true],
      ["entry.added", true, true, false],
    ]);
    await reverter.settled();
    expect(roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, GRANTED].sort());
    const json = JSON.parse(
      new TextDecoder().decode((await services.formatCache.get(world.wl.id, "json")).bytes),
    );
    expect(json).toEqual([
      { nick: "Notch", uuid: NOTCH.uuid, premium: true, expiresAt: null, verified: true, groups: [] },
    ]);
  });

  test("a proven entry is not handed over to another member; one of an account nobody linked still is", async () => {
    const { services } = await setup({ maxNicksPerUser: 2 });
    await withCode(await codeForNotch());
    await selfRegister("jeb_");
    const transfer = (nick: string) =>
      services.transfers.transfer({ guildId: GUILD, whitelist: "survival", nick, member: bob, actor: owner });
    await expect(transfer("Notch")).rejects.toThrow(refusal("account-linked"));
    await services.linking.unlink({ guildId: GUILD, actor: alice });
    await expect(transfer("Notch")).rejects.toThrow(
      refusal("account-linked", "was proven by the member who holds it"),
    );
    expect((await transfer("jeb_")).entry.userId).toBe(bob.userId);
  });
});

describe("linked accounts", () => {
  test("unlinking: the member's own, or another's for Manage Server only; entries stay", async () => {
    const { services } = await setup();
    await withCode(await codeForNotch());
    await expect(services.linking.unlink({ guildId: GUILD, actor: bob })).rejects.toThrow(
      refusal("not-linked", "You have no linked account on this server."),
    );
    await expect(
      services.linking.unlink({ guildId: GUILD, actor: moderator, userId: alice.userId }),
    ).rejects.toThrow(refusal("not-manager"));
    await expect(services.linking.unlink({ guildId: GUILD, actor: alice, account: "jeb_" })).rejects.toThrow(
      refusal("not-linked", "You have no linked account jeb_ on this server."),
    );
    const gone = await services.linking.unlink({
      guildId: GUILD,
      actor: owner,
      userId: alice.userId,
      account: "notch",
    });
    expect(gone).toMatchObject({ name: "Notch", userId: alice.userId });
    expect((await services.entries.list(world.wl.id)).map((entry) => [entry.nick, entry.verified])).toEqual([
      ["Notch", true],
    ]);
  });

  test("a member leaving the guild forgets what they linked there", async () => {
    const { services } = await setup();
    await link(await codeForNotch());
    await world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    expect(await services.linking.linksOf(GUILD, alice.userId)).toEqual([]);
    expect((await link(await codeForNotch(), member("300000000000000003"))).account.name).toBe("Notch");
  });
});
