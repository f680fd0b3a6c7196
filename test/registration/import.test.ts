import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { inEnglish } from "../../src/i18n/english.ts";
import { text } from "../../src/i18n/messages.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import type { ImportInput, ImportLine, ImportResult } from "../../src/registration/import.ts";
import { renderImportReport } from "../../src/registration/import-report.ts";
import type { Member } from "../../src/registration/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  MEMBER_ROLE,
  moderator,
  PLAYER_ROLE,
  refusal,
  type SeededWorld,
  seededWorld,
  XBOX,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

const NOTCH_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const JEB_UUID = "853c80ef-3c37-49fd-aa49-938b674adae6";

/** A world with one whitelist, `survival`, managed by MANAGER_ROLE; alice, bob and the moderator tracked. */
const setup = async (whitelist: Partial<NewWhitelist> = {}) => {
  world = await seededWorld({ name: "survival", managerRoleIds: [MANAGER_ROLE], ...whitelist });
  for (const who of [alice, bob, moderator]) world.roles.track(who.userId, who.roleIds);
  return world;
};

const textFile = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

/** Imports `text` as `name` by the moderator, for `owner` (the moderator when not given). */
const importText = (name: string, text: string, options: Partial<ImportInput> = {}) =>
  world.services.imports.importList({
    guildId: GUILD,
    whitelist: "survival",
    actor: moderator,
    owner: moderator,
    file: textFile(name, text),
    dryRun: false,
    ...options,
  });

/** The report's lines without the details (asserted separately where they matter). */
const outcomes = (result: ImportResult) =>
  result.lines.map((line: ImportLine) => [line.line, line.name, line.outcome, line.nick]);

/** The stored events of survival as `type nick origin`. */
const eventsOf = async () =>
  (await world.services.events.listAfter(0, { guildId: GUILD, whitelistId: world.wl.id }, 100_000)).map(
    (event) => `${event.type} ${event.entry.nick} ${event.origin}`,
  );

const storedNicks = async () => (await world.services.entries.list(world.wl.id)).map((entry) => entry.nick);

/** How many single-name look-ups (GET) reached the fake Mojang. */
const singleLookups = () => world.mojangServer.requests() - world.mojangServer.bulkRequests();

const register = (who: Member, nick: string) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: "survival",
    member: who,
    actor: who,
    nick,
    origin: "discord",
  });

forEachStore("importing a list", () => {
  test("a whitelist.json on a java whitelist: every rule of /whitelist add, premium nicks in Mojang's spelling, one event each", async () => {
    await setup();
    await register(bob, "Taken_1");
    const singleBefore = singleLookups();
    const published: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => published.push(notice));
    const file = JSON.stringify(
      [
        { uuid: NOTCH_UUID, name: "notch" },
        { uuid: null, name: "Cracked_1" },
        { uuid: null, name: "bad nick!" },
        { uuid: NOTCH_UUID, name: "NOTCH" },
        { uuid: null, name: "taken_1" },
        { uuid: JEB_UUID, name: "jeb_" },
      ],
      null,
      2,
    );
    const result = await importText("whitelist.json", file, { owner: alice });

    expect({ format: result.format, ownerId: result.ownerId, counts: result.counts }).toEqual({
      format: "vanilla",
      ownerId: alice.userId,
      counts: { added: 3, already: 2, invalid: 1, denied: 0, unchecked: 0, refused: 0 },
    });
    expect(outcomes(result)).toEqual([
      [2, "notch", "added", "Notch"],
      [6, "Cracked_1", "added", "Cracked_1"],
      [10, "bad nick!", "invalid", null],
      [14, "NOTCH", "already", null],
      [18, "taken_1", "already", null],
      [22, "jeb_", "added", "jeb_"],
    ]);
    expect(result.lines.map((line) => inEnglish(line.detail))).toEqual([
      `premium, UUID ${NOTCH_UUID}`,
      "not premium",
      expect.stringContaining("is not a valid nick"),
      "listed earlier, on line 2",
      "already on survival (Taken_1)",
      `premium, UUID ${JEB_UUID}`,
    ]);
    expect(
      (await world.services.entries.list(world.wl.id)).map(
        ({ nick, uuid, premium, userId, addedBy, origin }) => ({
          nick,
          uuid,
          premium,
          userId,
          addedBy,
          origin,
        }),
      ),
    ).toEqual([
      {
        nick: "Taken_1",
        uuid: null,
        premium: false,
        userId: bob.userId,
        addedBy: bob.userId,
        origin: "discord",
      },
      ...(
        [
          ["Notch", NOTCH_UUID, true],
          ["Cracked_1", null, false],
          ["jeb_", JEB_UUID, true],
        ] as const
      ).map(([nick, uuid, premium]) => ({
        nick,
        uuid,
        premium,
        userId: alice.userId,
        addedBy: moderator.userId,
        origin: "staff" as const,
      })),
    ]);
    // One entry.added per added nick, marked as part of a bulk change (the log channel posts one summary).
    expect(
      published.map((n) => [n.event.type, n.event.entry.nick, n.event.origin, n.actorId, n.bulk]),
    ).toEqual([
      ["entry.added", "Notch", "staff", moderator.userId, true],
      ["entry.added", "Cracked_1", "staff", moderator.userId, true],
      ["entry.added", "jeb_", "staff", moderator.userId, true],
    ]);
    // Mojang was asked once, in bulk, for the three candidates; never name by name.
    expect({ bulk: world.mojangServer.bulkRequests(), single: singleLookups() - singleBefore }).toEqual({
      bulk: 1,
      single: 0,
    });
  });

  test("names are looked up 10 per bulk request, and never again while Mojang's answers are fresh", async () => {
    await setup();
    const names = Array.from({ length: 25 }, (_, i) => `player_${i}`);
    const first = await importText("players.txt", names.join("\n"), { dryRun: true });
    expect(first.counts.added).toBe(25);
    expect({ bulk: world.mojangServer.bulkRequests(), single: singleLookups() }).toEqual({
      bulk: 3,
      single: 0,
    });
    await importText("players.txt", names.join("\n"));
    expect({ bulk: world.mojangServer.bulkRequests(), single: singleLookups() }).toEqual({
      bulk: 3,
      single: 0,
    });
    expect(await storedNicks()).toEqual(names);
  });

  test("a premium whitelist reports names without a premium account as invalid", async () => {
    await setup({ nickType: "premium" });
    const result = await importText("players.txt", "Notch\nnobody_here\n");
    expect(outcomes(result)).toEqual([
      [1, "Notch", "added", "Notch"],
      [2, "nobody_here", "invalid", null],
    ]);
    expect(inEnglish(result.lines[1]?.detail ?? text("common.dash"))).toBe(
      "not a premium account; survival takes premium accounts only",
    );
  });

  test("a Bedrock whitelist asks GeyserMC for each gamertag, and stores Floodgate's name and UUID", async () => {
    await setup({ nickType: "bedrock" });
    const result = await importText(
      "config.yml",
      "whitelisted:\n- Steve Jobs\n- .alex_pocket\n- No Such Tag\n",
    );
    expect(outcomes(result)).toEqual([
      [2, "Steve Jobs", "added", ".Steve_Jobs"],
      // As for a registration: GeyserMC gives the XUID, not the gamertag's spelling, so it is stored as typed.
      [3, ".alex_pocket", "added", ".alex_pocket"],
      [4, "No Such Tag", "invalid", null],
    ]);
    expect(
      (await world.services.entries.list(world.wl.id)).map((entry) => [entry.gamertag, entry.xuid]),
    ).toEqual([
      [XBOX.steveJobs.gamertag, XBOX.steveJobs.xuid],
      ["alex pocket", XBOX.alexPocket.xuid],
    ]);
  });

  test("an offline whitelist looks nothing up", async () => {
    await setup({ nickType: "offline" });
    const result = await importText("players.txt", "Notch\nanyone\n");
    expect(result.counts.added).toBe(2);
    expect(world.mojangServer.requests()).toBe(0);
  });

  test("a dry run checks everything and changes nothing: no entry, no event, no role", async () => {
    await setup({ grantedRoleIds: [PLAYER_ROLE] });
    const published: ChangeNotice[] = [];
    world.services.bus.subscribe((notice) => published.push(notice));
    const result = await importText("players.txt", "Notch\nbad nick!\nCracked_1\n", {
      owner: alice,
      dryRun: true,
    });
    expect({ dryRun: result.dryRun, counts: result.counts, lines: outcomes(result) }).toEqual({
      dryRun: true,
      counts: { added: 2, already: 0, invalid: 1, denied: 0, unchecked: 0, refused: 0 },
      lines: [
        [1, "Notch", "added", "Notch"],
        [2, "bad nick!", "invalid", null],
        [3, "Cracked_1", "added", "Cracked_1"],
      ],
    });
    expect(renderImportReport(result, wordsFor("en")).split("\r\n")[1]).toBe(
      `1,Notch,would be added,Notch,"premium, UUID ${NOTCH_UUID}"`,
    );
    expect({
      stored: await storedNicks(),
      events: await eventsOf(),
      published,
      roleCalls: world.roles.calls,
    }).toEqual({
      stored: [],
      events: [],
      published: [],
      roleCalls: [],
    });
  });

  test("the owner gets the whitelist's roles once, recorded on every imported nick, as registrations record them", async () => {
    await setup({ grantedRoleIds: [PLAYER_ROLE], nickType: "offline" });
    await importText("players.txt", "one\ntwo\nthree\n", { owner: alice });
    expect(world.roles.calls).toEqual([
      { op: "grant", guildId: GUILD, userId: alice.userId, roleIds: [PLAYER_ROLE] },
    ]);
    expect((await world.services.entries.list(world.wl.id)).map((entry) => entry.grantedRoleIds)).toEqual([
      [PLAYER_ROLE],
      [PLAYER_ROLE],
      [PLAYER_ROLE],
    ]);
    const remove = (nick: string) =>
      world.registration.unregister({ guildId: GUILD, whitelist: "survival", nick, actor: moderator });
    await remove("one");
    await remove("two");
    await world.reverter.settled();
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE, PLAYER_ROLE].sort());
    await remove("three");
    await world.reverter.settled();
    expect(world.roles.rolesNow(alice.userId)).toEqual([MEMBER_ROLE]);
  });

  test("is not bound by max-nicks, but what it gave the member counts against their own registrations", async () => {
    await setup({ maxNicksPerUser: 1, nickType: "offline" });
    const result = await importText("players.txt", "one\ntwo\nthree\n", { owner: alice });
    expect(result.counts.added).toBe(3);
    await expect(register(alice, "four")).rejects.toEqual(refusal("limit-reached"));
    // Staff adding for her is bound as before.
    await expect(
      world.registration.register({
        guildId: GUILD,
        whitelist: "survival",
        member: alice,
        actor: moderator,
        nick: "four",
        origin: "staff",
      }),
    ).rejects.toEqual(refusal("limit-reached"));
  });

  test("Mojang failing mid-import: what it answered is stored, the rest is 'not checked' and stored on a second import", async () => {
    await setup();
    const names = Array.from({ length: 100 }, (_, i) => `player_${String(i).padStart(3, "0")}`);
    world.mojangServer.hold();
    const importing = importText("players.txt", names.join("\n"));
    // The first four bulk requests (40 names) are answered; then Mojang goes down.
    await world.mojangServer.waitForHeld(4);
    world.mojangServer.release();
    world.mojangServer.hold();
    await world.mojangServer.waitForHeld(4);
    world.mojangServer.setMode("down");
    world.mojangServer.release();
    const result = await importing;

    expect(result.counts).toEqual({
      added: 40,
      already: 0,
      invalid: 0,
      denied: 0,
      unchecked: 60,
      refused: 0,
    });
    expect(await storedNicks()).toEqual(names.slice(0, 40));
    expect(result.lines[40]).toMatchObject({
      line: 41,
      name: "player_040",
      outcome: "unchecked",
      nick: null,
    });
    expect(inEnglish(result.lines[40]?.detail ?? text("common.dash"))).toBe(
      "Mojang could not be reached: not checked, import the file again",
    );
    // Once a request failed, the rest were not sent: 8 bulk requests, not 10.
    expect(world.mojangServer.bulkRequests()).toBe(8);

    world.mojangServer.setMode("normal");
    const again = await importText("players.txt", names.join("\n"));
    expect(again.counts).toEqual({ added: 60, already: 40, invalid: 0, denied: 0, unchecked: 0, refused: 0 });
    expect(await storedNicks()).toEqual(names);
  });

  test("Mojang down from the start: nothing is stored, every java name is 'not checked'", async () => {
    await setup();
    world.mojangServer.setMode("down");
    const result = await importText("players.txt", "Notch\njeb_\nbad nick!\n");
    expect(result.counts).toEqual({ added: 0, already: 0, invalid: 1, denied: 0, unchecked: 2, refused: 0 });
    expect({ stored: await storedNicks(), events: await eventsOf() }).toEqual({ stored: [], events: [] });
  });

  test("refused whole, with nothing stored: not a manager, a disabled whitelist, a file that is no list", async () => {
    await setup({ nickType: "offline" });
    await expect(importText("players.txt", "one\n", { actor: alice })).rejects.toEqual(
      refusal("not-manager"),
    );
    await expect(importText("notes.txt", "Dear staff,\nplease whitelist my friends!\n")).rejects.toEqual(
      refusal(
        "import-file-invalid",
        "None of the 2 lines of notes.txt is a nick survival takes, so it is not a list of nicks.",
      ),
    );
    await expect(importText("whitelist.json", '{"Notch": true}')).rejects.toEqual(
      refusal("import-file-invalid"),
    );
    await world.services.whitelists.update(world.wl.id, { enabled: false });
    await expect(importText("players.txt", "one\n")).rejects.toEqual(refusal("whitelist-disabled"));
    expect({ stored: await storedNicks(), events: await eventsOf() }).toEqual({ stored: [], events: [] });
  });

  test("an owner who left the server gets nothing", async () => {
    await setup({ nickType: "offline", grantedRoleIds: [PLAYER_ROLE] });
    world.roles.leave(alice.userId);
    await expect(importText("players.txt", "one\ntwo\n", { owner: alice })).rejects.toEqual(
      refusal("member-left"),
    );
    expect({ stored: await storedNicks(), events: await eventsOf(), grants: world.roles.calls }).toEqual({
      stored: [],
      events: [],
      grants: [],
    });
  });

  test("an owner leaving between two batches: the batch stored stays, the rest is refused", async () => {
    await setup({ nickType: "offline", removeOnLeave: false });
    const names = Array.from({ length: 600 }, (_, i) => `player${i}`);
    let seen = 0;
    let leaving: Promise<unknown> | undefined;
    world.services.bus.subscribe(() => {
      // The first transaction (500 entries) has committed: the owner leaves before the second.
      if (++seen === 500) leaving = world.registration.removeMember({ guildId: GUILD, userId: alice.userId });
    });
    const result = await importText("players.txt", names.join("\n"), { owner: alice });
    // The departure is recorded at once (what refuses the rest); its write waits behind the import's second batch,
    // which on a loaded machine may outlast the lock budget: then it is refused as busy, never anything else.
    await leaving?.catch((error) => expect(error).toEqual(refusal("store-unavailable")));
    expect(leaving).toBeDefined();
    expect(result.counts).toEqual({
      added: 500,
      already: 0,
      invalid: 0,
      denied: 0,
      unchecked: 0,
      refused: 100,
    });
    expect(result.lines[500]).toMatchObject({
      line: 501,
      name: "player500",
      outcome: "refused",
      nick: "player500",
    });
    expect(inEnglish(result.lines[500]?.detail ?? text("common.dash"))).toBe(
      "not stored: That member is no longer in the server; nothing was registered.",
    );
    expect(await storedNicks()).toEqual(names.slice(0, 500));
    expect(await eventsOf()).toHaveLength(500);
  });
});

forEachStore("the per-line report", () => {
  test("is CSV: a header, then one row per name in file order; quoted where needed, formulas defused", async () => {
    await setup({ nickType: "offline" });
    const result = await importText("players.txt", 'one\n=HYPERLINK("x")\none\n');
    expect(renderImportReport(result, wordsFor("en"))).toBe(
      [
        "line,name,outcome,nick,detail",
        '1,one,added,one,"offline nick, not looked up"',
        `2,"'=HYPERLINK(""x"")",invalid,,"“=HYPERLINK(""x"")” is not a valid nick. ` +
          `${inEnglish(result.lines[1]?.detail ?? text("common.dash")).split("” is not a valid nick. ")[1]}"`,
        '3,one,already there,,"listed earlier, on line 1"',
        "",
      ].join("\r\n"),
    );
  });
});
