import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { offlineUuid } from "../../src/nicks/uuid.ts";
import { createLuckPerms } from "../../src/sandbox/management/luckperms.ts";
import { templateProblem } from "../../src/sync/commands.ts";
import type { GameConsole } from "../../src/sync/console.ts";
import { createGroupCommands, groupPlaceholders, groupsStatePath } from "../../src/sync/group-commands.ts";
import type { MergedList } from "../../src/sync/merge.ts";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";
import type { SyncEvent } from "../../src/sync/report.ts";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, GUILD, latestEventId, rconAt, seedSurvival } from "./helpers.ts";

// Ranks on the game server (docs/sync.md, Ranks): the agent puts each listed player in the groups their entry carries,
// through LuckPerms' console commands on the RCON stand-in, and remembers what it applied (`<out>.groups`) so that a
// restart runs only the net changes, each once.

const OWNER = "300000000000000001";
const VIP = "200000000000000011";
const STAFF = "200000000000000012";
const LUCKPERMS = {
  onAdd: "lp user {uuid} parent add {group}",
  onRemove: "lp user {uuid} parent remove {group}",
};

describe("the agent sets game groups", () => {
  const fixture = syncFixture("wls-groups-");

  async function world() {
    const service = await fixture.service();
    const s = service.services;
    const seeded = await seedSurvival(s, ["Notch"]);
    const map = (roleId: string, group: string) =>
      s.ranks.map({ whitelistId: seeded.wl.id, guildId: GUILD, roleId, group, actorId: OWNER });
    const roles = (roleIds: string[]) =>
      s.entries.groups.memberRoles({ guildId: GUILD, userId: OWNER, roleIds });
    return { service, s, map, roles, ...seeded };
  }

  const lp = (commands: string[]) => commands.filter((command) => command.startsWith("lp "));

  test("a role gained and lost: LuckPerms' parent add, then parent remove, once each; the file keeps its bytes", async () => {
    const { service, map, roles, key } = await world();
    await map(VIP, "vip");
    const rcon = fixture.rcon({ password: "pw" });
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(rcon.port, "pw"),
      groups: { ...LUCKPERMS, ratePerSecond: 1000 },
    });
    const sync = fixture.agent(options);
    await sync.waitFor("started");
    const file = readFileSync(options.out);

    await roles([VIP]);
    const uuid = offlineUuid("Notch");
    await sync.waitFor("command", (e) => e.command === `lp user ${uuid} parent add vip`);
    await roles([]);
    await sync.waitFor("command", (e) => e.command === `lp user ${uuid} parent remove vip`);
    // The same roles again change nothing; a marker addition shows every event before it was applied.
    await roles([]);
    await seedEntries(
      service.services,
      (await service.services.whitelists.listForGuild(GUILD))[0]?.id as string,
      ["Marker"],
    );
    await sync.synced(await latestEventId(service));
    expect(lp(rcon.commands)).toEqual([
      `lp user ${uuid} parent add vip`,
      `lp user ${uuid} parent remove vip`,
    ]);
    // No group change rewrote the file or ran the reload for it.
    expect(rcon.commands.filter((c) => c === "whitelist reload")).toHaveLength(2);
    expect(readFileSync(options.out).toString()).toContain("Marker");
    expect(file.toString()).not.toContain("Marker");
  });

  test("a group taken away by hand in game is not fought: LuckPerms answers nothing over RCON, so it is not seen", async () => {
    const { service, s, wl, map, roles, key } = await world();
    await map(VIP, "vip");
    await roles([VIP]);
    const uuid = offlineUuid("Notch");
    // The server's LuckPerms, answering over RCON as LuckPerms does: nothing (src/sandbox/management/luckperms.ts).
    const luckperms = createLuckPerms(["vip"], (ref) =>
      ref.id === uuid || ref.name?.toLowerCase() === "notch" ? { id: uuid, name: "Notch" } : null,
    );
    const rcon = fixture.rcon({
      password: "pw",
      answer: (command) => (luckperms.command(command.split(" ")) ? "" : `Ran ${command}`),
    });
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(rcon.port, "pw"),
      groups: { ...LUCKPERMS, ratePerSecond: 1000 },
    });
    const sync = fixture.agent(options);
    await sync.waitFor("command", (e) => e.command === `lp user ${uuid} parent add vip`);
    expect(luckperms.users()).toEqual([{ id: uuid, name: "Notch", groups: ["default", "vip"] }]);
    // An operator takes vip away in game; later changes of the list run no command for Notch.
    luckperms.command(["lp", "user", "Notch", "parent", "remove", "vip"]);
    await seedEntries(s, wl.id, [{ nick: "Marker", userId: "300000000000000099" }]);
    await sync.synced(await latestEventId(service));
    await sync.stop();
    expect(lp(rcon.commands)).toEqual([`lp user ${uuid} parent add vip`]);
    expect(luckperms.users()).toEqual([{ id: uuid, name: "Notch", groups: ["default"] }]);
  });

  test("restarted after 200 changes while it was down: only the net changes run, each once; a second restart runs none", async () => {
    const { service, s, wl, map, roles, key } = await world();
    await map(VIP, "vip");
    await map(STAFF, "staff");
    await map("verified", "trusted");
    const rcon = fixture.rcon({ password: "pw" });
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(rcon.port, "pw"),
      groups: { ...LUCKPERMS, ratePerSecond: 1000 },
    });
    const uuid = offlineUuid("Notch");
    await roles([VIP]);
    const first = fixture.agent(options);
    await first.waitFor("command", (e) => e.command === `lp user ${uuid} parent add vip`);
    await first.stop();
    expect(JSON.parse(readFileSync(groupsStatePath(options.out), "utf8")).players).toEqual({
      "nick:notch": { name: "Notch", uuid, groups: ["vip"] },
    });

    // While the agent is down the member's roles change 200 times, ending with staff and without vip.
    for (let i = 0; i < 199; i++) await roles(i % 2 === 0 ? [STAFF] : [VIP, STAFF]);
    await roles([STAFF]);
    /**
     * Runs an agent until a nick added after its start (someone else's, in no group) is in the file, and `last` ran if
     * given: what its start called for was sent by then.
     */
    const restart = async (marker: string, last?: string) => {
      const agent = fixture.agent(options);
      await agent.waitFor("started");
      await seedEntries(s, wl.id, [{ nick: marker, userId: "300000000000000099" }]);
      await agent.synced(await latestEventId(service));
      if (last) await agent.waitFor("command", (e) => e.command === last);
      await agent.stop();
    };
    const before = rcon.commands.length;
    await restart("Marker1", `lp user ${uuid} parent add staff`);
    expect(lp(rcon.commands.slice(before))).toEqual([
      `lp user ${uuid} parent remove vip`,
      `lp user ${uuid} parent add staff`,
    ]);

    const after = rcon.commands.length;
    await restart("Marker2");
    expect(lp(rcon.commands.slice(after))).toEqual([]);
  }, 30_000);
});

describe("group commands, alone", () => {
  /** A console that records what it is sent, and when, by the test's clock. */
  function recordingConsole(clock: { now: number }) {
    const sent: { command: string; at: number }[] = [];
    const console: GameConsole = {
      label: "the test console",
      answers: false,
      async send(command) {
        sent.push({ command, at: clock.now });
        return null;
      },
      async close() {},
    } as GameConsole;
    return { sent, console };
  }

  const listOf = (players: { nick: string; groups: string[] }[]): MergedList =>
    new Map(
      players.map(({ nick, groups }) => [
        nick.toLowerCase(),
        { entry: { nick, uuid: null, premium: false, groups }, whitelist: "survival" },
      ]),
    );

  test("300 players gaining a group at once: every command runs, never more than the rate in any second", async () => {
    const clock = { now: 0 };
    const { sent, console } = recordingConsole(clock);
    const events: SyncEvent[] = [];
    const dir = (await import("node:os")).tmpdir();
    const groups = createGroupCommands({
      options: { ...LUCKPERMS, ratePerSecond: 50 },
      out: `${dir}/wls-groups-rate-${process.pid}-${Date.now()}.json`,
      format: "vanilla",
      console,
      report: (event) => events.push(event),
      // Time passes only when the commands wait for their turn.
      sleep: async (ms) => {
        clock.now += ms;
      },
      signal: new AbortController().signal,
      now: () => clock.now,
    });
    groups.follow(listOf(Array.from({ length: 300 }, (_, i) => ({ nick: `p${i}`, groups: ["member"] }))));
    await groups.settled();
    expect(sent).toHaveLength(300);
    for (let i = 50; i < sent.length; i++) {
      expect((sent[i]?.at as number) - (sent[i - 50]?.at as number)).toBeGreaterThanOrEqual(1000);
    }
    expect((sent.at(-1)?.at as number) <= 10_000).toBe(true);
    expect(events.filter((e) => e.type === "command")).toHaveLength(300);
  });

  test("no nick, gamertag or group carries a second command: such a command is refused and said, the others run", async () => {
    const clock = { now: 0 };
    const { sent, console } = recordingConsole(clock);
    const events: SyncEvent[] = [];
    const groups = createGroupCommands({
      options: { ...LUCKPERMS, onAdd: "lp user {name} parent add {group}", ratePerSecond: 1000 },
      out: `${(await import("node:os")).tmpdir()}/wls-groups-hostile-${process.pid}-${Date.now()}.json`,
      format: "vanilla",
      console,
      report: (event) => events.push(event),
      sleep: async () => {},
      signal: new AbortController().signal,
      now: () => clock.now,
    });
    groups.follow(
      listOf([
        { nick: "Alex Pocket", groups: ["member"] },
        { nick: "fine", groups: ["vip;op fine", "member\nop fine", "member"] },
      ]),
    );
    await groups.settled();
    expect(sent.map((s) => s.command)).toEqual([
      'lp user "Alex Pocket" parent add member',
      "lp user fine parent add member",
    ]);
    expect(events.filter((e) => e.type === "warning")).toHaveLength(2);
  });

  test("options: --groups luckperms or both templates naming {group}, with a console, not with --once", () => {
    const base = {
      WLS_URL: "http://127.0.0.1:3000",
      WLS_KEY: "wls_x",
      WLS_WHITELIST: "survival",
      WLS_OUT: "/srv/mc/wl.json",
      WLS_RCON: "127.0.0.1",
      WLS_RCON_PASSWORD: "pw",
    };
    expect(parseSyncOptions(["--groups", "luckperms"], base).groups).toEqual({
      onAdd: "lp user {uuid} parent add {group}",
      onRemove: "lp user {uuid} parent remove {group}",
      ratePerSecond: 50,
    });
    expect(parseSyncOptions(["--groups", "luckperms-velocity", "--group-rate", "5"], base).groups).toEqual({
      onAdd: "lpv user {uuid} parent add {group}",
      onRemove: "lpv user {uuid} parent remove {group}",
      ratePerSecond: 5,
    });
    const refusal = (argv: string[], env: Record<string, string> = base) => {
      try {
        parseSyncOptions(argv, env);
      } catch (error) {
        if (error instanceof SyncOptionsError) return error.message;
        throw error;
      }
      return "accepted";
    };
    expect(refusal(["--on-group-add", "lp user {uuid} parent add {group}"])).toContain("--on-group-remove");
    expect(refusal(["--on-group-add", "op {name}", "--on-group-remove", "deop {name}"])).toContain("{group}");
    expect(refusal(["--groups", "luckperms", "--once"])).toContain("--once");
    const { WLS_RCON: _r, WLS_RCON_PASSWORD: _p, ...noConsole } = base;
    expect(refusal(["--groups", "luckperms"], noConsole)).toContain("needs a console");
    expect(refusal(["--groups", "luckperms", "--format", "bds"])).toContain("Bedrock");
    expect(templateProblem("lp user {uuid} parent add {rank}", groupPlaceholders)).toContain("{rank}");
  });
});
