import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { openSocket, startTestService, type TestSocket } from "../helpers/sockets.ts";

const GUILD = "100000000000000001";
const OTHER_GUILD = "100000000000000002";

let dir: ReturnType<typeof tempDir>;
let running: RunningService[] = [];
let sockets: TestSocket[] = [];

async function start(env: Record<string, string> = {}, clock = manualClock(Date.UTC(2026, 10, 22, 12))) {
  const service = await startTestService(join(dir.path, "wls.db"), env, clock);
  running.push(service);
  return service;
}

function socket(service: RunningService, auth: string | null, query = "") {
  const opened = openSocket(service.url, auth, query);
  sockets.push(opened);
  return opened;
}

afterEach(async () => {
  for (const s of sockets) s.close();
  for (const service of running) await service.stop();
  sockets = [];
  running = [];
  dir.cleanup();
});

/** A started service and a socket of a guild-wide key that has had its `connected` message. */
async function connectedClient() {
  dir = tempDir();
  const service = await start();
  const client = socket(service, (await seedKey(service.services, GUILD)).plaintext);
  await client.waitForCount(1);
  return { service, client };
}

/** Entry events of a socket, as `type nick` strings. */
const changes = (s: TestSocket) =>
  s.messages
    .filter((m) => typeof m.type === "string" && m.type.startsWith("entry."))
    .map((m) => `${m.type} ${(m.entry as { nick: string }).nick}`);

describe("event socket", () => {
  test("a guild key gets connected with its scope, then every change of its guild", async () => {
    dir = tempDir();
    const service = await start();
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
    const { plaintext } = await seedKey(s, GUILD);
    const client = socket(service, plaintext);
    await client.waitForCount(1);
    expect(client.messages[0]).toEqual({ type: "connected", guildId: GUILD, scope: { whitelistId: null } });
    await seedEntries(s, wl.id, ["Notch"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" });
    await client.waitForCount(3);
    expect(client.messages.slice(1)).toEqual([
      {
        id: "1",
        type: "entry.added",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: "survival",
        entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        userId: "300000000000000001",
        origin: "discord",
        timestamp: "2026-11-22T12:00:00.000Z",
      },
      {
        id: "2",
        type: "entry.removed",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: "survival",
        entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        userId: "300000000000000001",
        origin: "api",
        timestamp: "2026-11-22T12:00:00.000Z",
      },
    ]);
  });

  test.each([
    ["no header", null],
    ["a garbled header", "Basic abc"],
    ["a mistyped key", "wls_0000000000000000000000000000000000"],
  ])("%s gets 401 before any upgrade", async (_label, auth) => {
    dir = tempDir();
    const service = await start();
    const headers: Record<string, string> = {
      upgrade: "websocket",
      connection: "Upgrade",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      "sec-websocket-version": "13",
    };
    if (auth) headers.authorization = auth;
    const response = await fetch(`${service.url}/api/v1/ws`, { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("ratelimit-policy")).toBe('"ip";q=100000;w=60');
    const client = socket(service, auth);
    await expect(client.opened).rejects.toThrow("socket error before open");
    await client.closed;
    expect(client.messages).toEqual([]);
  });

  test("a revoked key cannot connect", async () => {
    dir = tempDir();
    const service = await start();
    const { key, plaintext } = await seedKey(service.services, GUILD);
    await service.services.keys.revoke(GUILD, key.id);
    const response = await fetch(`${service.url}/api/v1/ws`, {
      headers: { authorization: `Bearer ${plaintext}` },
    });
    expect(response.status).toBe(401);
  });

  test("a plain GET with a valid key is told to upgrade", async () => {
    dir = tempDir();
    const service = await start();
    const { plaintext } = await seedKey(service.services, GUILD);
    const response = await fetch(`${service.url}/api/v1/ws`, {
      headers: { authorization: `Bearer ${plaintext}` },
    });
    expect([response.status, response.headers.get("upgrade")]).toEqual([426, "websocket"]);
  });

  test("a randomised run over guilds and whitelists delivers only in-scope events, each exactly once", async () => {
    dir = tempDir();
    const service = await start();
    const s = service.services;
    const lists = [
      await seedWhitelist(s, { guildId: GUILD }),
      await seedWhitelist(s, { guildId: GUILD }),
      await seedWhitelist(s, { guildId: GUILD }),
      await seedWhitelist(s, { guildId: OTHER_GUILD }),
      await seedWhitelist(s, { guildId: OTHER_GUILD }),
    ];
    const subscribers = await Promise.all(
      [
        { guildId: GUILD, whitelistId: null },
        { guildId: OTHER_GUILD, whitelistId: null },
        ...lists.map((wl) => ({ guildId: wl.guildId, whitelistId: wl.id })),
      ].map(async (scope) => ({
        scope,
        client: socket(service, (await seedKey(s, scope.guildId, scope.whitelistId)).plaintext),
      })),
    );
    await Promise.all(subscribers.map(({ client }) => client.waitForCount(1)));

    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const present = lists.map(() => new Set<string>());
    for (let i = 0; i < 300; i++) {
      const at = random(lists.length);
      const wl = lists[at] as (typeof lists)[number];
      const nicks = present[at] as Set<string>;
      const nick = `p${random(25)}`;
      if (nicks.has(nick)) {
        await s.entries.remove({ whitelistId: wl.id, nick, origin: "api" });
        nicks.delete(nick);
      } else {
        await seedEntries(s, wl.id, [nick]);
        nicks.add(nick);
      }
    }
    // A last change in every whitelist: once a subscriber has the last event of its scope, it has them all.
    for (const wl of lists) await seedEntries(s, wl.id, ["sentinel"]);

    for (const { scope, client } of subscribers) {
      const expected = await s.events.listAfter(0, scope, 10_000);
      await client.waitFor((m) => m.id === expected[expected.length - 1]?.id);
      expect(client.messages.slice(1)).toEqual(expected);
    }
    const total = subscribers.reduce((sum, { client }) => sum + client.messages.length - 1, 0);
    let stored = 0;
    for (const { scope } of subscribers) stored += (await s.events.listAfter(0, scope, 10_000)).length;
    expect(total).toBe(stored);
  });
});

describe("resume", () => {
  test("reconnecting with after= replays exactly the missed events in order, then goes live", async () => {
    dir = tempDir();
    const service = await start();
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD });
    const { plaintext } = await seedKey(s, GUILD, wl.id);
    const first = socket(service, plaintext);
    await first.waitForCount(1);
    await seedEntries(s, wl.id, ["a", "b"]);
    await first.waitForCount(3);
    const lastSeen = first.messages[2]?.id as string;
    first.close();
    await first.closed;

    await seedEntries(s, wl.id, ["c", "d"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "a", origin: "api" });
    const other = await seedWhitelist(s, { guildId: GUILD });
    await seedEntries(s, other.id, ["not-mine"]);

    const again = socket(service, plaintext, `?after=${lastSeen}`);
    await again.waitForCount(4);
    await seedEntries(s, wl.id, ["live"]);
    await again.waitForCount(5);
    expect(changes(again)).toEqual(["entry.added c", "entry.added d", "entry.removed a", "entry.added live"]);
    expect(again.messages[0]).toMatchObject({ type: "connected" });
  });

  test("resume works across a server restart (events come from SQLite)", async () => {
    dir = tempDir();
    const before = await start();
    const wl = await seedWhitelist(before.services, { guildId: GUILD });
    const { plaintext } = await seedKey(before.services, GUILD);
    const client = socket(before, plaintext);
    await client.waitForCount(1);
    await seedEntries(before.services, wl.id, ["a"]);
    await client.waitForCount(2);
    const lastSeen = client.messages[1]?.id as string;
    await before.stop();
    expect(await client.closed).toMatchObject({ code: 1001 });

    const after = await start();
    await seedEntries(after.services, wl.id, ["b", "c"]);
    const resumed = socket(after, plaintext, `?after=${lastSeen}`);
    await resumed.waitForCount(3);
    expect(changes(resumed)).toEqual(["entry.added b", "entry.added c"]);
  });

  test("a cursor older than the retention gets resync and close 4002", async () => {
    dir = tempDir();
    const clock = manualClock(Date.UTC(2026, 10, 1));
    const service = await start({}, clock);
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD });
    const { plaintext } = await seedKey(s, GUILD);
    await seedEntries(s, wl.id, ["old1", "old2"]);
    clock.advance(8 * 86_400_000);
    await seedEntries(s, wl.id, ["new"]);
    expect(await s.events.prune(7 * 86_400_000)).toBe(2);

    const stale = socket(service, plaintext, "?after=1");
    expect(await stale.closed).toEqual({
      code: 4002,
      reason: "resume cursor unusable: re-fetch the entries",
    });
    expect(stale.messages.map((m) => m.type)).toEqual(["connected", "resync"]);

    const fresh = socket(service, plaintext, "?after=2");
    await fresh.waitForCount(2);
    expect(changes(fresh)).toEqual(["entry.added new"]);
  });

  test("a cursor from the future (another database) gets resync", async () => {
    dir = tempDir();
    const service = await start();
    const { plaintext } = await seedKey(service.services, GUILD);
    const client = socket(service, plaintext, "?after=999");
    expect((await client.closed).code).toBe(4002);
  });

  test("a malformed cursor is a 400 problem", async () => {
    dir = tempDir();
    const service = await start();
    const { plaintext } = await seedKey(service.services, GUILD);
    const response = await fetch(`${service.url}/api/v1/ws?after=-1`, {
      headers: { authorization: `Bearer ${plaintext}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      detail: "after must be an event id (a non-negative integer)",
    });
  });
});

describe("closing", () => {
  test("revoking a key closes its sockets with 4001 and nothing is delivered after the revoke returns", async () => {
    dir = tempDir();
    const service = await start();
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD });
    const { key, plaintext } = await seedKey(s, GUILD);
    const bystander = socket(service, (await seedKey(s, GUILD)).plaintext);
    const clients = [socket(service, plaintext), socket(service, plaintext)];
    await Promise.all([...clients, bystander].map((c) => c.waitForCount(1)));
    await s.keys.revoke(GUILD, key.id);
    await seedEntries(s, wl.id, ["after-revoke"]);
    for (const client of clients) {
      expect(await client.closed).toEqual({ code: 4001, reason: "key revoked" });
      expect(client.messages.map((m) => m.type)).toEqual(["connected"]);
    }
    await bystander.waitForCount(2);
    expect(changes(bystander)).toEqual(["entry.added after-revoke"]);
  });

  test("deleting a whitelist: its own key's sockets hear every removal, then close with 4001 'whitelist deleted'", async () => {
    dir = tempDir();
    const service = await start();
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD });
    await seedEntries(s, wl.id, ["Notch", "jeb_", "Dinnerbone"]);
    const scoped = socket(service, (await seedKey(s, GUILD, wl.id)).plaintext);
    const guildWide = socket(service, (await seedKey(s, GUILD)).plaintext);
    await Promise.all([scoped, guildWide].map((c) => c.waitForCount(1)));

    await s.deletion.deleteWhitelist(wl.id, null);

    const removals = ["entry.removed Notch", "entry.removed jeb_", "entry.removed Dinnerbone"];
    expect(await scoped.closed).toEqual({ code: 4001, reason: "whitelist deleted" });
    expect(changes(scoped)).toEqual(removals);
    await guildWide.waitForCount(4);
    expect([changes(guildWide), guildWide.raw.readyState]).toEqual([removals, WebSocket.OPEN]);
  });

  test("stopping the server closes sockets with 1001", async () => {
    const { service, client } = await connectedClient();
    await service.stop();
    expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
  });

  test("an oversized client message closes with 1008", async () => {
    const { client } = await connectedClient();
    client.raw.send("x".repeat(5000));
    expect(await client.closed).toEqual({ code: 1008, reason: "message too large" });
  });

  test("the 4 KB limit counts bytes: 3,000 euro signs (9,000 bytes) close with 1008", async () => {
    const { client } = await connectedClient();
    client.raw.send("€".repeat(3000));
    expect(await client.closed).toEqual({ code: 1008, reason: "message too large" });
  });

  test("a message just under 4 KB of multi-byte characters is tolerated", async () => {
    const { service, client } = await connectedClient();
    client.raw.send("€".repeat(1365)); // 4,095 bytes
    // The next event still arrives: the socket stayed open.
    const s = service.services;
    await seedEntries(s, (await seedWhitelist(s, { guildId: GUILD })).id, ["still_here"]);
    await client.waitFor((message) => message.type === "entry.added");
    expect(client.raw.readyState).toBe(WebSocket.OPEN);
  });

  test("a flood of client messages closes with 1008", async () => {
    const { client } = await connectedClient();
    for (let i = 0; i < 25; i++) client.raw.send("hello");
    expect(await client.closed).toEqual({ code: 1008, reason: "too many messages" });
  });
});
