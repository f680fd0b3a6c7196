import type { EventType } from "../entries/events.ts";
import type { SnapshotEntries } from "../entries/model.ts";
import { runAtOnce, sorting } from "../shared/slices.ts";
import type { Formatted } from "./cache.ts";
import { entryHash } from "./entry-hash.ts";
import { type FormatName, formats } from "./index.ts";
import type { Key } from "./keys.ts";
import { byCodePoint } from "./order.ts";
import { CHUNK_SIZE, PieceSequence } from "./sequence.ts";
import type { FormatEntry, Pieces } from "./spec.ts";

const encoder = new TextEncoder();
const MASK = (1n << 64n) - 1n;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A format's pieces, for EasyWhitelist how many entries share each line held by more than one (nicks equal in
 * lower case; a line in the pieces and not in `shared` is one entry's), and what its ETag is made of: how many
 * entries it holds and the sum of their hashes, as of event `through`.
 */
type Built = {
  sequence: PieceSequence<Key>;
  shared: Map<string, number> | null;
  formatted: Formatted | null;
  through: number;
  sum: bigint;
  count: number;
};

/**
 * One whitelist's entries as each format's pieces, changed entry by entry as the bus reports changes: a format is
 * built from the store on its first read (`building`, in slices that leave the event loop free), then a change
 * costs O(log n) plus one chunk per built format, never a whole re-serialisation. The ETag is a hash of the set
 * of entries, kept by each change (add and subtract): it changes with the content, costs nothing to keep, and is
 * the same after a restart. Each format knows the last event it holds, so one built from a later read of the
 * store and one kept since an earlier read agree.
 */
export class WhitelistFormats {
  private readonly built = new Map<FormatName, Built>();

  constructor(
    /** Pieces per chunk (tests: small, so chunks split and empty out on a few entries). */
    private readonly chunkSize = CHUNK_SIZE,
  ) {}

  /** Whether `format` is built (served without reading the store). */
  has(format: FormatName): boolean {
    return this.built.has(format);
  }

  /**
   * Applies a committed change to every format that does not hold it yet (its event id is above the last one
   * the format holds): the bus may bring a change a read of the store already included. A change of groups
   * (`entry.groups`) takes the entry as it was (`before`) out and puts it back as it is: the files, which show no
   * group, keep their bytes, and the API's list and every ETag follow. Returns whether any format changed.
   */
  apply(eventId: number, type: EventType, entry: FormatEntry, before?: FormatEntry): boolean {
    let applied = false;
    for (const [format, built] of this.built) {
      if (eventId <= built.through) continue;
      built.through = eventId;
      if (type === "entry.groups") {
        change(format, built, before ?? entry, -1);
        change(format, built, entry, 1);
      } else {
        change(format, built, entry, type === "entry.added" ? 1 : -1);
      }
      applied = true;
    }
    return applied;
  }

  /** The whitelist's entries in `format`, once built: a new object after every change (the API keys on it). */
  formatted(format: FormatName): Formatted {
    const built = this.built.get(format);
    if (!built) throw new Error(`the ${format} format is not built`);
    if (!built.formatted) {
      const { pieces, file } = formats[format];
      const { sequence } = built;
      const parts =
        sequence.length === 0
          ? [encoder.encode(pieces.empty)]
          : [encoder.encode(pieces.prefix), ...sequence.parts(), encoder.encode(pieces.suffix)];
      built.formatted = formattedOf(
        parts,
        file?.name ?? null,
        `"${format}-${built.count.toString(36)}-${built.sum.toString(36)}"`,
      );
    }
    return built.formatted;
  }

  /**
   * About how many bytes this holds, calibrated on the service's RSS (bench/scale.ts: 100,000 entries in one
   * whitelist, and in 1,000): per built format its bytes twice (the chunks, and the Blob the API serves them
   * as), about 80 bytes per piece (its key, its offset), and about 9 KB for the objects around them.
   */
  bytes(): number {
    let total = 0;
    for (const { sequence } of this.built.values()) total += sequence.bytes * 2 + sequence.length * 80 + 9216;
    return total;
  }

  /**
   * Builds `format` from `entries` at once (tests, small lists), read from the store once every event up to
   * `through` was committed (and no later one): changes with a higher event id are applied by `apply`, the others
   * are in already.
   */
  build(format: FormatName, entries: readonly FormatEntry[], through: number): void {
    const sum = runAtOnce(summing(entries));
    this.set(format, runAtOnce(building(format, { entries, through, sum }, this.chunkSize)));
  }

  /**
   * Holds `format` as `building` built it (the cache builds in slices). The caller applies, in the same
   * synchronous step, the changes committed since the read it was built from: `apply` skips what it holds.
   */
  set(format: FormatName, built: BuiltFormat): void {
    this.built.set(format, built);
  }
}

/**
 * A read of the store that formats are built from: its entries (read one at a time: `at` may refill one object,
 * src/entries/columns.ts), the last event it includes, their ETag sum.
 */
export type FormatSource = { entries: SnapshotEntries; through: number; sum: bigint };

/** A format built from a read, for `WhitelistFormats.set`. */
export type BuiltFormat = Built;

/** Entries handled between two yields of a build (a few hundred: well under a slice). */
const STEP = 256;

/** The sum of the entries' hashes (every format's ETag is made of it), in steps. */
export function* summing(entries: SnapshotEntries): Generator<void, bigint> {
  // Added as two 32-bit halves in numbers, read through a view of one 64-bit cell: a `BigInt` sum and mask made
  // four more a entry, 100,000 entries' worth of garbage at a first read (docs/performance.md). The same sum.
  let low = 0;
  let high = 0;
  for (let i = 0; i < entries.length; i++) {
    hashCell[0] = entryHash(entries.at(i) as FormatEntry);
    low += hashHalves[0] as number;
    high = (high + (hashHalves[1] as number) + Math.floor(low / 2 ** 32)) % 2 ** 32;
    low %= 2 ** 32;
    if (i % STEP === STEP - 1) yield;
  }
  return (BigInt(high) << 32n) | BigInt(low);
}

/** One 64-bit cell and its two 32-bit halves (`summing`; little-endian, as every platform Bun runs on). */
const hashCell = new BigUint64Array(1);
const hashHalves = new Uint32Array(hashCell.buffer);

/**
 * Builds `format` from a read of the store, in steps (a generator: `runSliced` runs it in slices that leave the
 * event loop free, `runAtOnce` at once); the entries may come in any order.
 */
export function* building(
  format: FormatName,
  { entries, through, sum }: FormatSource,
  chunkSize = CHUNK_SIZE,
): Generator<void, BuiltFormat> {
  const { pieces } = formats[format];
  let shared: Map<string, number> | null = null;
  // Every entry counts in the ETag (`sum`); only those the format lists get a piece, found by their indexes.
  let chosen: number[] | null = null;
  if (pieces.include) {
    chosen = [];
    for (let i = 0; i < entries.length; i++) {
      if (pieces.include(entries.at(i) as FormatEntry)) chosen.push(i);
      if (i % STEP === STEP - 1) yield;
    }
  }
  // One entry at a time: `at` may return the same object refilled (src/entries/columns.ts).
  const entryAt = (i: number) => entries.at(chosen ? (chosen[i] as number) : i) as FormatEntry;
  // Keys computed once each, then the entries' indexes sorted (a comparison may fold letter case: not per
  // comparison). Arrays beside each other, not an object per entry: fewer, larger objects for the collector.
  const sortKey = pieces.sortKey;
  const count = chosen ? chosen.length : entries.length;
  const keys = new Array<Key>(count);
  const folded = new Array<string>(sortKey ? count : 0);
  const astral = new Uint8Array(sortKey ? count : 0);
  const order = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const entry = entryAt(i);
    keys[i] = pieces.key(entry);
    order[i] = i;
    if (sortKey) {
      const text = sortKey(entry);
      folded[i] = text;
      astral[i] = SURROGATE.test(text) ? 1 : 0;
    }
    if (i % STEP === STEP - 1) yield;
  }
  yield* sorting(order, (a, b) => {
    if (sortKey) {
      const x = folded[a] as string;
      const y = folded[b] as string;
      // UTF-16 order is code point order for text without surrogates: `<` then, byCodePoint otherwise.
      const order = astral[a] || astral[b] ? byCodePoint(x, y) : x < y ? -1 : x > y ? 1 : 0;
      if (order !== 0) return order;
    }
    return pieces.compare(keys[a] as Key, keys[b] as Key);
  });
  // Each piece's text written into its chunk's bytes as it is made (PieceSequence.append), a step at a time.
  // Entries sharing a line (EasyWhitelist) share its key, so they are next to each other now: the first gives
  // the piece, and a run of several is counted in `shared`. No map of every line, built and then emptied of the
  // lines one entry holds: filling it (rehashing 100,000 strings) and emptying it each held the event loop for
  // 10-20 ms at once (docs/performance.md, A change to a large whitelist).
  const sequence = new PieceSequence(pieces.compare, pieces.separator, chunkSize);
  if (pieces.shared) shared = new Map();
  let run = 0;
  for (let i = 0; i < count; i++) {
    const index = order[i] as number;
    const key = keys[index] as Key;
    if (shared && i > 0 && pieces.compare(keys[order[i - 1] as number] as Key, key) === 0) run++;
    else {
      if (run > 1) shared?.set(sharedLine(pieces, entryAt(order[i - run] as number)), run);
      run = 1;
      if (pieces.write) {
        sequence.startPiece();
        pieces.write(entryAt(index), sequence);
        sequence.endPiece(key);
      } else sequence.append(key, pieces.piece(entryAt(index)));
    }
    if (i % STEP === STEP - 1) yield;
  }
  if (run > 1) shared?.set(sharedLine(pieces, entryAt(order[count - run] as number)), run);
  sequence.close();
  return { sequence, shared, formatted: null, through, sum, count: entries.length };
}

/** Adds (1) or removes (-1) an entry in one format's pieces and ETag. */
function change(format: FormatName, built: Built, entry: FormatEntry, delta: 1 | -1): void {
  const { pieces } = formats[format];
  built.formatted = null;
  built.count += delta;
  built.sum = (delta === 1 ? built.sum + entryHash(entry) : built.sum - entryHash(entry)) & MASK;
  if (pieces.include && !pieces.include(entry)) return;
  // A line shared by entries equal in lower case (EasyWhitelist) comes with the first and goes with the last.
  if (built.shared && share(built, pieces, entry, delta) > (delta === 1 ? 1 : 0)) return;
  if (delta === 1) built.sequence.insert({ key: pieces.key(entry), text: pieces.piece(entry) });
  else built.sequence.remove(pieces.key(entry));
}

/**
 * Counts an entry in or out of its shared line; returns how many entries hold the line now. A line one entry
 * holds is in the pieces only (entries sharing a line share its key), one several hold is counted in `shared`.
 */
function share(built: Built, pieces: Pieces<Key>, entry: FormatEntry, delta: 1 | -1): number {
  const shared = built.shared as Map<string, number>;
  const line = sharedLine(pieces, entry);
  const held = (shared.get(line) ?? (built.sequence.has(pieces.key(entry)) ? 1 : 0)) + delta;
  if (held >= 2) shared.set(line, held);
  else shared.delete(line);
  return held;
}

/** The line `entry` shares with the entries equal to it (a format with `shared` only). */
function sharedLine(pieces: Pieces<Key>, entry: FormatEntry): string {
  return (pieces.shared as (e: FormatEntry) => string)(entry);
}

/** Entries in a format as parts; `bytes` joins them only when asked (a Discord attachment, a test). */
function formattedOf(parts: Uint8Array[], fileName: string | null, etag: string): Formatted {
  let bytes: Uint8Array | undefined;
  const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return {
    parts,
    size,
    fileName,
    etag,
    get bytes() {
      if (!bytes) {
        bytes = new Uint8Array(size);
        let at = 0;
        for (const part of parts) {
          bytes.set(part, at);
          at += part.byteLength;
        }
      }
      return bytes;
    },
  };
}
