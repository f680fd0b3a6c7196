import { expect, test } from "bun:test";
import { EntryColumns } from "../../src/entries/columns.ts";
import type { SnapshotEntry } from "../../src/entries/model.ts";

// A large read of entries for the formats (src/entries/reads.ts, snapshotForFormats) keeps them as columns: no
// object per entry held for as long as the builds run (docs/performance.md, A change to a large whitelist).

const COUNT = 5000;

/** Rows as a page of the store gives them: an object each, and its own `groups` list. */
const rows = (): SnapshotEntry[] =>
  Array.from({ length: COUNT }, (_, i) => ({
    id: i + 1,
    nick: `player_${i}`,
    uuid: i % 3 === 0 ? `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` : null,
    premium: i % 3 === 0,
    expiresAt: i % 5 === 0 ? 1_800_000_000_000 + i : null,
    verified: i % 2 === 0,
    gamertag: i % 7 === 0 ? `Gamer ${i}` : null,
    proofDueAt: i % 11 === 0 ? 1_700_000_000_000 + i : null,
    groups: i % 13 === 0 ? ["vip"] : [],
  }));

/**
 * How many of `refs`' rows are still on the heap after each of three turns of the event loop and a full
 * collection, the fewest. Counted through weak references rather than the heap's object count, which moves with
 * whatever ran before in the same process.
 */
async function alive(refs: WeakRef<SnapshotEntry>[]): Promise<number> {
  // The collector scans the stack conservatively: a stale pointer may keep garbage through one collection.
  let fewest = Number.POSITIVE_INFINITY;
  for (let turn = 0; turn < 3; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    Bun.gc(true);
    fewest = Math.min(fewest, refs.filter((ref) => ref.deref() !== undefined).length);
  }
  return fewest;
}

test("every entry reads back as it was pushed; past the end, nothing", () => {
  const expected = rows();
  const columns = new EntryColumns();
  for (const row of expected) columns.push(row);
  expect(columns.length).toBe(COUNT);
  expect(Array.from({ length: COUNT }, (_, i) => ({ ...columns.at(i) }))).toEqual(expected);
  expect([columns.at(-1), columns.at(COUNT)]).toEqual([undefined, undefined]);
});

test("holds no row once the rows are gone, and one empty groups list for all (the rows held one each)", async () => {
  const held = rows();
  const refs = held.map((row) => new WeakRef(row));
  const rowsHeld = await alive(refs);
  const columns = new EntryColumns();
  for (const row of held) columns.push(row);
  held.length = 0;
  const columnsHeld = await alive(refs);
  expect(columns.length).toBe(COUNT);
  const emptyLists = new Set<readonly string[]>();
  for (let i = 0; i < COUNT; i++) {
    const groups = columns.at(i)?.groups ?? [];
    if (groups.length === 0) emptyLists.add(groups);
  }
  // The measure sees the rows while they are held; the columns keep none, nor a list per entry without groups.
  expect({ rowsHeld, columns: columnsHeld < COUNT / 10, emptyLists: emptyLists.size }).toEqual({
    rowsHeld: COUNT,
    columns: true,
    emptyLists: 1,
  });
});
