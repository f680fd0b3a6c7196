/**
 * An ordered sequence of text pieces kept as encoded chunks: each chunk holds its pieces' keys, where each piece
 * starts, and the bytes of the pieces joined by the separator. Inserting or removing a piece costs a binary
 * search and a few views of the chunk's arrays (a copy of the chunk once in several changes: MAX_SPANS); a format's
 * bytes are the chunks' bytes with the separator between chunks. No text is kept per piece, only its bytes and its
 * key in a chunk's compact keys (keys.ts), so memory is about the size of those bytes themselves
 * (docs/architecture.md, Formats kept per whitelist).
 */

import { type Key, type Keys, type KeysParts, keysFromParts, keysOf } from "./keys.ts";

/** One piece and the key that orders it. */
export type Piece<K> = { key: K; text: string };

/**
 * A chunk: its pieces' keys (compact: keys.ts), where each piece starts in its bytes, and their bytes: `size` of them,
 * as `spans` joined in order. A change makes new spans as views of the old ones and of its own piece's bytes rather
 * than a copy of the whole chunk (`spliced`); arrays are never written once in a chunk, so a view stays valid and a
 * body being sent keeps the bytes it began with.
 */
type Chunk<K extends Key> = { keys: Keys<K>; starts: Uint32Array; spans: Uint8Array[]; size: number };

/** A chunk as plain values a `postMessage` carries (its arrays' buffers transferred, not copied). */
export type ChunkParts = { keys: KeysParts; starts: Uint32Array; bytes: Uint8Array };

/** The chunk `append` is making: its keys so far, where each piece starts, and their bytes in `scratch`. */
type OpenChunk<K extends Key> = { keys: K[]; starts: Uint32Array; size: number; scratch: Buffer | null };

/**
 * Pieces per chunk: a change copied one chunk, on the event loop, before the change's answer. At 8,192 a change
 * to 100,000 entries copied some 1.2 MB of JSON and 650 KB of vanilla, fresh memory each time: 14-33 ms a change
 * on the 2-core host (docs/performance.md). At 1,024 a chunk of JSON is about 150 KB, reused from the allocator's
 * pages, and a change costs under a millisecond; sending a hundred parts instead of thirteen costs no more.
 */
export const CHUNK_SIZE = 1024;
/**
 * Spans a chunk may be made of before a change joins them into one new array. A removal adds one, an insertion two;
 * each is a part of the format's bytes as sent. A change that copied its chunk made 150 KB of fresh memory (JSON) on
 * the event loop before its answer: 80 % of applying it to the four formats, and pages that fault in and garbage
 * for the collector (docs/performance.md, What a change costs); joining once in a few changes copies that much less.
 */
const MAX_SPANS = 8;
const encoder = new TextEncoder();

export class PieceSequence<K extends Key> {
  private chunks: Chunk<K>[] = [];
  private open: OpenChunk<K> | null = null;
  private readonly separatorBytes: Uint8Array;
  /** Bytes held (the chunks' bytes), for the cache's memory budget. */
  bytes = 0;
  length = 0;

  constructor(
    private readonly compare: (a: K, b: K) => number,
    separator: string,
    private readonly chunkSize = CHUNK_SIZE,
  ) {
    this.separatorBytes = encoder.encode(separator);
  }

  /**
   * Appends a piece after every piece held (a build, pieces in order; then `close`): its text is written at once
   * into a buffer the chunk being made reuses, no piece object or text kept until the chunk is whole; a chunk is
   * closed every `chunkSize` pieces, so the chunks are those the pieces inserted one by one would split into.
   */
  append(key: K, text: string): void {
    this.startPiece();
    this.write(text);
    this.endPiece(key);
  }

  /**
   * Starts a piece after every piece held, its text to come in parts (`write`, then `endPiece`): as `append`,
   * without the piece's text as one string (a format's `write`, spec.ts).
   */
  startPiece(): void {
    this.open ??= { keys: [], starts: new Uint32Array(this.chunkSize), size: 0, scratch: null };
    const open = this.open;
    const separator = this.separatorBytes;
    if (open.keys.length > 0 && separator.length > 0) {
      this.room(open, separator.length).set(separator, open.size);
      open.size += separator.length;
    }
    open.starts[open.keys.length] = open.size;
  }

  /** Writes part of the piece `startPiece` started, as UTF-8, where it goes in the chunk being made. */
  write(text: string): void {
    const open = this.open as OpenChunk<K>;
    const scratch = this.room(open, text.length * 3);
    // Short ASCII text (the most of a piece: names, fields' names) byte by byte: no call into the runtime.
    const at = open.size;
    const length = text.length;
    if (length <= 32) {
      let i = 0;
      for (; i < length; i++) {
        const code = text.charCodeAt(i);
        if (code >= 0x80) break;
        scratch[at + i] = code;
      }
      if (i === length) {
        open.size += length;
        return;
      }
    }
    open.size += scratch.write(text, at, "utf8");
  }

  /** Ends the piece `startPiece` started: it is ordered by `key`. */
  endPiece(key: K): void {
    const open = this.open as OpenChunk<K>;
    open.keys.push(key);
    if (open.keys.length === this.chunkSize) this.closeChunk(open);
  }

  /** The chunk's buffer with room for `more` bytes after what it holds (grown, copied, when it has not). */
  private room(open: OpenChunk<K>, more: number): Buffer {
    const needed = open.size + more;
    const scratch = open.scratch;
    if (scratch && needed <= scratch.length) return scratch;
    const grown = Buffer.allocUnsafe(Math.max(needed * 2, (scratch?.length ?? 0) * 2, 4096));
    scratch?.copy(grown, 0, 0, open.size);
    open.scratch = grown;
    return grown;
  }

  /** Closes the chunk `append` was making, if any, and lets go of its buffer. */
  close(): void {
    if (this.open && this.open.keys.length > 0) this.closeChunk(this.open);
    this.open = null;
  }

  private closeChunk(open: OpenChunk<K>): void {
    const count = open.keys.length;
    const bytes = new Uint8Array(open.size);
    bytes.set((open.scratch as Buffer).subarray(0, open.size));
    this.chunks.push({
      keys: keysOf(open.keys),
      starts: open.starts.slice(0, count),
      spans: [bytes],
      size: open.size,
    });
    this.bytes += open.size;
    this.length += count;
    open.keys.length = 0;
    open.size = 0;
  }

  /**
   * The chunks as plain values, for a sequence built on another thread to be handed over (`adopt`); this one is
   * not used after.
   */
  chunkParts(): ChunkParts[] {
    return this.chunks.map(({ keys, starts, spans, size }) => ({
      keys: keys.parts(),
      starts,
      bytes: spans.length === 1 ? (spans[0] as Uint8Array) : joined(spans, size),
    }));
  }

  /** Takes the chunks another thread built (`chunkParts`), in place of any held: as they were there. */
  adopt(chunks: readonly ChunkParts[]): void {
    this.chunks = chunks.map(({ keys, starts, bytes }) => ({
      keys: keysFromParts<K>(keys),
      starts,
      spans: [bytes],
      size: bytes.length,
    }));
    this.bytes = 0;
    this.length = 0;
    for (const chunk of this.chunks) {
      this.bytes += chunk.size;
      this.length += chunk.keys.length;
    }
  }

  /** Adds a piece at its place (after any piece of an equal key). */
  insert(piece: Piece<K>): void {
    if (this.chunks.length === 0) {
      this.append(piece.key, piece.text);
      this.close();
      return;
    }
    const index = this.chunkFor(piece.key);
    const chunk = this.chunks[index] as Chunk<K>;
    const at = bound(chunk.keys, piece.key, this.compare, true);
    const text = encoder.encode(piece.text);
    const separator = this.separatorBytes;
    // The new bytes go before the piece now at `at` (with a separator after them), or at the end (one before).
    const position = at < chunk.keys.length ? (chunk.starts[at] as number) : chunk.size;
    const inserted = joined(
      at < chunk.keys.length ? [text, separator] : [separator, text],
      text.length + separator.length,
    );
    chunk.spans = spliced(chunk.spans, chunk.size, position, 0, inserted);
    chunk.size += inserted.length;
    const start = at < chunk.keys.length ? position : position + separator.length;
    const starts = new Uint32Array(chunk.starts.length + 1);
    starts.set(chunk.starts.subarray(0, at));
    starts[at] = start;
    for (let i = at; i < chunk.starts.length; i++)
      starts[i + 1] = (chunk.starts[i] as number) + inserted.length;
    chunk.keys = chunk.keys.inserted(at, piece.key);
    chunk.starts = starts;
    this.bytes += inserted.length;
    this.length++;
    if (chunk.keys.length > 2 * this.chunkSize) this.split(index);
  }

  /** Whether a piece with this key is held. */
  has(key: K): boolean {
    const chunk = this.chunks[this.chunkFor(key)];
    if (!chunk) return false;
    const at = bound(chunk.keys, key, this.compare, false);
    return at < chunk.keys.length && this.compare(chunk.keys.at(at), key) === 0;
  }

  /** Removes the piece with this key (the first, when several are equal); false when there is none. */
  remove(key: K): boolean {
    const index = this.chunkFor(key);
    const chunk = this.chunks[index];
    if (!chunk) return false;
    const at = bound(chunk.keys, key, this.compare, false);
    if (at >= chunk.keys.length || this.compare(chunk.keys.at(at), key) !== 0) return false;
    if (chunk.keys.length === 1) {
      this.chunks.splice(index, 1);
      this.bytes -= chunk.size;
      this.length--;
      return true;
    }
    const start = chunk.starts[at] as number;
    const end = at + 1 < chunk.keys.length ? (chunk.starts[at + 1] as number) : chunk.size;
    // The piece and one separator: the one after it, or, for the last piece, the one before it.
    const [from, to] = at + 1 < chunk.keys.length ? [start, end] : [start - this.separatorBytes.length, end];
    chunk.spans = spliced(chunk.spans, chunk.size, from, to - from, null);
    chunk.size -= to - from;
    const starts = new Uint32Array(chunk.starts.length - 1);
    starts.set(chunk.starts.subarray(0, at));
    for (let i = at; i < starts.length; i++) starts[i] = (chunk.starts[i + 1] as number) - (to - from);
    chunk.keys = chunk.keys.removed(at);
    chunk.starts = starts;
    this.bytes -= to - from;
    this.length--;
    return true;
  }

  /** The parts of the bytes: each chunk's bytes, the separator between chunks. */
  parts(): Uint8Array[] {
    const parts: Uint8Array[] = [];
    for (const chunk of this.chunks) {
      if (parts.length > 0 && this.separatorBytes.length > 0) parts.push(this.separatorBytes);
      for (const span of chunk.spans) parts.push(span);
    }
    return parts;
  }

  private split(index: number): void {
    const chunk = this.chunks[index] as Chunk<K>;
    const cut = chunk.starts[this.chunkSize] as number;
    const tail: Chunk<K> = {
      keys: chunk.keys.slice(this.chunkSize, chunk.keys.length),
      starts: chunk.starts.slice(this.chunkSize).map((start) => start - cut),
      spans: within(chunk.spans, cut, chunk.size),
      size: chunk.size - cut,
    };
    // The head drops the separator that ended it.
    const headSize = cut - this.separatorBytes.length;
    chunk.keys = chunk.keys.slice(0, this.chunkSize);
    chunk.starts = chunk.starts.slice(0, this.chunkSize);
    chunk.spans = within(chunk.spans, 0, headSize);
    chunk.size = headSize;
    this.bytes -= this.separatorBytes.length;
    this.chunks.splice(index + 1, 0, tail);
  }

  /** The chunk a key belongs in: the first whose last key is not below it (the last chunk otherwise). */
  private chunkFor(key: K): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      const keys = (this.chunks[middle] as Chunk<K>).keys;
      if (this.compare(keys.at(keys.length - 1), key) < 0) low = middle + 1;
      else high = middle;
    }
    return Math.max(0, low);
  }
}

/** The first index whose key is above `key` (`after`), or not below it. */
function bound<K extends Key>(
  keys: Keys<K>,
  key: K,
  compare: (a: K, b: K) => number,
  after: boolean,
): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const order = compare(keys.at(middle), key);
    if (order < 0 || (after && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The bytes of `spans` (`size` of them, joined) with `remove` bytes at `at` replaced by `insert`: views of the same
 * arrays around the change, nothing copied, unless that makes more than MAX_SPANS: then one new array.
 */
function spliced(
  spans: readonly Uint8Array[],
  size: number,
  at: number,
  remove: number,
  insert: Uint8Array | null,
): Uint8Array[] {
  const result = within(spans, 0, at);
  if (insert && insert.length > 0) result.push(insert);
  for (const span of within(spans, at + remove, size)) result.push(span);
  if (result.length <= MAX_SPANS) return result;
  return [joined(result, size - remove + (insert?.length ?? 0))];
}

/** The bytes `from` to `to` of `spans` joined, as views of them (none for an empty range). */
function within(spans: readonly Uint8Array[], from: number, to: number): Uint8Array[] {
  const result: Uint8Array[] = [];
  let offset = 0;
  for (const span of spans) {
    if (offset >= to) break;
    const next = offset + span.length;
    if (next > from) {
      const start = Math.max(from - offset, 0);
      const end = Math.min(to - offset, span.length);
      if (start < end) result.push(start === 0 && end === span.length ? span : span.subarray(start, end));
    }
    offset = next;
  }
  return result;
}

/** `spans` joined into one new array of `size` bytes. */
function joined(spans: readonly Uint8Array[], size: number): Uint8Array {
  const result = new Uint8Array(size);
  let at = 0;
  for (const span of spans) {
    result.set(span, at);
    at += span.length;
  }
  return result;
}
