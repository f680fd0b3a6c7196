import { afterEach, expect, test } from "bun:test";
import type { Member } from "../../src/registration/model.ts";
import { nickLimit } from "../../src/registration/rules.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  EXTRA_ROLE,
  GUILD,
  LOG_CHANNEL,
  MANAGER_ROLE,
  MEMBER_ROLE,
  member,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

// Nick limits by role (docs/decisions.md, Access follows roles): a member's limit is the highest of their roles'
// limits, else the whitelist's max-nicks. One rule, `nickLimit`, used by every way in.

let world: SeededWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The world of the running test. */
const current = (): SeededWorld => {
  if (!world) throw new Error("no world: call setup first");
  return world;
};

const setup = (whitelist: Partial<NewWhitelist>) =>
  seededWorld({ name: "survival", nickType: "offline", maxNicksPerUser: 1, ...whitelist }).then((w) => {
    world = w;
    return w;
  });

const register = (who: Member, nick: string) =>
  current().registration.register({
    guildId: GUILD,
    whitelist: "survival",
    member: who,
    actor: who,
    nick,
    origin: "discord",
  });

/** Registers `count` nicks for a member, then one more; resolves with the refusal of the extra one. */
async function fillUp(who: Member, count: number) {
  for (let index = 0; index < count; index++) await register(who, `${who.userId.slice(-2)}_${index}`);
  return register(who, `${who.userId.slice(-2)}_extra`).then(
    () => "registered past the limit",
    (error: unknown) => error,
  );
}

forEachStore("nick limits by role", () => {
  test("the rule: the highest limit among the member's roles, else max-nicks", () => {
    const whitelist = { maxNicksPerUser: 2, roleLimits: { [PLAYER_ROLE]: 5, [EXTRA_ROLE]: 3 } };
    expect({
      both: nickLimit(whitelist, [MEMBER_ROLE, EXTRA_ROLE, PLAYER_ROLE]),
      extra: nickLimit(whitelist, [EXTRA_ROLE]),
      none: nickLimit(whitelist, [MEMBER_ROLE]),
      noRoles: nickLimit(whitelist, []),
      lower: nickLimit({ maxNicksPerUser: 4, roleLimits: { [EXTRA_ROLE]: 1 } }, [EXTRA_ROLE]),
      notOwn: nickLimit({ maxNicksPerUser: 2, roleLimits: {} }, ["constructor"]),
    }).toEqual({ both: 5, extra: 3, none: 2, noRoles: 2, lower: 1, notOwn: 2 });
  });

  test("members register up to the highest limit their roles give; the refusal names that limit", async () => {
    await setup({ roleLimits: { [PLAYER_ROLE]: 3, [EXTRA_ROLE]: 2 } });
    const both = member("300000000000000001", [MEMBER_ROLE, EXTRA_ROLE, PLAYER_ROLE]);
    const extra = member("300000000000000002", [EXTRA_ROLE]);
    const plain = member("300000000000000003", [MEMBER_ROLE]);
    expect([await fillUp(both, 3), await fillUp(extra, 2), await fillUp(plain, 1)]).toEqual([
      refusal("limit-reached", "You already have 3 nicks on survival, the most allowed (3)."),
      refusal("limit-reached", "You already have 2 nicks on survival, the most allowed (2)."),
      refusal("limit-reached", "You already have 1 nick on survival, the most allowed (1)."),
    ]);
  });

  test("a role's limit below max-nicks holds for its holders (the role's limit replaces the whitelist's)", async () => {
    await setup({ maxNicksPerUser: 3, roleLimits: { [EXTRA_ROLE]: 1 } });
    const trial = member("300000000000000001", [EXTRA_ROLE]);
    expect(await fillUp(trial, 1)).toEqual(refusal("limit-reached", "the most allowed (1)"));
  });

  test("the limit is that of the roles Discord reports when the nick is stored, not when the command was typed", async () => {
    await setup({ roleLimits: { [PLAYER_ROLE]: 3 } });
    const seen = member("300000000000000001", [PLAYER_ROLE]);
    current().roles.track(seen.userId, [PLAYER_ROLE]);
    await register(seen, "first");
    current().roles.track(seen.userId, []);
    await expect(register(seen, "second")).rejects.toEqual(refusal("limit-reached", "the most allowed (1)"));
  });

  test("pending requests count against a role's limit too, and staff adding for a member go by the member's roles", async () => {
    await setup({
      registrationMode: "approval",
      managerRoleIds: [MANAGER_ROLE],
      roleLimits: { [PLAYER_ROLE]: 2 },
    });
    const player = member("300000000000000001", [PLAYER_ROLE]);
    const ask = (nick: string) =>
      current().registration.requestApproval({ guildId: GUILD, whitelist: "survival", member: player, nick });
    await ask("first");
    await ask("second");
    await expect(ask("third")).rejects.toEqual(
      refusal("limit-reached", "2 nicks registered or awaiting approval on survival, the most allowed (2)"),
    );
    expect(current().board.posts.map((post) => [post.channelId, post.nick])).toEqual([
      [LOG_CHANNEL, "first"],
      [LOG_CHANNEL, "second"],
    ]);
    const staffAdd = (who: Member, nick: string) =>
      current().registration.register({
        guildId: GUILD,
        whitelist: "survival",
        member: who,
        actor: member("300000000000000009", [MANAGER_ROLE]),
        nick,
        origin: "staff",
      });
    const other = member("300000000000000002", [PLAYER_ROLE]);
    await staffAdd(other, "other_one");
    await staffAdd(other, "other_two");
    await expect(staffAdd(other, "other_three")).rejects.toEqual(
      refusal("limit-reached", "That member already has 2 nicks on survival, the most allowed (2)."),
    );
  });
});

forEachStore("setting role limits", () => {
  test("are stored by role id and shown on the whitelist; an empty map clears them", async () => {
    const { services, wl } = await setup({});
    const set = await services.whitelists.update(wl.id, {
      roleLimits: { [PLAYER_ROLE]: 3, [EXTRA_ROLE]: 100 },
    });
    expect(set.roleLimits).toEqual({ [PLAYER_ROLE]: 3, [EXTRA_ROLE]: 100 });
    expect((await services.whitelists.get(wl.id))?.roleLimits).toEqual({
      [PLAYER_ROLE]: 3,
      [EXTRA_ROLE]: 100,
    });
    expect((await services.whitelists.update(wl.id, { roleLimits: {} })).roleLimits).toEqual({});
  });

  test.each([
    ["@everyone (the guild's id)", { [GUILD]: 2 }, "@everyone cannot have a nick limit of its own"],
    ["zero", { [PLAYER_ROLE]: 0 }, "a whole number from 1 to 100 (got 0)"],
    ["a negative number", { [PLAYER_ROLE]: -1 }, "a whole number from 1 to 100 (got -1)"],
    ["a fraction", { [PLAYER_ROLE]: 2.5 }, "a whole number from 1 to 100 (got 2.5)"],
    ["more than 100", { [PLAYER_ROLE]: 101 }, "a whole number from 1 to 100 (got 101)"],
    ["not a number", { [PLAYER_ROLE]: Number.NaN }, "a whole number from 1 to 100 (got NaN)"],
    ["a key that is no role id", { "<@&1>": 2 }, "A role limit needs a role id"],
  ])("refuses %s, and stores nothing", async (_what, roleLimits, message) => {
    const { services, wl } = await setup({ roleLimits: { [EXTRA_ROLE]: 2 } });
    await expect(
      services.whitelists.update(wl.id, { roleLimits: { [MEMBER_ROLE]: 4, ...roleLimits } }),
    ).rejects.toEqual(refusal("invalid-input", message));
    expect((await services.whitelists.get(wl.id))?.roleLimits).toEqual({ [EXTRA_ROLE]: 2 });
    await expect(
      services.whitelists.create({
        guildId: GUILD,
        name: "other",
        channelId: wl.channelId,
        nickType: "offline",
        registrationMode: "command",
        roleLimits,
      }),
    ).rejects.toEqual(refusal("invalid-input", message));
    expect((await services.whitelists.listForGuild(GUILD)).map((whitelist) => whitelist.name)).toEqual([
      "survival",
    ]);
  });

  test("refuses a role-loss policy that is not remove or keep", async () => {
    const { services, wl } = await setup({});
    await expect(services.whitelists.update(wl.id, { onRoleLoss: "sometimes" as "keep" })).rejects.toEqual(
      refusal("invalid-input", "On role loss is one of remove, keep."),
    );
    expect((await services.whitelists.get(wl.id))?.onRoleLoss).toBe("remove");
  });
});
