import { afterEach, expect, test } from "bun:test";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import { forEachStore } from "../helpers/services.ts";
import { alice, GUILD, owner, refusal, type SeededWorld, seededWorld } from "./helpers.ts";

// Settings kept in memory (docs/architecture.md, Settings kept in memory) and changed through this process: the
// change is read by the very next registration, as when every registration read the store. The same across
// replicas: test/cluster/kept.full.test.ts.

let world: SeededWorld;
afterEach(() => world.close());

const register = (nick: string, who: Member = alice, whitelist = "survival") =>
  world.registration.register({
    guildId: GUILD,
    whitelist,
    member: who,
    actor: who,
    nick,
    origin: BY_MEMBER,
  });

/** The checks a registration makes before its form opens: from what is kept alone (no transaction after it). */
const precheck = async (nick: string) =>
  world.registration.precheck({
    whitelist: await world.services.whitelists.resolve({ guildId: GUILD, whitelist: "survival" }),
    member: alice,
    nick,
  });

forEachStore("settings kept in memory, changed here", () => {
  test("a whitelist's edit is what the next registration meets: its limit, then its being closed", async () => {
    world = await seededWorld({ name: "survival", maxNicksPerUser: 1 });
    await register("Alpha");
    await expect(register("Bravo")).rejects.toEqual(refusal("limit-reached"));
    await world.services.whitelists.update(world.wl.id, { maxNicksPerUser: 2 });
    await register("Bravo");
    await world.services.whitelists.update(world.wl.id, { enabled: false });
    await expect(register("Charlie")).rejects.toEqual(refusal("whitelist-disabled"));
  });

  test("a whitelist created, renamed or deleted is what the next command resolves", async () => {
    world = await seededWorld({ name: "survival", channelId: "200000000000000001" });
    const resolve = (whitelist: string | null) =>
      world.services.whitelists.resolve({ guildId: GUILD, whitelist, channelId: null });
    expect((await resolve(null)).id).toBe(world.wl.id);
    const creative = await world.services.whitelists.create({
      guildId: GUILD,
      name: "creative",
      channelId: "200000000000000002",
      nickType: "offline",
      registrationMode: "command",
    });
    await expect(resolve(null)).rejects.toEqual(refusal("whitelist-required"));
    await world.services.whitelists.update(creative.id, { name: "hardcore" });
    await expect(resolve("creative")).rejects.toEqual(refusal("whitelist-not-found"));
    expect((await resolve("hardcore")).id).toBe(creative.id);
    await world.services.deletion.deleteWhitelist(creative.id, owner.userId);
    await expect(resolve("hardcore")).rejects.toEqual(refusal("whitelist-not-found"));
    expect((await resolve(null)).id).toBe(world.wl.id);
  });

  test("a wording set or reset is what the next answer reads", async () => {
    world = await seededWorld({ name: "survival" });
    const { texts } = world.services;
    expect(await texts.overridesOf(GUILD)).toEqual({});
    await texts.set(GUILD, "public.registered", "Welcome {nick}!", owner.userId);
    expect(await texts.overridesOf(GUILD)).toEqual({ "public.registered": "Welcome {nick}!" });
    await texts.reset(GUILD, "public.registered");
    expect(await texts.overridesOf(GUILD)).toEqual({});
  });

  test("a nick denied, allowed again, denied by a ban and lifted by its unban is what the next check meets", async () => {
    world = await seededWorld({ name: "survival" });
    const { denials } = world.services;
    await precheck("Bravo");
    await denials.deny({ guildId: GUILD, whitelist: "survival", nick: "Bravo", actor: owner });
    await expect(precheck("bravo")).rejects.toEqual(refusal("nick-denied"));
    await denials.undeny({ guildId: GUILD, whitelist: "survival", nick: "Bravo", actor: owner });
    await precheck("Bravo");
    const banned = "300000000000000005";
    await denials.denyBanned({
      whitelist: world.wl,
      nicks: [{ nick: "Bravo", uuid: null }],
      userId: banned,
      actorId: owner.userId,
    });
    await expect(precheck("Bravo")).rejects.toEqual(refusal("nick-denied"));
    await denials.liftBanned({ whitelistIds: [world.wl.id], userId: banned });
    await precheck("Bravo");
  });
});
