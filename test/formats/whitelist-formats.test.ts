import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { EntryColumns } from "../../src/entries/columns.ts";
import type { EntryRecord } from "../../src/entries/model.ts";
import { entryHash, hashedText } from "../../src/formats/entry-hash.ts";
import { type FormatName, formats, renderFormat } from "../../src/formats/index.ts";
import {
  type BuiltFormat,
  building,
  summing,
  WhitelistFormats,
} from "../../src/formats/whitelist-formats.ts";
import { runAtOnce, runSliced, type Slices } from "../../src/shared/slices.ts";

// The formats kept piece by piece and changed entry by entry must be, after any sequence of additions and
// removals, byte for byte what rendering the same entries from scratch gives (renderFormat), in every format of
// the table; and the ETag must change whenever the bytes do.

const FORMATS = Object.keys(formats) as FormatName[];
const decoder = new TextDecoder();

/** Nicks that stress the orders: letter case, digits, `_`, spaces, quotes, accents and characters above U+FFFF. */
const nick = fc
  .array(fc.constantFrom("a", "A", "b", "B", "z", "0", "9", "_", " ", '"', "é", "É", "𝒜", "ß", "y", "n"), {
    minLength: 1,
    maxLength: 6,
  })
  .map((chars) => chars.join(""));
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      nick,
      uuid: fc.option(fc.uuid(), { nil: null }),
      premium: fc.boolean(),
      expiresAt: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("groups" as const),
      pick: fc.nat(),
      groups: fc.uniqueArray(fc.constantFrom("member", "trusted", "vip", "admin"), { maxLength: 3 }),
    }),
  },
);

/** `entries` kept in every format, as read from the store at event `through`. */
function keptOf(entries: readonly EntryRecord[], chunkSize?: number, through = 0): WhitelistFormats {
  const kept = new WhitelistFormats(chunkSize);
  for (const format of FORMATS) kept.build(format, entries, through);
  return kept;
}

function record(
  id: number,
  fields: Pick<EntryRecord, "nick" | "uuid" | "premium" | "expiresAt">,
): EntryRecord {
  return {
    id,
    whitelistId: "wl",
    userId: "u",
    addedBy: "u",
    origin: "discord",
    addedAt: 0,
    grantedRoleIds: [],
    gamertag: null,
    xuid: null,
    groups: [],
    ...fields,
  } as unknown as EntryRecord;
}

describe("formats kept piece by piece", () => {
  test("equal what rendering from scratch gives, byte for byte, after any adds, removes and changes of groups, in every format", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ nick, premium: fc.boolean() }), { maxLength: 30 }),
        fc.array(step, { maxLength: 60 }),
        (initial, steps) => {
          let nextId = 1;
          const entries: EntryRecord[] = [];
          const taken = (candidate: string) => entries.some((entry) => entry.nick === candidate);
          for (const seed of initial) {
            if (!taken(seed.nick)) entries.push(record(nextId++, { ...seed, uuid: null, expiresAt: null }));
          }
          // Chunks of 3 pieces: every few changes split a chunk or empty one.
          const kept = keptOf(entries, 3);
          const check = () => {
            for (const format of FORMATS) {
              const expected = decoder.decode(renderFormat(format, entries));
              expect({ format, bytes: decoder.decode(kept.formatted(format).bytes) }).toEqual({
                format,
                bytes: expected,
              });
            }
          };
          check();
          let eventId = 0;
          for (const change of steps) {
            const before = FORMATS.map((format) => kept.formatted(format));
            if (change.kind === "add") {
              if (taken(change.nick)) continue;
              const added = record(nextId++, change);
              entries.push(added);
              kept.apply(++eventId, "entry.added", added);
            } else if (change.kind === "remove") {
              if (entries.length === 0) continue;
              const [removed] = entries.splice(change.pick % entries.length, 1) as [EntryRecord];
              kept.apply(++eventId, "entry.removed", removed);
            } else {
              if (entries.length === 0) continue;
              const at = change.pick % entries.length;
              const was = entries[at] as EntryRecord;
              const now = { ...was, groups: [...change.groups].sort() };
              if (now.groups.join() === was.groups.join()) continue;
              entries[at] = now;
              kept.apply(++eventId, "entry.groups", now, was);
              // The files show no group: their bytes stay; the API's list shows them, and its ETag follows.
              FORMATS.forEach((format, i) => {
                const same =
                  decoder.decode(kept.formatted(format).bytes) ===
                  decoder.decode((before[i] as { bytes: Uint8Array }).bytes);
                expect({ format, same }).toEqual({ format, same: format !== "json" });
              });
            }
            check();
            FORMATS.forEach((format, i) => {
              const after = kept.formatted(format);
              const prior = before[i] as ReturnType<typeof kept.formatted>;
              // A new object after each change, and a new ETag whenever the bytes differ.
              expect(after).not.toBe(prior);
              if (decoder.decode(after.bytes) !== decoder.decode(prior.bytes))
                expect(after.etag).not.toBe(prior.etag);
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("built from many entries in chunks of the default size, pieces past its buffer's size included, byte for byte", () => {
    // Each piece is written straight into the chunk being made (PieceSequence.append): three chunks of 1,024, a
    // last one part full, multi-byte and astral characters, and a nick of 6,000 UTF-16 units (some 12 KB of UTF-8
    // in each format, more than the buffer a build starts with) in the second chunk.
    const entries = Array.from({ length: 3500 }, (_, i) =>
      record(i + 1, {
        nick: i === 1500 ? "é𝒜".repeat(2000) : `${["é", "𝒜", "a", "Z"][i % 4]}player_${i}`,
        uuid: null,
        premium: i % 3 === 0,
        expiresAt: null,
      }),
    );
    const kept = keptOf(entries);
    for (const format of FORMATS) {
      expect({ format, bytes: decoder.decode(kept.formatted(format).bytes) }).toEqual({
        format,
        bytes: decoder.decode(renderFormat(format, entries)),
      });
    }
  });

  test("the ETag depends on the entries only: the same set, however reached, has the same ETag", () => {
    const a = record(1, { nick: "alice", uuid: null, premium: false, expiresAt: null });
    const b = record(2, { nick: "Bob", uuid: null, premium: true, expiresAt: null });
    const built = keptOf([a, b]);
    const changed = keptOf([a]);
    changed.apply(1, "entry.added", b);
    const back = keptOf([a, b]);
    back.apply(1, "entry.removed", b);
    back.apply(2, "entry.added", b);
    for (const format of FORMATS) {
      expect(changed.formatted(format).etag).toBe(built.formatted(format).etag);
      expect(back.formatted(format).etag).toBe(built.formatted(format).etag);
    }
  });

  test("the ETag of thousands of entries built at once is theirs added one by one (its sum wraps at 64 bits)", () => {
    const entries = Array.from({ length: 2000 }, (_, i) =>
      record(i + 1, { nick: `player_${i}`, uuid: null, premium: i % 2 === 0, expiresAt: null }),
    );
    const built = keptOf(entries);
    const added = keptOf([]);
    for (const [i, entry] of entries.entries()) added.apply(i + 1, "entry.added", entry);
    expect(added.formatted("json").etag).toBe(built.formatted("json").etag);
    // The sum of 2,000 64-bit hashes went past 2^64 many times: what is left is below it.
    const sum = runAtOnce(summing(entries));
    expect(sum < 2n ** 64n && sum > 0n).toBe(true);
  });

  test("thousands of entries: chunks split and empty out, and the bytes still match", () => {
    const entries = Array.from({ length: 3000 }, (_, i) =>
      record(i + 1, {
        nick: `player_${(i * 7919) % 3000}`,
        uuid: null,
        premium: i % 3 === 0,
        expiresAt: null,
      }),
    );
    const kept = keptOf(entries.slice(0, 100), 64);
    let eventId = 0;
    for (const entry of entries.slice(100)) kept.apply(++eventId, "entry.added", entry);
    const left = entries.filter((_, i) => i % 5 !== 0);
    for (const [i, entry] of entries.entries()) {
      if (i % 5 === 0) kept.apply(++eventId, "entry.removed", entry);
    }
    for (const format of FORMATS) {
      expect(decoder.decode(kept.formatted(format).bytes)).toBe(decoder.decode(renderFormat(format, left)));
    }
  });

  test("a change is applied once: not when the entries were read with it, nor when it comes again", () => {
    const a = record(1, { nick: "alice", uuid: null, premium: false, expiresAt: null });
    const b = record(2, { nick: "Bob", uuid: null, premium: true, expiresAt: null });
    const kept = new WhitelistFormats();
    kept.build("plain", [a, b], 5);
    expect(kept.apply(5, "entry.added", b)).toBe(false);
    expect(kept.apply(6, "entry.removed", b)).toBe(true);
    expect(kept.apply(6, "entry.removed", b)).toBe(false);
    expect(decoder.decode(kept.formatted("plain").bytes)).toBe(decoder.decode(renderFormat("plain", [a])));
    // A format built later from a later read holds event 6 already; a later change reaches both.
    kept.build("json", [a], 6);
    const c = record(3, { nick: "carol", uuid: null, premium: false, expiresAt: null });
    expect(kept.apply(6, "entry.removed", b)).toBe(false);
    expect(kept.apply(7, "entry.added", c)).toBe(true);
    for (const format of ["plain", "json"] as const) {
      expect(decoder.decode(kept.formatted(format).bytes)).toBe(decoder.decode(renderFormat(format, [a, c])));
    }
  });

  test("built in slices from entries in any order, the bytes and ETag are those of a build at once", async () => {
    // Every step a pause: the build is cut at each of its points.
    const everyStep: Slices = { due: () => true, elapsed: () => 0, pause: () => Promise.resolve() };
    const entries = Array.from({ length: 1500 }, (_, i) =>
      record(i + 1, {
        nick: i % 7 === 0 ? `Ünï_${i}` : i % 5 === 0 ? `PLAYER_${i}` : `player_${(i * 7919) % 1500}x`,
        uuid: i % 3 === 0 ? "069a79f4-44e9-4726-a5be-fca90e38aaf5" : null,
        premium: i % 3 === 0,
        expiresAt: i % 11 === 0 ? 1_800_000_000_000 : null,
      }),
    );
    const atOnce = keptOf(entries, 64, 9);
    // As the store's read gives them: in the order of their nick keys, not by id.
    // As the store's read keeps them: columns, whose `at` refills one object (src/entries/columns.ts).
    const shuffled = new EntryColumns();
    for (const entry of [...entries].sort((a, b) => (a.nick.toLowerCase() < b.nick.toLowerCase() ? -1 : 1)))
      shuffled.push(entry);
    const sum = await runSliced(summing(shuffled), everyStep);
    const sliced = new WhitelistFormats(64);
    // Every format at once over the same columns, as formats asked for together share one read: their steps
    // interleave, so an entry `at` gave one build must be used up before that build yields.
    const built = await Promise.all(
      FORMATS.map((format) =>
        runSliced(building(format, { entries: shuffled, through: 9, sum }, 64), everyStep),
      ),
    );
    for (const [i, format] of FORMATS.entries()) sliced.set(format, built[i] as BuiltFormat);
    for (const format of FORMATS) {
      const expected = atOnce.formatted(format);
      expect({
        format,
        bytes: decoder.decode(sliced.formatted(format).bytes),
        etag: sliced.formatted(format).etag,
      }).toEqual({
        format,
        bytes: decoder.decode(renderFormat(format, entries)),
        etag: expected.etag,
      });
      expect(decoder.decode(expected.bytes)).toBe(decoder.decode(renderFormat(format, entries)));
    }
    expect(runAtOnce(summing(entries))).toBe(sum);
  });

  test("a build counts the lines entries equal in lower case share, first, last and across chunks: each stays until its last entry goes", async () => {
    const everyStep: Slices = { due: () => true, elapsed: () => 0, pause: () => Promise.resolve() };
    // Sorted, "aa" runs first, "d" past the end of the first chunk of 4 pieces, "mm" in the middle, "zz" last.
    const nicks = ["zz", "AA", "b", "mM", "aa", "c", "D", "Mm", "d", "ZZ", "Aa", "e", "mm", "zZ"];
    const entries = nicks.map((nick, i) =>
      record(i + 1, { nick, uuid: null, premium: false, expiresAt: null }),
    );
    const sum = await runSliced(summing(entries), everyStep);
    const kept = new WhitelistFormats(4);
    kept.set(
      "easywhitelist",
      await runSliced(building("easywhitelist", { entries, through: 0, sum }, 4), everyStep),
    );
    const left = [...entries];
    for (let eventId = 1; left.length > 0; eventId++) {
      expect(decoder.decode(kept.formatted("easywhitelist").bytes)).toBe(
        decoder.decode(renderFormat("easywhitelist", left)),
      );
      // Removed in an order that leaves each shared line to its last entry more than once.
      const gone = left.splice(left.length % 2 === 0 ? 0 : left.length - 1, 1)[0] as EntryRecord;
      kept.apply(eventId, "entry.removed", gone);
    }
    expect(decoder.decode(kept.formatted("easywhitelist").bytes)).toBe(
      decoder.decode(renderFormat("easywhitelist", [])),
    );
  });
});

describe("a change to a large whitelist", () => {
  // A change is applied on the event loop before the change's answer. Copying the chunk that holds the entry (150 KB
  // of JSON at 100,000 entries) was most of that work, and fresh memory each time: a change now makes views of the
  // arrays around it, and joins a chunk into one new array only once it is made of many (src/formats/sequence.ts,
  // MAX_SPANS; docs/performance.md, What a change costs).
  const entries = Array.from({ length: 20_000 }, (_, i) =>
    record(i + 1, {
      nick: `player_${i.toString(36)}`,
      uuid: i % 3 === 0 ? crypto.randomUUID() : null,
      premium: i % 3 === 0,
      expiresAt: null,
    }),
  );
  /** The chunks' parts, without the prefix and suffix each `formatted` encodes anew. */
  const chunkParts = (kept: WhitelistFormats, format: FormatName) =>
    kept.formatted(format).parts.slice(1, -1);

  test("copies nothing of the chunk it changes: what stays is views of the arrays held before", () => {
    const removed = entries[12_345] as EntryRecord;
    for (const format of FORMATS) {
      const kept = new WhitelistFormats();
      kept.build(format, entries, 0);
      const before = chunkParts(kept, format);
      const held = new Set(before.map((part) => part.buffer));
      kept.apply(1, "entry.removed", removed);
      const after = chunkParts(kept, format);
      // bds lists Bedrock players only: a Java entry is not in it. Elsewhere the chunk is now two views of its array.
      expect({
        format,
        added: after.length - before.length,
        fresh: after.filter((part) => !held.has(part.buffer)).length,
      }).toEqual({ format, added: format === "bds" ? 0 : 1, fresh: 0 });
    }
  });

  test("a chunk changed again and again is joined into one new array of at most 256 KB, its parts kept few", () => {
    for (const format of FORMATS) {
      const kept = new WhitelistFormats();
      kept.build(format, entries, 0);
      const before = chunkParts(kept, format);
      // Every other entry of a run of neighbours in the format's order: each removal lands in the same chunk.
      let eventId = 0;
      let most = 0;
      for (let i = 0; i < 40; i++) {
        kept.apply(++eventId, "entry.removed", entries[1_000 + 2 * i] as EntryRecord);
        most = Math.max(most, chunkParts(kept, format).length);
      }
      const held = new Set(before.map((part) => part.buffer));
      const fresh = chunkParts(kept, format).filter((part) => !held.has(part.buffer));
      expect({
        format,
        fewParts: most <= before.length + 16,
        small: fresh.every((p) => p.byteLength <= 256 * 1024),
      }).toEqual({
        format,
        fewParts: true,
        small: true,
      });
    }
  });
});

describe("an entry's hash (every ETag is a sum of them)", () => {
  test("is the hash of its text's UTF-8 bytes, whatever its fields (the ETags served before it was written into a buffer)", () => {
    const entry = fc.record({
      id: fc.nat(),
      nick: fc.string({ unit: "grapheme", maxLength: 40 }),
      uuid: fc.option(fc.uuid()),
      premium: fc.boolean(),
      expiresAt: fc.option(fc.oneof(fc.nat(), fc.maxSafeNat())),
      verified: fc.boolean(),
      gamertag: fc.constant(null),
      proofDueAt: fc.option(fc.maxSafeNat()),
      groups: fc.array(fc.string({ unit: "grapheme", maxLength: 300 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(entry, (e) => {
        expect(entryHash(e)).toBe(BigInt.asUintN(64, BigInt(Bun.hash(hashedText(e)))));
      }),
      { numRuns: 2000 },
    );
  });
});
