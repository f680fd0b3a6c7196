import { afterEach, describe, expect, test } from "bun:test";
import { unescaped } from "../helpers/markdown.ts";
import { openSocket } from "../helpers/sockets.ts";
import { IDS, lines, PROFILES, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

const NOTCH_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";

/** An interaction as the control API tracks it. */
type Tracked = { name: string; acknowledged: boolean; deferred: boolean; answered: boolean };

/** The attachment option as the sandbox's control API takes it. */
const attached = (filename: string, text: string) => ({ filename, text });

/** `/whitelist import` as `userId`, with `file` attached; resolves with the reply. */
const importFile = (
  userId: string,
  file: { filename: string; text: string },
  options: Record<string, unknown> = {},
) =>
  world.command(userId, "whitelist", {
    subcommand: "import",
    options: { whitelist: "survival", file, ...options },
  });

const stored = async () =>
  (
    await world.services.entries.list((await world.services.whitelists.find(IDS.guild, "survival"))?.id ?? "")
  ).map((entry) => [entry.nick, entry.userId, entry.origin]);

/** survival, with the staff role as its manager role and the Whitelisted role granted; a log channel set. */
async function setUp() {
  world = await startWorld();
  await world.useLogChannel();
  return world.whitelist({ managerRoleIds: [IDS.staffRole], grantedRoleIds: [IDS.whitelistedRole] });
}

const WHITELIST_JSON = JSON.stringify(
  [
    { uuid: NOTCH_UUID, name: "notch" },
    { uuid: null, name: "Cracked_1" },
    { uuid: null, name: "bad nick!" },
    { uuid: NOTCH_UUID, name: "Notch" },
    { uuid: "853c80ef-3c37-49fd-aa49-938b674adae6", name: "jeb_" },
  ],
  null,
  2,
);

describe("/whitelist import", () => {
  test("imports an attached whitelist.json: deferred first, the counts, a per-line report, one log post, one event per nick", async () => {
    const survival = await setUp();
    const socket = openSocket(world.service.url, await world.key());
    await socket.waitFor((message) => message.type === "connected");
    world.mojang.hold();
    const replying = importFile(IDS.manager, attached("whitelist.json", WHITELIST_JSON));
    replying.catch(() => {});
    await world.mojang.waitForHeld();
    // Mojang has not answered; Discord was told the bot is on it.
    const tracked = await world.control<Tracked[]>("GET", "/interactions");
    expect(tracked.at(-1)).toMatchObject({ name: "whitelist", deferred: true, answered: false });
    world.mojang.release();
    const reply = await replying;

    expect({ ephemeral: reply.ephemeral, lines: lines(reply) }).toEqual({
      ephemeral: true,
      lines: [
        `📥 Imported **whitelist.json** (a Minecraft whitelist.json, 5 names) into **survival** for <@${IDS.manager}>.`,
        "added: 3 · already there: 1 · invalid: 1 · denied: 0 · not checked: 0",
        "Every name and what became of it is in the attached `import-report.csv`. Hand nicks over to their " +
          "players with `/whitelist transfer`.",
      ],
    });
    expect(reply.attachments).toEqual([
      {
        filename: "import-report.csv",
        contentType: "text/csv; charset=utf-8",
        size: expect.any(Number),
        text: expect.stringContaining(`2,notch,added,Notch,"premium, UUID ${NOTCH_UUID}"\r\n`),
      },
    ]);
    expect(reply.attachments[0]?.text?.split("\r\n")).toEqual([
      "line,name,outcome,nick,detail",
      `2,notch,added,Notch,"premium, UUID ${NOTCH_UUID}"`,
      "6,Cracked_1,added,Cracked_1,not premium",
      expect.stringMatching(/^10,bad nick!,invalid,,/),
      '14,Notch,already there,,"listed earlier, on line 2"',
      '18,jeb_,added,jeb_,"premium, UUID 853c80ef-3c37-49fd-aa49-938b674adae6"',
      "",
    ]);
    expect(await stored()).toEqual([
      ["Notch", IDS.manager, "staff"],
      ["Cracked_1", IDS.manager, "staff"],
      ["jeb_", IDS.manager, "staff"],
    ]);
    // One entry.added per nick on the socket; the importer got the granted role, as a registration would give it.
    for (const nick of ["Notch", "Cracked_1", "jeb_"]) {
      expect(
        await socket.waitFor((m) => m.type === "entry.added" && (m.entry as { nick: string }).nick === nick),
      ).toMatchObject({ whitelistId: survival.id, origin: "staff" });
    }
    socket.close();
    await world.roles(IDS.manager, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
    // The log channel gets one summary, not one post per nick.
    await world.message(IDS.logChannel, "the import summary", (m) => m.embeds[0]?.title === "Nicks imported");
    expect(
      (await world.messages(IDS.logChannel)).map((m) => [m.embeds[0]?.title, m.embeds[0]?.description]),
    ).toEqual([
      [
        "Nicks imported",
        `3 nicks from **whitelist.json** (5 names) added to **survival**, owned by <@${IDS.manager}>`,
      ],
    ]);
  });

  test("with member: the nicks are theirs; an EasyWhitelist config.yml and a plain list are read too", async () => {
    await setUp();
    const yml = "whitelist: true\nwhitelisted:\n  - notch\n  - carol_alt\n";
    const fromYml = await importFile(IDS.owner, attached("config.yml", yml), { member: IDS.carol });
    expect(lines(fromYml)[0]).toBe(
      `📥 Imported **config.yml** (an EasyWhitelist config.yml, 2 names) into **survival** for <@${IDS.carol}>.`,
    );
    const fromText = await importFile(IDS.owner, attached("friends.txt", "# friends\nNotch\nfriend_1\n"), {
      member: IDS.carol,
    });
    expect(lines(fromText).slice(0, 2)).toEqual([
      `📥 Imported **friends.txt** (a plain list, 2 names) into **survival** for <@${IDS.carol}>.`,
      "added: 1 · already there: 1 · invalid: 0 · denied: 0 · not checked: 0",
    ]);
    expect(await stored()).toEqual([
      ["Notch", IDS.carol, "staff"],
      ["carol_alt", IDS.carol, "staff"],
      ["friend_1", IDS.carol, "staff"],
    ]);
    await world.roles(IDS.carol, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
  });

  test("a dry run changes nothing and says what would happen", async () => {
    await setUp();
    const reply = await importFile(IDS.manager, attached("whitelist.json", WHITELIST_JSON), {
      "dry-run": true,
    });
    expect(lines(reply)).toEqual([
      `🔎 Dry run of **whitelist.json** (a Minecraft whitelist.json, 5 names) on **survival** for <@${IDS.manager}>: nothing was changed.`,
      "would be added: 3 · already there: 1 · invalid: 1 · denied: 0 · not checked: 0",
      "Every name and what became of it is in the attached `import-report.csv`. Run the command again without " +
        "`dry-run` to import.",
    ]);
    expect(reply.attachments[0]?.text).toContain("2,notch,would be added,Notch,");
    expect({ stored: await stored(), roles: (await world.member(IDS.manager)).roleIds }).toEqual({
      stored: [],
      roles: [IDS.staffRole],
    });
  });

  test("a file that is not one of the three formats, empty or too big: a clear refusal, nothing stored", async () => {
    await setUp();
    const attach =
      "Attach a Minecraft whitelist.json, a plain list (one nick per line) or an EasyWhitelist config.yml.";
    const refusals = [
      [
        attached("players.json", '{"players": ["Notch"]}'),
        `players.json is JSON, but not a whitelist.json (a list of {"uuid", "name"} entries). ${attach}`,
      ],
      [
        attached("config.yml", "whitelist: true\n"),
        `config.yml has no \\\`whitelisted:\\\` list of names, so it is not an EasyWhitelist config.yml. ${attach}`,
      ],
      [
        {
          filename: "skin.png",
          base64:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
        },
        `skin.png is not a text file. ${attach}`,
      ],
      [
        attached("notes.txt", "Hello staff,\nplease add my friends!\n"),
        `None of the 2 lines of notes.txt is a nick survival takes, so it is not a list of nicks. ${attach}`,
      ],
      [attached("empty.txt", "\n\n"), "empty.txt is empty: it lists no nick."],
      [
        attached("big.txt", "a".repeat(1024 * 1024 + 1)),
        "big.txt is 1,048,577 bytes; an import takes files up to 1 MiB. Split the list and import each part.",
      ],
    ] as const;
    for (const [file, message] of refusals) {
      const reply = await importFile(IDS.manager, file as { filename: string; text: string });
      expect({ file: file.filename, content: reply.content, attachments: reply.attachments }).toEqual({
        file: file.filename,
        content: message,
        attachments: [],
      });
    }
    expect(await stored()).toEqual([]);
  });

  test("a member who is not on the server any more, and a member who is not staff, are refused", async () => {
    await setUp();
    await world.leave(IDS.carol);
    const gone = await importFile(IDS.manager, attached("players.txt", "carol_mc\n"), { member: IDS.carol });
    expect(gone.content).toBe(
      `<@${IDS.carol}> is not a member of this server (any more), so nothing can be registered for them.`,
    );
    const notStaff = await importFile(IDS.alice, attached("players.txt", "alice_mc\n"));
    expect(notStaff.content).toBe(
      "Only staff of survival (Manage Server or one of its manager roles) can do that.",
    );
    expect(await stored()).toEqual([]);
  });

  test("Mojang going down mid-import: what it answered is stored, the rest reported as not checked", async () => {
    await setUp();
    const names = Array.from({ length: 60 }, (_, i) => `player_${String(i).padStart(2, "0")}`);
    world.mojang.hold();
    const replying = importFile(IDS.manager, attached("players.txt", names.join("\n")));
    replying.catch(() => {});
    await world.mojang.waitForHeld(4);
    world.mojang.release();
    world.mojang.hold();
    await world.mojang.waitForHeld(2);
    world.mojang.setMode("down");
    world.mojang.release();
    const reply = await replying;
    expect(lines(reply).slice(1, 3)).toEqual([
      "added: 40 · already there: 0 · invalid: 0 · denied: 0 · not checked: 20",
      "⏳ 20 names could not be looked up, so nothing was stored for them: import the same file again later " +
        "(what is already on the whitelist then reads “already there”).",
    ]);
    expect(reply.attachments[0]?.text).toContain(
      '41,player_40,not checked,,"Mojang could not be reached: not checked, import the file again"\r\n',
    );
    expect((await stored()).map(([nick]) => nick)).toEqual(names.slice(0, 40));
  });
});

describe("/whitelist transfer", () => {
  test("hands an imported nick to its player: the role moves, the log channel says so", async () => {
    await setUp();
    await importFile(IDS.manager, attached("players.txt", `${PROFILES.notch.name}\nbob_mc\n`));
    await world.roles(IDS.manager, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));

    const first = await world.command(IDS.manager, "whitelist", {
      subcommand: "transfer",
      channelId: IDS.survivalChannel,
      options: { nick: "notch", member: IDS.alice },
    });
    expect(first.content).toBe(
      `🔀 **Notch** on **survival** now belongs to <@${IDS.alice}> (it was <@${IDS.manager}>'s). Game servers see no change.`,
    );
    await world.roles(IDS.alice, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
    // The manager still holds bob_mc: the role stays until that one is handed over too.
    expect((await world.member(IDS.manager)).roleIds).toContain(IDS.whitelistedRole);
    await world.command(IDS.manager, "whitelist", {
      subcommand: "transfer",
      options: { nick: "bob_mc", member: IDS.bob, whitelist: "survival" },
    });
    await world.roles(IDS.manager, "the role taken back", (roles) => !roles.includes(IDS.whitelistedRole));
    expect(await stored()).toEqual([
      ["Notch", IDS.alice, "staff"],
      ["bob_mc", IDS.bob, "staff"],
    ]);
    const logged = await world.message(
      IDS.logChannel,
      "the second transfer",
      (m) =>
        m.embeds[0]?.title === "Nick handed over" &&
        unescaped(m.embeds[0]?.description ?? "").includes("bob_mc"),
    );
    expect(logged.embeds[0]?.description).toBe(
      `**bob\\_mc** on **survival**: <@${IDS.manager}> → <@${IDS.bob}>`,
    );
  });

  test("refusals: a nick not on the whitelist, the member who already has it, someone not staff", async () => {
    await setUp();
    await importFile(IDS.manager, attached("players.txt", "carol_mc\n"));
    const transfer = (userId: string, nick: string, member: string) =>
      world.command(userId, "whitelist", {
        subcommand: "transfer",
        options: { nick, member, whitelist: "survival" },
      });
    expect((await transfer(IDS.manager, "nobody", IDS.carol)).content).toBe(
      "nobody is not on survival. Check the spelling and try again.",
    );
    expect((await transfer(IDS.manager, "carol_mc", IDS.manager)).content).toBe(
      "carol\\_mc on survival already belongs to that member.",
    );
    expect((await transfer(IDS.carol, "carol_mc", IDS.carol)).content).toBe(
      "Only staff of survival (Manage Server or one of its manager roles) can do that.",
    );
    expect(await stored()).toEqual([["carol_mc", IDS.manager, "staff"]]);
  });
});
