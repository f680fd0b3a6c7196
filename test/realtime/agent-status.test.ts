import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createStatusRecorder, STATUS_EVERY_MS } from "../../src/realtime/agent-status.ts";
import type { RunningService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { eventually } from "../helpers/eventually.ts";
import {
  forEachStore,
  seedKey,
  seedWhitelist,
  type TestServices,
  tempDir,
  testServices,
} from "../helpers/services.ts";
import { openSocket, startTestService } from "../helpers/sockets.ts";

// The agent's status over its socket (docs/api.md, The agent's status): recorded per key, for the socket's own key
// only, connected while the reporting socket is open; a malformed one closes the socket with the documented 1008;
// messages that are not a status are ignored as before.

const GUILD = "100000000000000001";

const status = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "status",
    agent: "whitelist-sync-agent/1.4.0",
    mode: "file",
    format: "vanilla",
    applied: "12",
    drift: 2,
    error: null,
    ...fields,
  });

describe("over a real socket", () => {
  const dir = tempDir("wls-agent-status-");
  let service: RunningService;
  let whitelistId: string;
  const statusOf = async (keyId: string) => (await service.services.agentStatus.ofGuild(GUILD)).get(keyId);

  beforeAll(async () => {
    service = await startTestService(join(dir.path, "wls.db"));
    whitelistId = (await seedWhitelist(service.services, { guildId: GUILD, name: "survival" })).id;
  });
  afterAll(async () => {
    await service?.stop();
    dir.cleanup();
  });

  test("a read-only key reports its agent: recorded as its own, connected until its socket closes", async () => {
    const { key, plaintext } = await seedKey(service.services, GUILD, whitelistId, false);
    const other = await seedKey(service.services, GUILD);
    const socket = openSocket(service.url, plaintext);
    await socket.waitFor((message) => message.type === "connected");
    // A `keyId` in the message names nobody: the socket's key is the one recorded.
    socket.raw.send(status({ keyId: other.key.id, error: "RCON 127.0.0.1:25575: connection refused" }));
    const recorded = await eventually(() => statusOf(key.id), 5_000, "the status");
    expect(recorded).toEqual({
      keyId: key.id,
      agent: "whitelist-sync-agent/1.4.0",
      mode: "file",
      format: "vanilla",
      applied: "12",
      drift: 2,
      error: "RCON 127.0.0.1:25575: connection refused",
      errorAt: service.services.clock.now(),
      connected: true,
      seenAt: service.services.clock.now(),
    });
    expect(await statusOf(other.key.id)).toBeUndefined();
    socket.close();
    await socket.closed;
    expect(
      await eventually(async () => (await statusOf(key.id))?.connected === false, 5_000, "the disconnection"),
    ).toBe(true);
  });

  test("messages that are not a status are ignored as before; the socket stays open and still reports", async () => {
    const { key, plaintext } = await seedKey(service.services, GUILD, whitelistId);
    const socket = openSocket(service.url, plaintext);
    await socket.waitFor((message) => message.type === "connected");
    socket.raw.send("ping");
    socket.raw.send(JSON.stringify({ type: "hello", status: "fine" }));
    socket.raw.send(status({ mode: "management", format: null, applied: null, drift: 0 }));
    const recorded = await eventually(() => statusOf(key.id), 5_000, "the status");
    expect(recorded).toMatchObject({ mode: "management", format: null, applied: null, connected: true });
    expect(socket.raw.readyState).toBe(WebSocket.OPEN);
    socket.close();
    await socket.closed;
  });

  const malformed: [string, string][] = [
    ["an unknown mode", status({ mode: "ftp" })],
    ["an error over 300 characters", status({ error: "x".repeat(301) })],
    ["an error of two lines", status({ error: "one\ntwo" })],
    ["a negative drift", status({ drift: -1 })],
    ["a drift that is no integer", status({ drift: 1.5 })],
    ["an applied id that is no event id", status({ applied: "12a" })],
    ["an agent with a space", status({ agent: "whitelist sync" })],
    [
      "no mode",
      JSON.stringify({ type: "status", agent: "a/1", format: null, applied: null, drift: 0, error: null }),
    ],
  ];
  for (const [what, message] of malformed) {
    test(`a status with ${what} closes the socket with 1008 and records nothing`, async () => {
      const { key, plaintext } = await seedKey(service.services, GUILD, whitelistId);
      const socket = openSocket(service.url, plaintext);
      await socket.waitFor((received) => received.type === "connected");
      socket.raw.send(message);
      expect(await socket.closed).toEqual({ code: 1008, reason: "malformed status" });
      expect(await statusOf(key.id)).toBeUndefined();
    });
  }

  test("a status over 4 KB closes with 1008 as any oversize message; the service serves on", async () => {
    const { key, plaintext } = await seedKey(service.services, GUILD, whitelistId);
    const socket = openSocket(service.url, plaintext);
    await socket.waitFor((received) => received.type === "connected");
    socket.raw.send(status({ padding: "x".repeat(5_000) }));
    expect(await socket.closed).toEqual({ code: 1008, reason: "message too large" });
    expect(await statusOf(key.id)).toBeUndefined();
    const next = openSocket(service.url, plaintext);
    await next.waitFor((received) => received.type === "connected");
    next.close();
  });
});

test("a service stopping records its agents disconnected before its store closes", async () => {
  const dir = tempDir("wls-agent-status-stop-");
  const path = join(dir.path, "wls.db");
  try {
    let service = await startTestService(path);
    const whitelistId = (await seedWhitelist(service.services, { guildId: GUILD, name: "survival" })).id;
    const { key, plaintext } = await seedKey(service.services, GUILD, whitelistId);
    const socket = openSocket(service.url, plaintext);
    await socket.waitFor((message) => message.type === "connected");
    socket.raw.send(status());
    const statusOf = async () => (await service.services.agentStatus.ofGuild(GUILD)).get(key.id);
    await eventually(statusOf, 5_000, "the status");
    await service.stop();
    expect(await socket.closed).toEqual({ code: 1001, reason: "server shutting down" });
    service = await startTestService(path);
    try {
      expect((await statusOf())?.connected).toBe(false);
    } finally {
      await service.stop();
    }
  } finally {
    dir.cleanup();
  }
});

forEachStore("the recorder", () => {
  let services: TestServices;
  let keyId: string;
  beforeAll(async () => {
    services = await testServices();
    keyId = (await seedKey(services, GUILD)).key.id;
  });
  afterAll(async () => {
    await services?.close();
  });

  test(`one status per ${STATUS_EVERY_MS} ms per socket: a sooner one waits its turn, the last wins; a close records it`, async () => {
    const { clock } = services;
    const timers: { fire(): void; ms: number }[] = [];
    const recorder = createStatusRecorder({
      store: services.agentStatus,
      clock,
      logger: silentLogger,
      setTimer: (fire, ms) => {
        timers.push({ fire, ms });
        return () => timers.splice(timers.findIndex((timer) => timer.fire === fire) >>> 0, 1);
      },
    });
    const current = async () => (await services.agentStatus.ofGuild(GUILD)).get(keyId);
    const socket = recorder.socket();
    expect(recorder.take(keyId, socket, status({ applied: "1" }))).toBe("taken");
    await recorder.settled();
    expect((await current())?.applied).toBe("1");

    clock.advance(1_000);
    recorder.take(keyId, socket, status({ applied: "2" }));
    recorder.take(keyId, socket, status({ applied: "3" }));
    await recorder.settled();
    expect((await current())?.applied).toBe("1");
    expect(timers.map((timer) => timer.ms)).toEqual([STATUS_EVERY_MS - 1_000]);
    clock.advance(4_000);
    timers[0]?.fire();
    await recorder.settled();
    expect((await current())?.applied).toBe("3");

    clock.advance(1_000);
    recorder.take(keyId, socket, status({ applied: "4", error: "could not write whitelist.json" }));
    recorder.closed(keyId, socket);
    await recorder.settled();
    expect(await current()).toMatchObject({
      applied: "4",
      error: "could not write whitelist.json",
      errorAt: clock.now(),
      connected: false,
      seenAt: clock.now(),
    });
  });

  test("a close of an older socket of the key leaves the newer one connected; an error keeps when it was first heard", async () => {
    const { clock } = services;
    const recorder = createStatusRecorder({ store: services.agentStatus, clock, logger: silentLogger });
    const older = recorder.socket();
    const newer = recorder.socket();
    recorder.take(keyId, older, status({ error: "RCON refused" }));
    await recorder.settled();
    const firstHeard = clock.now();
    clock.advance(60_000);
    recorder.take(keyId, newer, status({ error: "RCON refused" }));
    recorder.closed(keyId, older);
    await recorder.settled();
    expect((await services.agentStatus.ofGuild(GUILD)).get(keyId)).toMatchObject({
      connected: true,
      errorAt: firstHeard,
      seenAt: clock.now(),
    });
    recorder.closed(keyId, newer);
    await recorder.settled();
    expect((await services.agentStatus.ofGuild(GUILD)).get(keyId)?.connected).toBe(false);
  });
});
