// The last finished read of a whitelist's entries, kept a moment for the next format's first build (the format
// cache, src/formats/cache.ts). Formats asked for one after another (a client reading all four, the dashboard's
// exports) each read the store and summed the ETag again: at 100,000 entries 35-50 MB of allocation per read,
// pages the allocator keeps (docs/performance.md, Formats read one after another).

/** How long a finished read is kept for another format's first build (ms). */
export const KEEP_READ_MS = 500;

/** Lets go of a kept read later: by default after KEEP_READ_MS, on a timer that does not hold the process open. */
export type ReleaseLater = (release: () => void) => void;

const afterKeepMs: ReleaseLater = (release) => {
  setTimeout(release, KEEP_READ_MS).unref();
};

/**
 * Holds at most one read (the last to finish, of one whitelist) until it is taken, forgotten (a change to that
 * whitelist came, or it was invalidated) or released by `later`: a read is valid only while nothing changed since.
 * A read let go of without being taken is handed to `dispose` (the build worker's copy of it let go of too).
 */
export function createKeptRead<R>(later: ReleaseLater = afterKeepMs, dispose: (read: R) => void = () => {}) {
  let kept: { whitelistId: string; read: R } | null = null;
  const letGo = () => {
    if (kept) dispose(kept.read);
    kept = null;
  };
  return {
    /** Keeps `read` of a whitelist in place of any other, until `later` lets go of it. */
    keep(whitelistId: string, read: R): void {
      letGo();
      const held = { whitelistId, read };
      kept = held;
      later(() => {
        if (kept === held) letGo();
      });
    },
    /** The kept read of this whitelist, no longer kept; undefined if none. */
    take(whitelistId: string): R | undefined {
      if (kept?.whitelistId !== whitelistId) return undefined;
      const { read } = kept;
      kept = null;
      return read;
    },
    /** Lets go of the kept read of this whitelist, if any (it changed, or was forgotten). */
    forget(whitelistId: string): void {
      if (kept?.whitelistId === whitelistId) letGo();
    },
  };
}
