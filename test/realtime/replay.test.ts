import { afterEach, describe, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import { atScale } from "../helpers/floors.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { openSocket, startTestService, type TestSocket } from "../helpers/sockets.ts";

const GUILD = "100000000000000001";
/** Sockets resuming at once in the load run (test/helpers/floors.ts, atScale). */
const RESUMES = atScale(20, 200);
let dir: ReturnType<typeof tempDir> | undefined;
let service: RunningService | undefined;
const sockets: TestSocket[] = [];
let raw: Socket | undefined;

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  raw?.destroy();
  await service?.stop();
  service = undefined;
  dir?.cleanup();
});

/** The real service over a fresh file, a whitelist, a guild key, and `count` stored events of it (one write). */
async function world(count: number) {
  dir = tempDir();
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  const { plaintext: key } = await seedKey(s, GUILD);
  await s.write(async (tx) => {
    for (let i = 0; i < count; i++) {
      await s.events.append(tx, {
        type: i % 2 === 0 ? "entry.added" : "entry.removed",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: wl.name,
        entry: {
          nick: `Player_${i}`,
          uuid: null,
          premium: false,
          expiresAt: null,
          verified: false,
          groups: [],
        },
        origin: "discord",
      });
    }
  });
  return { service, s, wl, key };
}

/** Resolves once `check` holds, looking again after each turn of the event loop (bounded). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200_000; turn++) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

const ids = (socket: TestSocket) =>
  socket.messages.filter((message) => typeof message.id === "string").map((message) => Number(message.id));

describe("resuming over a long event log", () => {
  test("a replay of many slices arrives whole and in order while changes go on, then goes live: each event once", async () => {
    const { service, s, wl, key } = await world(3000);
    const socket = openSocket(service.url, key, "?after=0");
    sockets.push(socket);
    await socket.waitFor((message) => message.type === "entry.added");
    await seedEntries(s, wl.id, ["during_1", "during_2"]);
    await until(() => service.hub.replays().running === 0, "the replay ends");
    await seedEntries(s, wl.id, ["after_1"]);
    await socket.waitForCount(1 + 3003);

    const stored = (await s.events.listAfter(0, { guildId: GUILD, whitelistId: null }, 10_000)).map((e) =>
      Number(e.id),
    );
    expect(stored).toHaveLength(3003);
    expect(ids(socket)).toEqual(stored);
  });

  test(`${RESUMES} resumes at once over 3,000 events never hold up a health check or a read`, async () => {
    const { service, wl, key } = await world(3000);
    for (let i = 0; i < RESUMES; i++) sockets.push(openSocket(service.url, key, "?after=0"));
    await Promise.all(sockets.map((socket) => socket.opened));
    await until(() => service.hub.replays().running > 0, "replays running");

    const health = await fetch(`${service.url}/health`);
    const read = await fetch(`${service.url}/api/v1/whitelists/${wl.id}/entries`, {
      headers: { authorization: `Bearer ${key}` },
    });
    // Both were answered while replays were still taking their turns, not after all of them.
    expect({
      health: health.status,
      read: read.status,
      replaysLeft: service.hub.replays().running > 0,
      socketsDone: sockets.filter((socket) => ids(socket).length === 3000).length < RESUMES,
    }).toEqual({ health: 200, read: 200, replaysLeft: true, socketsDone: true });

    await until(() => service.hub.replays().running === 0, "every replay ends");
    await Promise.all(sockets.map((socket) => socket.waitForCount(1 + 3000)));
    expect(sockets.every((socket) => ids(socket).length === 3000)).toBe(true);
  });

  test("a replay stops reading the log once its socket is gone", async () => {
    const { service, s, key } = await world(5000);
    let reads = 0;
    const listAfter = s.events.listAfter;
    s.events.listAfter = (...args) => {
      reads++;
      return listAfter(...args);
    };
    const socket = openSocket(service.url, key, "?after=0");
    await socket.waitFor((message) => message.type === "entry.added");
    socket.close();
    await socket.closed;
    await until(() => service.hub.size() === 0, "the server sees the close");
    const readsAtClose = reads;
    expect(service.hub.replays()).toEqual({ running: 0, paused: 0 });
    // A full replay of 5,000 events reads 26 slices; this one stopped well before.
    expect({ readsAtClose, partial: ids(socket).length < 5000 }).toEqual({
      readsAtClose: expect.any(Number),
      partial: true,
    });
    await seedEntries(s, (await seedWhitelist(s, { guildId: GUILD })).id, ["later"]);
    expect(reads).toBe(readsAtClose);
  });

  test("a client that stops reading pauses its replay instead of being cut off, and it finishes once it reads", async () => {
    const { service, s, wl, key } = await world(0);
    // Events of about 5 KB each: 60 MB in all, past what loopback socket buffers absorb (up to some 36 MB here).
    await s.write(async (tx) => {
      for (let i = 0; i < 12_000; i++) {
        await s.events.append(tx, {
          type: "entry.added",
          guildId: GUILD,
          whitelistId: wl.id,
          whitelistName: "x".repeat(5000),
          entry: {
            nick: `Player_${i}`,
            uuid: null,
            premium: false,
            expiresAt: null,
            verified: false,
            groups: [],
          },
          origin: "discord",
        });
      }
    });
    raw = await stalledResume(service.port, key);
    await until(() => service.hub.replays().paused === 1, "the replay pauses");
    expect(service.hub.size()).toBe(1);

    raw.resume();
    await until(() => service.hub.replays().running + service.hub.replays().paused === 0, "the replay ends");
    expect(service.hub.size()).toBe(1);
  });
});

/** Opens the event socket by hand with `?after=0` and stops reading once upgraded, like a client that hung. */
function stalledResume(port: number, key: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        "GET /api/v1/ws?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer ${key}\r\n\r\n`,
      );
    });
    socket.once("data", (chunk) => {
      if (!chunk.toString("latin1").startsWith("HTTP/1.1 101")) reject(new Error(chunk.toString("latin1")));
      socket.pause();
      resolve(socket);
    });
    socket.once("error", reject);
  });
}
