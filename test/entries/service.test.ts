import { afterEach, expect, test } from "bun:test";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import type { SnapshotEntries, SnapshotEntry } from "../../src/entries/model.ts";
import { nextPageSize } from "../../src/entries/reads.ts";
import { type FormatName, formats } from "../../src/formats/index.ts";
import { building, summing, WhitelistFormats } from "../../src/formats/whitelist-formats.ts";
import { runAtOnce } from "../../src/shared/slices.ts";
import {
  failInserts,
  forEachStore,
  seedEntries,
  seedEveryState,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
/** A Java nick without UUID, added by one member from Discord: the formats' reads need nothing more of an entry. */
const plainEntry = (whitelistId: string, nick: string) => ({
  whitelistId,
  nick,
  uuid: null,
  premium: false,
  userId: "300000000000000001",
  addedBy: "300000000000000001",
  origin: "discord" as const,
});
let services: TestServices;
afterEach(() => services.close());

forEachStore("entry service", () => {
  test("adding stores the entry and its entry.added event together, then publishes it", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const [entry] = await seedEntries(services, wl.id, [{ nick: "Notch", userId: "300000000000000007" }]);
    const stored = await services.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    expect(stored).toEqual([
      {
        id: "1",
        type: "entry.added",
        guildId: GUILD,
        whitelistId: wl.id,
        whitelistName: "survival",
        entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        // The owner, as the event's subscribers (a game server's --on-add "{discord}") read it.
        userId: "300000000000000007",
        origin: "discord",
        timestamp: "2026-11-22T12:00:00.000Z",
      },
    ]);
    expect(published.map((notice) => ({ event: notice.event, owner: notice.entry.userId }))).toEqual([
      { event: stored[0] as (typeof stored)[number], owner: "300000000000000007" },
    ]);
    expect(entry?.nick).toBe("Notch");
  });

  test("events stored before proof of ownership (no verified) are read back, replayed and rebuilt as false", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, [{ nick: "Notch", verified: true }]);
    // What an older version stored: the public entry and the detail's entry without `verified`.
    const [row] = await services.sql`SELECT payload, detail FROM events`;
    const strip = (json: unknown) => {
      const value = JSON.parse(String(json));
      delete value.entry.verified;
      return JSON.stringify(value);
    };
    await services.sql`UPDATE events SET payload = ${strip(row?.payload)}, detail = ${strip(row?.detail)}`;
    const [replayed] = await services.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    const [rebuilt] = await services.events.noticesAfter(0, 10);
    expect({ replayed: replayed?.entry.verified, rebuilt: rebuilt?.entry.verified }).toEqual({
      replayed: false,
      rebuilt: false,
    });
  });

  test("a verified entry shows verified: true in the API's JSON; the files do not change", async () => {
    services = await testServices();
    const a = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, a.id, [{ nick: "Notch", verified: true }]);
    const [json, plain] = [
      await services.formatCache.get(a.id, "json"),
      await services.formatCache.get(a.id, "plain"),
    ];
    expect(JSON.parse(new TextDecoder().decode(json.bytes))).toEqual([
      { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: true, groups: [] },
    ]);
    expect(new TextDecoder().decode(plain.bytes)).toBe("Notch\n");
  });

  test("a nick is unique per whitelist whatever its letter case, but may repeat across whitelists", async () => {
    services = await testServices();
    const a = await seedWhitelist(services, { guildId: GUILD });
    const b = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, a.id, ["Notch"]);
    await expect(seedEntries(services, a.id, ["nOTCH"])).rejects.toThrow(
      expect.objectContaining({ code: "nick-taken" }),
    );
    expect((await seedEntries(services, b.id, ["notch"])).map((e) => e.nick)).toEqual(["notch"]);
    expect((await services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).length).toBe(2);
  });

  test("removal matches any letter case, returns the stored spelling and records who removed it", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, wl.id, [".Ünïcode Ålf", "Notch"]);
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const removed = await services.entries.remove({
      whitelistId: wl.id,
      nick: ".üNÏCODE åLF",
      origin: "api",
      keyId: "k1",
    });
    expect(removed.nick).toBe(".Ünïcode Ålf");
    expect((await services.entries.list(wl.id)).map((e) => e.nick)).toEqual(["Notch"]);
    expect(published.map((n) => [n.event.type, n.event.origin, n.event.entry.nick, n.keyId])).toEqual([
      ["entry.removed", "api", ".Ünïcode Ålf", "k1"],
    ]);
  });

  test("removing an absent nick changes nothing and writes no event", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, wl.id, ["Notch"]);
    await services.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" });
    await expect(
      services.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" }),
    ).rejects.toThrow(expect.objectContaining({ code: "entry-not-found" }));
    expect(
      (await services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).map((e) => e.type),
    ).toEqual(["entry.added", "entry.removed"]);
  });

  test("a failing event write rolls the removal back (the entry and its event commit together)", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, wl.id, ["Notch"]);
    await failInserts(services, "events");
    await expect(
      services.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" }),
    ).rejects.toThrow();
    expect((await services.entries.list(wl.id)).map((e) => e.nick)).toEqual(["Notch"]);
  });

  test("events are read back in order, scoped to a guild or one whitelist", async () => {
    services = await testServices();
    const a = await seedWhitelist(services, { guildId: GUILD });
    const b = await seedWhitelist(services, { guildId: GUILD });
    const other = await seedWhitelist(services, { guildId: "100000000000000002" });
    await seedEntries(services, a.id, ["a1"]);
    await seedEntries(services, b.id, ["b1"]);
    await seedEntries(services, other.id, ["o1"]);
    await seedEntries(services, a.id, ["a2"]);
    const nicks = (events: { entry: { nick: string } }[]) => events.map((e) => e.entry.nick);
    expect(nicks(await services.events.listAfter(0, { guildId: GUILD, whitelistId: null }))).toEqual([
      "a1",
      "b1",
      "a2",
    ]);
    expect(nicks(await services.events.listAfter(0, { guildId: GUILD, whitelistId: a.id }))).toEqual([
      "a1",
      "a2",
    ]);
    expect(nicks(await services.events.listAfter(1, { guildId: GUILD, whitelistId: null }))).toEqual([
      "b1",
      "a2",
    ]);
  });

  test("pruning drops events older than the retention only", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, wl.id, ["old"]);
    services.clock.advance(8 * 86_400_000);
    await seedEntries(services, wl.id, ["new"]);
    expect(await services.events.prune(7 * 86_400_000)).toBe(1);
    expect(await services.events.bounds()).toEqual({ oldest: 2, latest: 2 });
  });
});

forEachStore("entries added in bulk, and handed over", () => {
  const USER = "300000000000000001";
  const STAFF = "300000000000000009";
  const newEntry = (whitelistId: string, nick: string) => ({
    whitelistId,
    nick,
    uuid: null,
    premium: false,
    userId: USER,
    addedBy: STAFF,
    origin: "staff" as const,
  });

  test("addMany stores every free nick with its entry.added in one transaction, then publishes them in order", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Taken"]);
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const inputs = ["One", "taken", "Two", "ONE"].map((nick) => newEntry(wl.id, nick));
    const { added, taken } = await services.entries.addMany(inputs);
    expect({ added: added.map((entry) => entry.nick), taken: taken.map((input) => input.nick) }).toEqual({
      added: ["One", "Two"],
      taken: ["taken", "ONE"],
    });
    expect(
      published.map((n) => [n.event.type, n.event.entry.nick, n.event.origin, n.actorId, n.bulk]),
    ).toEqual([
      ["entry.added", "One", "staff", STAFF, true],
      ["entry.added", "Two", "staff", STAFF, true],
    ]);
    expect(
      (await services.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id })).map((e) => e.entry.nick),
    ).toEqual(["Taken", "One", "Two"]);
  });

  test("addMany: a guard that throws, or an event that cannot be written, stores none of the batch", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    const inputs = ["One", "Two"].map((nick) => newEntry(wl.id, nick));
    await expect(
      services.entries.addMany(inputs, () => {
        throw new Error("member left");
      }),
    ).rejects.toThrow("member left");
    await failInserts(services, "events");
    await expect(services.entries.addMany(inputs)).rejects.toThrow();
    expect(await services.entries.list(wl.id)).toEqual([]);
  });

  test("transfer changes the owner and recorded roles only, and writes and publishes no event", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    const [entry] = await seedEntries(services, wl.id, [
      { nick: "Notch", grantedRoleIds: ["400000000000000001"] },
    ]);
    const published: ChangeNotice[] = [];
    services.bus.subscribe((notice) => published.push(notice));
    const committed: unknown[] = [];
    const moved = await services.entries.transfer(
      {
        whitelistId: wl.id,
        entryId: entry?.id ?? 0,
        from: USER,
        guest: false,
        to: "300000000000000002",
        grantedRoleIds: [],
      },
      { committed: (change) => committed.push(change) },
    );
    expect(moved.after).toEqual({
      ...(entry as NonNullable<typeof entry>),
      userId: "300000000000000002",
      grantedRoleIds: [],
    });
    expect(moved.before).toEqual(entry as NonNullable<typeof entry>);
    expect({
      committed,
      published,
      events: await services.events.listAfter(1, { guildId: GUILD, whitelistId: null }),
    }).toEqual({
      committed: [moved],
      published: [],
      events: [],
    });
    // The previous owner can no longer hand it on.
    await expect(
      services.entries.transfer({
        whitelistId: wl.id,
        entryId: entry?.id ?? 0,
        from: USER,
        guest: false,
        to: USER,
        grantedRoleIds: [],
      }),
    ).rejects.toThrow(expect.objectContaining({ code: "entry-not-found" }));
  });

  test("the formats' read of a whitelist gets every entry of it, page after page, pausing between pages, and the last event", async () => {
    services = await testServices();
    const big = await seedWhitelist(services, { guildId: GUILD, name: "big" });
    const other = await seedWhitelist(services, { guildId: GUILD, name: "other" });
    // Several pages (25, 50, 100, 200, 400, then 800 of which 428 are left), nicks whose keys sort apart from their spelling, and
    // another whitelist's entries between them in the same index.
    const nicks = Array.from({ length: 1203 }, (_, i) =>
      i % 9 === 0 ? `Ünï_${i}` : i % 4 === 0 ? `PLAYER_${i}` : `player_${i}`,
    );
    const { added } = await services.entries.addMany(nicks.map((nick) => plainEntry(big.id, nick)));
    await services.entries.addMany(nicks.slice(0, 300).map((nick) => plainEntry(other.id, nick)));
    let pauses = 0;
    const snapshot = await services.entries.snapshotForFormats(big.id, {
      due: () => true,
      elapsed: () => 0,
      pause: async () => {
        pauses++;
      },
    });
    // Read one at a time: `at` refills one object (src/entries/columns.ts).
    const shown = Array.from({ length: snapshot.entries.length }, (_, i) => {
      const { id, nick, uuid, premium, expiresAt } = snapshot.entries.at(i) as SnapshotEntry;
      return { id, nick, uuid, premium, expiresAt };
    }).sort((a, b) => a.id - b.id);
    expect({ through: snapshot.through, entries: shown }).toEqual({
      through: 1503,
      entries: added.map(({ id, nick, uuid, premium, expiresAt }) => ({
        id,
        nick,
        uuid,
        premium,
        expiresAt,
      })),
    });
    expect(pauses).toBe(5);
    // 1,503 entries stored first: on PostgreSQL, on a busy machine, that alone may take longer than 5 s.
  });

  test("the formats' read, its rows taken as the driver's values, shows every field as drizzle's records do, and every format's bytes are the same", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "mixed" });
    const owner = "300000000000000001";
    // Every field the formats show in each of its states (seedEveryState).
    await seedEveryState(services, (statement) => services.exec(statement), wl.id, owner, 120);
    const records = await services.entries.list(wl.id);
    const snapshot = await services.entries.snapshotForFormats(wl.id);
    const fields = (e: SnapshotEntry): SnapshotEntry => ({
      id: e.id,
      nick: e.nick,
      uuid: e.uuid,
      premium: e.premium,
      expiresAt: e.expiresAt,
      verified: e.verified,
      gamertag: e.gamertag,
      proofDueAt: e.proofDueAt,
      groups: [...e.groups],
    });
    const read = Array.from({ length: snapshot.entries.length }, (_, i) =>
      fields(snapshot.entries.at(i) as SnapshotEntry),
    ).sort((a, b) => a.id - b.id);
    expect(read).toEqual(records.map(fields));
    // The same entries, both ways, in each format: the same bytes.
    const bytes = (entries: SnapshotEntries) =>
      (Object.keys(formats) as FormatName[]).map((format) => {
        const source = { entries, through: snapshot.through, sum: runAtOnce(summing(entries)) };
        const kept = new WhitelistFormats();
        kept.set(format, runAtOnce(building(format, source)));
        return new TextDecoder().decode(kept.formatted(format).bytes);
      });
    expect(bytes(snapshot.entries)).toEqual(bytes(records));
    expect(
      read.filter((e) => e.groups.length > 0 && e.verified === false && e.premium).length,
    ).toBeGreaterThan(0);
  });

  test("the formats' read sizes its pages by the time the last took, so that a page fits well within a slice", async () => {
    services = await testServices();
    const big = await seedWhitelist(services, { guildId: GUILD, name: "big" });
    const nicks = Array.from({ length: 410 }, (_, i) => `player_${i}`);
    await services.entries.addMany(nicks.map((nick) => plainEntry(big.id, nick)));
    // Each page takes 4 ms of the slice by its clock (PAGE_MS is 1): every page has the fewest entries, 25 (16 full
    // ones and the last 10), rather than growing.
    let clock = 0;
    let pauses = 0;
    const snapshot = await services.entries.snapshotForFormats(big.id, {
      due: () => true,
      elapsed: () => (clock += 4),
      pause: async () => {
        pauses++;
      },
    });
    expect({ entries: snapshot.entries.length, pauses }).toEqual({ entries: 410, pauses: 16 });
    expect([
      nextPageSize(100, 0),
      nextPageSize(800, 0.5),
      nextPageSize(400, 2),
      nextPageSize(100, 50),
    ]).toEqual([200, 1000, 200, 25]);
  });
});
