import { bds } from "./bds.ts";
import { easywhitelist } from "./easywhitelist.ts";
import { json } from "./json.ts";
import { plain } from "./plain.ts";
import type { FileSpec, FormatEntry, FormatSpec, Player } from "./spec.ts";
import { vanilla } from "./vanilla.ts";

/**
 * Every format, one line each (docs/architecture.md, Adding a format). The order is the documented one: the
 * order of `?format=`'s values, `/whitelist export`'s choices and `sync --format`'s.
 */
export const formats = {
  json,
  plain,
  easywhitelist,
  vanilla,
  bds,
} satisfies Record<string, FormatSpec>;

/** One format; `json` is the API's own list. */
export type FormatName = keyof typeof formats;

/** A format that is a file a game server reads: the values of `?format=`, `/whitelist export` and `sync --format`. */
export type FileFormatName = {
  [F in FormatName]: (typeof formats)[F]["file"] extends null ? never : F;
}[FormatName];

/** The file formats, in the table's order. */
export const fileFormats = (Object.keys(formats) as FormatName[]).filter(
  (format): format is FileFormatName => formats[format].file !== null,
);

/** What makes a format a file, as `FileSpec` types it (the parts only some formats have, optional). */
export const fileOf = (format: FileFormatName): FileSpec => formats[format].file;

/** A file format the importer reads. */
export type ImportFormatName = {
  [F in FileFormatName]: "reader" extends keyof (typeof formats)[F]["file"] ? F : never;
}[FileFormatName];

const encoder = new TextEncoder();

/**
 * Renders entries in a format from scratch (oldest first, as the store lists them): the reference the kept
 * formats are checked against (src/formats/whitelist-formats.ts), and what the `sync` agent writes, so the file
 * equals what the API serves. A file format needs only the players.
 */
export function renderFormat(format: FileFormatName, players: readonly Player[]): Uint8Array;
export function renderFormat(format: FormatName, entries: readonly FormatEntry[]): Uint8Array;
export function renderFormat(format: FormatName, entries: readonly Player[]): Uint8Array {
  // The overloads keep players alone to the file formats, which read nothing else.
  return encoder.encode(formats[format].render(entries as readonly FormatEntry[]));
}
