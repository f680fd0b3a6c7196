import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { electLeader } from "../../src/cluster/leader.ts";
import { type Outbox, startOutbox } from "../../src/cluster/outbox.ts";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import { startLinkEndpoint } from "../../src/link/index.ts";
import { codeProof } from "../../src/link/proof.ts";
import { startFakeMojang } from "../../src/sandbox/mojang.ts";
import type { Services } from "../../src/services.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { eventually } from "../helpers/eventually.ts";
import { recordingLogger } from "../helpers/log.ts";
import { login } from "../helpers/minecraft-client.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { testReplicas } from "../helpers/replicas.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

// Replicas of the services on one PostgreSQL store, in this process: each hears every change made through any
// of them exactly once and in order, a revocation or a whitelist's change on one reaches the others' caches,
// one leader is elected and a follower takes over when it goes, and the outbox resumes where the last stopped.

const GUILD = "100000000000000001";
const NOTCH = { name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };
let pg: TestPostgres;
const opened = testReplicas(Date.UTC(2026, 10, 25));

beforeAll(async () => {
  pg = await sharedPostgres();
});
afterEach(() => opened.closeAll());

async function replicas(count: number, url?: string, logger = silentLogger): Promise<Services[]> {
  return opened.open(count, url ?? (await pg.database()), logger);
}

/** The pool of services opened on PostgreSQL. */
function pgClient(services: Services): SQL {
  if (services.store.kind !== "postgres") throw new TypeError("not a replica on PostgreSQL");
  return services.store.client;
}

const heard = (services: Services) => {
  const lines: string[] = [];
  services.bus.subscribe(({ event, remote }) =>
    lines.push(`${event.id} ${event.type} ${event.entry.nick}${remote ? " (remote)" : ""}`),
  );
  return lines;
};

describe("replicas on one PostgreSQL", () => {
  test("each hears every change made through any of them, once and in order", async () => {
    const [a, b, c] = (await replicas(3)) as [Services, Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const [onA, onB, onC] = [heard(a), heard(b), heard(c)];
    await Promise.all([
      seedEntries(a, wl.id, ["Alpha", "Bravo"]),
      seedEntries(b, wl.id, ["Charlie", "Delta"]),
      seedEntries(c, wl.id, ["Echo"]),
    ]);
    await b.entries.remove({ whitelistId: wl.id, nick: "alpha", origin: "api" });
    const ids = (lines: string[]) => lines.map((line) => Number(line.split(" ")[0]));
    await eventually(() => onA.length === 6 && onB.length === 6 && onC.length === 6);
    for (const lines of [onA, onB, onC]) expect(ids(lines)).toEqual([1, 2, 3, 4, 5, 6]);
    const plain = (line: string) => line.replace(" (remote)", "");
    expect(onB.map(plain)).toEqual(onA.map(plain));
    // A change is remote everywhere but where it was made.
    expect(onB.at(-1)).toBe("6 entry.removed Alpha");
    expect(onA.at(-1)).toBe("6 entry.removed Alpha (remote)");
    // The served bytes follow on every replica.
    for (const services of [a, b, c]) {
      const body = new TextDecoder().decode((await services.formatCache.get(wl.id, "plain")).bytes);
      expect(body.trim().split("\n").sort()).toEqual(["Bravo", "Charlie", "Delta", "Echo"]);
    }
  });

  test("many changes at once on each (committed in groups) are heard by every replica once, in order, each remote but where made", async () => {
    const [a, b, c] = (await replicas(3)) as [Services, Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const listeners = [heard(a), heard(b), heard(c)];
    const nicks = (replica: number) => Array.from({ length: 12 }, (_, index) => `R${replica}_${index}`);
    // Twelve single additions asked at once on each replica: its writer commits them in groups (src/db/pg/writer.ts),
    // then removes them the same way.
    await Promise.all(
      [a, b, c].flatMap((services, replica) =>
        nicks(replica).map((nick) => seedEntries(services, wl.id, [nick])),
      ),
    );
    await Promise.all(
      [a, b, c].flatMap((services, replica) =>
        nicks(replica).map((nick) => services.entries.remove({ whitelistId: wl.id, nick, origin: "api" })),
      ),
    );
    await eventually(() => listeners.every((lines) => lines.length === 72));
    const plain = (line: string) => line.replace(" (remote)", "");
    for (const [replica, lines] of listeners.entries()) {
      expect(lines.map((line) => Number(line.split(" ")[0]))).toEqual(
        Array.from({ length: 72 }, (_, i) => i + 1),
      );
      expect(lines.map(plain)).toEqual((listeners[0] as string[]).map(plain));
      const own = lines.filter((line) => !line.endsWith("(remote)")).map((line) => line.split(" ")[2]);
      expect(own.sort()).toEqual([...nicks(replica), ...nicks(replica)].sort());
    }
  });

  test("a change read from the log before its writer published it is still this replica's own: logged once, not remote", async () => {
    const log = recordingLogger();
    const [a] = (await replicas(1, undefined, log.logger)) as [Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const [late] = await seedEntries(a, wl.id, ["Late"]);
    if (!late) throw new Error("not seeded");
    const onA = heard(a);
    // A write whose publish comes after a round read its event: what happens when another replica's commit starts a
    // round between this commit and its publish. The writer settles the bus before it resolves (read-your-writes).
    const notice = await a.write(async (tx) => {
      const detail = { entry: late, actorId: null };
      const input = {
        type: "entry.removed",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: "survival",
      } as const;
      const event = await a.events.append(tx, { ...input, entry: late, origin: "api" }, detail);
      return { event, ...detail };
    });
    expect(onA).toEqual([`${notice.event.id} entry.removed Late`]);
    a.bus.publish(notice);
    await a.bus.settle?.();
    expect(onA).toHaveLength(1);
    const removed = log.lines.filter((line) => line.msg === "nick removed" && line.nick === "Late");
    expect(removed.map((line) => line.eventId)).toEqual([notice.event.id]);
  });

  test("a replica whose LISTEN connection is cut catches up from its last id once back: nothing is missed", async () => {
    const url = await pg.database();
    const [a, b] = (await replicas(2, url)) as [Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const onB = heard(b);
    await seedEntries(a, wl.id, ["Before"]);
    await eventually(() => onB.length === 1);
    // The server ends every LISTEN session (as a failover or a network cut would), then changes go on.
    const admin = new SQL(url);
    const cut = await admin`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
    expect(cut.length).toBeGreaterThan(0);
    await seedEntries(a, wl.id, ["During_1", "During_2"]);
    await admin.close();
    await eventually(() => onB.length === 3, 10_000);
    expect(onB.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "1 entry.added Before",
      "2 entry.added During_1",
      "3 entry.added During_2",
    ]);
  });

  test("a key revoked on one replica stops verifying on the others, whose listeners hear it at once", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const { key, plaintext } = await seedKey(a, GUILD);
    expect(await b.keys.verify(plaintext)).not.toBeNull();
    const revoked: string[] = [];
    b.keys.onRevoked((keyId, reason) => revoked.push(`${keyId} ${reason}`));
    await a.keys.revoke(GUILD, key.id);
    await eventually(() => revoked.length > 0, 1_000);
    expect(revoked).toEqual([`${key.id} revoked`]);
    expect(b.keys.verifyCached(plaintext)).toBeUndefined();
    expect(await b.keys.verify(plaintext)).toBeNull();
  });

  test("a whitelist changed or deleted on one replica is not served from another's cache", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    expect((await b.whitelists.get(wl.id))?.maxNicksPerUser).toBe(1);
    await a.whitelists.update(wl.id, { maxNicksPerUser: 3 });
    await eventually(async () => (await b.whitelists.get(wl.id))?.maxNicksPerUser === 3, 1_000);
    await a.deletion.deleteWhitelist(wl.id, "300000000000000009");
    await eventually(async () => (await b.whitelists.get(wl.id)) === undefined, 1_000);
  });

  test("one leader at a time; one that stops gives its lease up and a follower takes over", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const leading: string[] = [];
    const elect = (name: string, services: Services) =>
      electLeader({
        client: pgClient(services),
        holder: name,
        logger: silentLogger,
        lead: async () => {
          leading.push(`${name} leads`);
          return { stop: async () => void leading.push(`${name} stops`) };
        },
      });
    const first = elect("a", a);
    await eventually(() => leading.length === 1);
    const second = elect("b", b);
    expect(leading).toEqual(["a leads"]);
    expect(first.isLeader() && !second.isLeader()).toBe(true);
    // The leader's replica stops: it gives its lease up, and b takes over at its next read of it.
    const tookOver = performance.now();
    await first.stop();
    await eventually(() => second.isLeader(), 10_000);
    expect(performance.now() - tookOver).toBeLessThan(10_000);
    expect(leading).toEqual(["a leads", "a stops", "b leads"]);
    await second.stop();
  });

  test("a new leader's outbox starts where the last one stopped: the changes since are handled, none skipped", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    /** Elects `services` alone (the other is not running) with an outbox whose one side effect notes each nick. */
    const leadWith = async (name: string, services: Services) => {
      const handled: string[] = [];
      services.outbox.subscribe(
        (notice: ChangeNotice) => void handled.push(notice.event.entry.nick),
        "roles",
      );
      const election = electLeader({
        client: pgClient(services),
        holder: name,
        logger: silentLogger,
        lead: (term) =>
          startOutbox({
            ...services,
            client: pgClient(services),
            outbox: services.outbox as Outbox,
            term,
            logger: silentLogger,
          }),
      });
      await election.firstTry;
      expect(election.isLeader()).toBe(true);
      return { handled, election };
    };
    const first = await leadWith("a", a);
    await seedEntries(a, wl.id, ["One", "Two"]);
    await eventually(() => first.handled.length === 2);
    await first.election.stop();
    // Between leaders, changes go on; the next leader reads them from the log.
    await seedEntries(b, wl.id, ["Three"]);
    await a.entries.remove({ whitelistId: wl.id, nick: "one", origin: "api" });
    await eventually(async () => Number((await b.bus.through()) >= 4));
    const second = await leadWith("b", b);
    await seedEntries(b, wl.id, ["Four"]);
    await eventually(() => second.handled.length === 3);
    expect({ a: first.handled, b: second.handled }).toEqual({
      a: ["One", "Two"],
      b: ["Three", "One", "Four"],
    });
    await second.election.stop();
  });

  test("a code one replica's link endpoint shows is typed on another: linked and registered, verified everywhere", async () => {
    const [a, b] = (await replicas(2)) as [Services, Services];
    const mojang = startFakeMojang({ profiles: [NOTCH] });
    const endpoint = startLinkEndpoint({
      hostname: "127.0.0.1",
      port: 0,
      sessionUrl: mojang.url,
      proof: codeProof(a.accounts, wordsFor("en")),
      logger: silentLogger,
    });
    try {
      const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival", proof: "required" });
      const onA = heard(a);
      const shown = await login({ port: endpoint.port, protocol: 769, ...NOTCH, sessionUrl: mojang.url });
      const code = shown.text.match(/Your code: (\S+)/)?.[1] as string;
      // Refusals are counted in the store too: 4 on one replica and 1 on the other limit the member on both.
      const member = { userId: "300000000000000001", roleIds: [], canManageGuild: false };
      for (const [services, guess] of [
        [a, "AAAA-AAAA"],
        [a, "AAAA-AAAB"],
        [a, "AAAA-AAAC"],
        [a, "AAAA-AAAD"],
        [b, "AAAA-AAAE"],
      ] as const) {
        await expect(services.linking.link({ guildId: GUILD, member, code: guess })).rejects.toThrow(
          "does not exist",
        );
      }
      await expect(a.linking.link({ guildId: GUILD, member, code })).rejects.toThrow("Too many codes");
      const other = { ...member, userId: "300000000000000002" };
      const done = await b.linking.registerWithCode({ whitelist: wl, member: other, code });
      expect(done).toMatchObject({
        link: { uuid: NOTCH.uuid, userId: other.userId },
        outcome: "registered",
        submission: { kind: "registered", entry: { nick: "Notch", verified: true } },
      });
      expect((await a.accounts.ownerOf(GUILD, NOTCH.uuid))?.userId).toBe(other.userId);
      await eventually(() => onA.length === 1);
      expect(onA).toEqual([expect.stringMatching(/^\d+ entry\.added Notch \(remote\)$/)]);
      expect(JSON.parse(new TextDecoder().decode((await a.formatCache.get(wl.id, "json")).bytes))).toEqual([
        { nick: "Notch", uuid: NOTCH.uuid, premium: true, expiresAt: null, verified: true, groups: [] },
      ]);
    } finally {
      await endpoint.stop();
      await mojang.stop();
    }
  });
});
