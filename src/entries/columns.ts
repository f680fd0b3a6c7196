import type { SnapshotEntries, SnapshotEntry } from "./model.ts";

/** The `groups` of every entry in none: shared, so 100,000 entries hold one empty list rather than 100,000. */
const NO_GROUPS: readonly string[] = Object.freeze([]);

/** What decodes a column's value as its driver gives it (a drizzle column). */
export type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The value of `row`'s `field` decoded by its column, as drizzle decodes it (null stays null). */
function decoded(row: readonly unknown[], decoders: readonly Decoder[], field: number): unknown {
  const raw = row[field];
  return raw === null ? null : (decoders[field] as Decoder).mapFromDriverValue(raw);
}

/** Values per chunk of a column (a power of two). */
const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A column of values in chunks of CHUNK. One array growing to 100,000 values, written with new (young) values all
 * along, was scanned whole by every young collection while the read ran (a large old array written since the
 * last collection is scanned again): `/health` p99 during first reads rose from 13-17 to 21-24 ms
 * (docs/performance.md, What the first reads hold). Only the chunk being filled is written now.
 */
class Column<T> {
  private readonly chunks: T[][] = [];

  push(value: T, index: number): void {
    const offset = index & (CHUNK - 1);
    if (offset === 0) this.chunks.push([]);
    (this.chunks[index >> CHUNK_BITS] as T[])[offset] = value;
  }

  get(index: number): T {
    return (this.chunks[index >> CHUNK_BITS] as T[])[index & (CHUNK - 1)] as T;
  }
}

/** A column of numbers (ids, times; null as NaN) in typed chunks: nothing in them for the collector to scan. */
class NumberColumn {
  private readonly chunks: Float64Array[] = [];

  push(value: number | null, index: number): void {
    const offset = index & (CHUNK - 1);
    if (offset === 0) this.chunks.push(new Float64Array(CHUNK));
    (this.chunks[index >> CHUNK_BITS] as Float64Array)[offset] = value ?? Number.NaN;
  }

  get(index: number): number | null {
    const value = (this.chunks[index >> CHUNK_BITS] as Float64Array)[index & (CHUNK - 1)] as number;
    return Number.isNaN(value) ? null : value;
  }
}

/**
 * A large read of entries kept as columns (one array per field) rather than an object per entry: a first build
 * of a 100,000-entry whitelist held 100,000 row objects for as long as it ran, each with its own empty `groups`,
 * on top of the pages' garbage (docs/performance.md, A change to a large whitelist). The rows a page came as die
 * young; the columns hold only the fields' values. `at` returns one object refilled on every call: valid until
 * the next call, never kept (the builds read one entry at a time).
 */
export class EntryColumns implements SnapshotEntries {
  private count = 0;
  private readonly ids = new NumberColumn();
  private readonly nicks = new Column<string>();
  private readonly uuids = new Column<string | null>();
  private readonly premiums = new Column<boolean>();
  private readonly verifieds = new Column<boolean>();
  private readonly expiries = new NumberColumn();
  private readonly gamertags = new Column<string | null>();
  private readonly proofDues = new NumberColumn();
  private readonly groupLists = new Column<readonly string[]>();
  private readonly current: { -readonly [F in keyof SnapshotEntry]: SnapshotEntry[F] } = {
    id: 0,
    nick: "",
    uuid: null,
    premium: false,
    expiresAt: null,
    verified: false,
    gamertag: null,
    proofDueAt: null,
    groups: NO_GROUPS,
  };

  /** How many entries are held. */
  get length(): number {
    return this.count;
  }

  /** Adds an entry's fields (the row itself is not kept). */
  push(row: SnapshotEntry): void {
    const index = this.count++;
    this.ids.push(row.id, index);
    this.nicks.push(row.nick, index);
    this.uuids.push(row.uuid, index);
    this.premiums.push(row.premium, index);
    this.verifieds.push(row.verified, index);
    this.expiries.push(row.expiresAt, index);
    this.gamertags.push(row.gamertag, index);
    this.proofDues.push(row.proofDueAt, index);
    this.groupLists.push(row.groups.length === 0 ? NO_GROUPS : row.groups, index);
  }

  /**
   * Adds an entry from a row as the driver gives it (id, nick, UUID, premium, expiry, verified, gamertag, proof
   * due, groups: the order src/entries/reads.ts selects), each value decoded by its column (`decoders`, drizzle's),
   * as drizzle would without the row's object. No groups (the JSON text `[]` or an empty list) are not decoded.
   */
  pushValues(row: readonly unknown[], decoders: readonly Decoder[]): void {
    const index = this.count++;
    this.ids.push(decoded(row, decoders, 0) as number, index);
    this.nicks.push(row[1] as string, index);
    this.uuids.push(row[2] as string | null, index);
    this.premiums.push(decoded(row, decoders, 3) as boolean, index);
    this.expiries.push(decoded(row, decoders, 4) as number | null, index);
    this.verifieds.push(decoded(row, decoders, 5) as boolean, index);
    this.gamertags.push(row[6] as string | null, index);
    this.proofDues.push(decoded(row, decoders, 7) as number | null, index);
    const groups = row[8];
    const none = groups === "[]" || (Array.isArray(groups) && groups.length === 0);
    this.groupLists.push(none ? NO_GROUPS : (decoded(row, decoders, 8) as readonly string[]), index);
  }

  /** The entry at `index` in one object reused by every call (valid until the next); undefined past the end. */
  at(index: number): SnapshotEntry | undefined {
    if (index < 0 || index >= this.count) return undefined;
    const entry = this.current;
    entry.id = this.ids.get(index) as number;
    entry.nick = this.nicks.get(index);
    entry.uuid = this.uuids.get(index);
    entry.premium = this.premiums.get(index);
    entry.expiresAt = this.expiries.get(index);
    entry.verified = this.verifieds.get(index);
    entry.gamertag = this.gamertags.get(index);
    entry.proofDueAt = this.proofDues.get(index);
    entry.groups = this.groupLists.get(index);
    return entry;
  }
}
