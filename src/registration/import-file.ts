import { fileFormats, fileOf, type ImportFormatName } from "../formats/index.ts";
import { type ListedName, type Reader, UnreadableFileError } from "../formats/spec.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";

// Reading a list to import (docs/decisions.md, Import and transfer): the files servers keep their whitelists in,
// each read by its format's reader (src/formats/), told apart by their content (and name). Anything else is
// refused whole, before a nick is looked at.

/** How large a file an import takes: 1 MiB, and 10,000 names (a 10,000-line whitelist.json is about 0.8 MiB). */
export const IMPORT_LIMITS = { bytes: 1024 * 1024, names: 10_000 } as const;

/** A file to import: its name as attached, and its bytes. */
export type ImportFile = { name: string; bytes: Uint8Array };

/** The names a file lists, in file order, and the format it was read as. */
export type ImportedList = { format: ImportFormatName; names: ListedName[] };

/** The formats an import reads, by their readers' `order`. */
const readers = fileFormats
  .map((format) => ({ format, reader: fileOf(format).reader }))
  .filter((read): read is { format: ImportFormatName; reader: Reader } => read.reader !== undefined)
  .sort((a, b) => a.reader.order - b.reader.order);
/** The order they are tried in: those that recognise a file first, then the one any text is. */
const tried = [
  ...readers.filter(({ reader }) => reader.recognises),
  ...readers.filter(({ reader }) => !reader.recognises),
];

const attachable = readers.map(({ reader }) =>
  reader.hint ? `${reader.label} (${reader.hint})` : reader.label,
);
/** What a refusal asks for instead: "Attach a Minecraft whitelist.json, a plain list (…) or …." */
export const WHAT_TO_ATTACH = `Attach ${attachable.slice(0, -1).join(", ")} or ${attachable.at(-1)}.`;

const refuse = (message: string) => new DomainError("import-file-invalid", message);

/** Control characters other than tab, line feed and carriage return: a binary file, not a list. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The refusal of a file over the size limit (the bot tells before downloading it, the importer again). */
export function tooBig(name: string, bytes: number): DomainError {
  return refuse(
    `${clip(name, 64)} is ${bytes.toLocaleString("en-US")} bytes; an import takes files up to 1 MiB. ` +
      "Split the list and import each part.",
  );
}

/**
 * Reads a list to import, or refuses it (DomainError "import-file-invalid", saying what to attach instead): over
 * 1 MiB or 10,000 names, not UTF-8 text, not of a format an import reads, or listing no name at all.
 */
export function readImportFile(file: ImportFile): ImportedList {
  // Named in every refusal, so no longer than a message can carry.
  const name = clip(file.name, 64);
  if (file.bytes.byteLength > IMPORT_LIMITS.bytes) throw tooBig(name, file.bytes.byteLength);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file.bytes);
  } catch {
    throw refuse(`${name} is not a text file. ${WHAT_TO_ATTACH}`);
  }
  if (BINARY.test(text)) throw refuse(`${name} is not a text file. ${WHAT_TO_ATTACH}`);
  if (text.trim() === "") throw refuse(`${name} is empty: it lists no nick.`);
  const chosen = tried.find(({ reader }) => reader.recognises?.(name, text) ?? true);
  if (!chosen) throw refuse(`${name} is none of the files an import reads. ${WHAT_TO_ATTACH}`);
  const { format, reader } = chosen;
  let names: ListedName[];
  try {
    names = reader.read(name, text);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw refuse(`${error.message} ${WHAT_TO_ATTACH}`);
    throw error;
  }
  if (names.length === 0) throw refuse(`${name} lists no nick: there is nothing to import.`);
  if (names.length > IMPORT_LIMITS.names) {
    throw refuse(
      `${name} lists ${names.length.toLocaleString("en-US")} names; an import takes at most 10,000. ` +
        "Split the list and import each part.",
    );
  }
  return { format, names };
}

/**
 * Whether files of this format are any text (a plain list): then one none of whose names is a nick of the
 * whitelist is not a list at all (a letter, a CSV, the wrong file) and is refused.
 */
export const readsAnyText = (format: ImportFormatName): boolean => !fileOf(format).reader?.recognises;
