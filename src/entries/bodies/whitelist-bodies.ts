import type { EntryFile, FileFormat } from "../files.ts";
import { type BodyEntry, type Layout, layouts } from "./layouts.ts";
import { PieceSequence } from "./sequence.ts";

const FORMATS = Object.keys(layouts) as FileFormat[];
const encoder = new TextEncoder();
const MASK = (1n << 64n) - 1n;

/** The file name a download of each export format gets (none for the API's JSON). */
const FILE_NAMES: Record<FileFormat, string | null> = {
  json: null,
  plain: "whitelist.txt",
  vanilla: "whitelist.json",
  easywhitelist: "config.yml",
};

/**
 * One whitelist's entries as every format's pieces, changed entry by entry as the bus reports changes: a body is
 * rebuilt from cached chunks on the next read, so a change costs O(log n) plus one chunk per format, never a
 * whole re-serialisation. The ETag is a hash of the set of entries, updated by each change (add and subtract):
 * it changes with the content, costs nothing to keep, and is the same after a restart.
 */
export class WhitelistBodies {
  private readonly sequences = new Map<FileFormat, PieceSequence<unknown>>();
  /** How many entries share each EasyWhitelist line (nicks equal in lower case). */
  private readonly shared = new Map<string, number>();
  private readonly files = new Map<FileFormat, EntryFile>();
  private sum = 0n;
  private count = 0;

  constructor(entries: readonly BodyEntry[]) {
    for (const format of FORMATS) {
      const layout = layouts[format];
      this.sequences.set(format, new PieceSequence(layout.compare, layout.separator));
    }
    for (const format of FORMATS) {
      const layout = layouts[format];
      let pieces = entries.map((entry) => ({ key: layout.key(entry), text: layout.piece(entry), entry }));
      if (layout.shared) {
        const seen = new Set<string>();
        pieces = pieces.filter(({ entry }) => {
          const line = (layout.shared as (e: BodyEntry) => string)(entry);
          this.shared.set(line, (this.shared.get(line) ?? 0) + 1);
          if (seen.has(line)) return false;
          seen.add(line);
          return true;
        });
      }
      pieces.sort((a, b) => layout.compare(a.key, b.key));
      this.sequence(format).fill(pieces.map(({ key, text }) => ({ key, text })));
    }
    for (const entry of entries) this.sum = (this.sum + entryHash(entry)) & MASK;
    this.count = entries.length;
  }

  /** Applies an addition. */
  add(entry: BodyEntry): void {
    for (const format of FORMATS) {
      const layout = layouts[format];
      if (layout.shared && this.share(layout, entry, 1) > 1) continue;
      this.sequence(format).insert({ key: layout.key(entry), text: layout.piece(entry) });
    }
    this.count++;
    this.sum = (this.sum + entryHash(entry)) & MASK;
    this.files.clear();
  }

  /** Applies a removal (of the entry as it was stored). */
  remove(entry: BodyEntry): void {
    for (const format of FORMATS) {
      const layout = layouts[format];
      if (layout.shared && this.share(layout, entry, -1) > 0) continue;
      this.sequence(format).remove(layout.key(entry));
    }
    this.count--;
    this.sum = (this.sum - entryHash(entry)) & MASK;
    this.files.clear();
  }

  /** The whitelist's entries in `format`: a new object after every change (representations key on it). */
  file(format: FileFormat): EntryFile {
    let file = this.files.get(format);
    if (!file) {
      const layout = layouts[format];
      const sequence = this.sequence(format);
      const parts =
        sequence.length === 0
          ? [encoder.encode(layout.empty)]
          : [encoder.encode(layout.prefix), ...sequence.parts(), encoder.encode(layout.suffix)];
      file = entryFile(
        parts,
        FILE_NAMES[format],
        `"${format}-${this.count.toString(36)}-${this.sum.toString(36)}"`,
      );
      this.files.set(format, file);
    }
    return file;
  }

  /** About how many bytes this holds (pieces as UTF-16 text, their encoded chunks, per-piece overhead). */
  bytes(): number {
    let total = 0;
    for (const sequence of this.sequences.values()) total += sequence.chars * 3 + sequence.length * 64;
    return total;
  }

  private sequence(format: FileFormat): PieceSequence<unknown> {
    return this.sequences.get(format) as PieceSequence<unknown>;
  }

  /** Counts an entry in or out of its shared line; returns how many entries hold the line now. */
  private share(layout: Layout<unknown>, entry: BodyEntry, delta: 1 | -1): number {
    const line = (layout.shared as (e: BodyEntry) => string)(entry);
    const held = (this.shared.get(line) ?? 0) + delta;
    if (held <= 0) this.shared.delete(line);
    else this.shared.set(line, held);
    return held;
  }
}

/** A file of parts; `body` joins them only when asked (a Discord attachment, a test). */
function entryFile(parts: Uint8Array[], fileName: string | null, etag: string): EntryFile {
  let body: Uint8Array | undefined;
  const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return {
    parts,
    size,
    fileName,
    etag,
    get body() {
      if (!body) {
        body = new Uint8Array(size);
        let at = 0;
        for (const part of parts) {
          body.set(part, at);
          at += part.byteLength;
        }
      }
      return body;
    },
  };
}

/** A 64-bit hash of what an entry shows in any file; the set's ETag is their sum. */
function entryHash(entry: BodyEntry): bigint {
  const text = `${entry.id}\u0000${entry.nick}\u0000${entry.uuid ?? ""}\u0000${entry.premium}\u0000${entry.expiresAt ?? ""}`;
  return BigInt.asUintN(64, BigInt(Bun.hash(text)));
}
