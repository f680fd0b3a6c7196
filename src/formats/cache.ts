import type { ChangeNotice, EventBus } from "../entries/bus.ts";
import type { EntrySnapshot } from "../entries/model.ts";
import type { FormatName } from "./index.ts";
import { WhitelistFormats } from "./whitelist-formats.ts";

/**
 * A whitelist's entries in one format: the bytes as parts (a Response sends them without joining), their size,
 * the file name a download gets (none for `json`) and a strong ETag that changes whenever the bytes do.
 * `bytes` joins the parts, on first use.
 */
export type Formatted = {
  parts: readonly Uint8Array[];
  size: number;
  fileName: string | null;
  etag: string;
  readonly bytes: Uint8Array;
};

/** The memory budget of the cached formats when CACHE_MAX_MB is not given. */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Keeps each whitelist's entries in every format read so far, as pieces (WhitelistFormats): a format is built
 * from the store on its first read, then changed entry by entry as the bus reports commits. A read of the store
 * and the changes the bus brings meanwhile meet by event id: the read says which events it includes, the changes
 * after it are applied once it is in, and a change it included already is not applied twice. Whitelists never
 * read cost nothing; past `maxBytes`, the least recently read are dropped and rebuilt on their next read.
 */
export function createFormatCache({
  load,
  bus,
  maxBytes = DEFAULT_CACHE_BYTES,
}: {
  load: (whitelistId: string) => Promise<EntrySnapshot>;
  bus: EventBus;
  maxBytes?: number;
}) {
  // A Map iterates in insertion order: re-inserting on each read keeps the least recently read first.
  const cache = new Map<string, WhitelistFormats>();
  const sizes = new Map<string, number>();
  /** Reads of the store under way, and the changes the bus brought while each ran. */
  const loading = new Map<
    string,
    { whitelistId: string; done: Promise<WhitelistFormats>; changes: ChangeNotice[] }
  >();
  let total = 0;

  /** Records a whitelist's size now, then drops the least recently read until the rest fit (never `keep`). */
  const measure = (whitelistId: string, kept: WhitelistFormats, keep: string | null) => {
    const size = kept.bytes();
    total += size - (sizes.get(whitelistId) ?? 0);
    sizes.set(whitelistId, size);
    for (const id of cache.keys()) {
      if (total <= maxBytes) break;
      if (id !== keep) drop(id);
    }
  };
  const drop = (whitelistId: string) => {
    cache.delete(whitelistId);
    total -= sizes.get(whitelistId) ?? 0;
    sizes.delete(whitelistId);
  };

  const apply = (kept: WhitelistFormats, { event, entry }: ChangeNotice) =>
    kept.apply(Number(event.id), event.type, entry);

  bus.subscribe((notice) => {
    const { whitelistId } = notice.event;
    for (const load of loading.values()) if (load.whitelistId === whitelistId) load.changes.push(notice);
    const kept = cache.get(whitelistId);
    if (kept && apply(kept, notice)) measure(whitelistId, kept, whitelistId);
  });

  /** Reads the whitelist and builds `format` from that read, then applies what changed meanwhile. */
  const read = (whitelistId: string, format: FormatName): Promise<WhitelistFormats> => {
    const key = `${whitelistId}\u0000${format}`;
    const under = loading.get(key);
    if (under) return under.done;
    const changes: ChangeNotice[] = [];
    const done = (async () => {
      try {
        const snapshot = await load(whitelistId);
        const kept = cache.get(whitelistId) ?? new WhitelistFormats();
        if (!kept.has(format)) kept.build(format, snapshot.entries, snapshot.through);
        // What the bus brought while the store was read: each format takes what it does not hold yet.
        for (const notice of changes) apply(kept, notice);
        cache.set(whitelistId, kept);
        return kept;
      } finally {
        loading.delete(key);
      }
    })();
    loading.set(key, { whitelistId, done, changes });
    return done;
  };

  return {
    /** The whitelist's entries in `format`; a new object whenever they changed (readers may key on it). */
    async get(whitelistId: string, format: FormatName): Promise<Formatted> {
      let kept = cache.get(whitelistId);
      if (!kept?.has(format)) kept = await read(whitelistId, format);
      cache.delete(whitelistId);
      cache.set(whitelistId, kept);
      const formatted = kept.formatted(format);
      // Only a format built now changes the size: a read of a built one costs a map look-up here.
      if (kept.bytes() !== sizes.get(whitelistId)) measure(whitelistId, kept, whitelistId);
      return formatted;
    },
    /** The whitelist's entries in `format` if they are in memory, without waiting (the entries read). */
    cached(whitelistId: string, format: FormatName): Formatted | undefined {
      const kept = cache.get(whitelistId);
      if (!kept?.has(format)) return undefined;
      cache.delete(whitelistId);
      cache.set(whitelistId, kept);
      return kept.formatted(format);
    },
    /** Forgets a whitelist (deleted, or changed outside the bus). */
    invalidate(whitelistId: string): void {
      drop(whitelistId);
    },
    /** The whitelists held now and about how many bytes they take (metrics, tests). */
    usage(): { whitelists: number; bytes: number } {
      return { whitelists: cache.size, bytes: total };
    },
  };
}

/** The format cache's type. */
export type FormatCache = ReturnType<typeof createFormatCache>;
