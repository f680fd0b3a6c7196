import type { EventBus } from "./bus.ts";
import { type ExportFormat, renderExport } from "./export.ts";
import { type EntryRecord, toEntryView } from "./model.ts";

/** `json` (the API's list of entries) or one of the export formats. */
export type FileFormat = "json" | ExportFormat;

/** A whitelist's entries in one format: the bytes, and the file name a download gets (none for `json`). */
export type EntryFile = { body: Uint8Array; fileName: string | null };

/** Serialises entries in a format: the JSON list, oldest first, or an export file. */
export function renderFile(format: FileFormat, entries: readonly EntryRecord[]): EntryFile {
  const views = entries.map(toEntryView);
  if (format === "json") return { body: new TextEncoder().encode(JSON.stringify(views)), fileName: null };
  return renderExport(format, views);
}

/**
 * Keeps each whitelist's entries serialised per format, so a read costs a map lookup instead of a query and
 * a serialisation. Every committed change of a whitelist drops its files at once (the event bus runs listeners
 * synchronously after commit), so no reader ever gets bytes older than its own last write. A file is a new
 * Uint8Array whenever its entries changed: readers may key what they derive from it (an ETag) on the object.
 */
export function createEntryFiles({
  load,
  bus,
}: {
  load: (whitelistId: string) => EntryRecord[];
  bus: EventBus;
}) {
  const cache = new Map<string, Map<FileFormat, EntryFile>>();
  bus.subscribe(({ event }) => cache.delete(event.whitelistId));
  return {
    /** The whitelist's entries in `format`, serialising them on first use after a change. */
    get(whitelistId: string, format: FileFormat): EntryFile {
      let formats = cache.get(whitelistId);
      if (!formats) {
        formats = new Map();
        cache.set(whitelistId, formats);
      }
      let file = formats.get(format);
      if (!file) {
        file = renderFile(format, load(whitelistId));
        formats.set(format, file);
      }
      return file;
    },
    /** Forgets a whitelist (deleted, or changed outside the bus). */
    invalidate(whitelistId: string): void {
      cache.delete(whitelistId);
    },
  };
}

/** The entry files cache type. */
export type EntryFiles = ReturnType<typeof createEntryFiles>;
