/**
 * An ordered sequence of text pieces kept in chunks, each chunk's joined bytes cached: inserting or removing a
 * piece costs a binary search and a splice within one chunk, and re-encodes only that chunk on the next read.
 * A body is the chunks' bytes with a separator between pieces (docs/architecture.md, Entry bodies).
 */

/** One piece and the key that orders it. */
export type Piece<K> = { key: K; text: string };

type Chunk<K> = { pieces: Piece<K>[]; bytes: Uint8Array | null; chars: number };

/** Pieces per chunk before it is split in two: one change re-encodes at most this many. */
const CHUNK_SIZE = 512;
const encoder = new TextEncoder();

export class PieceSequence<K> {
  private chunks: Chunk<K>[] = [];
  private separatorBytes: Uint8Array;
  /** Characters held, for the cache's memory budget. */
  chars = 0;
  length = 0;

  constructor(
    private readonly compare: (a: K, b: K) => number,
    private readonly separator: string,
  ) {
    this.separatorBytes = encoder.encode(separator);
  }

  /** Fills an empty sequence from pieces already in order. */
  fill(sorted: readonly Piece<K>[]): void {
    for (let at = 0; at < sorted.length; at += CHUNK_SIZE) {
      const pieces = sorted.slice(at, at + CHUNK_SIZE);
      this.chunks.push({ pieces, bytes: null, chars: charsOf(pieces) });
    }
    this.length += sorted.length;
    this.chars += charsOf(sorted);
  }

  /** Adds a piece at its place (after any piece of an equal key). */
  insert(piece: Piece<K>): void {
    if (this.chunks.length === 0) this.chunks.push({ pieces: [], bytes: null, chars: 0 });
    const chunk = this.chunks[this.chunkFor(piece.key)] as Chunk<K>;
    const at = upperBound(chunk.pieces, piece.key, this.compare);
    chunk.pieces.splice(at, 0, piece);
    chunk.bytes = null;
    chunk.chars += piece.text.length;
    this.chars += piece.text.length;
    this.length++;
    if (chunk.pieces.length > 2 * CHUNK_SIZE) {
      const index = this.chunks.indexOf(chunk);
      const half = chunk.pieces.splice(CHUNK_SIZE);
      chunk.chars = charsOf(chunk.pieces);
      this.chunks.splice(index + 1, 0, { pieces: half, bytes: null, chars: charsOf(half) });
    }
  }

  /** Removes the piece with this key (the first, when several are equal); false when there is none. */
  remove(key: K): boolean {
    const index = this.chunkFor(key);
    const chunk = this.chunks[index];
    if (!chunk) return false;
    const at = lowerBound(chunk.pieces, key, this.compare);
    const found = chunk.pieces[at];
    if (!found || this.compare(found.key, key) !== 0) return false;
    chunk.pieces.splice(at, 1);
    chunk.bytes = null;
    chunk.chars -= found.text.length;
    this.chars -= found.text.length;
    this.length--;
    if (chunk.pieces.length === 0) this.chunks.splice(index, 1);
    return true;
  }

  /** The body's parts, pieces separated: each chunk's bytes (encoded now if it changed), separators between. */
  parts(): Uint8Array[] {
    const parts: Uint8Array[] = [];
    for (const chunk of this.chunks) {
      if (parts.length > 0 && this.separatorBytes.length > 0) parts.push(this.separatorBytes);
      chunk.bytes ??= encoder.encode(chunk.pieces.map((piece) => piece.text).join(this.separator));
      parts.push(chunk.bytes);
    }
    return parts;
  }

  /** The chunk a key belongs in: the first whose last piece is not below it (the last chunk otherwise). */
  private chunkFor(key: K): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      const pieces = (this.chunks[middle] as Chunk<K>).pieces;
      if (this.compare((pieces[pieces.length - 1] as Piece<K>).key, key) < 0) low = middle + 1;
      else high = middle;
    }
    return Math.max(0, low);
  }
}

const charsOf = <K>(pieces: readonly Piece<K>[]) => pieces.reduce((sum, piece) => sum + piece.text.length, 0);

/** The first index whose key is not below `key`. */
function lowerBound<K>(pieces: readonly Piece<K>[], key: K, compare: (a: K, b: K) => number): number {
  let low = 0;
  let high = pieces.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare((pieces[middle] as Piece<K>).key, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index whose key is above `key`. */
function upperBound<K>(pieces: readonly Piece<K>[], key: K, compare: (a: K, b: K) => number): number {
  let low = 0;
  let high = pieces.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare((pieces[middle] as Piece<K>).key, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
