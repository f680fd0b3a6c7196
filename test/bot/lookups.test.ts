import { afterEach, describe, expect, test } from "bun:test";
import type { Whitelist } from "../../src/whitelists/model.ts";
import { IDS, lines, PROFILES, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });

const at = (ms: number) => `<t:${Math.floor(ms / 1000)}:f> (<t:${Math.floor(ms / 1000)}:R>)`;
const ago = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;
const DAY = 24 * 60 * 60_000;

/**
 * `survival` (managed by the staff role, two nicks each): alice registers Notch herself; staff add bob_mc for
 * bob, expiring in a week.
 */
const setup = async (): Promise<Whitelist> => {
  world = await startWorld();
  const survival = await world.whitelist({ managerRoleIds: [IDS.staffRole], maxNicksPerUser: 2 });
  await world.command(IDS.alice, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: "notch" },
  });
  await world.services.entries.add({
    whitelistId: survival.id,
    nick: "bob_mc",
    uuid: null,
    premium: false,
    userId: IDS.bob,
    addedBy: IDS.manager,
    origin: "staff",
    expiresAt: world.clock.now() + 7 * DAY,
  });
  return survival;
};

const fieldsOf = (embed: { fields?: { name: string; value: string }[] } | undefined) =>
  Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]));

describe("/whitelist whois", () => {
  test("staff see the owner as a mention, who added it, when, how, whether verified, its expiry and its account", async () => {
    await setup();
    const now = world.clock.now();
    const notch = await wl(IDS.manager, "whois", { nick: "NOTCH" });
    expect({
      content: notch.content,
      title: notch.embeds[0]?.title,
      fields: fieldsOf(notch.embeds[0]),
    }).toEqual({
      content: "🔎 **Notch** is on **survival**.",
      title: "Notch on survival",
      fields: {
        Owner: `<@${IDS.alice}>`,
        "Added by": `<@${IDS.alice}>`,
        How: "the member registered it",
        Verified: "no",
        When: at(now),
        Expires: "never",
        Account: "premium, UUID 069a79f4-44e9-4726-a5be-fca90e38aaf5",
      },
    });
    const bob = await wl(IDS.owner, "whois", { nick: "bob_mc", whitelist: "survival" });
    expect(fieldsOf(bob.embeds[0])).toEqual({
      Owner: `<@${IDS.bob}>`,
      "Added by": `<@${IDS.manager}>`,
      How: "staff: `/whitelist add`, or an approved request",
      Verified: "no",
      When: at(now),
      Expires: at(now + 7 * DAY),
      Account: "not premium",
    });
  });

  test("a member sees their own nick; another's is refused, an unknown nick said so", async () => {
    await setup();
    expect((await wl(IDS.alice, "whois", { nick: PROFILES.notch.name })).embeds[0]?.title).toBe(
      "Notch on survival",
    );
    expect((await wl(IDS.bob, "whois", { nick: "notch" })).content).toBe(
      "Notch on survival belongs to another member; only staff of that whitelist can see whose.",
    );
    expect((await wl(IDS.owner, "whois", { nick: "ghost" })).content).toBe(
      "ghost is not on any whitelist of this server. Check the spelling and try again.",
    );
    expect((await wl(IDS.owner, "whois", { nick: "ghost", whitelist: "nowhere" })).content).toBe(
      "There is no whitelist “nowhere” on this server. Pick one of the names the command suggests.",
    );
  });

  test("staff also see a denial of the nick", async () => {
    await setup();
    await wl(IDS.manager, "deny", { whitelist: "survival", nick: "Griefer_1", reason: "griefing" });
    const reply = await wl(IDS.manager, "whois", { nick: "griefer_1" });
    expect({
      content: reply.content,
      title: reply.embeds[0]?.title,
      fields: fieldsOf(reply.embeds[0]),
    }).toEqual({
      content: "🔎 **Griefer\\_1** is on no whitelist you can see.",
      title: "Griefer\\_1 is denied on survival",
      fields: {
        Reason: "griefing",
        "Denied by": `<@${IDS.manager}>`,
        When: at(world.clock.now()),
        Account: "by name only",
      },
    });
  });
});

describe("/whitelist member", () => {
  test("staff list a member's nicks on every whitelist; a member may list their own", async () => {
    await setup();
    const creative = await world.whitelist({ name: "creative", managerRoleIds: [IDS.staffRole] });
    await world.command(IDS.bob, "register", { options: { nick: "Bob_Builds", whitelist: creative.name } });
    const now = world.clock.now();
    const expected = [
      `<@${IDS.bob}> has 2 nicks on this server's whitelists:`,
      `• **bob\\_mc** on **survival**: added by <@${IDS.manager}> ${ago(now)}, expires ${ago(now + 7 * DAY)}`,
      `• **Bob\\_Builds** on **creative**: registered ${ago(now)}`,
    ];
    expect(lines(await wl(IDS.manager, "member", { user: IDS.bob }))).toEqual(expected);
    expect(lines(await wl(IDS.bob, "member", { user: IDS.bob }))).toEqual(expected);
  });

  test("another member's nicks are refused to a member; someone with nothing is said to have none", async () => {
    await setup();
    expect((await wl(IDS.bob, "member", { user: IDS.alice })).content).toBe(
      "Only staff can look up another member's nicks; you can look up your own.",
    );
    expect((await wl(IDS.owner, "member", { user: IDS.carol })).content).toBe(
      `<@${IDS.carol}> has no nicks on this server's whitelists.`,
    );
    expect((await wl(IDS.carol, "member", { user: IDS.carol })).content).toBe(
      `<@${IDS.carol}> has no nicks on this server's whitelists.`,
    );
  });
});

describe("autocomplete of nick options", () => {
  test("staff get the whitelist's nicks, members their own, at most 25, prefix matches first", async () => {
    const survival = await setup();
    for (let i = 0; i < 30; i++) {
      await world.services.entries.add({
        whitelistId: survival.id,
        nick: `carol_${String(i).padStart(2, "0")}`,
        uuid: null,
        premium: false,
        userId: IDS.carol,
        addedBy: IDS.manager,
        origin: "staff",
      });
    }
    const suggest = (userId: string, subcommand: string, nick: string) =>
      world.autocomplete(userId, "whitelist", "nick", {
        subcommand,
        options: { whitelist: "survival", nick },
      });
    const staff = await suggest(IDS.manager, "remove", "");
    expect([staff.length, staff[0], staff[24]]).toEqual([
      25,
      { name: "bob_mc (survival)", value: "bob_mc" },
      { name: "carol_23 (survival)", value: "carol_23" },
    ]);
    expect(await suggest(IDS.manager, "whois", "NO")).toEqual([{ name: "Notch (survival)", value: "Notch" }]);
    expect(await suggest(IDS.alice, "remove", "")).toEqual([{ name: "Notch (survival)", value: "Notch" }]);
    expect(await suggest(IDS.bob, "whois", "mc")).toEqual([{ name: "bob_mc (survival)", value: "bob_mc" }]);
    // deny is for staff: a member is offered nothing there, staff the whitelist's nicks.
    expect(await suggest(IDS.bob, "deny", "")).toEqual([]);
    expect(await suggest(IDS.manager, "deny", "BOB")).toEqual([
      { name: "bob_mc (survival)", value: "bob_mc" },
    ]);
    expect(
      await world.autocomplete(IDS.manager, "unregister", "nick", { options: { nick: "carol_2" } }),
    ).toHaveLength(10);
  });

  test("undeny suggests the denied nicks, to staff only", async () => {
    await setup();
    await wl(IDS.manager, "deny", { whitelist: "survival", nick: "Griefer_1" });
    const suggest = (userId: string) =>
      world.autocomplete(userId, "whitelist", "nick", {
        subcommand: "undeny",
        options: { whitelist: "survival", nick: "gr" },
      });
    expect(await suggest(IDS.manager)).toEqual([{ name: "Griefer_1 (survival)", value: "Griefer_1" }]);
    expect(await suggest(IDS.alice)).toEqual([]);
  });
});
