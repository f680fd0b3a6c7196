/**
 * Expiring entries (docs/decisions.md, Expiring entries): the due time is stored with each entry, the scheduler
 * removes what is due (origin `expired`, one event each) when its check runs, and never removes an entry twice.
 * Time moves on the manual clock; the tests call `check` instead of waiting for the timer.
 */
import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { Services } from "../../src/services.ts";
import type { Logger } from "../../src/shared/logger.ts";
import { recordingLogger } from "../helpers/log.ts";
import {
  forEachStore,
  seedEntries,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let services: TestServices | undefined;
afterEach(async () => {
  await services?.expiry.stop();
  await services?.close();
  services = undefined;
});

/** Test services, a whitelist and the events published from now on. */
async function world(options: { logger?: Logger } = {}) {
  services = await testServices(options);
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "trial" });
  const published: ChangeNotice[] = [];
  services.bus.subscribe((notice) => published.push(notice));
  return { s: services, wl, published };
}

/** The stored events of GUILD as `type origin nick`. */
const eventLines = async (s: Services) =>
  (await s.events.listAfter(0, { guildId: GUILD, whitelistId: null })).map(
    (e) => `${e.type} ${e.origin} ${e.entry.nick}`,
  );

forEachStore("expiring entries", () => {
  test("an entry goes when its due time has passed and the check runs, with one entry.removed of origin expired", async () => {
    const { s, wl, published } = await world();
    const now = s.clock.now();
    await seedEntries(s, wl.id, [
      { nick: "Trial", expiresAt: now + HOUR },
      { nick: "Later", expiresAt: now + DAY },
      { nick: "Forever" },
    ]);
    published.length = 0;

    s.clock.advance(HOUR - 1);
    expect(await s.expiry.check()).toBe(0);
    s.clock.advance(1);
    expect(await s.expiry.check()).toBe(1);

    expect((await s.entries.list(wl.id)).map((e) => e.nick)).toEqual(["Later", "Forever"]);
    expect(published.map((n) => ({ event: n.event, owner: n.entry.userId, actorId: n.actorId }))).toEqual([
      {
        event: {
          id: "4",
          type: "entry.removed",
          guildId: GUILD,
          whitelistId: wl.id,
          whitelistName: "trial",
          entry: {
            nick: "Trial",
            uuid: null,
            premium: false,
            expiresAt: new Date(now + HOUR).toISOString(),
            verified: false,
            groups: [],
          },
          userId: "300000000000000001",
          origin: "expired",
          timestamp: new Date(now + HOUR).toISOString(),
        },
        owner: "300000000000000001",
        actorId: null,
      },
    ]);
    expect(await s.entries.nextExpiry()).toBe(now + DAY);
  });

  test("entries due together go oldest due first, one event each, also past a batch of 500", async () => {
    const { s, wl } = await world();
    const now = s.clock.now();
    // Set up in one transaction: 1,201 entries, due from one minute to a few hours from now, the last first.
    const { entries } = s.store.tables;
    await s.write(async (tx) => {
      await tx.insert(entries).values(
        Array.from({ length: 1201 }, (_, i) => ({
          whitelistId: wl.id,
          nick: `p${i}`,
          nickKey: `p${i}`,
          premium: false,
          userId: "300000000000000001",
          addedBy: "300000000000000001",
          origin: "discord" as const,
          createdAt: now,
          expiresAt: now + MINUTE + (1200 - i) * 10_000,
        })),
      );
    });
    s.clock.advance(DAY);
    expect(await s.expiry.check()).toBe(1201);
    const removed = await s.events.listAfter(0, { guildId: GUILD, whitelistId: null }, 5000);
    expect({
      entriesLeft: (await s.entries.list(wl.id)).length,
      events: removed.length,
      allExpired: removed.every((e) => e.type === "entry.removed" && e.origin === "expired"),
      first: removed[0]?.entry.nick,
      last: removed.at(-1)?.entry.nick,
      distinct: new Set(removed.map((e) => e.entry.nick)).size,
    }).toEqual({
      entriesLeft: 0,
      events: 1201,
      allExpired: true,
      first: "p1200",
      last: "p0",
      distinct: 1201,
    });
  });

  test("two checks at once remove an entry once", async () => {
    const { s, wl } = await world();
    await seedEntries(s, wl.id, [{ nick: "Trial", expiresAt: s.clock.now() + MINUTE }]);
    s.clock.advance(MINUTE);
    const [first, second, direct] = await Promise.all([
      s.expiry.check(),
      s.expiry.check(),
      s.entries.removeExpired(s.clock.now(), 10),
    ]);
    expect({ removed: first + second + direct.length, events: await eventLines(s) }).toEqual({
      removed: 1,
      events: ["entry.added discord Trial", "entry.removed expired Trial"],
    });
  });

  test("removals waiting together for the write lock remove each entry once, whichever path comes first", async () => {
    const { s, wl } = await world();
    await seedEntries(s, wl.id, [
      { nick: "ApiFirst", expiresAt: s.clock.now() + MINUTE },
      { nick: "ExpiryFirst", expiresAt: s.clock.now() + MINUTE },
    ]);
    s.clock.advance(MINUTE);
    // Another program holds the database: every write below waits in the writer's queue, in this order.
    const lock = await s.holdWriteLock();
    const waiting = Promise.allSettled([
      s.entries.remove({ whitelistId: wl.id, nick: "apifirst", origin: "api" }),
      s.entries.removeExpired(s.clock.now(), 10),
      s.entries.removeExpired(s.clock.now(), 10),
      s.entries.remove({ whitelistId: wl.id, nick: "expiryfirst", origin: "api" }),
    ]);
    // Each write joins the queue once its whitelist is looked up: a few turns of the event loop.
    for (let turn = 0; turn < 1000 && s.writesWaiting() < 4; turn++) await new Promise(setImmediate);
    expect(s.writesWaiting()).toBe(4);
    await lock.release();
    const [api, expiry, again, late] = await waiting;
    expect({
      api: api.status,
      expiry: expiry.status === "fulfilled" && expiry.value.map((e) => e.nick),
      again: again.status === "fulfilled" && again.value.length,
      late: late.status === "rejected" && (late.reason as { code: string }).code,
      events: (await eventLines(s)).slice(2),
    }).toEqual({
      api: "fulfilled",
      expiry: ["ExpiryFirst"],
      again: 0,
      late: "entry-not-found",
      events: ["entry.removed api ApiFirst", "entry.removed expired ExpiryFirst"],
    });
  });

  test("an entry removed before its due time is not removed again, and a nick registered anew keeps its own expiry", async () => {
    const { s, wl } = await world();
    await seedEntries(s, wl.id, [{ nick: "Trial", expiresAt: s.clock.now() + HOUR }]);
    await s.entries.remove({ whitelistId: wl.id, nick: "Trial", origin: "discord" });
    await seedEntries(s, wl.id, [{ nick: "Trial" }]);
    s.clock.advance(DAY);
    expect(await s.expiry.check()).toBe(0);
    expect({ left: (await s.entries.list(wl.id)).map((e) => e.nick), events: await eventLines(s) }).toEqual({
      left: ["Trial"],
      events: ["entry.added discord Trial", "entry.removed discord Trial", "entry.added discord Trial"],
    });
  });

  test("the entry keeps its due time in the API view and in its events", async () => {
    const { s, wl } = await world();
    const due = s.clock.now() + 7 * DAY;
    const [entry] = await seedEntries(s, wl.id, [{ nick: "Trial", expiresAt: due }]);
    expect({
      stored: entry?.expiresAt,
      event: (await s.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id }))[0]?.entry.expiresAt,
      next: await s.entries.nextExpiry(),
    }).toEqual({ stored: due, event: "2026-11-29T12:00:00.000Z", next: due });
  });
});

forEachStore("the expiry timer", () => {
  test("start removes what is due, then arms the timer for the next due time, at most an hour ahead", async () => {
    const { s, wl } = await world();
    const now = s.clock.now();
    await seedEntries(s, wl.id, [
      { nick: "Overdue", expiresAt: now - MINUTE },
      { nick: "Soon", expiresAt: now + 10 * MINUTE },
    ]);
    expect(s.expiry.armedFor()).toBeNull();
    await s.expiry.start();
    expect({ left: (await s.entries.list(wl.id)).map((e) => e.nick), armedFor: s.expiry.armedFor() }).toEqual(
      {
        left: ["Soon"],
        armedFor: now + 10 * MINUTE,
      },
    );
    s.clock.advance(10 * MINUTE);
    await s.expiry.check();
    // Nothing left to expire: the timer still wakes within the hour, so a clock that jumped is noticed.
    expect({ left: (await s.entries.list(wl.id)).length, armedFor: s.expiry.armedFor() }).toEqual({
      left: 0,
      armedFor: now + 10 * MINUTE + HOUR,
    });
  });

  test("an entry added with an earlier due time moves the timer earlier; a later one leaves it", async () => {
    const { s, wl } = await world();
    const now = s.clock.now();
    await s.expiry.start();
    expect(s.expiry.armedFor()).toBe(now + HOUR);
    await seedEntries(s, wl.id, [{ nick: "Soon", expiresAt: now + 5 * MINUTE }]);
    expect(s.expiry.armedFor()).toBe(now + 5 * MINUTE);
    await seedEntries(s, wl.id, [{ nick: "Later", expiresAt: now + 30 * MINUTE }, { nick: "Forever" }]);
    expect(s.expiry.armedFor()).toBe(now + 5 * MINUTE);
    await s.expiry.stop();
    expect(s.expiry.armedFor()).toBeNull();
    // Stopped: additions no longer arm it.
    await seedEntries(s, wl.id, [{ nick: "Sooner", expiresAt: now + MINUTE }]);
    expect(s.expiry.armedFor()).toBeNull();
  });

  test("the timer fires by itself for an entry already due when it is added", async () => {
    const { s, wl, published } = await world();
    await s.expiry.start();
    const removed = new Promise<ChangeNotice>((resolve) =>
      s.bus.subscribe((notice) => {
        if (notice.event.type === "entry.removed") resolve(notice);
      }),
    );
    await seedEntries(s, wl.id, [{ nick: "Late", expiresAt: s.clock.now() - 1 }]);
    expect((await removed).event.origin).toBe("expired");
    expect(published.map((n) => `${n.event.type} ${n.event.origin}`)).toEqual([
      "entry.added discord",
      "entry.removed expired",
    ]);
  });

  test("a failed check is logged, tried again a minute later, and loses nothing", async () => {
    const log = recordingLogger();
    const { s, wl } = await world({ logger: log.logger });
    await seedEntries(s, wl.id, [{ nick: "Trial", expiresAt: s.clock.now() + MINUTE }]);
    await s.expiry.start();
    s.clock.advance(MINUTE);
    const removeExpired = s.entries.removeExpired;
    s.entries.removeExpired = () => Promise.reject(new Error("database is locked"));
    await expect(s.expiry.check()).rejects.toThrow("database is locked");
    expect(s.expiry.armedFor()).toBe(s.clock.now());
    s.entries.removeExpired = removeExpired;
    expect(await s.expiry.check()).toBe(1);
    expect({ events: await eventLines(s), warnings: log.at("warn"), info: log.at("info") }).toEqual({
      events: ["entry.added discord Trial", "entry.removed expired Trial"],
      warnings: ["expiring entries failed"],
      info: ["nick added", "nick removed", "entries expired"],
    });
  });
});

forEachStore("expiry across restarts", () => {
  test("an entry that fell due while the service was down goes at the next start, once", async () => {
    const first = await testServices();
    const { clock } = first;
    const wl = await seedWhitelist(first, { guildId: GUILD, name: "event" });
    await seedEntries(first, wl.id, [
      { nick: "Weekend", expiresAt: clock.now() + 2 * DAY },
      { nick: "Staff" },
    ]);
    await first.expiry.start();
    await first.expiry.stop();

    clock.advance(3 * DAY); // down for three days
    const second = await first.reopen();
    await second.expiry.start();
    await second.expiry.stop();
    const afterSecond = await eventLines(second);

    services = await second.reopen();
    await services.expiry.start();
    await services.expiry.stop();
    expect({
      left: (await services.entries.list(wl.id)).map((e) => e.nick),
      afterSecond,
      afterThird: await eventLines(services),
    }).toEqual({
      left: ["Staff"],
      afterSecond: [
        "entry.added discord Weekend",
        "entry.added discord Staff",
        "entry.removed expired Weekend",
      ],
      afterThird: [
        "entry.added discord Weekend",
        "entry.added discord Staff",
        "entry.removed expired Weekend",
      ],
    });
  });
});
