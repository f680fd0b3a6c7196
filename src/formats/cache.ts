import type { ChangeNotice, EventBus } from "../entries/bus.ts";
import { groupsBefore } from "../entries/events.ts";
import type { EntrySnapshot } from "../entries/model.ts";
import { createSlices, runSliced, type Slices } from "../shared/slices.ts";
import { UseOrderedMap } from "../shared/use-ordered-map.ts";
import type { FormatName } from "./index.ts";
import { createKeptRead, type ReleaseLater } from "./kept-read.ts";
import { traced } from "./slice-trace.ts";
import { type BuiltFormat, building, summing, WhitelistFormats } from "./whitelist-formats.ts";

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
 * from the store on its first read, then changed entry by entry as the bus reports commits. Whitelists never
 * read cost nothing; past `maxBytes`, the least recently read are dropped and rebuilt on their next read.
 *
 * A large whitelist takes a second or more to read and build: the read goes page by page and the build step by
 * step, in `slices` that leave the event loop free, so requests and sockets never wait behind it. Meanwhile:
 * - reads of a format being built wait for that build, and formats asked for while the store is read share the
 *   one read (no work is done twice);
 * - a read of the store and the changes the bus brings meet by event id: the read says which events it
 *   includes; the changes after it, recorded while it and its builds run, are applied in the same synchronous
 *   step that puts a built format in place, and one it included already is not applied twice;
 * - a whitelist forgotten (`invalidate`) while it is read is not put back by that read;
 * - the last read is kept a moment once its builds are done (src/formats/kept-read.ts), for a format asked for
 *   next, unless a change to that whitelist comes first.
 */
export function createFormatCache({
  bus,
  maxBytes = DEFAULT_CACHE_BYTES,
  slices = createSlices(),
  releaseRead,
  ...from
}: (
  | {
      /** Reads a whitelist's entries in one snapshot of the store, pausing on `slices` between pages. */
      load: LoadEntries;
    }
  | {
      /** Reads a whitelist's entries for its formats, and builds them, where it will (worker-reads.ts). */
      read: ReadForFormats;
    }
) & {
  bus: EventBus;
  maxBytes?: number;
  /** Where reads and builds take their turns (tests: slices they control). */
  slices?: Slices;
  /** When the last read is let go of, if no format asked for it (tests: by hand). */
  releaseRead?: ReleaseLater;
}) {
  // In order of reads: the least recently read first.
  const cache = new UseOrderedMap<string, WhitelistFormats>();
  const sizes = new Map<string, number>();
  /** Reads of the store under way or being built from, by whitelist, with the changes the bus brought since. */
  const reads = new Map<string, Read>();
  /** Builds under way, by whitelist and format. */
  const builds = new Map<string, Promise<WhitelistFormats>>();
  const readFormats = "read" in from ? from.read : readHere(from.load);
  /** Lets go of a read no build will use (its copy on the build worker's thread, if there). */
  const release = (read: Read) => {
    read.source.then(
      (source) => source.release(),
      () => {},
    );
  };
  const lastRead = createKeptRead<Read>(releaseRead, release);
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
    kept.apply(
      Number(event.id),
      event.type,
      entry,
      event.type === "entry.groups" ? { ...entry, groups: groupsBefore(event) } : undefined,
    );

  bus.subscribe((notice) => {
    const { whitelistId } = notice.event;
    reads.get(whitelistId)?.changes.push(notice);
    lastRead.forget(whitelistId);
    const kept = cache.get(whitelistId);
    if (kept && apply(kept, notice)) measure(whitelistId, kept, whitelistId);
  });

  /** The whitelist's read under way, or a new one; `users` counts the builds that still need it. */
  const readFor = (whitelistId: string): Read => {
    let read = reads.get(whitelistId) ?? lastRead.take(whitelistId);
    if (read) reads.set(whitelistId, read);
    else {
      read = { source: readFormats(whitelistId, slices), changes: [], users: 0 };
      reads.set(whitelistId, read);
    }
    read.users++;
    return read;
  };

  /** Builds `format` from the whitelist's read, then applies what changed since; one build per format at once. */
  const build = (whitelistId: string, format: FormatName): Promise<WhitelistFormats> => {
    const key = `${whitelistId}\u0000${format}`;
    const under = builds.get(key);
    if (under) return under;
    const read = readFor(whitelistId);
    let readOk = false;
    const done: Promise<WhitelistFormats> = (async () => {
      const source = await read.source;
      readOk = true;
      const built = await source.build(format);
      // From here to the return nothing awaits: no change can come between the format and what it lacks.
      const current = reads.get(whitelistId) === read;
      const kept = (current && cache.get(whitelistId)) || new WhitelistFormats();
      kept.set(format, built);
      for (const notice of read.changes) apply(kept, notice);
      // A whitelist new to the cache goes last, the most recently read.
      if (current) cache.set(whitelistId, kept);
      return kept;
    })().finally(() => {
      // The last build to use it: kept only while current and holding every change (none came since it began).
      if (--read.users === 0) {
        const current = reads.get(whitelistId) === read;
        if (current) reads.delete(whitelistId);
        if (current && readOk && read.changes.length === 0) lastRead.keep(whitelistId, read);
        else release(read);
      }
      if (builds.get(key) === done) builds.delete(key);
    });
    builds.set(key, done);
    return done;
  };

  return {
    /** The whitelist's entries in `format`; a new object whenever they changed (readers may key on it). */
    async get(whitelistId: string, format: FormatName): Promise<Formatted> {
      const cached = cache.get(whitelistId);
      const kept = cached?.has(format) ? cached : await build(whitelistId, format);
      // Forgotten or dropped meanwhile: this read still gets its answer, the cache does not take it back.
      if (cache.get(whitelistId) === kept) {
        cache.use(whitelistId);
        // Only a format built now changes the size: a read of a built one costs a map look-up here.
        if (kept.bytes() !== sizes.get(whitelistId)) measure(whitelistId, kept, whitelistId);
      }
      return kept.formatted(format);
    },
    /** The whitelist's entries in `format` if they are in memory, without waiting (the entries read). */
    cached(whitelistId: string, format: FormatName): Formatted | undefined {
      const kept = cache.get(whitelistId);
      if (!kept?.has(format)) return undefined;
      cache.use(whitelistId);
      return kept.formatted(format);
    },
    /** Forgets a whitelist (deleted, or changed outside the bus), and what is being read of it. */
    invalidate(whitelistId: string): void {
      drop(whitelistId);
      reads.delete(whitelistId);
      lastRead.forget(whitelistId);
      for (const key of builds.keys()) if (key.startsWith(`${whitelistId}\u0000`)) builds.delete(key);
    },
    /** The whitelists held now and about how many bytes they take (metrics, tests). */
    usage(): { whitelists: number; bytes: number } {
      return { whitelists: cache.size, bytes: total };
    },
  };
}

/** A read of a whitelist's entries formats are built from, and the changes committed since it began. */
type Read = { source: Promise<SourceRead>; changes: ChangeNotice[]; users: number };

/** Reads a whitelist's entries in one snapshot of the store, pausing on `slices` between pages. */
export type LoadEntries = (whitelistId: string, slices: Slices) => Promise<EntrySnapshot>;

/**
 * A read of a whitelist's entries that formats are built from, wherever it is held: on this thread, or on the build
 * worker's (src/formats/worker-reads.ts). It includes every event up to the one it says it does, and no later one.
 */
export type SourceRead = {
  /** `format` built from this read, as `WhitelistFormats.set` takes it. */
  build(format: FormatName): Promise<BuiltFormat>;
  /** Lets go of the read: no build asks for it after. */
  release(): void;
};

/** Begins a read of a whitelist's entries for its formats; work on this thread takes its turns on `slices`. */
export type ReadForFormats = (whitelistId: string, slices: Slices) => Promise<SourceRead>;

/** Reads through `load` and builds on this thread, in slices (no build worker: tests, small whitelists). */
export function readHere(load: LoadEntries): ReadForFormats {
  return async (whitelistId, slices) => {
    // Begun in a slice of its own, as the builds are (runSliced): the request that asks for it has run since the
    // last turn (its key checked, its rate counted), and a /health waiting meanwhile goes first.
    const reading = traced(slices, "read");
    await reading.pause();
    return builtHere(await load(whitelistId, reading), slices);
  };
}

/** Builds formats from a read held on this thread, in slices. */
export async function builtHere({ entries, through }: EntrySnapshot, slices: Slices): Promise<SourceRead> {
  const source = { entries, through, sum: await runSliced(summing(entries), traced(slices, "sum")) };
  return {
    build: (format) => runSliced(building(format, source), traced(slices, format)),
    release() {},
  };
}

/** The format cache's type. */
export type FormatCache = ReturnType<typeof createFormatCache>;
