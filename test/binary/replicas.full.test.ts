import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FOLLOW_MS } from "../../src/cluster/leader.ts";
import { LEASE_MS } from "../../src/cluster/lease.ts";
import { closeStore } from "../../src/db/driver.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { openStoreServices, type Services } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { IDS, SEED, TOKEN } from "../bot/world.ts";
import { cleanEnv, compiledBinary, linesOf, parseLine } from "../helpers/binary.ts";
import { eventually } from "../helpers/eventually.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";

// Two, then three replicas of the compiled binary on one PostgreSQL (DATABASE_URL), as docs/operations.md runs them:
// a subscriber on each sees every change made through any of them exactly once and in order, a resume works on
// another replica than the first connection's, a revocation closes the key's sockets on all of them, and when
// the leader is killed (-9) a follower takes the outbox over within 10 s: no webhook is lost. Then, with the
// sandbox Discord counting role reverts and log posts per change: a frozen leader (SIGSTOP) is fenced and
// replaced once its lease runs out and, thawed, acts on nothing; one killed mid-traffic leaves every side effect
// done, and at most the one in flight of each kind done twice (issue 27 §2).

const GUILD = "100000000000000001";
const children = new Set<Bun.Subprocess>();
const cleanups: (() => void | Promise<void>)[] = [];
let pg: TestPostgres;
let binary = "";

beforeAll(async () => {
  [pg, binary] = await Promise.all([sharedPostgres(), compiledBinary()]);
});
afterAll(async () => {
  for (const child of children) child.kill(9);
  for (const cleanup of cleanups.reverse()) await cleanup();
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
    });

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
    });

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
    });

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

/** The side effects of one change, counted where they land: the webhook receiver and the sandbox Discord. */
type EffectCounts = { webhooks: number; roles: number; log: number };

describe("3 replicas of the binary through a frozen, then a killed leader", () => {
  const MEMBERS = 60;
  const member = (i: number) => String(130000000000000100n + BigInt(i));
  let discord: SandboxDiscord;
  let seeder: Services;
  let replicas: Replica[];
  let key: string;
  let whitelistId: string;
  /** Webhooks and log posts per event id. */
  const landed = new Map<number, Omit<EffectCounts, "roles">>();
  /** Role reverts per member: each member has one entry, so one removal event. */
  const reverts = new Map<string, number>();
  const eventOfMember = new Map<string, number>();
  /** Log channel messages carrying a change posted before: a message is the log channel's unit of work. */
  let repeatedLogPosts = 0;
  /** The log channel messages Discord made: a post answered with one made before (its nonce) made none. */
  const logMessages = new Set<string>();
  /** Called once, as Discord takes the next log post and before its answer leaves (the kill -9 test). */
  let onLogPost: (() => void) | undefined;
  const count = (eventId: number, effect: "webhooks" | "log") => {
    const seen = landed.get(eventId) ?? { webhooks: 0, log: 0 };
    seen[effect]++;
    landed.set(eventId, seen);
  };
  const counts = {
    get(eventId: number): EffectCounts {
      const removed = [...eventOfMember].find(([, id]) => id === eventId)?.[0];
      return {
        webhooks: 0,
        log: 0,
        ...landed.get(eventId),
        roles: removed === undefined ? 0 : (reverts.get(removed) ?? 0),
      };
    },
  };
  /** Whether the last of its lead lines says this replica leads. */
  const leadsNow = (r: Replica) =>
    r.log.findLast((line) => String(line.msg).includes("leads"))?.msg ===
    "this replica leads: it holds the Discord gateway and runs the outbox";
  /**
   * Removes a member's nick as a plugin does: a 503 is asked again after its Retry-After (a replica frozen in the
   * middle of a write holds the cluster's write lock until PostgreSQL ends its session, 5 s).
   */
  const remove = async (r: Replica, i: number) => {
    for (let tries = 1; ; tries++) {
      const response = await fetch(`${r.url}/api/v1/whitelists/${whitelistId}/entries/Member_${i}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      });
      if (response.status !== 503 || tries === 10) return response;
      await Bun.sleep(Number(response.headers.get("retry-after")) * 1000);
    }
  };
  /** Resolves once every side effect of each event in `ids` happened at least once. */
  const allDone = (ids: number[], what: string) =>
    eventually(
      () =>
        ids.every((id) => {
          const seen = counts.get(id);
          return seen.webhooks > 0 && seen.roles > 0 && seen.log > 0;
        }),
      30_000,
      what,
    ).catch((error) => {
      const logs = replicas.map((r) => r.log.map((l) => `${l.time} ${l.level} ${l.msg}`));
      console.log(JSON.stringify({ counts: countsOf(ids), logs }, null, 1).slice(0, 6000));
      throw error;
    });
  const countsOf = (ids: number[]) => ids.map((id) => ({ id, ...counts.get(id) }));

  beforeAll(async () => {
    const url = await pg.database();
    const seed = {
      ...SEED,
      members: [
        ...SEED.members,
        ...Array.from({ length: MEMBERS }, (_, i) => ({
          id: member(i),
          username: `member${i}`,
          roleIds: [IDS.whitelistedRole],
        })),
      ],
    };
    discord = await startSandboxDiscord({
      port: 0,
      seed,
      token: TOKEN,
      rateLimits: false,
      observe({ method, path, status, requestBody, responseBody }) {
        if (status < 200 || status > 299) return;
        const made = (responseBody as { id?: string } | undefined)?.id;
        if (method === "POST" && path.endsWith(`/channels/${IDS.logChannel}/messages`) && made) {
          if (logMessages.has(made)) return;
          logMessages.add(made);
          onLogPost?.();
          onLogPost = undefined;
          // A message carries up to 10 changes (the log channel batches them), each embed's footer naming its event.
          const ids = ((requestBody as { embeds?: { footer?: { text?: string } }[] }).embeds ?? [])
            .map((embed) => Number(embed.footer?.text?.match(/^event (\d+)$/)?.[1]))
            .filter((id) => id > 0);
          if (ids.some((id) => (landed.get(id)?.log ?? 0) > 0)) repeatedLogPosts++;
          for (const id of ids) count(id, "log");
        }
        const role = path.match(/\/members\/(\d+)\/roles\/\d+$/)?.[1];
        if (method === "DELETE" && role) reverts.set(role, (reverts.get(role) ?? 0) + 1);
      },
    });
    cleanups.push(() => discord.stop());
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
      fetch(request) {
        count(Number(request.headers.get("webhook-id")), "webhooks");
        return new Response(null, { status: 204 });
      },
    });
    cleanups.push(() => void receiver.stop(true));
    const wl = await seedWhitelist(seeder, { guildId: IDS.guild, name: "survival" });
    whitelistId = wl.id;
    await seeder.guilds.setLogChannel(IDS.guild, IDS.logChannel);
    const created = await seedKey(seeder, IDS.guild);
    key = created.plaintext;
    await seeder.webhooks.set(IDS.guild, created.key.id, `http://127.0.0.1:${receiver.port}/hook`);
    // One nick per member, each with the role the bot granted for it: its removal takes the role back.
    await seedEntries(
      seeder,
      wl.id,
      Array.from({ length: MEMBERS }, (_, i) => ({
        nick: `Member_${i}`,
        userId: member(i),
        grantedRoleIds: [IDS.whitelistedRole],
      })),
    );
    replicas = await Promise.all(["a", "b", "c"].map((name) => replica(name, url, discord)));
    await eventually(() => replicas.filter(leadsNow).length === 1, 15_000, "one replica leads");
    await discord.waitForGateway((stats) => stats.connected === 1);
  });

  /** The last event all of whose side effects the leader recorded as done (outbox_cursor). */
  /** The outbox's recorded progress and the log channel's, whichever is behind. */
  const recordedThrough = async () => {
    if (seeder.store.kind !== "postgres") throw new TypeError("not on PostgreSQL");
    const rows = await seeder.store.client`SELECT name, event_id FROM outbox_cursor
      WHERE name IN ('leader', ${`log:${IDS.guild}`})`;
    return rows.length < 2 ? 0 : Math.min(...rows.map((row: { event_id: unknown }) => Number(row.event_id)));
  };
  /** The event ids of the removals after `start`, from the log. */
  const removalsAfter = async (start: number) => {
    const latest = (await seeder.events.bounds()).latest;
    return Array.from({ length: latest - start }, (_, i) => start + i + 1);
  };
  const noteRemoval = async (i: number) => {
    const latest = (await seeder.events.bounds()).latest;
    eventOfMember.set(member(i), latest);
  };

  test("the leader frozen (SIGSTOP): a follower fences it and leads; thawed, it steps down without acting", async () => {
    const leader = replicas.find(leadsNow) as Replica;
    const [first, second] = replicas.filter((r) => r !== leader) as [Replica, Replica];
    const start = (await seeder.events.bounds()).latest;
    for (const i of [0, 1]) {
      expect((await remove(first, i)).status).toBe(200);
      await noteRemoval(i);
    }
    const before = await removalsAfter(start);
    await allDone(before, "the effects before the freeze");
    // Frozen when quiet: all it did is recorded (a side effect done and not yet recorded is one in flight).
    await eventually(
      async () => (await recordedThrough()) >= (before.at(-1) as number),
      10_000,
      "the leader's progress recorded",
    );

    leader.child.kill("SIGSTOP");
    const frozenAt = performance.now();
    // A request to the frozen replica waits in its socket until it runs again (the kernel, not the service,
    // holds it: a proxy's health check takes the replica out meanwhile).
    const toFrozen = remove(leader, 2);
    for (const i of [3, 4]) {
      expect((await remove(first, i)).status).toBe(200);
      await noteRemoval(i);
    }
    const successor = (await eventually(
      () => [first, second].find(leadsNow),
      LEASE_MS + FOLLOW_MS + 10_000,
      "a follower leads",
    )) as Replica;
    const tookOverMs = Math.round(performance.now() - frozenAt);
    for (const i of [5, 6]) {
      expect((await remove(second, i)).status).toBe(200);
      await noteRemoval(i);
    }

    leader.child.kill("SIGCONT");
    expect((await toFrozen).status).toBe(200);
    await noteRemoval(2);
    await eventually(
      () => leader.log.some((line) => line.msg === "this replica no longer leads"),
      10_000,
      "the thawed replica stepping down",
    );
    // One more change, heard by the thawed replica's own socket: it has handled everything since the thaw.
    const socket = openSocket(leader.url, key);
    await socket.waitFor((m) => m.type === "connected");
    expect((await remove(first, 7)).status).toBe(200);
    await noteRemoval(7);
    const ids = await removalsAfter(start);
    await socket.waitFor((m) => Number(m.id) === ids.at(-1));
    socket.close();
    await allDone(ids, "every side effect once the leader was replaced");
    expect(countsOf(ids)).toEqual(ids.map((id) => ({ id, webhooks: 1, roles: 1, log: 1 })));
    expect({ leads: leadsNow(leader), successor: successor.name !== leader.name }).toEqual({
      leads: false,
      successor: true,
    });
    console.log(
      `SIGSTOP: ${successor.name} led ${tookOverMs} ms after ${leader.name} froze (lease ${LEASE_MS} ms); ` +
        `${ids.length} removals, each webhook, role revert and log post once`,
    );
  });

  test("the leader killed (-9) mid-traffic: every side effect happens, at most the one in flight twice, no log post", async () => {
    const leader = replicas.find(leadsNow) as Replica;
    const follower = replicas.find((r) => r !== leader) as Replica;
    const start = (await seeder.events.bounds()).latest;
    const logPostsBefore = repeatedLogPosts;
    let killedAt = 0;
    for (let i = 10; i < MEMBERS; i++) {
      // Killed at the log channel's worst moment: Discord took its post, whose answer never reaches it.
      if (i === 25) {
        onLogPost = () => {
          leader.child.kill(9);
          killedAt = performance.now();
        };
      }
      expect((await remove(follower, i)).status).toBe(200);
      await noteRemoval(i);
      await Bun.sleep(25);
    }
    const ids = await removalsAfter(start);
    await allDone(ids, "every side effect after the failover");
    const successor = replicas.find((r) => r !== leader && leadsNow(r)) as Replica;
    const repeated = { webhooks: 0, roles: 0, log: 0 };
    for (const id of ids) {
      const seen = counts.get(id);
      for (const effect of ["webhooks", "roles", "log"] as const) if (seen[effect] > 1) repeated[effect]++;
    }
    const most = Math.max(...ids.flatMap((id) => Object.values(counts.get(id))));
    console.log(
      `kill -9 mid-traffic: ${successor.name} took over; ${ids.length} removals × 3 side effects, repeated: ` +
        `${JSON.stringify(repeated)}, log messages repeated: ${repeatedLogPosts - logPostsBefore} ` +
        `(killed ${Math.round(performance.now() - killedAt)} ms before the last was done)`,
    );
    // Each side effect at most once more, and of each kind at most the one in flight when the leader died: one
    // webhook delivery, one role revert. The log message in flight is sent again as it was, and Discord, seeing
    // its nonce again, makes no second one.
    expect({
      killed: killedAt > 0,
      atMostTwice: most <= 2,
      oneOfEachKind: repeated.webhooks <= 1 && repeated.roles <= 1,
      logRepeated: { changes: repeated.log, messages: repeatedLogPosts - logPostsBefore },
    }).toEqual({
      killed: true,
      atMostTwice: true,
      oneOfEachKind: true,
      logRepeated: { changes: 0, messages: 0 },
    });
    replicas = replicas.filter((r) => r !== leader);
  });
});
