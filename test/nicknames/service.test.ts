import { afterEach, describe, expect, test } from "bun:test";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  moderator,
  type SeededWorld,
  seededWorld,
} from "../registration/helpers.ts";

// Members' server nicknames follow their Minecraft names where a whitelist has a template (docs/decisions.md,
// Nicknames that follow the Minecraft name): through the real services, with a fake of the bot's nickname port.

let world: SeededWorld;
afterEach(() => world.close());

const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({
    name: "survival",
    nickType: "offline",
    maxNicksPerUser: 3,
    managerRoleIds: [MANAGER_ROLE],
    nicknameTemplate: "{discord} ({mc})",
    ...whitelist,
  });
  world.nicknames.join(alice.userId, { nick: null, name: "Alice" });
  world.nicknames.join(bob.userId, { nick: "Bobby", name: "bob" });
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

const unregister = (who: Member, nick: string, whitelist = "survival") =>
  world.registration.unregister({ guildId: GUILD, whitelist, nick, actor: who });

const settled = () => world.services.nicknames.settled();

forEachStore("nicknames that follow the Minecraft name", () => {
  test("set on registration from the display name, then restored to none when the nick goes", async () => {
    await setup();
    await register(alice, "Steve_1");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (Steve_1)");
    expect(await world.services.nicknames.record(GUILD, alice.userId)).toMatchObject({
      original: null,
      applied: "Alice (Steve_1)",
      released: false,
      failure: null,
    });
    await unregister(alice, "Steve_1");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBeNull();
    expect(await world.services.nicknames.record(GUILD, alice.userId)).toBeUndefined();
    expect(world.nicknames.calls).toEqual([
      { userId: alice.userId, nick: "Alice (Steve_1)" },
      { userId: alice.userId, nick: null },
    ]);
  });

  test("the nickname a member had is what {discord} says, and what comes back", async () => {
    await setup();
    await register(bob, "Herobrine");
    await settled();
    expect(world.nicknames.nickOf(bob.userId)).toBe("Bobby (Herobrine)");
    await unregister(bob, "Herobrine");
    await settled();
    expect(world.nicknames.nickOf(bob.userId)).toBe("Bobby");
  });

  test("it follows the oldest nick: a second changes nothing, removing the first moves it to the second", async () => {
    await setup();
    await register(alice, "First_1");
    await register(alice, "Second_2");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (First_1)");
    await unregister(alice, "First_1");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (Second_2)");
    expect(world.nicknames.calls.map((call) => call.nick)).toEqual(["Alice (First_1)", "Alice (Second_2)"]);
  });

  test("a nickname the member changed since is theirs: neither overwritten nor restored", async () => {
    await setup();
    await register(alice, "First_1");
    await settled();
    world.nicknames.rename(alice.userId, "My own name");
    await register(alice, "Second_2");
    await unregister(alice, "First_1");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("My own name");
    expect(await world.services.nicknames.record(GUILD, alice.userId)).toMatchObject({ released: true });
    await unregister(alice, "Second_2");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("My own name");
    expect(await world.services.nicknames.record(GUILD, alice.userId)).toBeUndefined();
    expect(world.nicknames.calls).toHaveLength(1);
  });

  test("a member renaming themselves while the bot's change waits out a rate limit keeps their name", async () => {
    await setup();
    await register(alice, "First_1");
    await register(alice, "Second_2");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (First_1)");
    // Her nickname moves to her second nick; Discord makes the bot wait, and meanwhile she renames herself.
    world.nicknames.limit(1, 20);
    await unregister(alice, "First_1");
    while (world.nicknames.calls.length < 2) await new Promise((next) => setImmediate(next));
    world.nicknames.rename(alice.userId, "Only Alice");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Only Alice");
    expect(await world.services.nicknames.record(GUILD, alice.userId)).toMatchObject({ released: true });
    expect(world.nicknames.calls.map((call) => call.nick)).toEqual(["Alice (First_1)", "Alice (Second_2)"]);
  });

  test("within 32 characters: the Discord name is cut with an ellipsis, the Minecraft name never", async () => {
    await setup();
    world.nicknames.join(alice.userId, { nick: null, name: "A very long display name indeed" });
    await register(alice, "Sixteen_chars_16");
    await settled();
    const nick = world.nicknames.nickOf(alice.userId) as string;
    expect(nick).toBe("A very long… (Sixteen_chars_16)");
    expect(nick.length).toBeLessThanOrEqual(32);
  });

  test("a member Discord will not let the bot rename is recorded, nothing else changes, and a later try is made", async () => {
    await setup();
    world.nicknames.refuse(alice.userId, "above");
    await register(alice, "Steve_1");
    await settled();
    expect(await world.services.nicknames.refused(GUILD)).toEqual([
      expect.objectContaining({ userId: alice.userId, failure: "above", applied: null }),
    ]);
    expect(world.nicknames.nickOf(alice.userId)).toBeNull();
  });

  test("a rate limit delays the change, never drops it", async () => {
    await setup();
    world.nicknames.limit(2, 1);
    await register(alice, "Steve_1");
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (Steve_1)");
    expect(world.nicknames.calls).toHaveLength(3);
  });

  test("whitelists without a template leave nicknames alone; a transfer moves the nickname with the nick", async () => {
    await setup();
    await seedWhitelist(world.services, { guildId: GUILD, name: "creative", nicknameTemplate: null });
    await register(alice, "Builder_1", "creative");
    await settled();
    expect(world.nicknames.calls).toEqual([]);
    await world.registration.register({
      guildId: GUILD,
      whitelist: "survival",
      member: alice,
      actor: moderator,
      nick: "Gift_1",
      origin: "staff",
    });
    await settled();
    expect(world.nicknames.nickOf(alice.userId)).toBe("Alice (Gift_1)");
    await world.services.transfers.transfer({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Gift_1",
      member: bob,
      actor: moderator,
    });
    await settled();
    expect([world.nicknames.nickOf(alice.userId), world.nicknames.nickOf(bob.userId)]).toEqual([
      null,
      "Bobby (Gift_1)",
    ]);
  });

  test("a member who left has nothing restored, and their record goes", async () => {
    await setup();
    await register(alice, "Steve_1");
    await settled();
    world.nicknames.leave(alice.userId);
    await world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    await unregister(moderator, "Steve_1").catch(() => {});
    await settled();
    expect(world.nicknames.calls).toHaveLength(1);
  });
});

describe("the nickname template", () => {
  test("is checked when set, and stored as Discord would store a name", async () => {
    world = await seededWorld({ name: "survival" });
    const update = (nicknameTemplate: string | null) =>
      world.services.whitelists.update(world.wl.id, { nicknameTemplate });
    expect((await update("  {discord}   ({mc}) ")).nicknameTemplate).toBe("{discord} ({mc})");
    expect((await update("{mc}")).nicknameTemplate).toBe("{mc}");
    expect((await update(null)).nicknameTemplate).toBeNull();
    for (const [template, says] of [
      ["{discord}", "exactly once"],
      ["{mc} {mc}", "exactly once"],
      ["{discord} {discord} {mc}", "at most once"],
      ["{user} {mc}", "the only placeholders"],
      ["{MC}", "exactly once"],
      ["a\nb {mc}", "the only placeholders"],
      ["seventeen chars!! {mc}", "at most 16 characters"],
    ] as const) {
      await expect(update(template)).rejects.toThrow(expect.objectContaining({ code: "invalid-input" }));
      await expect(update(template)).rejects.toThrow(says);
    }
  });
});
