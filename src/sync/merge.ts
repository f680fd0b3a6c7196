import type { Player } from "../formats/spec.ts";
import { nickKey } from "../nicks/key.ts";
import type { WhitelistRef } from "./client.ts";
import type { EntryChange } from "./socket.ts";

/**
 * An entry as the agent holds it: the player the file shows, until when it awaits proof at first join, if it does
 * (the agent asks such players for proof, src/sync/proof-poll.ts), and its owner's game groups
 * (src/sync/group-commands.ts). No file shows either.
 */
export type HeldEntry = Player & { proofDueAt?: string; groups?: string[] };

/** One whitelist's entries by nick key: a nick is unique per whitelist whatever its letter case. */
export type EntryMap = Map<string, HeldEntry>;

/** A nick of the file, and the listed whitelist it comes from. */
export type MergedEntry = { entry: HeldEntry; whitelist: string };

/** The file's nicks by nick key: the union of the listed whitelists. */
export type MergedList = Map<string, MergedEntry>;

/**
 * An entry with only the fields a file is rendered from (`gamertag` on Bedrock entries only), and its wait for
 * proof when it has one.
 */
const toPlayer = ({ nick, uuid, premium, gamertag, proofDueAt, groups }: HeldEntry): HeldEntry => ({
  nick,
  uuid,
  premium,
  ...(gamertag == null ? {} : { gamertag }),
  ...(proofDueAt === undefined ? {} : { proofDueAt }),
  ...(groups === undefined || groups.length === 0 ? {} : { groups: [...groups] }),
});

/** The entries by nick key, keeping only the fields the file is rendered from (and a wait for proof). */
export const toEntryMap = (entries: readonly HeldEntry[]): EntryMap =>
  new Map(entries.map((entry) => [nickKey(entry.nick), toPlayer(entry)]));

const sameEntry = (a: Player, b: Player) =>
  a.nick === b.nick &&
  a.uuid === b.uuid &&
  a.premium === b.premium &&
  (a.gamertag ?? null) === (b.gamertag ?? null);

/** What changed in the file between two merged lists: nicks added (or changed) and removed. */
export function diffMerged(
  before: MergedList,
  after: MergedList,
): { added: MergedEntry[]; removed: MergedEntry[] } {
  const added: MergedEntry[] = [];
  const removed: MergedEntry[] = [];
  for (const [key, merged] of after) {
    const old = before.get(key);
    if (!old || !sameEntry(old.entry, merged.entry)) added.push(merged);
  }
  for (const [key, merged] of before) if (!after.has(key)) removed.push(merged);
  return { added, removed };
}

/** A listed whitelist and what the agent holds of it. */
type Held = {
  whitelist: WhitelistRef;
  /** Null until fetched. */
  entries: EntryMap | null;
  /** The ETag of `entries` exactly as fetched; null once an event changed them (it names other bytes then). */
  etag: string | null;
};

/**
 * The whitelists one file is made of, in the order given, and their entries. The file holds the union: a nick
 * on two of them appears once, as the first listed holds it, so the bytes are what `GET …/entries?format=`
 * would serve for that merged list. Each whitelist keeps its own list (and ETag), so an event only ever
 * changes the list it belongs to, and a nick removed from one whitelist stays while another still lists it.
 */
export function createListedWhitelists(whitelists: readonly WhitelistRef[]) {
  const held: Held[] = whitelists.map((whitelist) => ({ whitelist, entries: null, etag: null }));
  const find = (id: string) => held.find((item) => item.whitelist.id === id);

  return {
    /** The whitelists still listed, in the order given. */
    get whitelists(): WhitelistRef[] {
      return held.map((item) => item.whitelist);
    },
    /** The listed whitelists not fetched yet. */
    get missing(): WhitelistRef[] {
      return held.filter((item) => item.entries === null).map((item) => item.whitelist);
    },
    /** Whether a whitelist is (still) listed. */
    has(id: string): boolean {
      return find(id) !== undefined;
    },
    /** The ETag to send for a whitelist: only while its held entries are still the bytes that ETag names. */
    etagOf(id: string): string | null {
      const item = find(id);
      return item?.entries ? item.etag : null;
    },
    /** Every whitelist's ETag, when each names the entries held (else null: they cannot all be confirmed). */
    etags(): Record<string, string> | null {
      const etags: Record<string, string> = {};
      for (const item of held) {
        if (item.entries === null || item.etag === null) return null;
        etags[item.whitelist.id] = item.etag;
      }
      return etags;
    },
    /** Stores a whitelist's entries as fetched. */
    set(id: string, entries: readonly HeldEntry[], etag: string | null): void {
      const item = find(id);
      if (!item) return;
      item.entries = toEntryMap(entries);
      item.etag = etag;
    },
    /**
     * Applies an event to its whitelist; answers which listed whitelist it changed (null: not one of them).
     * Idempotent: adding a present nick or removing an absent one changes nothing.
     */
    apply(event: EntryChange): WhitelistRef | null {
      const item = find(event.whitelistId);
      if (!item?.entries) return null;
      item.whitelist = { id: item.whitelist.id, name: event.whitelistName };
      item.etag = null;
      const key = nickKey(event.entry.nick);
      if (event.type === "entry.added") item.entries.set(key, toPlayer(event.entry));
      else if (event.type === "entry.removed") item.entries.delete(key);
      // A change of groups never adds or removes a nick: one that is not held (yet) stays out.
      else if (item.entries.has(key)) item.entries.set(key, toPlayer(event.entry));
      return item.whitelist;
    },
    /** Every entry `matches` picks, with the listed whitelist holding it. */
    find(matches: (entry: HeldEntry) => boolean): { whitelist: WhitelistRef; entry: HeldEntry }[] {
      return held.flatMap(({ whitelist, entries }) =>
        [...(entries?.values() ?? [])].filter(matches).map((entry) => ({ whitelist, entry })),
      );
    },
    /** How many entries a whitelist holds (0 before its fetch). */
    size(id: string): number {
      return find(id)?.entries?.size ?? 0;
    },
    /** Takes a whitelist out of the file (it was deleted); answers it, or null if it was not listed. */
    drop(id: string): WhitelistRef | null {
      const item = find(id);
      if (!item) return null;
      held.splice(held.indexOf(item), 1);
      return item.whitelist;
    },
    /** The file's nicks: each listed whitelist's entries in the order given, the first holder of a nick winning. */
    merged(): MergedList {
      const merged: MergedList = new Map();
      for (const { whitelist, entries } of held) {
        for (const [key, entry] of entries ?? []) {
          if (!merged.has(key)) merged.set(key, { entry, whitelist: whitelist.name });
        }
      }
      return merged;
    },
  };
}

/** The listed whitelists of one file. */
export type ListedWhitelists = ReturnType<typeof createListedWhitelists>;

/** The entries a merged list renders. */
export const entriesOf = (merged: MergedList): Player[] => [...merged.values()].map((item) => item.entry);

/** How whitelists are named in messages: `"survival"`, `"survival" and "bedrock"`. */
export function namesOf(whitelists: readonly WhitelistRef[]): string {
  const names = whitelists.map((w) => `"${w.name}"`);
  return names.length <= 1 ? (names[0] ?? "none") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
