import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { bdsWrittenPath, createBdsPermissions, renderPermissions } from "../../src/sync/bds-permissions.ts";
import { groupCommandsOf } from "../../src/sync/group-commands.ts";
import type { MergedList } from "../../src/sync/merge.ts";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";
import type { SyncEvent } from "../../src/sync/report.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, GUILD, latestEventId } from "./helpers.ts";

// Ranks on a Bedrock Dedicated Server (docs/sync.md, Ranks): `--groups bds-permissions` keeps BDS's permissions.json
// beside allowlist.json from the groups `operator`, `member`, `visitor`, keeps the entries it did not write, and
// remembers what it wrote (`permissions.json.wls`) so that a restart writes only the net change, once.

const OWNER = "300000000000000001";
const OTHER = "300000000000000002";
const STAFF = "200000000000000012";
const VIP = "200000000000000011";
const ALEX = "2535432196048835";
const ZED = "2535400000000001";
const YAN = "2535400000000002";
/** Someone an operator made operator in game (`op`): not the agent's. */
const HOST = "2535499999999999";

const fixture = syncFixture("wls-bds-perm-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  const pe = await seedWhitelist(s, { guildId: GUILD, name: "pe", nickType: "bedrock" });
  await seedEntries(s, pe.id, [
    { nick: ".Alex_Pocket", gamertag: "Alex Pocket", xuid: ALEX, uuid: floodgateUuid(ALEX) },
    { nick: ".Steve_Gamer", gamertag: "Steve Gamer" },
    { nick: ".Zed", gamertag: "Zed", xuid: ZED, uuid: floodgateUuid(ZED), userId: OTHER },
  ]);
  const { plaintext: key } = await seedKey(s, GUILD);
  const map = (roleId: string, group: string) =>
    s.ranks.map({ whitelistId: pe.id, guildId: GUILD, roleId, group, actorId: OWNER });
  const roles = (userId: string, roleIds: string[]) =>
    s.entries.groups.memberRoles({ guildId: GUILD, userId, roleIds });
  const out = join(fixture.dir, "allowlist.json");
  return { service, s, pe, key, map, roles, out, permissions: join(fixture.dir, "permissions.json") };
}

const entry = (permission: string, xuid: string) => ({ permission, xuid });

describe("a Bedrock Dedicated Server's permissions.json", () => {
  test("follows the groups, keeps what it did not write, and writes only the net change after a restart, once", async () => {
    const { service, s, pe, key, map, roles, out, permissions } = await world();
    await map(STAFF, "operator");
    await map(VIP, "member");
    await roles(OWNER, [STAFF, VIP]);
    await roles(OTHER, [VIP]);
    // BDS's file already lists the host (op in game) and Zed as a visitor (by hand).
    writeFileSync(permissions, renderPermissions([entry("operator", HOST), entry("visitor", ZED)]));
    const options = agentOptions(service, key, "pe", fixture.dir, {
      format: "bds",
      out,
      groups: { kind: "bds-permissions", authoritative: false },
    });

    const first = fixture.agent(options);
    await first.waitFor("permissions-written");
    await first.stop();
    // Alex is operator (the highest of his groups); the host's and Zed's entries stay as they were.
    expect(JSON.parse(readFileSync(permissions, "utf8"))).toEqual([
      entry("operator", HOST),
      entry("visitor", ZED),
      entry("operator", ALEX),
    ]);
    // The bytes as BDS writes them itself.
    expect(readFileSync(permissions, "utf8")).toBe(
      '[\n   {\n      "permission" : "operator",\n      "xuid" : "2535499999999999"\n   },\n' +
        '   {\n      "permission" : "visitor",\n      "xuid" : "2535400000000001"\n   },\n' +
        '   {\n      "permission" : "operator",\n      "xuid" : "2535432196048835"\n   }\n]\n',
    );
    const warnings = first.events
      .filter((e) => e.type === "warning")
      .map((e) => (e as { message: string }).message);
    expect(warnings).toEqual([
      "not in permissions.json: Steve Gamer has no XUID yet (BDS lists players by XUID only)",
    ]);
    // Zed's entry, by hand, differs from his groups: said once, left as it is.
    expect(first.events.filter((e) => e.type === "groups-by-hand")).toEqual([
      {
        type: "groups-by-hand",
        file: permissions,
        player: ZED,
        found: "visitor",
        wanted: "member",
        restored: false,
      },
    ]);
    expect(JSON.parse(readFileSync(bdsWrittenPath(permissions), "utf8")).written).toEqual({
      [ALEX]: ["operator"],
    });

    // While the agent is down Alex loses the staff role many times over, ending a member.
    for (let i = 0; i < 20; i++) await roles(OWNER, i % 2 === 0 ? [VIP] : [STAFF, VIP]);
    await roles(OWNER, [VIP]);
    /** Runs an agent until a player added after its start is written as member: its start's write came first. */
    const restart = async (nick: string, xuid: string) => {
      const agent = fixture.agent(options);
      await agent.waitFor("started");
      await seedEntries(s, pe.id, [{ nick: `.${nick}`, gamertag: nick, xuid, uuid: floodgateUuid(xuid) }]);
      await agent.synced(await latestEventId(service));
      await agent.waitFor("permissions-written", () =>
        JSON.parse(readFileSync(permissions, "utf8")).some((e: { xuid: string }) => e.xuid === xuid),
      );
      await agent.stop();
      return agent.events.filter((e) => e.type === "permissions-written");
    };
    // One write for the change while down (Alex operator → member), one for Yan (the owner's: a member).
    expect(await restart("Yan", YAN)).toHaveLength(2);
    expect(JSON.parse(readFileSync(permissions, "utf8"))).toEqual([
      entry("operator", HOST),
      entry("visitor", ZED),
      entry("member", ALEX),
      entry("member", YAN),
    ]);
    // A hand edit makes Alex's entry someone else's: the agent then reports it and leaves it.
    const edited = JSON.parse(readFileSync(permissions, "utf8")).map(
      (e: { xuid: string; permission: string }) => (e.xuid === ALEX ? entry("visitor", ALEX) : e),
    );
    writeFileSync(permissions, renderPermissions(edited));
    const writes = await restart("Ann", "2535400000000003");
    expect(writes).toHaveLength(1);
    const final = JSON.parse(readFileSync(permissions, "utf8"));
    expect(final.find((e: { xuid: string }) => e.xuid === ALEX)).toEqual(entry("visitor", ALEX));
    expect(final.filter((e: { xuid: string }) => e.xuid === ALEX)).toHaveLength(1);
    expect(final).toContainEqual(entry("member", "2535400000000003"));
  }, 30_000);

  test("a crash between the record and the file: the restart still knows the entry it may have written", async () => {
    const file = join(fixture.dir, "permissions.json");
    // The record says operator or member (a change under way), the file still says operator.
    writeFileSync(file, renderPermissions([entry("operator", HOST), entry("operator", ALEX)]));
    writeFileSync(
      bdsWrittenPath(file),
      `${JSON.stringify({ version: 1, written: { [ALEX]: ["operator", "member"] } })}\n`,
    );
    const sent: string[] = [];
    const events: SyncEvent[] = [];
    const keeper = createBdsPermissions({
      file,
      console: {
        label: "the test console",
        answers: false,
        async send(command) {
          sent.push(command);
          return null;
        },
        close: async () => {},
      },
      report: (event) => events.push(event),
    });
    await keeper.load();
    const list: MergedList = new Map([
      [
        "alex",
        {
          entry: {
            nick: ".Alex",
            gamertag: "Alex",
            uuid: floodgateUuid(ALEX),
            premium: false,
            groups: ["member"],
          },
          whitelist: "pe",
        },
      ],
    ]);
    keeper.follow(list);
    await keeper.settled();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([entry("operator", HOST), entry("member", ALEX)]);
    expect(JSON.parse(readFileSync(bdsWrittenPath(file), "utf8")).written).toEqual({ [ALEX]: ["member"] });
    expect(sent).toEqual(["permission reload"]);
    expect(events.filter((e) => e.type === "warning")).toEqual([]);
    // The same list again changes no byte and sends nothing.
    keeper.follow(list);
    await keeper.settled();
    expect(sent).toEqual(["permission reload"]);
  });

  test("a crash before an addition reached the file: the restart writes it, not taking its absence for a hand's", async () => {
    const file = join(fixture.dir, "permissions.json");
    writeFileSync(file, renderPermissions([entry("operator", HOST)]));
    writeFileSync(
      bdsWrittenPath(file),
      `${JSON.stringify({ version: 1, written: { [YAN]: ["member"] }, adding: [YAN] })}\n`,
    );
    const events: SyncEvent[] = [];
    const keeper = createBdsPermissions({ file, console: null, report: (event) => events.push(event) });
    await keeper.load();
    keeper.follow(
      new Map([
        [
          "yan",
          {
            entry: {
              nick: ".Yan",
              gamertag: "Yan",
              uuid: floodgateUuid(YAN),
              premium: false,
              groups: ["member"],
            },
            whitelist: "pe",
          },
        ],
      ]),
    );
    await keeper.settled();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([entry("operator", HOST), entry("member", YAN)]);
    expect(events.filter((e) => e.type === "groups-by-hand")).toEqual([]);
    expect(JSON.parse(readFileSync(bdsWrittenPath(file), "utf8"))).toEqual({
      version: 1,
      written: { [YAN]: ["member"] },
    });
  });

  test("changed by hand: reported once and left as it is; with --groups-authoritative put back, and said", async () => {
    const file = join(fixture.dir, "permissions.json");
    const list: MergedList = new Map(
      [
        [ALEX, "operator"],
        [ZED, "member"],
        [YAN, "member"],
      ].map(([xuid, group]) => [
        xuid as string,
        {
          entry: {
            nick: `.P${xuid}`,
            gamertag: `P${xuid}`,
            uuid: floodgateUuid(xuid as string),
            premium: false,
            groups: [group as string],
          },
          whitelist: "pe",
        },
      ]),
    );
    const keeperOf = () => {
      const events: SyncEvent[] = [];
      const keeper = createBdsPermissions({
        file,
        console: null,
        report: (event) => events.push(event),
      });
      return { keeper, events, byHand: () => events.filter((e) => e.type === "groups-by-hand") };
    };
    const first = keeperOf();
    first.keeper.follow(list);
    await first.keeper.settled();
    // By hand, in game or in the file: Alex made a visitor, Zed's entry removed.
    writeFileSync(file, renderPermissions([entry("visitor", ALEX), entry("member", YAN)]));
    const handEdited = readFileSync(file, "utf8");
    // Each pass reads the file back; the difference is said once, and no byte changes.
    first.keeper.follow(list);
    first.keeper.follow(list);
    await first.keeper.settled();
    expect(readFileSync(file, "utf8")).toBe(handEdited);
    const said = (player: string, found: string | null, wanted: string, restored: boolean) => ({
      type: "groups-by-hand" as const,
      file,
      player,
      found,
      wanted,
      restored,
    });
    // In XUID order: Zed's first.
    expect(first.byHand()).toEqual([
      said(ZED, null, "member", false),
      said(ALEX, "visitor", "operator", false),
    ]);
    // A restart reads its record: Zed's entry is still the one removed by hand, not a new one to write.
    const again = keeperOf();
    await again.keeper.load();
    again.keeper.follow(list);
    await again.keeper.settled();
    expect(readFileSync(file, "utf8")).toBe(handEdited);
    expect(again.byHand()).toHaveLength(2);

    // --groups-authoritative (as the agent's options hand it over): both are put back, said, and a second pass finds
    // nothing to put back.
    const events: SyncEvent[] = [];
    const strict = {
      keeper: groupCommandsOf(
        {
          groups: { kind: "bds-permissions", authoritative: true },
          out: join(fixture.dir, "allowlist.json"),
          format: "bds",
        },
        null,
        {
          report: (event) => events.push(event),
          sleep: async () => {},
          signal: new AbortController().signal,
          clock: systemClock,
        },
      ) as NonNullable<ReturnType<typeof groupCommandsOf>>,
      byHand: () => events.filter((e) => e.type === "groups-by-hand"),
    };
    await strict.keeper.load();
    strict.keeper.follow(list);
    strict.keeper.follow(list);
    await strict.keeper.settled();
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([
      entry("operator", ALEX),
      entry("member", YAN),
      entry("member", ZED),
    ]);
    expect(strict.byHand()).toEqual([
      said(ZED, null, "member", true),
      said(ALEX, "visitor", "operator", true),
    ]);
    expect(JSON.parse(readFileSync(bdsWrittenPath(file), "utf8")).written).toEqual({
      [ALEX]: ["operator"],
      [YAN]: ["member"],
      [ZED]: ["member"],
    });
  });

  test("options: bds-permissions with --format bds only, no console needed, not with --once", () => {
    const base = {
      WLS_URL: "http://127.0.0.1:3000",
      WLS_KEY: "wls_x",
      WLS_WHITELIST: "pe",
      WLS_OUT: "/srv/bds/allowlist.json",
    };
    expect(parseSyncOptions(["--groups", "bds-permissions", "--format", "bds"], base).groups).toEqual({
      kind: "bds-permissions",
      authoritative: false,
    });
    expect(
      parseSyncOptions(["--groups", "bds-permissions", "--format", "bds", "--groups-authoritative"], base)
        .groups,
    ).toEqual({ kind: "bds-permissions", authoritative: true });
    const refusal = (argv: string[], more: Record<string, string> = {}) => {
      try {
        parseSyncOptions(argv, { ...base, ...more });
      } catch (error) {
        if (error instanceof SyncOptionsError) return error.message;
        throw error;
      }
      return "accepted";
    };
    expect(refusal(["--groups", "bds-permissions"])).toContain("--format bds");
    expect(refusal(["--groups", "bds-permissions", "--format", "bds", "--once"])).toContain("--once");
    // Nothing else can be read back: LuckPerms answers nothing over RCON, a pipe or a program nothing at all.
    const rcon = { WLS_RCON: "127.0.0.1", WLS_RCON_PASSWORD: "pw" };
    expect(
      refusal(["--groups", "luckperms", "--groups-authoritative", "--format", "vanilla"], rcon),
    ).toContain("needs groups the agent can read back");
    expect(refusal(["--groups-authoritative", "--format", "bds"])).toContain("bds-permissions");
  });
});
