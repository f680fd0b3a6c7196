import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { RunningService } from "../../src/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { openSocket, startTestService, type TestSocket } from "../helpers/sockets.ts";

// entry.groups travels as every other event (docs/api.md, entry.groups): the socket, its resume, the change feed and
// webhooks carry the same bytes, once, within the key's scope.

const GUILD = "100000000000000001";
const OWNER = "300000000000000001";
const VIP_ROLE = "200000000000000077";
let dir: ReturnType<typeof tempDir> | undefined;
let service: RunningService | undefined;
let receiver: ReturnType<typeof Bun.serve> | undefined;
const sockets: TestSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await service?.stop();
  service = undefined;
  receiver?.stop(true);
  dir?.cleanup();
});

test("a role gained reaches a whitelist's key as one entry.groups, on the socket, its resume, the feed and its webhook; another whitelist's key sees nothing", async () => {
  dir = tempDir();
  // Receivers check webhook-timestamp against their own clock, so this service's clock starts at real time.
  const clock = manualClock(Date.now());
  service = await startTestService(join(dir.path, "wls.db"), { WEBHOOK_ALLOW_PRIVATE: "true" }, clock);
  const s = service.services;
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  const creative = await seedWhitelist(s, { guildId: GUILD, name: "creative" });
  await seedEntries(s, survival.id, ["Notch"]);
  await seedEntries(s, creative.id, ["jeb_"]);
  await s.ranks.map({
    whitelistId: survival.id,
    guildId: GUILD,
    roleId: VIP_ROLE,
    group: "vip",
    actorId: OWNER,
  });
  const survivalKey = await seedKey(s, GUILD, survival.id);
  const creativeKey = await seedKey(s, GUILD, creative.id);
  const guildKey = await seedKey(s, GUILD);

  const hooked: string[] = [];
  const delivered = Promise.withResolvers<{ body: string; headers: Record<string, string> }>();
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const body = await request.text();
      hooked.push(body);
      delivered.resolve({ body, headers: Object.fromEntries(request.headers) });
      return new Response(null, { status: 204 });
    },
  });
  const { secret } = await s.webhooks.set(
    GUILD,
    survivalKey.key.id,
    `http://127.0.0.1:${receiver.port}/hook`,
  );

  const open = (plaintext: string, query = "") => {
    const socket = openSocket(service?.url as string, plaintext, query);
    sockets.push(socket);
    return socket;
  };
  const scoped = open(survivalKey.plaintext);
  const other = open(creativeKey.plaintext);
  const wide = open(guildKey.plaintext);
  for (const socket of [scoped, other, wide]) await socket.waitFor((m) => m.type === "connected");
  const before = (await s.events.listAfter(0, { guildId: GUILD, whitelistId: null }, 100)).at(-1)
    ?.id as string;

  // Discord reports that the owner gained the mapped role.
  const changed = await s.entries.groups.memberRoles({ guildId: GUILD, userId: OWNER, roleIds: [VIP_ROLE] });
  expect(changed.map((entry) => [entry.nick, entry.groups])).toEqual([["Notch", ["vip"]]]);

  const expected = {
    id: String(Number(before) + 1),
    type: "entry.groups",
    guildId: GUILD,
    whitelistId: survival.id,
    whitelistName: "survival",
    entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: ["vip"] },
    userId: OWNER,
    groupsAdded: ["vip"],
    groupsRemoved: [],
    origin: "roles",
    timestamp: new Date(clock.now()).toISOString(),
  };
  const live = await scoped.waitFor((m) => m.type === "entry.groups");
  expect(live).toEqual(expected);
  await wide.waitFor((m) => m.type === "entry.groups");
  const frame = scoped.frames.find((f) => f.includes('"entry.groups"')) as string;
  expect(wide.frames.filter((f) => f.includes('"entry.groups"'))).toEqual([frame]);

  // The webhook gets the same bytes, signed.
  const { body, headers } = await delivered.promise;
  expect(body).toBe(frame);
  expect(new Webhook(secret).verify(body, headers)).toEqual(expected);

  // Resuming before it replays it once; the change feed serves the same frame.
  const resumed = open(survivalKey.plaintext, `?after=${before}`);
  await resumed.waitFor((m) => m.type === "entry.groups");
  const feed = await fetch(`${service.url}/api/v1/events?after=${before}`, {
    headers: { authorization: `Bearer ${survivalKey.plaintext}` },
  });
  const page = (await feed.json()) as { events: unknown[] };
  expect(page.events).toEqual([expected]);

  // The same roles reported again (a resume's check) change nothing: no second event anywhere.
  expect(await s.entries.groups.memberRoles({ guildId: GUILD, userId: OWNER, roleIds: [VIP_ROLE] })).toEqual(
    [],
  );
  // A marker event after it: once it arrives, anything sent before it has arrived too.
  await seedEntries(s, survival.id, ["Dinnerbone"]);
  await seedEntries(s, creative.id, ["Grumm"]);
  for (const socket of [scoped, resumed]) {
    await socket.waitFor(
      (m) => m.type === "entry.added" && (m.entry as { nick: string }).nick === "Dinnerbone",
    );
    expect(socket.messages.filter((m) => m.type === "entry.groups")).toEqual([expected]);
  }
  await other.waitFor((m) => m.type === "entry.added" && (m.entry as { nick: string }).nick === "Grumm");
  expect(other.messages.filter((m) => m.type === "entry.groups")).toEqual([]);
  expect(hooked.filter((b) => b.includes('"entry.groups"'))).toEqual([frame]);
});

test("a sync agent that does not say it reads entry.groups is sent none, live or on resume; the next agent is", async () => {
  dir = tempDir();
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(s, survival.id, ["Notch"]);
  await s.ranks.map({
    whitelistId: survival.id,
    guildId: GUILD,
    roleId: VIP_ROLE,
    group: "vip",
    actorId: OWNER,
  });
  const { plaintext } = await seedKey(s, GUILD, survival.id);
  const url = `${service.url.replace(/^http/, "ws")}/api/v1/ws`;
  /** A socket naming itself as an agent does (src/sync/socket.ts), recording the types it is sent. */
  const agentSocket = (userAgent: string, query = "") => {
    const types: string[] = [];
    const wakers = new Set<() => void>();
    const raw = new WebSocket(`${url}${query}`, {
      headers: { authorization: `Bearer ${plaintext}`, "user-agent": userAgent },
    } as unknown as string[]);
    const connected = Promise.withResolvers<void>();
    raw.onmessage = (event) => {
      const { type } = JSON.parse(String(event.data)) as { type: string };
      types.push(type);
      if (type === "connected") connected.resolve();
      for (const wake of wakers) wake();
    };
    sockets.push({ close: () => raw.close() } as TestSocket);
    /** Resolves once `count` additions arrived. */
    const additions = (count: number) =>
      new Promise<void>((resolve) => {
        const wake = () => {
          if (types.filter((type) => type === "entry.added").length < count) return;
          wakers.delete(wake);
          resolve();
        };
        wakers.add(wake);
        wake();
      });
    return { types, connected: connected.promise, additions };
  };
  const old = agentSocket("whitelist-sync-agent/1.0.0");
  const current = agentSocket("whitelist-sync-agent/1.1.0 (entry.groups)");
  await Promise.all([old.connected, current.connected]);
  await s.entries.groups.memberRoles({ guildId: GUILD, userId: OWNER, roleIds: [VIP_ROLE] });
  await seedEntries(s, survival.id, ["Marker"]);
  const resumedOld = agentSocket("whitelist-sync-agent/1.0.0", "?after=0");
  // The marker's addition comes after the change of groups: once it is here, anything before it is too.
  await Promise.all([old.additions(1), current.additions(1), resumedOld.additions(2)]);
  expect(old.types).toEqual(["connected", "entry.added"]);
  expect(current.types).toEqual(["connected", "entry.groups", "entry.added"]);
  expect(resumedOld.types).toEqual(["connected", "entry.added", "entry.added"]);
});
