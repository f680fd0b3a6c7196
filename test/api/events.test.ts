/**
 * The change feed, `GET /api/v1/events` (docs/api.md, Change feed): scoped like the WebSocket, the same event
 * bodies and ids, pages with a cursor, 410 once the cursor is older than the retention, 400 for a malformed one.
 */
import { afterEach, expect, test } from "bun:test";
import type { EntryEvent } from "../../src/entries/events.ts";
import type { RunningService } from "../../src/server.ts";
import type { Services } from "../../src/services.ts";
import { bearer, call, expectProblem, paths, problemBody, summary, type TestApp } from "../helpers/http.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";
import { openSocket, startTestService, type TestSocket } from "../helpers/sockets.ts";
import { GUILD, OTHER_GUILD, seededApiWorld, type World } from "./world.ts";

const DAY = 24 * 3600_000;
const RETENTION = 7 * DAY;

let services: TestServices | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

/** The seeded API world (A and B in GUILD, C in OTHER_GUILD, "Notch" added on each: events 1, 2, 3). */
async function seeded(options: { rateLimitPerMinute?: number } = {}) {
  const made = await seededApiWorld();
  services = made.services;
  const app = options.rateLimitPerMinute ? testApi(made.services, options) : made.app;
  return { s: made.services, app, world: made.world };
}

type Page = { events: EntryEvent[]; next: string; more: boolean };

/** A page of the feed, failing the test unless it is a 200 with no-store. */
async function page(app: TestApp, key: string, query = ""): Promise<Page> {
  const response = await call(app, "GET", paths.events(query), bearer(key));
  const { status, contentType, body } = await summary(response);
  expect({ status, contentType, cacheControl: response.headers.get("cache-control") }).toEqual({
    status: 200,
    contentType: expect.stringMatching(/^application\/json/),
    cacheControl: "no-store",
  });
  return body as Page;
}

/** A page's events as `id type whitelist nick`. */
const brief = (events: EntryEvent[], world: World) => {
  const names = new Map([world.a, world.b, world.c].map((wl) => [wl.id, wl.name]));
  return events.map((e) => `${e.id} ${e.type} ${names.get(e.whitelistId)} ${e.entry.nick}`);
};

/** Appends `count` events of a whitelist in one write (a long history, cheaply). */
async function appendEvents(
  s: Services,
  whitelist: { id: string; guildId: string; name: string },
  count: number,
) {
  await s.write(async (tx) => {
    for (let i = 0; i < count; i++) {
      await s.events.append(tx, {
        type: i % 2 === 0 ? "entry.added" : "entry.removed",
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        whitelistName: whitelist.name,
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
}

forEachStore("scope: like the WebSocket", () => {
  test("a guild key reads its guild's events, a whitelist key its whitelist's, never another guild's", async () => {
    const { app, world } = await seeded();
    const otherGuildKey = world.keys.otherGuild;
    expect({
      guild: brief((await page(app, world.keys.guild, "?after=0")).events, world),
      scopedToA: brief((await page(app, world.keys.scopedToA, "?after=0")).events, world),
      otherGuild: brief((await page(app, otherGuildKey, "?after=0")).events, world),
    }).toEqual({
      guild: ["1 entry.added alpha Notch", "2 entry.added beta Notch"],
      scopedToA: ["1 entry.added alpha Notch"],
      otherGuild: ["3 entry.added gamma Notch"],
    });
  });

  test("the cursor moves past events outside the scope, so a key sees each of its events once", async () => {
    const { s, app, world } = await seeded();
    const first = await page(app, world.keys.scopedToA, "?after=0");
    await seedEntries(s, world.b.id, ["Beta_1", "Beta_2"]);
    const quiet = await page(app, world.keys.scopedToA, `?after=${first.next}`);
    await seedEntries(s, world.a.id, ["Alpha_1"]);
    const next = await page(app, world.keys.scopedToA, `?after=${quiet.next}`);
    expect({
      first: { next: first.next, more: first.more },
      quiet,
      next: { events: brief(next.events, world), next: next.next, more: next.more },
    }).toEqual({
      first: { next: "3", more: false },
      quiet: { events: [], next: "5", more: false },
      next: { events: ["6 entry.added alpha Alpha_1"], next: "6", more: false },
    });
  });
});

forEachStore("order and paging", () => {
  test("without after: no events, and the cursor of this moment", async () => {
    const { app, world } = await seeded();
    expect(await page(app, world.keys.guild)).toEqual({ events: [], next: "3", more: false });
  });

  test("pages in id order, `more` while events wait, each event once across the pages", async () => {
    const { s, app, world } = await seeded();
    await seedEntries(s, world.a.id, ["A1", "A2", "A3"]);
    await s.entries.remove({ whitelistId: world.a.id, nick: "a2", origin: "api" });
    const pages: Page[] = [];
    let after = "0";
    for (;;) {
      const current = await page(app, world.keys.guild, `?after=${after}&limit=2`);
      pages.push(current);
      after = current.next;
      if (!current.more) break;
    }
    expect(pages.map((p) => ({ events: brief(p.events, world), next: p.next, more: p.more }))).toEqual([
      { events: ["1 entry.added alpha Notch", "2 entry.added beta Notch"], next: "2", more: true },
      { events: ["4 entry.added alpha A1", "5 entry.added alpha A2"], next: "5", more: true },
      { events: ["6 entry.added alpha A3", "7 entry.removed alpha A2"], next: "7", more: false },
    ]);
  });

  test("a page holds 100 events unless `limit` says otherwise, and at most 1,000", async () => {
    const { s, app, world } = await seeded();
    await appendEvents(s, world.a, 1200); // ids 4 to 1203
    const standard = await page(app, world.keys.scopedToA, "?after=0");
    const largest = await page(app, world.keys.scopedToA, "?after=0&limit=1000");
    const rest = await page(app, world.keys.scopedToA, `?after=${largest.next}&limit=1000`);
    expect({
      standard: [standard.events.length, standard.events[99]?.id, standard.next, standard.more],
      largest: [largest.events.length, largest.next, largest.more],
      rest: [rest.events.length, rest.events[0]?.id, rest.next, rest.more],
    }).toEqual({
      standard: [100, "102", "102", true],
      largest: [1000, "1002", true],
      rest: [201, "1003", "1203", false],
    });
  });
});

forEachStore("410 Gone: a cursor older than the retention, or never issued here", () => {
  /** Events 1-3 (seeded) are pruned after eight days; 4 and 5 are newer. */
  async function pruned() {
    const made = await seeded();
    const { s, world } = made;
    s.clock.advance(8 * DAY);
    await seedEntries(s, world.a.id, ["Fresh_1", "Fresh_2"]);
    expect(await s.events.prune(RETENTION)).toBe(3);
    return made;
  }

  test("a cursor before the oldest kept event answers 410 cursor-unusable with what to do", async () => {
    const { app, world } = await pruned();
    const response = await call(app, "GET", paths.events("?after=2"), bearer(world.keys.guild));
    await expectProblem(
      response,
      "cursor-unusable",
      "Events after 2 are no longer kept (they are kept for a limited time): fetch the entries again, then " +
        "follow the feed from a fresh cursor (GET /events without `after`).",
    );
  });

  test("the cursor just before the oldest kept event is still usable", async () => {
    const { app, world } = await pruned();
    expect(brief((await page(app, world.keys.guild, "?after=3")).events, world)).toEqual([
      "4 entry.added alpha Fresh_1",
      "5 entry.added alpha Fresh_2",
    ]);
  });

  test("a cursor above every id ever assigned (another database) answers 410 too", async () => {
    const { app, world } = await seeded();
    await expectProblem(
      await call(app, "GET", paths.events("?after=4"), bearer(world.keys.guild)),
      "cursor-unusable",
      "Event 4 was never issued by this server (a cursor from another database?): fetch the entries again, " +
        "then follow the feed from a fresh cursor (GET /events without `after`).",
    );
  });

  test("a quiet whitelist's poller that keeps sending `next` is never gone while it polls within the retention", async () => {
    const { s, app, world } = await seeded();
    let cursor = (await page(app, world.keys.scopedToA, "?after=0")).next;
    for (let day = 0; day < 20; day++) {
      await seedEntries(s, world.b.id, [`Busy_${day}`]);
      s.clock.advance(DAY);
      await s.events.prune(RETENTION);
      const polled = await page(app, world.keys.scopedToA, `?after=${cursor}`);
      expect(polled.events).toEqual([]);
      cursor = polled.next;
    }
    expect(cursor).toBe("23");
  });
});

forEachStore("bad requests", () => {
  test.each([
    ["?after=x", "after must be an event id (a non-negative integer)"],
    ["?after=-1", "after must be an event id (a non-negative integer)"],
    ["?after=01", "after must be an event id (a non-negative integer)"],
    ["?after=12345678901234567", "after must be an event id (a non-negative integer)"],
    ["?after=0&limit=0", "limit must be a whole number from 1 to 1000"],
    ["?after=0&limit=1001", "limit must be a whole number from 1 to 1000"],
    ["?after=0&limit=ten", "limit must be a whole number from 1 to 1000"],
    ["?after=0&limit=1e2", "limit must be a whole number from 1 to 1000"],
    ["?after=0&limit=2.5", "limit must be a whole number from 1 to 1000"],
  ])("%s answers 400 saying what is expected", async (query, detail) => {
    const { app, world } = await seeded();
    await expectProblem(
      await call(app, "GET", paths.events(query), bearer(world.keys.guild)),
      "invalid-request",
      detail,
    );
  });
});

forEachStore("authentication and the rate limit, like every route", () => {
  test("no key, a revoked key or an unknown one answers 401, before the parameters are looked at", async () => {
    const { app, world } = await seeded();
    const answers = [
      await call(app, "GET", paths.events("?after=0")),
      await call(app, "GET", paths.events("?after=x"), bearer(world.keys.revoked)),
      await call(app, "GET", paths.events("?limit=0"), { authorization: "Bearer nope" }),
    ];
    for (const response of answers) {
      expect({
        ...(await summary(response)),
        wwwAuthenticate: response.headers.get("www-authenticate"),
      }).toEqual({
        status: 401,
        contentType: "application/problem+json",
        body: problemBody("unauthorized"),
        wwwAuthenticate: 'Bearer realm="whitelist-sync"',
      });
    }
  });

  test("requests count against the rate limit: 429 once the bucket is empty", async () => {
    const { app, world } = await seeded({ rateLimitPerMinute: 2 });
    const statuses: (number | string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(app, "GET", paths.events("?after=0"), bearer(world.keys.guild));
      await response.arrayBuffer();
      statuses.push(response.status, response.headers.get("ratelimit"));
    }
    expect(statuses).toEqual([200, '"ip";r=1;t=30', 200, '"ip";r=0;t=60', 429, '"ip";r=0;t=30']);
  });
});

forEachStore("the same events as the WebSocket", () => {
  let service: RunningService | undefined;
  let socket: TestSocket | undefined;
  afterEach(async () => {
    socket?.close();
    await service?.stop();
    service = socket = undefined;
  });

  test("the feed's bodies and ids are the socket's, live and replayed alike", async () => {
    // A fresh store (closed after the test), and the real service started over it.
    const store = await testServices();
    services = store;
    const { clock } = store;
    service = await startTestService("unused", store.env, clock);
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
    const other = await seedWhitelist(s, { guildId: OTHER_GUILD, name: "elsewhere" });
    const key = (await seedKey(s, GUILD, wl.id)).plaintext;
    await seedEntries(s, wl.id, ["Before"]);
    socket = openSocket(service.url, key, "?after=0");
    await socket.waitFor((m) => m.id === "1");
    const due = s.clock.now() + DAY;
    await seedEntries(s, wl.id, [{ nick: "Trial", expiresAt: due }]);
    // A Bedrock player's Floodgate UUID (version 0) goes out as stored, as on the socket.
    await seedEntries(s, wl.id, [{ nick: ".Steve_Gamer", uuid: "00000000-0000-0000-0009-01f00bac5c24" }]);
    await seedEntries(s, other.id, ["NotYours"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "before", origin: "api" });
    clock.advance(DAY);
    await s.expiry.check();
    await socket.waitFor((m) => m.origin === "expired");

    const response = await fetch(`${service.url}/api/v1/events?after=0`, { headers: bearer(key) });
    const text = await response.text();
    const feed = JSON.parse(text) as Page;
    const fromSocket = socket.frames.filter((frame) => !frame.startsWith('{"type":"connected"'));
    // Byte for byte: the page's array is the socket's frames, joined.
    expect(text).toStartWith(`{"events":[${fromSocket.join(",")}],`);
    expect(feed.events).toEqual(fromSocket.map((frame) => JSON.parse(frame)));
    expect(
      feed.events.map((e) => `${e.id} ${e.type} ${e.origin} ${e.entry.nick} ${e.entry.expiresAt}`),
    ).toEqual([
      "1 entry.added discord Before null",
      "2 entry.added discord Trial 2026-11-23T12:00:00.000Z",
      "3 entry.added discord .Steve_Gamer null",
      "5 entry.removed api Before null",
      "6 entry.removed expired Trial 2026-11-23T12:00:00.000Z",
    ]);
    expect(feed.next).toBe("6");
  });
});
