import { describe, expect, test } from "bun:test";
import { openConsole } from "../../src/sync/console.ts";
import { createGameServer, kickCommand } from "../../src/sync/game-server.ts";
import type { SyncEvent } from "../../src/sync/report.ts";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import {
  agentOptions,
  apiBytes,
  closedPort,
  fileBytes,
  latestEventId,
  manualSleep,
  rconAt,
  seedSurvival,
} from "./helpers.ts";

const PASSWORD = "s3cret-rcon";

const fixture = syncFixture("wls-rcon-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  return { service, s, ...(await seedSurvival(s, ["Notch", "jeb_"])) };
}

function fakeRcon(password = PASSWORD, emptyValueFirst = false) {
  const rcon = fixture.rcon({ password, emptyValueFirst });
  return rcon;
}

const agent = fixture.agent;

describe("RCON", () => {
  test("whitelist reload after the initial write and after each change; kick on removal when asked", async () => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(rcon.port, PASSWORD),
      kickRemoved: true,
    });
    agent(options);
    await rcon.until(() => rcon.commands.length === 1);
    expect(rcon.commands).toEqual(["whitelist reload"]);

    await seedEntries(s, wl.id, ["Alex"]);
    await rcon.until(() => rcon.commands.length === 2);
    await s.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" });
    await rcon.until(() => rcon.commands.length === 4);
    await seedEntries(s, wl.id, [".Steve_Gamer"]);
    await rcon.until(() => rcon.commands.length === 5);
    await s.entries.remove({ whitelistId: wl.id, nick: ".steve_gamer", origin: "api" });
    await rcon.until(() => rcon.commands.length === 7);
    expect(rcon.commands).toEqual([
      "whitelist reload",
      "whitelist reload",
      "whitelist reload",
      "kick Notch",
      "whitelist reload",
      "whitelist reload",
      "kick .Steve_Gamer",
    ]);
    // One connection, authenticated once, reused for every command.
    expect(rcon.logins).toEqual([{ password: PASSWORD, accepted: true }]);
  });

  test("without --kick-removed a removal only reloads", async () => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    agent(
      agentOptions(service, key, "survival", fixture.dir, {
        console: rconAt(rcon.port, PASSWORD),
      }),
    );
    await rcon.until(() => rcon.commands.length === 1);
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await rcon.until(() => rcon.commands.length === 2);
    await seedEntries(s, wl.id, ["Sentinel"]);
    await rcon.until(() => rcon.commands.length === 3);
    expect(rcon.commands).toEqual(["whitelist reload", "whitelist reload", "whitelist reload"]);
  });

  test.each([
    ["as Minecraft answers it", false],
    ["after an empty response value, as Source servers answer it", true],
  ])(
    "a refused password (%s): said so, no command sent, tried again after a backoff and with the next change",
    async (_l, emptyFirst) => {
      const { service, s, wl, key } = await world();
      const rcon = fakeRcon(PASSWORD, emptyFirst);
      const options = agentOptions(service, key, "survival", fixture.dir, {
        console: rconAt(rcon.port, "wrong"),
        kickRemoved: true,
      });
      const waits = manualSleep();
      const sync = agent(options, { sleep: waits.sleep, random: () => 0.5 });
      const first = await sync.waitFor("command-failed");
      expect(first).toEqual({
        type: "command-failed",
        console: `RCON 127.0.0.1:${rcon.port}`,
        error: `RCON password refused by 127.0.0.1:${rcon.port}: it must equal rcon.password in server.properties`,
        retryInMs: 750,
      });
      // The refused connection is closed at once, before anything else is sent on it.
      await rcon.until(() => rcon.closed === 1);
      // The backoff's wait ends: tried again (and refused again), the wait doubling.
      expect(await waits.waiting()).toBe(750);
      let from = sync.events.length;
      waits.releaseAll();
      expect((await sync.waitFor("command-failed", () => true, from)).retryInMs).toBe(1500);

      // A change does not wait for the backoff: it tries again at once.
      from = sync.events.length;
      await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
      await sync.synced(await latestEventId(service), from);
      await sync.waitFor("command-failed", () => true, from);
      expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
      expect({
        logins: rcon.logins.length,
        commands: rcon.commands,
        unauthorized: rcon.unauthorized,
      }).toEqual({
        logins: 3,
        commands: [],
        unauthorized: [],
      });
      expect(sync.events.filter((e) => e.type === "command")).toEqual([]);
    },
  );

  test("RCON down during a change: the file is current, the reload is tried with backoff until it runs, and said", async () => {
    const { service, s, wl, key } = await world();
    const port = closedPort();
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(port, PASSWORD),
      kickRemoved: true,
    });
    const waits = manualSleep();
    const sync = agent(options, { sleep: waits.sleep, random: () => 0 });
    const first = await sync.waitFor("command-failed");
    expect([first.error, first.retryInMs]).toEqual([
      `cannot reach RCON at 127.0.0.1:${port} (ECONNREFUSED)`,
      500,
    ]);
    const from = sync.events.length;
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await sync.synced(await latestEventId(service), from);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
    await sync.waitFor("command-failed", () => true, from);

    // The server comes back on its port; the next try (the backoff's) runs what waited, once.
    const rcon = fixture.rcon({ password: PASSWORD, port });
    await waits.waiting();
    waits.releaseAll();
    const back = await sync.waitFor("console-back");
    expect(back).toEqual({ type: "console-back", console: `RCON 127.0.0.1:${port}`, attempts: 3 });
    expect(rcon.commands).toEqual(["whitelist reload", "kick Notch"]);
    expect(sync.events.flatMap((e) => (e.type === "command" ? [e.command] : []))).toEqual([
      "whitelist reload",
      "kick Notch",
    ]);
  });

  test.each([
    [
      "vanilla runs `whitelist reload` by default",
      "vanilla",
      undefined,
      ["whitelist reload", "whitelist reload"],
    ],
    [
      "easywhitelist runs `easywl reload` by default",
      "easywhitelist",
      undefined,
      ["easywl reload", "easywl reload"],
    ],
    ["plain runs the command given", "plain", "reload whitelist", ["reload whitelist", "reload whitelist"]],
    ["no reload command: only kicks", "vanilla", null, ["kick Notch"]],
  ] as const)("%s, at start and after each change", async (_label, format, reloadCommand, expected) => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    const options = agentOptions(service, key, "survival", fixture.dir, {
      format,
      console: rconAt(rcon.port, PASSWORD),
      kickRemoved: reloadCommand === null,
      ...(reloadCommand === undefined ? {} : { reloadCommand }),
    });
    const sync = agent(options);
    await sync.waitFor("started");
    if (reloadCommand !== null) await rcon.until(() => rcon.commands.length === 1);
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await rcon.until(() => rcon.commands.length === expected.length);
    expect(rcon.commands).toEqual([...expected]);
  });

  test("a connection dropped by a game server restart is replaced without losing the command", async () => {
    const events: SyncEvent[] = [];
    const sent: string[] = [];
    let connections = 0;
    const server = createGameServer({
      console: openConsole(
        { kind: "rcon", host: "127.0.0.1", port: 1, password: "x" },
        {
          rconConnect: async () => {
            const id = ++connections;
            return {
              // The first connection dies after its first command, as when the game server restarts.
              send: async (command) => {
                if (id === 1 && sent.length > 0) throw new Error("Not connected");
                sent.push(command);
                return "";
              },
              end: async () => {},
            };
          },
        },
      ),
      reloadCommand: "whitelist reload",
      kickRemoved: true,
      report: (event) => events.push(event),
      sleep: manualSleep().sleep,
      signal: new AbortController().signal,
    });
    server.changed();
    await server.idle();
    server.changed({ removed: ["Notch"] });
    await server.idle();
    expect([sent, connections]).toEqual([["whitelist reload", "whitelist reload", "kick Notch"], 2]);
    expect(events.filter((e) => e.type === "command-failed")).toEqual([]);
    await server.close();
  });

  test("a nick re-added before its kick ran is not kicked", async () => {
    const sent: string[] = [];
    let fail = true;
    const waits = manualSleep();
    const events: SyncEvent[] = [];
    const server = createGameServer({
      console: openConsole(
        { kind: "rcon", host: "127.0.0.1", port: 1, password: "x" },
        {
          rconConnect: async () => {
            if (fail) throw new Error("ECONNREFUSED");
            return {
              send: async (command) => {
                sent.push(command);
                return "";
              },
              end: async () => {},
            };
          },
        },
      ),
      reloadCommand: "whitelist reload",
      kickRemoved: true,
      report: (event) => events.push(event),
      sleep: waits.sleep,
      signal: new AbortController().signal,
    });
    server.changed({ removed: ["Notch", "jeb_"] });
    await waits.waiting();
    fail = false;
    // The change ends the wait: tried at once, without Notch's kick.
    server.changed({ added: ["notch"] });
    await server.idle();
    expect(sent).toEqual(["whitelist reload", "kick jeb_"]);
    expect(events.map((e) => e.type)).toEqual(["command-failed", "command", "command", "console-back"]);
    await server.close();
  });

  test("kick commands only carry safe player names", () => {
    expect([
      kickCommand("Notch"),
      kickCommand(".Steve_Gamer"),
      kickCommand("+Steve_Gamer"),
      kickCommand(".Steve Gamer"),
      kickCommand("*Steve"),
      kickCommand("a;op me"),
      kickCommand("x\ny"),
    ]).toEqual(["kick Notch", "kick .Steve_Gamer", "kick +Steve_Gamer", null, null, null, null]);
  });
});
