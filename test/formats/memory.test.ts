import { heapStats } from "bun:jsc";
import { expect, test } from "bun:test";
import { type FormatName, formats } from "../../src/formats/index.ts";
import type { FormatEntry } from "../../src/formats/spec.ts";
import { WhitelistFormats } from "../../src/formats/whitelist-formats.ts";

// What a large whitelist's formats hold once built: their bytes and a few objects per chunk, never an object per
// entry (docs/performance.md, A change to a large whitelist: 306,000 strings for 100,000 entries made the
// collector's every full collection, and the service's memory, grow with the list).

const ENTRIES = 20_000;
const strings = () => heapStats().objectTypeCounts.string ?? 0;

/** The four formats of `count` entries (mixed-case nicks, a third premium), built at once; the entries dropped. */
function built(count: number): WhitelistFormats {
  const entries: FormatEntry[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    nick: `Player_${i.toString(36)}`,
    uuid: i % 3 === 0 ? `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` : null,
    premium: i % 3 === 0,
    expiresAt: null,
    verified: false,
    gamertag: null,
    proofDueAt: null,
    groups: [],
  }));
  const kept = new WhitelistFormats();
  for (const format of Object.keys(formats) as FormatName[]) kept.build(format, entries, 0);
  return kept;
}

test("built formats of 20,000 entries hold no string per entry and format (a text per chunk)", async () => {
  // A first, small build compiles the code (its names and constants are strings of their own).
  built(100);
  Bun.gc(true);
  const before = strings();
  const kept = built(ENTRIES);
  // The collector scans the stack conservatively: a stale pointer to the entries may keep them (and their nicks)
  // through a collection. Counted after each of three turns of the event loop, the fewest: what the formats hold.
  let held = Number.POSITIVE_INFINITY;
  for (let turn = 0; turn < 3; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    Bun.gc(true);
    held = Math.min(held, strings() - before);
  }
  expect(kept.has("json") && kept.has("vanilla") && kept.has("easywhitelist")).toBe(true);
  // A key per piece was three strings per entry (about 60,000); chunks of 1,024 keep one text each.
  expect(held).toBeLessThan(ENTRIES / 4);
});
