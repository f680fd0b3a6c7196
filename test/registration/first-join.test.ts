import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { NOT_PROVEN } from "../../src/entries/removals.ts";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import { alice, bob, GUILD, owner, refusal, type SeededWorld, seededWorld, XBOX } from "./helpers.ts";

// Proof at first join on the service side (src/registration/first-join.ts, the registrar's proofDueAt, the expiry):
// a member's own registration waits for proof, the `sync` agent's key gets a code bound to that member, the member
// types it, and what is not proven within the window goes as expired entries go. Time moves on the manual clock.

const NOTCH = { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", proof: "first-join", maxNicksPerUser: 3, ...whitelist });
  world.roles.track(alice.userId, alice.roleIds);
  world.roles.track(bob.userId, bob.roleIds);
  return world;
};

const selfRegister = (nick: string, who = alice) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: world.wl.id,
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

/** The agent's key: guild-wide, may remove (what a code of a key limited to one whitelist does is tested below). */
const guildKey: { keyId: string; guildId: string; whitelistId: string | null; mayRemove: boolean } = {
  keyId: "key1",
  guildId: GUILD,
  whitelistId: null,
  mayRemove: true,
};

/** What the agent asks for a player it saw (`uuid`: the one `list uuids` showed). */
const askCode = (nick: string, uuid?: string) =>
  world.services.firstJoin.issue({ whitelist: world.wl, nick, uuid, key: guildKey });

const link = (code: string, who = alice) =>
  world.services.linking.link({ guildId: GUILD, member: who, code });

forEachStore("proof at first join", () => {
  test("a member's own registration is stored at once, awaiting proof for the window; its event says until when", async () => {
    const { services } = await setup({ proofWindowSeconds: 2 * 3600 });
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const { entry } = await selfRegister("notch");
    const due = services.clock.now() + 2 * HOUR;
    expect(entry).toMatchObject({ nick: "Notch", uuid: NOTCH.uuid, verified: false, proofDueAt: due });
    expect(published.map(({ event }) => event.entry)).toEqual([
      {
        nick: "Notch",
        uuid: NOTCH.uuid,
        premium: true,
        expiresAt: null,
        verified: false,
        proofDueAt: new Date(due).toISOString(),
        groups: [],
      },
    ]);
    // Staff additions are trusted: nothing to prove, nothing that expires.
    const staff = await world.registration.register({
      guildId: GUILD,
      whitelist: world.wl.id,
      member: bob,
      nick: "jeb_",
      actor: owner,
      origin: "staff",
    });
    expect(staff.entry).toMatchObject({ verified: false, proofDueAt: null });
    // A nick without an account cannot be proven: members cannot register it here.
    await expect(selfRegister("NotPremium_1")).rejects.toThrow(
      refusal("proof-required", "NotPremium_1 is not a premium account: nobody can prove it."),
    );
  });

  test("the agent's code, typed by the member, links the account and verifies the entry, which waits no more", async () => {
    const { services } = await setup();
    await selfRegister("Notch");
    const issued = await askCode("notch", NOTCH.uuid.toUpperCase());
    expect(issued).toEqual({
      nick: "Notch",
      code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      expiresAt: services.clock.now() + 10 * 60_000,
      message: `Prove this account is yours: in Discord, type /link code:${issued.code} within 10 minutes, then join again.`,
    });
    // Only the member whose registration it proves can type it.
    await expect(link(issued.code, bob)).rejects.toThrow(
      expect.objectContaining({
        code: "code-invalid",
        message:
          "That code proves another member's registration: only the member who registered that account can type it.",
        details: { reason: "other-member", attemptsLeft: 4, via: "game-server" },
      }),
    );
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const linked = await link(issued.code);
    expect(linked.link).toMatchObject({ ...NOTCH, userId: alice.userId, method: "first-join" });
    expect(linked.verified.map(({ entry }) => [entry.nick, entry.verified, entry.proofDueAt])).toEqual([
      ["Notch", true, null],
    ]);
    // A change in place: the removal of the entry awaiting proof, the addition of the verified one.
    expect(published.map(({ event }) => [event.type, event.origin, event.entry])).toEqual([
      [
        "entry.removed",
        "discord",
        expect.objectContaining({ verified: false, proofDueAt: expect.any(String) }),
      ],
      [
        "entry.added",
        "discord",
        { nick: "Notch", uuid: NOTCH.uuid, premium: true, expiresAt: null, verified: true, groups: [] },
      ],
    ]);
    await expect(askCode("Notch")).rejects.toThrow(
      refusal("proof-not-pending", "Notch on survival is verified already."),
    );
    // The window passing changes nothing for a proven entry.
    services.clock.advance(2 * DAY);
    expect(await services.expiry.check()).toBe(0);
    expect((await services.entries.list(world.wl.id)).map((entry) => entry.nick)).toEqual(["Notch"]);
  });

  test("a member who proved the account before registers it verified, with nothing to wait for", async () => {
    await setup();
    await selfRegister("Notch");
    await link((await askCode("Notch")).code);
    const other = await world.services.registration.register({
      guildId: GUILD,
      whitelist: world.wl.id,
      member: alice,
      nick: "jeb_",
      actor: alice,
      origin: "discord",
    });
    expect(other.entry).toMatchObject({ verified: false, proofDueAt: expect.any(Number) });
    await world.registration.unregister({
      guildId: GUILD,
      whitelist: world.wl.id,
      nick: "Notch",
      actor: alice,
    });
    expect((await selfRegister("Notch")).entry).toMatchObject({ verified: true, proofDueAt: null });
  });

  test("a code of a key limited to survival proves the account there alone: its take-over stays there and nothing is linked", async () => {
    const { services } = await setup();
    const hardcore = await services.whitelists.create({
      guildId: GUILD,
      name: "hardcore",
      channelId: "200000000000000002",
      nickType: "java",
      registrationMode: "command",
      proof: "required",
    });
    // Bob holds the account on both whitelists under an old spelling (a rename Mojang has since seen).
    const bobs = {
      nick: "Notch_old",
      uuid: NOTCH.uuid,
      premium: true,
      userId: bob.userId,
      addedBy: bob.userId,
    };
    for (const whitelistId of [world.wl.id, hardcore.id])
      await services.entries.add({ ...bobs, whitelistId, origin: "discord" });
    await selfRegister("Notch");
    const scoped = { ...guildKey, whitelistId: world.wl.id };
    const linked = await link(
      (await world.services.firstJoin.issue({ whitelist: world.wl, nick: "Notch", key: scoped })).code,
    );
    const holders = async (id: string) =>
      (await services.entries.list(id)).map((entry) => [entry.nick, entry.userId, entry.verified]);
    expect({
      link: linked.link,
      within: linked.within,
      took: linked.took.map(({ entry, whitelist }) => [entry.nick, whitelist.name]),
      survival: await holders(world.wl.id),
      hardcore: await holders(hardcore.id),
      owner: await services.accounts.ownerOf(GUILD, NOTCH.uuid),
    }).toEqual({
      link: null,
      within: world.wl.id,
      took: [["Notch_old", "survival"]],
      survival: [["Notch", alice.userId, true]],
      hardcore: [["Notch_old", bob.userId, false]],
      owner: undefined,
    });
    // The account is proven on survival only: hardcore, which takes proven accounts only, still asks for a proof.
    await expect(
      services.registration.register({
        guildId: GUILD,
        whitelist: hardcore.id,
        member: alice,
        nick: "Notch",
        actor: alice,
        origin: "discord",
      }),
    ).rejects.toThrow(refusal("proof-required"));
  });

  test("`/register code:` with a code of a key limited to another whitelist registers as if without a code", async () => {
    const { services } = await setup();
    const hardcore = await services.whitelists.create({
      guildId: GUILD,
      name: "hardcore",
      channelId: "200000000000000002",
      nickType: "java",
      registrationMode: "command",
      proof: "required",
    });
    await selfRegister("Notch");
    const scoped = { ...guildKey, whitelistId: world.wl.id };
    const { code } = await world.services.firstJoin.issue({
      whitelist: world.wl,
      nick: "Notch",
      key: scoped,
    });
    const done = await services.linking.registerWithCode({ whitelist: hardcore, member: alice, code });
    expect({
      link: done.link,
      verified: done.verified.map(({ whitelist }) => whitelist.name),
      outcome: done.outcome,
      error: done.outcome === "refused" ? done.error.code : null,
      hardcore: await services.entries.list(hardcore.id),
    }).toEqual({
      link: null,
      verified: ["survival"],
      outcome: "refused",
      error: "proof-required",
      hardcore: [],
    });
  });

  test("the service itself refuses a read-only key and a key of another whitelist, whatever its adapter checked", async () => {
    await setup();
    await selfRegister("Notch");
    const ask = (key: typeof guildKey) =>
      world.services.firstJoin.issue({ whitelist: world.wl, nick: "Notch", key });
    await expect(ask({ ...guildKey, mayRemove: false })).rejects.toThrow(refusal("key-read-only"));
    await expect(ask({ ...guildKey, whitelistId: "elsewhere" })).rejects.toThrow(
      refusal("whitelist-forbidden"),
    );
    await expect(ask({ ...guildKey, guildId: "100000000000000002" })).rejects.toThrow(
      refusal("whitelist-not-found"),
    );
    expect(await world.services.sql`SELECT code_hash FROM proof_codes`).toEqual([]);
  });

  test("codes are refused for another account, for nicks not on the whitelist, and past 3 in 10 minutes", async () => {
    await setup();
    await selfRegister("Notch");
    await expect(askCode("Notch", "853c80ef-3c37-49fd-aa49-938b674adae6")).rejects.toThrow(
      refusal(
        "proof-not-pending",
        "Notch on survival is registered for the account 069a79f4-44e9-4726-a5be-fca90e38aaf5, not 853c80ef-",
      ),
    );
    await expect(askCode("Herobrine")).rejects.toThrow(
      refusal("entry-not-found", "Herobrine is not on survival."),
    );
    for (let i = 0; i < 3; i++) await askCode("Notch");
    await expect(askCode("Notch")).rejects.toThrow(
      expect.objectContaining({
        code: "code-limited",
        details: { retryAt: world.services.clock.now() + 10 * 60_000 },
      }),
    );
  });

  test("an entry not proven within the window is removed as expired, saying why; roles are reverted", async () => {
    const { services, roles } = await setup({ grantedRoleIds: ["400000000000000005"] });
    await selfRegister("Notch");
    await selfRegister("jeb_", bob);
    // Bob proves his in time; Alice never joins.
    services.clock.advance(DAY - HOUR);
    await link((await askCode("jeb_")).code, bob);
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    services.clock.advance(HOUR - 1);
    expect(await services.expiry.check()).toBe(0);
    services.clock.advance(1);
    expect(await services.expiry.check()).toBe(1);
    expect(published.map(({ event }) => [event.type, event.origin, event.entry.nick, event.reason])).toEqual([
      ["entry.removed", "expired", "Notch", NOT_PROVEN],
    ]);
    expect((await services.entries.list(world.wl.id)).map((entry) => entry.nick)).toEqual(["jeb_"]);
    await world.reverter.settled();
    expect(roles.calls.filter((call) => call.op === "revoke").map((call) => call.userId)).toEqual([
      alice.userId,
    ]);
  });

  test("staff turning first-join proof off end the wait: the entries stay, unverified, and never expire for it", async () => {
    const { services } = await setup();
    await selfRegister("Notch");
    await services.whitelists.update(world.wl.id, { proof: "off" });
    const settled = await services.firstJoin.settle(world.wl.id, owner.userId);
    expect(settled.map((entry) => [entry.nick, entry.verified, entry.proofDueAt])).toEqual([
      ["Notch", false, null],
    ]);
    services.clock.advance(2 * DAY);
    expect(await services.expiry.check()).toBe(0);
    expect((await services.entries.list(world.wl.id)).map((entry) => entry.nick)).toEqual(["Notch"]);
  });

  test("the expiry settles an entry whose whitelist stopped asking proof before the staff's settle ran", async () => {
    const { services } = await setup();
    await selfRegister("Notch");
    await services.whitelists.update(world.wl.id, { proof: "off" });
    services.clock.advance(2 * DAY);
    expect(await services.expiry.check()).toBe(0);
    expect((await services.entries.list(world.wl.id)).map((entry) => [entry.nick, entry.proofDueAt])).toEqual(
      [["Notch", null]],
    );
  });

  test("a Bedrock player is asked by the name Floodgate gives them; the code links their Floodgate UUID", async () => {
    const { services } = await setup({ nickType: "bedrock" });
    const { entry } = await selfRegister(XBOX.steveJobs.gamertag);
    const uuid = floodgateUuid(XBOX.steveJobs.xuid);
    expect(entry).toMatchObject({ nick: ".Steve_Jobs", uuid, proofDueAt: expect.any(Number) });
    const issued = await askCode(".Steve_Jobs", uuid);
    const linked = await link(issued.code);
    expect(linked.link).toMatchObject({ uuid, name: ".Steve_Jobs", method: "first-join" });
    expect((await services.entries.list(world.wl.id)).map((e) => [e.nick, e.verified, e.proofDueAt])).toEqual(
      [[".Steve_Jobs", true, null]],
    );
  });

  test("an approved request waits for proof like a registration", async () => {
    const { board } = await setup({ registrationMode: "approval" });
    await world.registration.requestApproval({
      guildId: GUILD,
      whitelist: "survival",
      member: alice,
      nick: "Notch",
    });
    const decision = await world.registration.decide({
      requestId: board.posts[0]?.requestId as string,
      actor: owner,
      approve: true,
      member: alice,
    });
    expect(decision).toMatchObject({
      outcome: "approved",
      entry: { verified: false, proofDueAt: expect.any(Number) },
    });
  });
});
