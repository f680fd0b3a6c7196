import type { SnapshotEntries, SnapshotEntry } from "./model.ts";

/** The `groups` of every entry in none: shared, so 100,000 entries hold one empty list rather than 100,000. */
const NO_GROUPS: readonly string[] = Object.freeze([]);

/**
 * A large read of entries kept as columns (one array per field) rather than an object per entry: a first build
 * of a 100,000-entry whitelist held 100,000 row objects for as long as it ran, each with its own empty `groups`,
 * on top of the pages' garbage (docs/performance.md, A change to a large whitelist). The rows a page came as die
 * young; the columns hold only the fields' values. `at` returns one object refilled on every call: valid until
 * the next call, never kept (the builds read one entry at a time).
 */
export class EntryColumns implements SnapshotEntries {
  private readonly ids: number[] = [];
  private readonly nicks: string[] = [];
  private readonly uuids: (string | null)[] = [];
  private readonly premiums: boolean[] = [];
  private readonly expiries: (number | null)[] = [];
  private readonly verifieds: boolean[] = [];
  private readonly gamertags: (string | null)[] = [];
  private readonly proofDues: (number | null)[] = [];
  private readonly groupLists: (readonly string[])[] = [];
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
    return this.ids.length;
  }

  /** Adds an entry's fields (the row itself is not kept). */
  push(row: SnapshotEntry): void {
    this.ids.push(row.id);
    this.nicks.push(row.nick);
    this.uuids.push(row.uuid);
    this.premiums.push(row.premium);
    this.expiries.push(row.expiresAt);
    this.verifieds.push(row.verified);
    this.gamertags.push(row.gamertag);
    this.proofDues.push(row.proofDueAt);
    this.groupLists.push(row.groups.length === 0 ? NO_GROUPS : row.groups);
  }

  /** The entry at `index` in one object reused by every call (valid until the next); undefined past the end. */
  at(index: number): SnapshotEntry | undefined {
    if (index < 0 || index >= this.ids.length) return undefined;
    const entry = this.current;
    entry.id = this.ids[index] as number;
    entry.nick = this.nicks[index] as string;
    entry.uuid = this.uuids[index] ?? null;
    entry.premium = this.premiums[index] as boolean;
    entry.expiresAt = this.expiries[index] ?? null;
    entry.verified = this.verifieds[index] as boolean;
    entry.gamertag = this.gamertags[index] ?? null;
    entry.proofDueAt = this.proofDues[index] ?? null;
    entry.groups = this.groupLists[index] as readonly string[];
    return entry;
  }
}
