import { afterEach, describe, expect, test } from "bun:test";
import { createClusterBus } from "../../src/cluster/bus.ts";
import { closeStore } from "../../src/db/driver.ts";
import { openPostgres } from "../../src/db/pg/store.ts";
import { createServices, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { sharedPostgres } from "../helpers/postgres.ts";
import { seedEntries, seedWhitelist } from "../helpers/services.ts";

// The cluster's bus on a real PostgreSQL: which commits make it read the log. A replica's own change whose id
// follows the bus's cursor goes out as its writer publishes it; a gap (another replica's change, an id a rolled
// back write took) is read from the log, in id order; a NOTIFY of its own commit reads nothing.

const GUILD = "100000000000000001";
let open: Services[] = [];

afterEach(async () => {
  for (const services of open) await closeStore(services.db);
  open = [];
});

/** A replica's services on `url` (no LISTEN: a test calls `heard` itself), counting its bus's reads of the log. */
async function replica(url: string) {
  const store = await openPostgres({ url, poolSize: 4 });
  const start = await store.driver.lastEventId(store.db);
  const reads: number[] = [];
  const heard: string[] = [];
  let bus: ReturnType<typeof createClusterBus> | undefined;
  const services = createServices({
    store,
    clock: manualClock(Date.UTC(2026, 10, 26)),
    logger: silentLogger,
    feeds: (events) => {
      bus = createClusterBus({
        events: {
          noticesAfter: (after, limit) => {
            reads.push(after);
            return events.noticesAfter(after, limit);
          },
        },
        logger: silentLogger,
        start,
      });
      return { bus, outbox: bus };
    },
  });
  open.push(services);
  services.bus.subscribe(({ event, remote }) =>
    heard.push(`${event.id} ${event.entry.nick}${remote ? " (remote)" : ""}`),
  );
  return { services, reads, heard, bus: bus as ReturnType<typeof createClusterBus> };
}

describe("the cluster's bus", () => {
  test("a replica's own next changes go out without a read of the log; its NOTIFY echo reads nothing", async () => {
    const a = await replica(await (await sharedPostgres()).database());
    const wl = await seedWhitelist(a.services, { guildId: GUILD, name: "survival" });
    await seedEntries(a.services, wl.id, ["Alpha", "Bravo"]);
    await a.services.entries.remove({ whitelistId: wl.id, nick: "alpha", origin: "api" });
    expect(a.heard).toEqual(["1 Alpha", "2 Bravo", "3 Alpha"]);
    // Published before the write resolved (read-your-writes), and no read was needed.
    expect(a.reads).toEqual([]);
    // The NOTIFYs of its own commits (called here, as its LISTEN would).
    for (const id of [1, 2, 3]) await a.bus.heard(id);
    expect(a.reads).toEqual([]);
    expect(a.heard).toHaveLength(3);
  });

  test("a gap before an own change is read from the log: another replica's change first, in id order", async () => {
    const url = await (await sharedPostgres()).database();
    const [a, b] = [await replica(url), await replica(url)];
    const wl = await seedWhitelist(a.services, { guildId: GUILD, name: "survival" });
    await seedEntries(a.services, wl.id, ["Alpha"]);
    await seedEntries(b.services, wl.id, ["Bravo"]);
    // A does not listen: it learns of B's change when its own next one cannot follow its cursor.
    await seedEntries(a.services, wl.id, ["Charlie"]);
    expect(a.heard).toEqual(["1 Alpha", "2 Bravo (remote)", "3 Charlie"]);
    expect(a.reads).toEqual([1]);
    // B's own change came after A's first: read from the log with it.
    expect(b.heard).toEqual(["1 Alpha (remote)", "2 Bravo"]);
    expect(b.reads).toEqual([0]);
    // B hears of A's next by NOTIFY (called here, as B's LISTEN would): a read.
    await b.bus.heard(3);
    expect(b.heard).toEqual(["1 Alpha (remote)", "2 Bravo", "3 Charlie (remote)"]);
    expect(b.reads).toEqual([0, 2]);
  });

  test("an id a rolled back write took leaves a gap: the next own change is read from the log, once", async () => {
    const a = await replica(await (await sharedPostgres()).database());
    const wl = await seedWhitelist(a.services, { guildId: GUILD, name: "survival" });
    await seedEntries(a.services, wl.id, ["Alpha"]);
    // A write that appends an event, then fails: rolled back, its id never becomes visible.
    const refused = a.services.write(async (tx) => {
      await a.services.events.append(tx, {
        type: "entry.added",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: wl.name,
        entry: { nick: "Bravo", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        origin: "staff",
      });
      throw new DomainError("nick-taken", "refused after its event was appended");
    });
    expect(refused).rejects.toThrow("refused after");
    await refused.catch(() => {});
    await seedEntries(a.services, wl.id, ["Charlie"]);
    expect(a.heard).toEqual(["1 Alpha", "3 Charlie"]);
    expect(a.reads).toEqual([1]);
  });
});
