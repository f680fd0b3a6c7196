import { expect, test } from "bun:test";
import { createEventBus } from "../../src/entries/bus.ts";
import type { EntryRecord } from "../../src/entries/model.ts";
import { createFormatCache, type Formatted } from "../../src/formats/cache.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { Slices } from "../../src/shared/slices.ts";

// The cache of formats: built on a whitelist's first read only (in slices, the work shared by reads that come
// meanwhile), kept under its memory budget by dropping the least recently read (rebuilt from the store on their
// next read), changed in place by the bus, each format holding every change after the read it was built from.

const entriesOf = (whitelistId: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      ({
        id: i + 1,
        whitelistId,
        nick: `player_${i}`,
        uuid: null,
        premium: false,
        expiresAt: null,
        groups: [],
      }) as unknown as EntryRecord,
  );

function cache(maxBytes: number) {
  const loads: string[] = [];
  const bus = createEventBus(silentLogger);
  // The last read is let go of by hand (`release`), not after its time.
  const releases: (() => void)[] = [];
  const kept = createFormatCache({
    load: async (id) => {
      loads.push(id);
      return { entries: entriesOf(id, 200), through: 0 };
    },
    bus,
    maxBytes,
    releaseRead: (release) => releases.push(release),
  });
  const release = () => {
    for (const run of releases.splice(0)) run();
  };
  return { kept, loads, bus, release };
}

test("a whitelist never read costs nothing; each format is built on its first read, then served from memory", async () => {
  const { kept, loads, release } = cache(64 * 1024 * 1024);
  expect(kept.usage()).toEqual({ whitelists: 0, bytes: 0 });
  await kept.get("a", "json");
  const json = kept.usage().bytes;
  await kept.get("a", "json");
  expect(loads).toEqual(["a"]);
  release();
  await kept.get("a", "vanilla");
  await kept.get("a", "vanilla");
  await kept.get("a", "json");
  expect(loads).toEqual(["a", "a"]);
  expect(kept.usage().whitelists).toBe(1);
  expect(kept.usage().bytes).toBeGreaterThan(json);
});

test("past the budget the least recently read go first, and come back from the store on their next read", async () => {
  const { kept, loads } = cache(1);
  const one = cache(64 * 1024 * 1024);
  await one.kept.get("x", "json");
  const size = one.kept.usage().bytes;
  const { kept: fitTwo, loads: loadsTwo } = cache(size * 2 + 1);
  await fitTwo.get("a", "json");
  await fitTwo.get("b", "json");
  await fitTwo.get("a", "json"); // a is now the most recently read
  await fitTwo.get("c", "json"); // over budget: b goes, not a
  expect(fitTwo.usage()).toEqual({ whitelists: 2, bytes: size * 2 });
  await fitTwo.get("a", "json");
  await fitTwo.get("b", "json"); // back from the store; c, now the least recently read, goes
  expect(loadsTwo).toEqual(["a", "b", "c", "b"]);
  expect(fitTwo.usage()).toEqual({ whitelists: 2, bytes: size * 2 });
  // A budget smaller than one whitelist still serves it (the one just read always stays).
  await kept.get("a", "json");
  await kept.get("b", "json");
  expect(kept.usage().whitelists).toBe(1);
  expect(loads).toEqual(["a", "b"]);
});

test("the most recently read is left in place when read again, and any other moves to the end", async () => {
  const one = cache(64 * 1024 * 1024);
  await one.kept.get("x", "json");
  const size = one.kept.usage().bytes;
  const { kept, loads } = cache(size * 2 + 1);
  await kept.get("a", "json");
  await kept.get("b", "json");
  // "b", the newest, read again and again (left in place), then "a" (moved after "b") by either read.
  kept.cached("b", "json");
  await kept.get("b", "json");
  expect(kept.cached("a", "json")).toBeDefined();
  await kept.get("c", "json"); // over budget: "b" goes, not "a"
  expect(loads).toEqual(["a", "b", "c"]);
  // "c", built last, is the newest: "a", read now, moves after it, and "c" goes next.
  kept.cached("a", "json");
  await kept.get("b", "json");
  expect(kept.cached("c", "json")).toBeUndefined();
  expect(loads).toEqual(["a", "b", "c", "b"]);
  // "b", the newest, dropped (invalidated): read again, it comes back as the newest, and "a" goes next.
  kept.invalidate("b");
  await kept.get("b", "json");
  kept.cached("b", "json");
  await kept.get("c", "json");
  expect(kept.cached("a", "json")).toBeUndefined();
  expect(kept.cached("b", "json")).toBeDefined();
  expect(loads).toEqual(["a", "b", "c", "b", "b", "c"]);
});

test("a change on the bus reaches a cached whitelist in place, without reading the store again", async () => {
  const { kept, loads, bus } = cache(64 * 1024 * 1024);
  const before = await kept.get("a", "plain");
  const added = { ...entriesOf("a", 201)[200], nick: "newcomer" } as EntryRecord;
  bus.publish({
    event: { id: "1", type: "entry.added", whitelistId: "a" } as never,
    entry: added,
    actorId: null,
  });
  const after = await kept.get("a", "plain");
  expect(after).not.toBe(before);
  expect(after.etag).not.toBe(before.etag);
  expect(new TextDecoder().decode(after.bytes).split("\n")).toContain("newcomer");
  expect(loads).toEqual(["a"]);
});

test("a change committed while the store is read is applied once: after the read if it was not in it, never twice", async () => {
  const bus = createEventBus(silentLogger);
  const stored = entriesOf("a", 3);
  const newcomer = { ...stored[0], id: 4, nick: "newcomer" } as EntryRecord;
  const late = { ...stored[0], id: 5, nick: "late" } as EntryRecord;
  let answer: (snapshot: { entries: EntryRecord[]; through: number }) => void = () => {};
  let started: () => void = () => {};
  const loadStarted = new Promise<void>((resolve) => (started = resolve));
  const kept = createFormatCache({
    // The read includes event 7 (newcomer) and not event 8 (late): both come on the bus after the format was asked
    // for, before the read of the store begins (it waits a turn: a slice of its own), and it includes the first.
    load: () =>
      new Promise((resolve) => {
        answer = resolve;
        started();
      }),
    bus,
  });
  const reading = kept.get("a", "plain");
  const publish = (id: string, entry: EntryRecord) =>
    bus.publish({ event: { id, type: "entry.added", whitelistId: "a" } as never, entry, actorId: null });
  publish("7", newcomer);
  publish("8", late);
  await loadStarted;
  answer({ entries: [...stored, newcomer], through: 7 });
  const nicks = new TextDecoder()
    .decode((await reading).bytes)
    .trim()
    .split("\n");
  expect(nicks.sort()).toEqual(["late", "newcomer", "player_0", "player_1", "player_2"]);
  // Event 8 arriving again (a replica catching up) changes nothing either.
  publish("8", late);
  expect(
    new TextDecoder()
      .decode((await kept.get("a", "plain")).bytes)
      .trim()
      .split("\n"),
  ).toHaveLength(5);
});

test("formats read one after another share the last read until it is let go of, a change comes or it is forgotten", async () => {
  const { kept, loads, bus, release } = cache(64 * 1024 * 1024);
  const json = await kept.get("a", "json");
  await kept.get("a", "vanilla");
  // Built from the same read: the same entries, so the same sum in every ETag.
  expect((await kept.get("a", "plain")).etag.split("-").slice(1)).toEqual(json.etag.split("-").slice(1));
  expect(loads).toEqual(["a"]);
  // Let go of (its time is up): the next format reads the store.
  release();
  await kept.get("a", "easywhitelist");
  expect(loads).toEqual(["a", "a"]);
  // A change to the whitelist: the read no longer holds every entry, and the next format reads the store.
  await kept.get("b", "json");
  bus.publish({
    event: { id: "1", type: "entry.added", whitelistId: "b" } as never,
    entry: { ...entriesOf("b", 201)[200], nick: "newcomer" } as EntryRecord,
    actorId: null,
  });
  await kept.get("b", "plain");
  expect(loads).toEqual(["a", "a", "b", "b"]);
  // Forgotten (changed outside the bus), or another whitelist read since: the store again.
  kept.invalidate("b");
  await kept.get("b", "vanilla");
  await kept.get("c", "json");
  await kept.get("b", "easywhitelist");
  expect(loads).toEqual(["a", "a", "b", "b", "b", "c", "b"]);
});

test("a read that failed is not kept: the next read tries the store again", async () => {
  const loads: string[] = [];
  const kept = createFormatCache({
    load: async (id) => {
      loads.push(id);
      if (loads.length === 1) throw new Error("the store is closed");
      return { entries: entriesOf(id, 5), through: 0 };
    },
    bus: createEventBus(silentLogger),
    releaseRead: () => {},
  });
  await expect(kept.get("a", "plain")).rejects.toThrow("the store is closed");
  expect(await plainNicks(kept.get("a", "plain"))).toHaveLength(5);
  expect(loads).toEqual(["a", "a"]);
});

/** Slices the test steps through: every step of a read or a build waits for `step()`. */
function steppedSlices() {
  const waiting: (() => void)[] = [];
  const slices: Slices = {
    due: () => true,
    elapsed: () => 0,
    pause: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
  /** Lets the work that paused first go on; false when nothing is paused. */
  const step = async (): Promise<boolean> => {
    const resume = waiting.shift();
    resume?.();
    // What it does next runs in microtasks: let them settle before the test looks.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    return resume !== undefined;
  };
  /** Steps until `work` settles, then gives its outcome. */
  const through = async <T>(work: Promise<T>): Promise<T> => {
    let settled = false;
    const done = () => {
      settled = true;
    };
    work.then(done, done);
    while (!settled) if (!(await step())) await new Promise((resolve) => setImmediate(resolve));
    return work;
  };
  return { slices, step, through, paused: () => waiting.length };
}

const plainNicks = async (formatted: Promise<Formatted> | Formatted) =>
  new TextDecoder()
    .decode((await formatted).bytes)
    .split("\n")
    .filter((line) => line !== "")
    .sort();

test("reads of every format asked at once read the store once, and reads of one format share its build", async () => {
  const loads: string[] = [];
  const stepped = steppedSlices();
  const kept = createFormatCache({
    load: async (id) => {
      loads.push(id);
      return { entries: entriesOf(id, 50), through: 0 };
    },
    bus: createEventBus(silentLogger),
    slices: stepped.slices,
  });
  const first = kept.get("a", "plain");
  const again = kept.get("a", "plain");
  const others = [kept.get("a", "json"), kept.get("a", "vanilla"), kept.get("a", "easywhitelist")];
  const [one, two] = await stepped.through(Promise.all([first, again]));
  expect(two).toBe(one as Formatted);
  await stepped.through(Promise.all(others));
  expect(loads).toEqual(["a"]);
});

test("a change committed during a build, between its slices, is applied once after it; one the read held, never", async () => {
  const bus = createEventBus(silentLogger);
  const stored = entriesOf("a", 3);
  const { slices, step, paused, through } = steppedSlices();
  // The read holds event 7 (newcomer).
  const newcomer = { ...stored[0], id: 4, nick: "newcomer" } as EntryRecord;
  const kept = createFormatCache({
    load: async () => ({ entries: [...stored, newcomer], through: 7 }),
    bus,
    slices,
  });
  const publish = (id: string, type: "entry.added" | "entry.removed", entry: EntryRecord) =>
    bus.publish({ event: { id, type, whitelistId: "a" } as never, entry, actorId: null });
  const reading = kept.get("a", "plain");
  await step();
  expect(paused()).toBe(1);
  publish("7", "entry.added", newcomer);
  await step();
  publish("8", "entry.added", { ...stored[0], id: 5, nick: "late" } as EntryRecord);
  await step();
  publish("9", "entry.removed", stored[1] as EntryRecord);
  expect(await plainNicks(through(reading))).toEqual(["late", "newcomer", "player_0", "player_2"]);
  // Event 9 again (a replica catching up) changes nothing; event 10 is applied in place.
  publish("9", "entry.removed", stored[1] as EntryRecord);
  publish("10", "entry.removed", newcomer);
  expect(kept.cached("a", "plain")).toBeDefined();
  expect(await plainNicks(kept.get("a", "plain"))).toEqual(["late", "player_0", "player_2"]);
});

test("a format built later, from the same read, holds the changes since that read like the one built first", async () => {
  const bus = createEventBus(silentLogger);
  const stored = entriesOf("a", 3);
  const { slices, step, through } = steppedSlices();
  const kept = createFormatCache({ load: async () => ({ entries: stored, through: 7 }), bus, slices });
  const publish = (id: string, entry: EntryRecord) =>
    bus.publish({ event: { id, type: "entry.added", whitelistId: "a" } as never, entry, actorId: null });
  const plain = kept.get("a", "plain");
  await step();
  await step();
  publish("8", { ...stored[0], id: 5, nick: "eighth" } as EntryRecord);
  // Asked for while plain is still being built: same read, built after event 8 came.
  const vanilla = kept.get("a", "vanilla");
  publish("9", { ...stored[0], id: 6, nick: "ninth" } as EntryRecord);
  await through(Promise.all([plain, vanilla]));
  const expected = ["eighth", "ninth", "player_0", "player_1", "player_2"];
  expect(await plainNicks(plain)).toEqual(expected);
  const names = JSON.parse(new TextDecoder().decode((await vanilla).bytes)).map(
    (p: { name: string }) => p.name,
  );
  expect(names.sort()).toEqual(expected);
});

test("a whitelist forgotten while it is read is answered, but not kept: the next read goes to the store", async () => {
  const loads: string[] = [];
  const stepped = steppedSlices();
  const kept = createFormatCache({
    load: async (id) => {
      loads.push(id);
      return { entries: entriesOf(id, 5), through: 0 };
    },
    bus: createEventBus(silentLogger),
    slices: stepped.slices,
  });
  const reading = kept.get("a", "plain");
  await stepped.step();
  kept.invalidate("a");
  expect(await plainNicks(stepped.through(reading))).toHaveLength(5);
  expect(kept.usage()).toEqual({ whitelists: 0, bytes: 0 });
  await stepped.through(kept.get("a", "plain"));
  expect(loads).toEqual(["a", "a"]);
  expect(kept.usage().whitelists).toBe(1);
});
