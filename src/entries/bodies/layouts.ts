import { offlineUuid } from "../../nicks/uuid.ts";
import { byCodePoint, byNick, yamlScalar } from "../export.ts";
import type { FileFormat } from "../files.ts";
import { type EntryRecord, toEntryView } from "../model.ts";

/** The fields of an entry a file shows. */
export type BodyEntry = Pick<EntryRecord, "id" | "nick" | "uuid" | "premium" | "expiresAt" | "verified">;

/**
 * How one format lays a whitelist's entries out as pieces: their order (a key and its comparison), each entry's
 * text, what goes between pieces, and the text around them (or instead of them, when there is none). Joined,
 * these are byte for byte what `renderFile` (src/entries/files.ts) renders from scratch.
 */
export type Layout<K> = {
  key(entry: BodyEntry): K;
  compare(a: K, b: K): number;
  piece(entry: BodyEntry): string;
  separator: string;
  prefix: string;
  suffix: string;
  empty: string;
  /**
   * A pre-order for sorting many pieces at once, when `compare` is costly per call (folding letter case): pieces
   * are sorted by it first, `compare` breaking ties. It must agree with `compare`.
   */
  sortKey?: (entry: BodyEntry) => string;
  /** EasyWhitelist lists each lower-cased nick once: entries equal under this share one piece. */
  shared?: (entry: BodyEntry) => string;
};

/** Nicks in the files' order: case-insensitive, code points breaking ties (as `renderExport` sorts). */
export const compareNicks = (a: string, b: string) => byNick({ nick: a }, { nick: b });

export const layouts: { [F in FileFormat]: Layout<unknown> } = {
  // The API's list: oldest first (by id), compact JSON.
  json: {
    key: (entry) => entry.id,
    compare: (a, b) => (a as number) - (b as number),
    piece: (entry) => JSON.stringify(toEntryView(entry)),
    separator: ",",
    prefix: "[",
    suffix: "]",
    empty: "[]",
  },
  // whitelist.json as JSON.stringify(players, null, 2) writes it, ordered by nick.
  vanilla: {
    key: (entry) => entry.nick,
    compare: compareNicks as (a: unknown, b: unknown) => number,
    sortKey: (entry) => entry.nick.toLowerCase(),
    piece: (entry) =>
      `  {\n    "uuid": ${JSON.stringify(entry.uuid ?? offlineUuid(entry.nick))},\n    "name": ${JSON.stringify(entry.nick)}\n  }`,
    separator: ",\n",
    prefix: "[\n",
    suffix: "\n]\n",
    empty: "[]\n",
  },
  plain: {
    key: (entry) => entry.nick,
    compare: compareNicks as (a: unknown, b: unknown) => number,
    sortKey: (entry) => entry.nick.toLowerCase(),
    piece: (entry) => `${entry.nick}\n`,
    separator: "",
    prefix: "",
    suffix: "",
    empty: "",
  },
  // EasyWhitelist's config.yml: each lower-cased nick once, by code point.
  easywhitelist: {
    key: (entry) => entry.nick.toLowerCase(),
    compare: byCodePoint as (a: unknown, b: unknown) => number,
    piece: (entry) => `  - ${yamlScalar(entry.nick.toLowerCase())}\n`,
    separator: "",
    prefix: "whitelist: true\nwhitelisted:\n",
    suffix: "",
    empty: "whitelist: true\nwhitelisted: []\n",
    shared: (entry) => entry.nick.toLowerCase(),
  },
};
