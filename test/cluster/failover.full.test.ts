import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { type Election, electLeader, FOLLOW_MS } from "../../src/cluster/leader.ts";
import { LEASE_MS, leaseStatements } from "../../src/cluster/lease.ts";
import { startOutbox } from "../../src/cluster/outbox.ts";
import type { Replica } from "../../src/cluster/replica.ts";
import { closeStore } from "../../src/db/driver.ts";
import { openStoreServices, type Services } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { eventually } from "../helpers/eventually.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { seedEntries, seedWhitelist } from "../helpers/services.ts";

// The leader's lease and the outbox's progress (issue 27 §2), on a real PostgreSQL: a leader that stops renewing
// is fenced and replaced in a new epoch, and a new leader repeats only the side effects that were in flight,
// while the late completion of one by the old leader is never recorded. Real time must pass for the lease to
// run out: the bounds are generous, and what is asserted is who leads and what was done.

const GUILD = "100000000000000001";
/** A follower takes over once the lease ran out: at its next read, then claims and starts its duties. */
const TAKEOVER_BOUND_MS = LEASE_MS + FOLLOW_MS + 5_000;

let pg: TestPostgres;
let open: { services: Services; replica: Replica }[] = [];
const elections: Election[] = [];

beforeAll(async () => {
  pg = await sharedPostgres();
});
afterEach(async () => {
  for (const election of elections.splice(0)) await election.stop();
  for (const { services, replica } of open) {
    await replica.leave();
    await closeStore(services.db).catch(() => {});
  }
  open = [];
});

/** A replica of the services, with its pool and its membership of the cluster. */
type Node = { services: Services; client: SQL; replica: Replica };

async function replicas(count: number): Promise<Node[]> {
  const url = await pg.database();
  const started: Node[] = [];
  for (let i = 0; i < count; i++) {
    const { services, replica } = await openStoreServices({
      databaseUrl: url,
      path: "unused",
      clock: systemClock,
      logger: silentLogger,
    });
    if (!replica || services.store.kind !== "postgres") throw new Error("no replica on PostgreSQL");
    open.push({ services, replica });
    started.push({ services, client: services.store.client, replica });
  }
  return started;
}

describe("the leader's lease", () => {
  test("a leader that stops renewing is fenced: its lock session ended, a follower leads in the next epoch", async () => {
    const [{ client }] = (await replicas(1)) as [Node];
    // A leader frozen right after it claimed: it holds the lock and the lease, and renews nothing.
    const frozen = await client.reserve();
    expect(await leaseStatements.lock(frozen)).toBe(true);
    expect(await leaseStatements.claim(frozen, "frozen")).toBe(1);
    const claimedAt = performance.now();

    const leading: number[] = [];
    const follower = electLeader({
      client,
      holder: "follower",
      logger: silentLogger,
      lead: async (term) => {
        leading.push(term.epoch);
        return { stop: async () => {} };
      },
    });
    elections.push(follower);
    await eventually(() => follower.isLeader(), TAKEOVER_BOUND_MS, "the follower leads");
    const tookOverMs = performance.now() - claimedAt;
    expect({ leading, mayAct: follower.mayAct(), epoch: follower.epoch() }).toEqual({
      leading: [2],
      mayAct: true,
      epoch: 2,
    });
    // Not before the lease ran out, and the frozen one's session is gone: it can renew nothing any more.
    expect(tookOverMs).toBeGreaterThan(LEASE_MS - 1_000);
    expect(
      await frozen`SELECT 1`.then(
        () => "answered",
        () => "ended",
      ),
    ).toBe("ended");
    expect((await leaseStatements.read(client))?.holder).toBe("follower");
  });

  test("a new leader repeats only the side effect in flight; the old leader's late completion is not recorded", async () => {
    const [a, b] = (await replicas(2)) as [Node, Node];
    const wl = await seedWhitelist(a.services, { guildId: GUILD, name: "survival" });
    /** A side effect that notes each event and stays in flight for those in `hold` until `finish`. */
    const effect = (services: Services, hold: Set<number>) => {
      const handled: number[] = [];
      const waiting = new Map<number, () => void>();
      services.outbox.subscribe((notice) => {
        const id = Number(notice.event.id);
        handled.push(id);
        if (!hold.has(id)) return Promise.resolve();
        return new Promise<void>((resolve) => waiting.set(id, resolve));
      }, "webhooks");
      return { handled, finish: (id: number) => waiting.get(id)?.() };
    };
    const elect = (name: string, { services, client, replica }: Node) => {
      const election = electLeader({
        client,
        holder: name,
        logger: silentLogger,
        lead: (term) =>
          startOutbox({ ...services, client, outbox: replica.outbox, term, logger: silentLogger }),
      });
      elections.push(election);
      return election;
    };
    const onA = effect(a.services, new Set([3]));
    const onB = effect(b.services, new Set());
    const first = elect("a", a);
    await first.firstTry;
    expect(first.isLeader()).toBe(true);
    const second = elect("b", b);

    await seedEntries(a.services, wl.id, ["One", "Two", "Three", "Four"]);
    const progress = async () => ({
      cursor: Number((await a.client`SELECT event_id FROM outbox_cursor`)[0]?.event_id),
      done: (await a.client`SELECT event_id, effect FROM outbox_done ORDER BY event_id`).map(
        (row: { event_id: string; effect: string }) => `${row.event_id} ${row.effect}`,
      ),
    });
    // 1, 2 and 4 done, 3 in flight: the cursor stops before 3, and 4 is recorded on its own.
    await eventually(
      async () => JSON.stringify(await progress()) === JSON.stringify({ cursor: 2, done: ["4 webhooks"] }),
      5_000,
      "the progress of 1, 2 and 4 recorded",
    );
    expect(onA.handled).toEqual([1, 2, 3, 4]);

    // The leader's lock session ends (a cut connection; a fence), and it stops without giving its lease up.
    await a.client`SELECT pg_terminate_backend(pid) FROM leader_lease`;
    await first.stop();
    await eventually(() => second.isLeader(), TAKEOVER_BOUND_MS, "b leads");
    expect(second.epoch()).toBe(2);
    // The old leader finishes its side effect of 3 late: not recorded, and b does it again, once.
    onA.finish(3);
    await seedEntries(b.services, wl.id, ["Five"]);
    await eventually(() => onB.handled.length === 2, 5_000, "b handling 3, then 5");
    expect(onB.handled).toEqual([3, 5]);
    await eventually(
      async () => JSON.stringify(await progress()) === JSON.stringify({ cursor: 5, done: [] }),
      5_000,
      "b's progress recorded",
    );
  });
});
