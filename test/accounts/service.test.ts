import { afterEach, expect, test } from "bun:test";
import {
  ATTEMPT_WINDOW_MS,
  CODE_LIFETIME_MS,
  MAX_BOUND_CODES,
  MAX_REFUSED_CODES,
} from "../../src/accounts/service.ts";
import type { ProofCodeEvent } from "../../src/shared/observer.ts";
import { noObserver } from "../../src/shared/observer.ts";
import { forEachStore, type TestServices, testServices } from "../helpers/services.ts";

// The store of codes and links (src/accounts/service.ts), through the services over a real store (SQLite and
// PostgreSQL). What a
// redemption does to entries is the registration's (test/registration/linking.test.ts).

const GUILD = "100000000000000001";
const OTHER_GUILD = "100000000000000002";
const ALICE = "300000000000000001";
const BOB = "300000000000000002";
const NOTCH = { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };

let services: TestServices;
let events: ProofCodeEvent[];
afterEach(() => services?.close());

async function start() {
  events = [];
  services = await testServices({ observer: { ...noObserver, proofCode: (event) => events.push(event) } });
  return services;
}

/** Looks a typed code up for ALICE (in GUILD) in a write of its own (committing the attempt it may record). */
const look = (typed: string, userId = ALICE, guildId = GUILD) =>
  services.write((tx) => services.accounts.lookIn(tx, { guildId, userId }, typed));

forEachStore("proof codes", () => {
  test("an issued code is live for 10 minutes, bound to its account; the store holds its hash only", async () => {
    await start();
    const issued = await services.accounts.issue(NOTCH, "java-login");
    expect(issued).toEqual({
      code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      expiresAt: services.clock.now() + CODE_LIFETIME_MS,
    });
    expect(await look(issued.code.toLowerCase())).toEqual({
      kind: "live",
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      account: NOTCH,
      method: "java-login",
      whitelistId: null,
    });
    const stored = await services.sql`SELECT * FROM proof_codes`;
    expect(JSON.stringify(stored)).not.toContain(issued.code.replace("-", ""));
    services.clock.advance(CODE_LIFETIME_MS);
    expect(await look(issued.code)).toEqual({
      kind: "expired",
      attemptsLeft: MAX_REFUSED_CODES - 1,
      method: "java-login",
    });
    expect(events).toEqual(["issued"]);
  });

  test("a used code reads as reused; a code never issued as wrong; a malformed one is not counted", async () => {
    await start();
    const { code } = await services.accounts.issue(NOTCH, "java-login");
    const live = await look(code);
    if (live.kind !== "live") throw new Error("not live");
    await services.write((tx) => services.accounts.useIn(tx, live.hash, { guildId: GUILD, userId: ALICE }));
    expect([await look(code), await look("ZZZZ-ZZZZ"), await look("Notch"), await look("K7QX-29MD")]).toEqual(
      [
        { kind: "reused", attemptsLeft: 4, method: "java-login" },
        { kind: "wrong", attemptsLeft: 3, method: null },
        { kind: "malformed" },
        { kind: "wrong", attemptsLeft: 2, method: null },
      ],
    );
  });

  test("5 refused codes in 10 minutes and the user is refused until the oldest leaves the window", async () => {
    await start();
    const { code } = await services.accounts.issue(NOTCH, "java-login");
    for (let i = 0; i < MAX_REFUSED_CODES; i++) {
      services.clock.advance(60_000);
      expect((await look(`AAAA-AAA${i}`)).kind).toBe("wrong");
    }
    const firstAt = services.clock.now() - 4 * 60_000;
    // Even the live code is refused now: a guesser cannot tell a right guess from a wrong one while limited.
    expect(await look(code)).toEqual({ kind: "limited", retryAt: firstAt + ATTEMPT_WINDOW_MS });
    expect((await look(code, "300000000000000002")).kind).toBe("live");
    services.clock.set(firstAt + ATTEMPT_WINDOW_MS);
    const fresh = await services.accounts.issue(NOTCH, "java-login");
    expect((await look(fresh.code)).kind).toBe("live");
    // The other four still count: one more refusal and the user waits again.
    expect(await look("AAAA-AAAA")).toEqual({ kind: "wrong", attemptsLeft: 0, method: null });
    expect((await look(fresh.code)).kind).toBe("limited");
  });

  test("two codes of one account are both live: each proof stands on its own", async () => {
    await start();
    const first = await services.accounts.issue(NOTCH, "java-login");
    const second = await services.accounts.issue(NOTCH, "java-login");
    expect([(await look(first.code)).kind, (await look(second.code)).kind]).toEqual(["live", "live"]);
  });

  test("a first-join code is live only for its member in its guild, with its key's whitelist; anyone else's typing is counted", async () => {
    await start();
    const issued = await services.accounts.issueBound(NOTCH, {
      guildId: GUILD,
      userId: ALICE,
      whitelistId: "survival1",
    });
    if (issued.kind !== "issued") throw new Error("not issued");
    expect(issued.expiresAt).toBe(services.clock.now() + CODE_LIFETIME_MS);
    expect([
      await look(issued.code, BOB),
      await look(issued.code, ALICE, OTHER_GUILD),
      await look(issued.code),
    ]).toEqual([
      { kind: "foreign", attemptsLeft: 4, method: "first-join", boundTo: "member" },
      { kind: "foreign", attemptsLeft: 4, method: "first-join", boundTo: "guild" },
      {
        kind: "live",
        hash: expect.any(String),
        account: NOTCH,
        method: "first-join",
        whitelistId: "survival1",
      },
    ]);
    expect(events).toEqual(["issued-first-join"]);
  });

  test("an account gets at most 3 first-join codes per guild within a code's lifetime", async () => {
    await start();
    const binding = { guildId: GUILD, userId: ALICE, whitelistId: null };
    const firstAt = services.clock.now();
    const kinds = [];
    for (let i = 0; i < MAX_BOUND_CODES; i++) {
      kinds.push((await services.accounts.issueBound(NOTCH, binding)).kind);
      services.clock.advance(60_000);
    }
    expect(kinds).toEqual(["issued", "issued", "issued"]);
    expect(await services.accounts.issueBound(NOTCH, binding)).toEqual({
      kind: "limited",
      retryAt: firstAt + CODE_LIFETIME_MS,
    });
    // Another guild, and the link endpoint's codes, count on their own.
    expect((await services.accounts.issueBound(NOTCH, { ...binding, guildId: OTHER_GUILD })).kind).toBe(
      "issued",
    );
    expect((await services.accounts.issue(NOTCH, "java-login")).code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    services.clock.set(firstAt + CODE_LIFETIME_MS);
    expect((await services.accounts.issueBound(NOTCH, binding)).kind).toBe("issued");
  });

  test("issuing prunes codes expired a day ago and attempts out of the window", async () => {
    await start();
    const { code } = await services.accounts.issue(NOTCH, "java-login");
    await look("AAAA-AAAA");
    services.clock.advance(CODE_LIFETIME_MS + 24 * 3_600_000 + 1);
    await services.accounts.issue(NOTCH, "java-login");
    const [counted] = await services.sql`SELECT (SELECT count(*) FROM proof_codes) AS codes,
      (SELECT count(*) FROM proof_attempts) AS attempts`;
    expect({ codes: Number(counted?.codes), attempts: Number(counted?.attempts) }).toEqual({
      codes: 1,
      attempts: 0,
    });
    expect((await look(code)).kind).toBe("wrong");
  });
});

forEachStore("linked accounts", () => {
  const link = (userId: string, guildId = GUILD) =>
    services.write((tx) => services.accounts.linkIn(tx, { guildId, userId, ...NOTCH, method: "java-login" }));

  test("one owner per account per guild; the owner renews their own link; another guild is another matter", async () => {
    await start();
    const linked = await link(ALICE);
    expect(linked).toEqual({
      guildId: GUILD,
      userId: ALICE,
      ...NOTCH,
      method: "java-login",
      linkedAt: services.clock.now(),
    });
    services.clock.advance(1000);
    expect((await link(ALICE)).linkedAt).toBe(services.clock.now());
    await expect(link("300000000000000002")).rejects.toThrow("linked to another member");
    expect((await link("300000000000000002", "100000000000000002")).userId).toBe("300000000000000002");
    expect({
      owner: (await services.accounts.ownerOf(GUILD, NOTCH.uuid))?.userId,
      links: (await services.accounts.linksOf(GUILD, ALICE)).map((account) => account.name),
    }).toEqual({ owner: ALICE, links: ["Notch"] });
  });

  test("unlinking forgets the member's own link only; a departure forgets all of theirs in that guild", async () => {
    await start();
    await link(ALICE);
    await link(ALICE, "100000000000000002");
    expect(await services.accounts.unlink(GUILD, "300000000000000002", NOTCH.uuid)).toBeUndefined();
    expect((await services.accounts.unlink(GUILD, ALICE, NOTCH.uuid))?.name).toBe("Notch");
    expect(await services.accounts.ownerOf(GUILD, NOTCH.uuid)).toBeUndefined();
    await link(ALICE);
    expect(await services.accounts.forgetMember(GUILD, ALICE)).toBe(1);
    expect((await services.accounts.ownerOf("100000000000000002", NOTCH.uuid))?.userId).toBe(ALICE);
  });
});
