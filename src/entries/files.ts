import type { BodyEntry } from "./bodies/layouts.ts";
import { WhitelistBodies } from "./bodies/whitelist-bodies.ts";
import type { ChangeNotice, EventBus } from "./bus.ts";
import { type ExportFormat, renderExport } from "./export.ts";
import { type EntryRecord, toEntryView } from "./model.ts";

/** `json` (the API's list of entries) or one of the export formats. */
export type FileFormat = "json" | ExportFormat;

/**
 * A whitelist's entries in one format: the bytes as parts (a Response sends them without joining), their size,
 * the file name a download gets (none for `json`) and a strong ETag that changes whenever the bytes do.
 * `body` joins the parts, on first use.
 */
export type EntryFile = {
  parts: readonly Uint8Array[];
  size: number;
  fileName: string | null;
  etag: string;
  readonly body: Uint8Array;
};

/** Serialises entries in a format from scratch: the JSON list, oldest first, or an export file (the reference). */
export function renderFile(
  format: FileFormat,
  entries: readonly EntryRecord[],
): Pick<EntryFile, "body" | "fileName"> {
  const views = entries.map(toEntryView);
  if (format === "json") return { body: new TextEncoder().encode(JSON.stringify(views)), fileName: null };
  return renderExport(format, views);
}

/** The memory budget of the cached bodies when CACHE_MAX_MB is not given. */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/** A whitelist's entries as read from the store, and the last event id that read includes. */
export type EntrySnapshot = { entries: readonly BodyEntry[]; through: number };

/**
 * Keeps each whitelist's entries as every format's pieces (WhitelistBodies), built from the store on the first
 * read and then changed entry by entry as the bus reports commits. A read of the store and the changes the bus
 * brings meanwhile meet by event id: the read says which events it includes, the changes after it are applied
 * once it is in, and a change it included already is not applied twice. Whitelists never read cost nothing;
 * past `maxBytes`, the least recently read are dropped and rebuilt on their next read.
 */
export function createEntryFiles({
  load,
  bus,
  maxBytes = DEFAULT_CACHE_BYTES,
}: {
  load: (whitelistId: string) => Promise<EntrySnapshot>;
  bus: EventBus;
  maxBytes?: number;
}) {
  // A Map iterates in insertion order: re-inserting on each read keeps the least recently read first.
  const cache = new Map<string, WhitelistBodies>();
  const sizes = new Map<string, number>();
  /** Reads of the store under way, and the changes the bus brought while each ran. */
  const loading = new Map<
    string,
    { whitelistId: string; done: Promise<WhitelistBodies>; changes: ChangeNotice[] }
  >();
  let total = 0;

  /** Records a whitelist's size now, then drops the least recently read until the rest fit (never `keep`). */
  const measure = (whitelistId: string, bodies: WhitelistBodies, keep: string | null) => {
    const size = bodies.bytes();
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

  const apply = (bodies: WhitelistBodies, { event, entry }: ChangeNotice) =>
    bodies.apply(Number(event.id), event.type, entry);

  bus.subscribe((notice) => {
    const { whitelistId } = notice.event;
    for (const load of loading.values()) if (load.whitelistId === whitelistId) load.changes.push(notice);
    const bodies = cache.get(whitelistId);
    if (bodies && apply(bodies, notice)) measure(whitelistId, bodies, whitelistId);
  });

  /** Reads the whitelist and builds `format` from that read, then applies what changed meanwhile. */
  const read = (whitelistId: string, format: FileFormat): Promise<WhitelistBodies> => {
    const key = `${whitelistId}\u0000${format}`;
    const under = loading.get(key);
    if (under) return under.done;
    const changes: ChangeNotice[] = [];
    const done = (async () => {
      try {
        const snapshot = await load(whitelistId);
        const bodies = cache.get(whitelistId) ?? new WhitelistBodies();
        if (!bodies.has(format)) bodies.build(format, snapshot.entries, snapshot.through);
        // What the bus brought while the store was read: each format takes what it does not hold yet.
        for (const notice of changes) apply(bodies, notice);
        cache.set(whitelistId, bodies);
        return bodies;
      } finally {
        loading.delete(key);
      }
    })();
    loading.set(key, { whitelistId, done, changes });
    return done;
  };

  return {
    /** The whitelist's entries in `format`; a new object whenever they changed (readers may key on it). */
    async get(whitelistId: string, format: FileFormat): Promise<EntryFile> {
      let bodies = cache.get(whitelistId);
      if (!bodies?.has(format)) bodies = await read(whitelistId, format);
      cache.delete(whitelistId);
      cache.set(whitelistId, bodies);
      const file = bodies.file(format);
      // Only a format built now changes the size: a read of a built one costs a map look-up here.
      if (bodies.bytes() !== sizes.get(whitelistId)) measure(whitelistId, bodies, whitelistId);
      return file;
    },
    /** The whitelist's entries in `format` if they are in memory, without waiting (the entries read). */
    cached(whitelistId: string, format: FileFormat): EntryFile | undefined {
      const bodies = cache.get(whitelistId);
      if (!bodies?.has(format)) return undefined;
      cache.delete(whitelistId);
      cache.set(whitelistId, bodies);
      return bodies.file(format);
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

/** The entry files cache type. */
export type EntryFiles = ReturnType<typeof createEntryFiles>;
