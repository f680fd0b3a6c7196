import type { EntryFile, EntryFiles, FileFormat } from "../../entries/files.ts";

/**
 * A whitelist's entries as HTTP serves them: the body (an immutable Blob, or for a large one its chunks, written
 * out as they are), its media type and a strong ETag.
 */
export type Representation = {
  body: Blob | { parts: readonly Uint8Array[]; size: number };
  contentType: string;
  etag: string;
  fileName: string | null;
};

/** The media type of each format. */
export const contentTypes: Record<FileFormat, string> = {
  json: "application/json; charset=utf-8",
  plain: "text/plain; charset=utf-8",
  vanilla: "application/json; charset=utf-8",
  easywhitelist: "application/yaml; charset=utf-8",
};

/**
 * Bodies up to this size are joined into one Blob, which Bun sends fastest. A larger one is written from its
 * chunks (a few hundred KB each): a Blob would copy it whole after every change, and the copies, outside the JS
 * heap, would pile up until a collection (bench/scale.ts: 100,000 entries).
 */
const JOIN_UP_TO_BYTES = 256 * 1024;

/** The HTTP representation of a file, and its ETag. */
function represent(format: FileFormat, file: EntryFile): Representation {
  const contentType = contentTypes[format];
  return {
    body:
      file.size <= JOIN_UP_TO_BYTES
        ? new Blob(file.parts as Uint8Array<ArrayBuffer>[], { type: contentType })
        : { parts: file.parts, size: file.size },
    contentType,
    etag: file.etag,
    fileName: file.fileName,
  };
}

/**
 * The representations of the entry files, built once per file: a file is a new object whenever its entries
 * change, so a representation kept against it is never stale, and goes with it.
 */
export function createRepresentations(files: EntryFiles) {
  const built = new WeakMap<EntryFile, Representation>();
  const of = (format: FileFormat, file: EntryFile) => {
    let representation = built.get(file);
    if (!representation) {
      representation = represent(format, file);
      built.set(file, representation);
    }
    return representation;
  };
  return {
    /** The whitelist's entries in `format`, ready to send. */
    async get(whitelistId: string, format: FileFormat): Promise<Representation> {
      return of(format, await files.get(whitelistId, format));
    },
    /** The same if its entries are in memory, without waiting; else undefined. */
    cached(whitelistId: string, format: FileFormat): Representation | undefined {
      const file = files.cached(whitelistId, format);
      return file && of(format, file);
    },
  };
}

/** The representations type. */
export type Representations = ReturnType<typeof createRepresentations>;
