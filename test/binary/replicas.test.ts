import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeStore } from "../../src/db/driver.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { openStoreServices, type Services } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SEED, TOKEN } from "../bot/world.ts";
import { cleanEnv, compiledBinary, linesOf, parseLine } from "../helpers/binary.ts";
import { startPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";

// Two, then three replicas of the compiled binary on one PostgreSQL (DATABASE_URL), as docs/operations.md runs them:
// a subscriber on each sees every change made through any of them exactly once and in order, a resume works on
// another replica than the first connection's, a revocation closes the key's sockets on all of them, and when
// the leader is killed (-9) a follower takes the outbox over within 10 s: no webhook is lost.

const GUILD = "100000000000000001";
const children = new Set<Bun.Subprocess>();
const cleanups: (() => void | Promise<void>)[] = [];
let pg: TestPostgres;
let binary = "";

beforeAll(async () => {
  [pg, binary] = await Promise.all([startPostgres(), compiledBinary()]);
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill(9);
  for (const cleanup of cleanups.reverse()) await cleanup();
  await pg?.stop();
});

type Replica = { child: Bun.Subprocess; url: string; log: Record<string, unknown>[]; name: string };

/** Starts `serve` on DATABASE_URL and waits for its start line. */
async function replica(name: string, databaseUrl: string, discord: SandboxDiscord): Promise<Replica> {
  const dir = tempDir("wls-replica-");
  cleanups.push(dir.cleanup);
  const child = Bun.spawn([binary, "serve"], {
    cwd: dir.path,
    env: cleanEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: "json",
      WEBHOOK_ALLOW_PRIVATE: "true",
      // Every replica has the token; only the leader connects to the (sandbox) Discord gateway.
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: discord.apiUrl,
    }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(child);
  const log: Record<string, unknown>[] = [];
  const lines = linesOf(child.stdout);
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new Error(`${name} exited: ${await new Response(child.stderr).text()}`);
    const line = parseLine(next.value);
    log.push(line);
    if (line.msg === "whitelist-sync started") break;
  }
  void (async () => {
    for await (const text of lines) log.push(parseLine(text));
  })();
  return { child, url: String(log.at(-1)?.url), log, name };
}

const leads = (r: Replica) => r.log.some((line) => String(line.msg).startsWith("this replica leads"));

async function eventually<T>(check: () => T | Promise<T>, ms: number, what: string): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`never happened within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const eventIds = (socket: TestSocket) =>
  socket.messages.filter((message) => typeof message.id === "string").map((message) => Number(message.id));

for (const count of [2, 3])
  describe(`${count} replicas of the binary on one PostgreSQL`, () => {
    let discord: SandboxDiscord;
    let seeder: Services;
    let replicas: Replica[];
    let key: { id: string; plaintext: string };
    let whitelistId: string;
    const received: { id: string; body: string }[] = [];

    beforeAll(async () => {
      const url = await pg.database();
      discord = await startSandboxDiscord({ port: 0, seed: SEED, token: TOKEN });
      cleanups.push(() => discord.stop());
      // The test's own replica seeds what only Discord could add (there is no API to add a nick).
      const opened = await openStoreServices({
        databaseUrl: url,
        path: "unused",
        clock: systemClock,
        logger: silentLogger,
        allowPrivateWebhooks: true,
      });
      seeder = opened.services;
      cleanups.push(async () => {
        await opened.replica?.leave();
        await closeStore(seeder.db);
      });
      const receiver = Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        async fetch(request) {
          received.push({ id: request.headers.get("webhook-id") ?? "", body: await request.text() });
          return new Response(null, { status: 204 });
        },
      });
      cleanups.push(() => void receiver.stop(true));
      const wl = await seedWhitelist(seeder, { guildId: GUILD, name: "survival" });
      whitelistId = wl.id;
      const created = await seedKey(seeder, GUILD);
      key = { id: created.key.id, plaintext: created.plaintext };
      await seeder.webhooks.set(GUILD, key.id, `http://127.0.0.1:${receiver.port}/hook`);
      replicas = await Promise.all(
        ["a", "b", "c"].slice(0, count).map((name) => replica(name, url, discord)),
      );
      await eventually(() => replicas.filter(leads).length === 1, 10_000, "one replica leads");
      // The leader alone holds the gateway: one session, identified once.
      await discord.waitForGateway((stats) => stats.connected === 1 && stats.identifies === 1);
    }, 60_000);

    test("a subscriber on each sees every change through any replica, once and in order; resume works elsewhere", async () => {
      const sockets = replicas.map((r) => openSocket(r.url, key.plaintext));
      await Promise.all(sockets.map((socket) => socket.waitFor((m) => m.type === "connected")));
      const start = (await seeder.events.bounds()).latest;
      const nicks = Array.from({ length: 12 }, (_, i) => `Player_${i}`);
      await seedEntries(seeder, whitelistId, nicks);
      // Deletes through every replica at once, each by its own API.
      const deletes = nicks.slice(0, 9).map((nick, i) => {
        const r = replicas[i % replicas.length] as Replica;
        return fetch(`${r.url}/api/v1/whitelists/${whitelistId}/entries/${nick}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${key.plaintext}` },
        }).then((response) => response.status);
      });
      expect(await Promise.all(deletes)).toEqual(Array(9).fill(200));
      const latest = (await seeder.events.bounds()).latest;
      const all = Array.from({ length: latest - start }, (_, i) => start + i + 1);
      expect(all).toHaveLength(21);
      for (const socket of sockets) {
        await eventually(() => eventIds(socket).length >= all.length, 10_000, "every event on every socket");
        expect(eventIds(socket)).toEqual(all);
      }
      // A plugin that was on the first replica resumes on the last from the tenth event it saw.
      const cursor = eventIds(sockets[0] as TestSocket)[9] as number;
      const resumed = openSocket((replicas.at(-1) as Replica).url, key.plaintext, `?after=${cursor}`);
      await eventually(() => eventIds(resumed).length >= all.length - 10, 10_000, "the resume");
      expect(eventIds(resumed)).toEqual(all.slice(10));
      for (const socket of [...sockets, resumed]) socket.close();
    }, 30_000);

    test("the leader killed (-9): a follower takes the outbox over within 10 s, and no webhook is lost", async () => {
      const leader = replicas.find(leads) as Replica;
      const followers = replicas.filter((r) => r !== leader);
      const start = (await seeder.events.bounds()).latest;
      await seedEntries(seeder, whitelistId, ["Before_Kill"]);
      leader.child.kill(9);
      const killedAt = performance.now();
      await leader.child.exited;
      // Changes while nobody leads: the next leader owes their webhooks.
      await fetch(`${(followers[0] as Replica).url}/api/v1/whitelists/${whitelistId}/entries/Before_Kill`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key.plaintext}` },
      });
      const successor = (await eventually(
        () => followers.find(leads),
        10_000,
        "a follower leads",
      )) as Replica;
      const tookOverMs = Math.round(performance.now() - killedAt);
      // The new leader connected the gateway: a second session, and only one connection open.
      const gateway = await eventually(
        () => {
          const stats = discord.gatewayStats();
          return stats.identifies === 2 && stats.connected === 1 ? stats : undefined;
        },
        10_000,
        "the new leader's gateway session",
      );
      expect(gateway?.connected).toBe(1);
      const gatewayMs = Math.round(performance.now() - killedAt);
      await seedEntries(seeder, whitelistId, ["After_Kill"]);
      const latest = (await seeder.events.bounds()).latest;
      const owed = Array.from({ length: latest - start }, (_, i) => String(start + i + 1));
      await eventually(
        () => owed.every((id) => received.some((delivery) => delivery.id === id)),
        10_000,
        "every webhook delivered",
      ).catch((error) => {
        console.log(
          JSON.stringify(
            {
              owed,
              received: received.map((r) => r.id),
              logs: replicas.map((r) =>
                r.log.filter(
                  (l) =>
                    l.level !== "info" || String(l.msg).includes("lead") || String(l.msg).includes("outbox"),
                ),
              ),
            },
            null,
            1,
          ),
        );
        throw error;
      });
      expect({ successor: successor.name === leader.name, tookOverMs: tookOverMs < 10_000 }).toEqual({
        successor: false,
        tookOverMs: true,
      });
      expect(gatewayMs).toBeLessThan(10_000);
      console.log(
        `failover: ${successor.name} led ${tookOverMs} ms after ${leader.name} was killed, its gateway up at ${gatewayMs} ms`,
      );
      replicas = followers;
    }, 30_000);

    test("a whitelist deleted: every replica sends its scoped keys' sockets each removal, then closes them (4001)", async () => {
      const doomed = await seedWhitelist(seeder, { guildId: GUILD, name: "doomed" });
      await seedEntries(seeder, doomed.id, ["Gone_1", "Gone_2", "Gone_3"]);
      const scoped = await seedKey(seeder, GUILD, doomed.id);
      const sockets = replicas.map((r) => openSocket(r.url, scoped.plaintext));
      await Promise.all(sockets.map((socket) => socket.waitFor((m) => m.type === "connected")));
      await seeder.deletion.deleteWhitelist(doomed.id, "300000000000000009");
      for (const socket of sockets) {
        const closed = await socket.closed;
        expect({
          removals: socket.messages
            .filter((m) => m.type === "entry.removed")
            .map((m) => (m.entry as { nick: string }).nick),
          close: `${closed.code} ${closed.reason}`,
        }).toEqual({ removals: ["Gone_1", "Gone_2", "Gone_3"], close: "4001 whitelist deleted" });
      }
    });

    test("revoking the key closes its sockets on every replica within a second", async () => {
      const sockets = replicas.map((r) => openSocket(r.url, key.plaintext));
      await Promise.all(sockets.map((socket) => socket.waitFor((m) => m.type === "connected")));
      const revokedAt = performance.now();
      await seeder.keys.revoke(GUILD, key.id);
      const closes = await Promise.all(sockets.map((socket) => socket.closed));
      expect(performance.now() - revokedAt).toBeLessThan(1_000);
      expect(closes.map((close) => close.code)).toEqual(replicas.map(() => 4001));
      const refused = await fetch(`${(replicas[0] as Replica).url}/api/v1/whitelists`, {
        headers: { authorization: `Bearer ${key.plaintext}` },
      });
      expect(refused.status).toBe(401);
    });
  });
