import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import { createRconNotifier, kickCommand } from "../../src/sync/rcon.ts";
import type { SyncEvent } from "../../src/sync/report.ts";
import { seedEntries, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import {
  agentOptions,
  apiBytes,
  closedPort,
  fileBytes,
  latestEventId,
  runAgent,
  seedSurvival,
  startFakeRcon,
  type TestAgent,
} from "./helpers.ts";

const PASSWORD = "s3cret-rcon";

let dir: ReturnType<typeof tempDir>;
let service: RunningService | undefined;
let agents: TestAgent[] = [];
let rcons: ReturnType<typeof startFakeRcon>[] = [];

afterEach(async () => {
  for (const running of agents) await running.stop();
  await service?.stop();
  for (const rcon of rcons) rcon.stop();
  agents = [];
  rcons = [];
  service = undefined;
  dir?.cleanup();
});

async function world() {
  dir = tempDir("wls-rcon-");
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  return { service, s, ...(await seedSurvival(s, ["Notch", "jeb_"])) };
}

function fakeRcon(password = PASSWORD) {
  const rcon = startFakeRcon(password);
  rcons.push(rcon);
  return rcon;
}

function agent(...args: Parameters<typeof runAgent>) {
  const running = runAgent(...args);
  agents.push(running);
  return running;
}

describe("RCON", () => {
  test("whitelist reload after the initial write and after each change; kick on removal when asked", async () => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    const options = agentOptions(service, key, "survival", dir.path, {
      rcon: { host: "127.0.0.1", port: rcon.port, password: PASSWORD },
      kickRemoved: true,
    });
    agent(options);
    await rcon.until(() => rcon.commands.length === 1);
    expect(rcon.commands).toEqual(["whitelist reload"]);

    await seedEntries(s, wl.id, ["Alex"]);
    await rcon.until(() => rcon.commands.length === 2);
    await s.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" });
    await rcon.until(() => rcon.commands.length === 4);
    await seedEntries(s, wl.id, [".Steve Gamer"]);
    await rcon.until(() => rcon.commands.length === 5);
    await s.entries.remove({ whitelistId: wl.id, nick: ".steve gamer", origin: "api" });
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
    expect(rcon.authAttempts).toBe(1);
  });

  test("without --kick-removed a removal only reloads", async () => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    agent(
      agentOptions(service, key, "survival", dir.path, {
        rcon: { host: "127.0.0.1", port: rcon.port, password: PASSWORD },
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
    ["a wrong password", "wrong"],
    ["refused connections", null],
  ])("%s: logged, retried on the next change, and the file stays current", async (_label, password) => {
    const { service, s, wl, key } = await world();
    const rcon = fakeRcon();
    const port = password === null ? closedPort() : rcon.port;
    const options = agentOptions(service, key, "survival", dir.path, {
      rcon: { host: "127.0.0.1", port, password: password ?? PASSWORD },
      kickRemoved: true,
    });
    const sync = agent(options);
    const first = await sync.waitFor("rcon-failed");
    expect(first.address).toBe(`127.0.0.1:${port}`);
    expect(first.error).toMatch(password === null ? /ECONNREFUSED|connect/i : /Authentication failed/);

    const from = sync.events.length;
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await sync.synced(latestEventId(service), from);
    await sync.waitFor("rcon-failed", () => true, from);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
    if (password !== null) expect(rcon.authAttempts).toBe(2);
    expect(rcon.commands).toEqual([]);
    expect(sync.events.filter((e) => e.type === "removed")).toEqual([
      { type: "removed", nick: "Notch", whitelist: "survival" },
    ]);
  });

  test("a connection dropped by a game server restart is replaced without losing the command", async () => {
    const events: SyncEvent[] = [];
    const sent: string[] = [];
    let connections = 0;
    const notifier = createRconNotifier({
      target: { host: "127.0.0.1", port: 1, password: "x" },
      kickRemoved: true,
      report: (event) => events.push(event),
      connect: async () => {
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
    });
    notifier.afterChange();
    await notifier.idle();
    notifier.afterChange({ removed: ["Notch"] });
    await notifier.idle();
    expect([sent, connections]).toEqual([["whitelist reload", "whitelist reload", "kick Notch"], 2]);
    expect(events.filter((e) => e.type === "rcon-failed")).toEqual([]);
    await notifier.close();
  });

  test("a nick re-added before its kick ran is not kicked", async () => {
    const sent: string[] = [];
    let fail = true;
    const notifier = createRconNotifier({
      target: { host: "127.0.0.1", port: 1, password: "x" },
      kickRemoved: true,
      report: () => {},
      connect: async () => {
        if (fail) throw new Error("ECONNREFUSED");
        return {
          send: async (command) => {
            sent.push(command);
            return "";
          },
          end: async () => {},
        };
      },
    });
    notifier.afterChange({ removed: ["Notch", "jeb_"] });
    await notifier.idle();
    fail = false;
    notifier.afterChange({ added: ["notch"] });
    await notifier.idle();
    expect(sent).toEqual(["whitelist reload", "kick jeb_"]);
  });

  test("kick commands only carry safe player names", () => {
    expect([
      kickCommand("Notch"),
      kickCommand(".Steve Gamer"),
      kickCommand("a;op me"),
      kickCommand("x\ny"),
    ]).toEqual(["kick Notch", "kick .Steve_Gamer", null, null]);
  });
});
