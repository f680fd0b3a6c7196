// A format built on the build worker's thread (src/formats/build-worker.ts), handed to the service's: its chunks'
// arrays are transferred (their memory changes hands, nothing is copied), its keys' text too, as UTF-8 (keys.ts).
import { type FormatName, formats } from "./index.ts";
import { type ChunkParts, PieceSequence } from "./sequence.ts";
import type { BuiltFormat } from "./whitelist-formats.ts";

/** A built format as plain values a `postMessage` carries. */
export type BuiltParts = {
  chunks: ChunkParts[];
  shared: Map<string, number> | null;
  through: number;
  sum: bigint;
  count: number;
};

/** A built format as `postMessage` takes it: its values, and the buffers to transfer rather than copy. */
export function packBuilt(built: BuiltFormat): { parts: BuiltParts; transfer: ArrayBuffer[] } {
  const { sequence, shared, through, sum, count } = built;
  const chunks = sequence.chunkParts();
  const transfer = new Set<ArrayBuffer>();
  const own = (array: ArrayBufferView) => {
    // Only an array that is its whole buffer: a view of a larger one would take the rest with it.
    if (array.byteOffset === 0 && array.byteLength === array.buffer.byteLength)
      transfer.add(array.buffer as ArrayBuffer);
  };
  for (const { keys, starts, bytes } of chunks) {
    own(starts);
    own(bytes);
    if ("values" in keys) own(keys.values);
    else own(keys.ends);
    if ("utf8" in keys) own(keys.utf8);
  }
  return { parts: { chunks, shared, through, sum, count }, transfer: [...transfer] };
}

/** The built format `packBuilt` packed, on this thread. */
export function unpackBuilt(format: FormatName, parts: BuiltParts): BuiltFormat {
  const { pieces } = formats[format];
  const sequence = new PieceSequence(pieces.compare, pieces.separator);
  sequence.adopt(parts.chunks);
  return {
    sequence,
    shared: parts.shared,
    formatted: null,
    through: parts.through,
    sum: parts.sum,
    count: parts.count,
  };
}
