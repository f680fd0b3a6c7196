import type { EventBus } from "./bus.ts";
import { type ExportFormat, renderExport } from "./export.ts";
import type { EntryRecord, EntryView } from "./model.ts";

/** A whitelist's entries serialised once: the bytes every reader gets until the entries change. */
export type Representation = {
  body: Uint8Array;
  /** The same bytes as an immutable Blob: a Response can send it without copying them per request. */
  blob: Blob;
  contentType: string;
  etag: string;
  fileName: string | null;
};

/** `json` (the API's default) or one of the export formats. */
export type RepresentationFormat = "json" | ExportFormat;

/** The public view of a stored entry. */
export const toEntryView = ({ nick, uuid, premium }: EntryRecord): EntryView => ({ nick, uuid, premium });

/** Serialises entries in a format, with a strong ETag derived from the bytes themselves. */
export function represent(format: RepresentationFormat, entries: readonly EntryRecord[]): Representation {
  const views = entries.map(toEntryView);
  const file =
    format === "json"
      ? {
          body: new TextEncoder().encode(JSON.stringify(views)),
          contentType: "application/json; charset=utf-8",
          fileName: null,
        }
      : renderExport(format, views);
  const digest = new Bun.CryptoHasher("sha256").update(file.body).digest("base64url").slice(0, 27);
  return { ...file, blob: new Blob([file.body], { type: file.contentType }), etag: `"${format}-${digest}"` };
}

/**
 * Keeps each whitelist's serialised entries per format, so a read costs a map lookup instead of a query
 * and a serialisation. Every committed change of a whitelist drops its entries at once (the event bus runs
 * listeners synchronously after commit), so no reader ever gets bytes older than its own last write.
 */
export function createRepresentationCache({
  load,
  bus,
}: {
  load: (whitelistId: string) => EntryRecord[];
  bus: EventBus;
}) {
  const cache = new Map<string, Map<RepresentationFormat, Representation>>();
  bus.subscribe(({ event }) => cache.delete(event.whitelistId));
  return {
    /** The whitelist's entries in `format`, serialising them on first use after a change. */
    get(whitelistId: string, format: RepresentationFormat): Representation {
      let formats = cache.get(whitelistId);
      if (!formats) {
        formats = new Map();
        cache.set(whitelistId, formats);
      }
      let representation = formats.get(format);
      if (!representation) {
        representation = represent(format, load(whitelistId));
        formats.set(format, representation);
      }
      return representation;
    },
    /** Forgets a whitelist (deleted, or changed outside the bus). */
    invalidate(whitelistId: string): void {
      cache.delete(whitelistId);
    },
  };
}

/** The representation cache type. */
export type RepresentationCache = ReturnType<typeof createRepresentationCache>;
