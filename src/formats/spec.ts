import type { SnapshotEntry } from "../entries/model.ts";
import type { Key } from "./keys.ts";

// What a format is. Each format is one module of this folder filling `FormatSpec`, and one line of the table in
// index.ts (docs/architecture.md, Adding a format); its bytes are described in docs/decisions.md, Formats.

/** What any format shows of a stored entry: the public view's fields, and the id that orders the API's list. */
export type FormatEntry = SnapshotEntry;

/**
 * What a game server's file shows of an entry: the player (the `sync` agent renders from the API's entries,
 * which carry `gamertag` on Bedrock entries only).
 */
export type Player = Pick<FormatEntry, "nick" | "uuid" | "premium"> & { gamertag?: string | null };

/**
 * How a format lays a whitelist's entries out as pieces, so a change touches one piece (sequence.ts): their
 * order (a key and its comparison), each entry's text, what goes between pieces, and the text around them (or
 * instead of them, when there is none). Joined, they are byte for byte what the format's `render` gives from
 * scratch (test/formats/whitelist-formats.test.ts).
 */
export type Pieces<K> = {
  key(entry: FormatEntry): K;
  compare(a: K, b: K): number;
  piece(entry: FormatEntry): string;
  /**
   * The same text as `piece`, written in parts straight into a chunk's bytes (a first build: no text per entry
   * made and dropped); absent: a build writes `piece`'s text.
   */
  write?: (entry: FormatEntry, out: TextSink) => void;
  separator: string;
  prefix: string;
  suffix: string;
  empty: string;
  /**
   * A pre-order for sorting many pieces at once, when `compare` is costly per call (folding letter case): pieces
   * are sorted by it first, `compare` breaking ties. It must agree with `compare`.
   */
  sortKey?: (entry: FormatEntry) => string;
  /**
   * Entries equal under this share one piece, and its key, and entries of equal keys share a line (EasyWhitelist
   * lists each lower-cased nick once): a build finds them next to each other once sorted.
   */
  shared?: (entry: FormatEntry) => string;
  /** The entries the format lists; absent: every one (a Bedrock server's allowlist lists Bedrock players only). */
  include?: (entry: FormatEntry) => boolean;
};

/** Where a piece's text is written in parts (PieceSequence.write). */
export type TextSink = { write(text: string): void };

/** A format's pieces with its key type forgotten, as the table holds them: keys only go back to their own format. */
export const erasedKeys = <K extends Key>(pieces: Pieces<K>): Pieces<Key> => pieces as unknown as Pieces<Key>;

/** One name of a list to import, and the line of the file it is written on. */
export type ListedName = { line: number; name: string };

/**
 * A file that is not what its reader expects, or that `update` cannot change without losing what else it holds;
 * the message says why (`config.yml is not valid YAML (…).`), for the importer or the agent to word the rest.
 */
export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";
}

/** How the importer (`/whitelist import`, src/registration/import-file.ts) reads a file of this format. */
export type Reader = {
  /** The file as a reply names it: "a Minecraft whitelist.json". */
  label: string;
  /** What the file holds, where the label does not say it (the refusals' "Attach …" list shows it). */
  hint?: string;
  /**
   * Where this format comes in the "Attach …" list, and in which order the formats are tried (lowest first; the
   * one without `recognises` last).
   */
  order: number;
  /**
   * Whether a file is of this format, from its name and text. Absent: any text is (a plain list); then a file
   * none of whose names is a nick of the whitelist is refused as not a list at all.
   */
  recognises?: (fileName: string, text: string) => boolean;
  /** The names the file lists, in file order; throws UnreadableFileError saying why it is not of this format. */
  read(fileName: string, text: string): ListedName[];
};

/** What makes a format a file a game server reads (the formats of `?format=`; the API's own list has none). */
export type FileSpec = {
  /** The name the server or plugin reads it under: `Content-Disposition`, `/whitelist export`'s attachment. */
  name: string;
  /**
   * What the `sync` agent runs through RCON after each change unless `--reload-command` says otherwise: the
   * command that makes the server (or the plugin) read the file again; null: none is known.
   */
  reloadCommand: string | null;
  /**
   * Which players the file lists, when not every one: `player` says whether it lists one, `others` names those
   * it leaves out and why (the agent warns about them). Absent: every player.
   */
  lists?: { player: (player: Player) => boolean; others: string };
  /** The name the file lists a player under, where it is not the nick (a Bedrock server's: the gamertag). */
  nameOf?: (player: Player) => string;
  /** How many players a file of this format lists (the agent's status line; 0 when it cannot tell). */
  count(bytes: Uint8Array): number;
  /**
   * The players a file of this format lists, read back as the server reads them (the agent tells entries it did
   * not write by them, and keeps them with `--keep-foreign`); null when the bytes are not such a file.
   */
  players(bytes: Uint8Array): Player[] | null;
  /**
   * The bytes an existing file must hold next to list what `rendered` lists, when the file holds more than the
   * list (a plugin's settings), or null when it already does; throws UnreadableFileError rather than lose what
   * it cannot read. Absent: the file is `rendered`, byte for byte.
   */
  update?: (current: Uint8Array | null, rendered: Uint8Array) => Uint8Array | null;
  /** How an import reads it; absent: the format is not imported. */
  reader?: Reader;
};

/**
 * Everything about one format. The bytes are part of the contract (docs/decisions.md, Formats): `render` writes
 * them from scratch, the reference; `pieces` keeps them entry by entry, and must agree with it.
 */
export type FormatSpec = {
  /** The media type the API answers it with. */
  contentType: string;
  /** The bytes of these entries (oldest first, as the store lists them), from scratch. */
  render(entries: readonly FormatEntry[]): string;
  pieces: Pieces<Key>;
  /** Null for the API's own list (no `format`); a game server's file otherwise. */
  file: FileSpec | null;
};
