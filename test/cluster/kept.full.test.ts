import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import type { Services } from "../../src/services.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { eventually } from "../helpers/eventually.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { testReplicas } from "../helpers/replicas.ts";
import { seedWhitelist } from "../helpers/services.ts";

// Settings each replica keeps in memory (docs/architecture.md, Settings kept in memory): a change made through one
// replica reaches what another keeps, told by the database at commit (wls_settings), so a registration there
// meets it: a guild's whitelists (edited, created, deleted), its wordings, a whitelist's deny list. The limit of
// nicks holds across replicas whatever they keep: it is checked again in the transaction that stores.

const GUILD = "100000000000000001";
const OWNER: Member = { userId: "300000000000000008", roleIds: [], canManageGuild: true };
const member = (userId: string): Member => ({ userId, roleIds: [], canManageGuild: false });
const ALICE = member("300000000000000001");
let pg: TestPostgres;
const opened = testReplicas(Date.UTC(2026, 11, 7));

beforeAll(async () => {
  pg = await sharedPostgres();
});
afterEach(() => opened.closeAll());

async function replicas(count: number): Promise<Services[]> {
  return opened.open(count, await pg.database());
}

/** The code a call refused with, or "ok". */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : Promise.reject(error)),
  );

const register = (services: Services, nick: string, who: Member = ALICE, whitelist = "survival") =>
  services.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    actor: who,
    nick,
    origin: BY_MEMBER,
  });

describe("settings kept in memory across replicas", () => {
  test("a whitelist edited on one replica is what a registration on another meets", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const wl = await seedWhitelist(a, {
      guildId: GUILD,
      nickType: "offline",
      name: "survival",
      maxNicksPerUser: 1,
    });
    await register(b, "Alpha");
    expect(await outcome(register(b, "Bravo"))).toBe("limit-reached");
    await a.whitelists.update(wl.id, { maxNicksPerUser: 2 });
    await eventually(
      async () =>
        (await b.whitelists.resolve({ guildId: GUILD, whitelist: "survival" })).maxNicksPerUser === 2,
    );
    expect(await outcome(register(b, "Bravo"))).toBe("ok");
    await a.whitelists.update(wl.id, { enabled: false });
    expect(
      await eventually(() => outcome(register(b, "Charlie")).then((code) => code === "whitelist-disabled")),
    ).toBe(true);
  });

  test("a whitelist created on one replica is found on another; one deleted there is not used", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    await seedWhitelist(a, { guildId: GUILD, nickType: "offline", name: "survival" });
    expect((await b.whitelists.listForGuild(GUILD)).map((wl) => wl.name)).toEqual(["survival"]);
    const creative = await seedWhitelist(a, { guildId: GUILD, nickType: "offline", name: "creative" });
    await eventually(async () => (await b.whitelists.listForGuild(GUILD)).length === 2);
    expect(await outcome(register(b, "Alpha", ALICE, "creative"))).toBe("ok");
    await a.deletion.deleteWhitelist(creative.id, OWNER.userId);
    await eventually(
      async () => (await outcome(register(b, "Bravo", ALICE, "creative"))) === "whitelist-not-found",
    );
    expect((await b.whitelists.listForGuild(GUILD)).map((wl) => wl.name)).toEqual(["survival"]);
  });

  test("a wording set or reset on one replica is what another words its answers with", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    await seedWhitelist(a, { guildId: GUILD, nickType: "offline", name: "survival" });
    expect(await b.texts.overridesOf(GUILD)).toEqual({});
    await a.texts.set(GUILD, "public.registered", "Welcome {nick}!", OWNER.userId);
    await eventually(
      async () => (await b.texts.overridesOf(GUILD))["public.registered"] === "Welcome {nick}!",
    );
    await a.texts.reset(GUILD, "public.registered");
    await eventually(async () => (await b.texts.overridesOf(GUILD))["public.registered"] === undefined);
  });

  test("a nick denied or allowed again on one replica is what another's checks meet", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, nickType: "offline", name: "survival" });
    // The check before a form opens reads only what is kept (no transaction checks again after it).
    const precheck = () => outcome(b.registration.precheck({ whitelist: wl, member: ALICE, nick: "Bravo" }));
    expect(await precheck()).toBe("ok");
    await a.denials.deny({ guildId: GUILD, whitelist: "survival", nick: "Bravo", actor: OWNER });
    await eventually(async () => (await precheck()) === "nick-denied");
    await a.denials.undeny({ guildId: GUILD, whitelist: "survival", nick: "Bravo", actor: OWNER });
    await eventually(async () => (await precheck()) === "ok");
    expect(await outcome(register(b, "Bravo"))).toBe("ok");
  });

  test("a member registering on two replicas at once gets no more nicks than the limit", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    await seedWhitelist(a, { guildId: GUILD, nickType: "offline", name: "survival", maxNicksPerUser: 2 });
    // Both replicas keep the whitelist, and a count of none, before the burst.
    for (const services of [a, b]) await services.whitelists.listForGuild(GUILD);
    const nicks = Array.from({ length: 12 }, (_, index) => `Nick_${index}`);
    const outcomes = await Promise.all(
      nicks.map((nick, index) => outcome(register(index % 2 ? a : b, nick))),
    );
    expect(outcomes.filter((code) => code === "ok")).toHaveLength(2);
    expect(outcomes.filter((code) => code !== "ok").every((code) => code === "limit-reached")).toBe(true);
    const wl = await a.whitelists.resolve({ guildId: GUILD, whitelist: "survival" });
    expect(await a.entries.countForUser(wl.id, ALICE.userId)).toBe(2);
  });
});
