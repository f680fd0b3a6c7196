import { afterEach, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { RunningService } from "../../src/server.ts";
import { seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";

const GUILD = "100000000000000001";
let dir: ReturnType<typeof tempDir> | undefined;
let service: RunningService | undefined;
let client: Socket | undefined;

afterEach(async () => {
  client?.destroy();
  await service?.stop();
  dir?.cleanup();
});

/** Opens the event socket by hand and stops reading once upgraded, like a client that hung. */
function stalledSubscriber(port: number, key: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        "GET /api/v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
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

test("a subscriber that stops reading is cut off at a bounded buffer instead of growing memory", async () => {
  dir = tempDir();
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  const whitelist = await seedWhitelist(s, { guildId: GUILD });
  client = await stalledSubscriber(service.port, (await seedKey(s, GUILD)).plaintext);
  const waitForHub = async (size: number) => {
    for (let turn = 0; turn < 1000 && service?.hub.size() !== size; turn++)
      await new Promise((r) => setImmediate(r));
  };
  await waitForHub(1);
  expect(service.hub.size()).toBe(1);

  // 16 KB events straight onto the bus (the hub's input): 64 MB at most, far past the 1 MB backpressure limit
  // plus what the kernel's socket buffers absorb.
  const padding = "x".repeat(16 * 1024);
  let sent = 0;
  for (; sent < 4096 && service.hub.size() > 0; sent++) {
    const notice = {
      event: {
        id: String(sent + 1),
        type: "entry.added",
        guildId: GUILD,
        whitelistId: whitelist.id,
        whitelistName: padding,
        entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        origin: "discord",
        timestamp: new Date(0).toISOString(),
      },
      entry: {} as ChangeNotice["entry"],
      actorId: null,
    } satisfies ChangeNotice;
    s.bus.publish(notice);
    if (sent % 16 === 0) await new Promise((r) => setImmediate(r));
  }
  await waitForHub(0);
  expect(service.hub.size()).toBe(0);
  expect(sent).toBeLessThan(4096);
});
