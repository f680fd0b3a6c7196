import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";

// Reading a list to import (docs/decisions.md, Import and transfer): the three files servers keep their
// whitelists in, told apart by their content (and name). Anything else is refused whole, before a nick is looked at.

/** The formats an import reads: Minecraft's whitelist.json, one nick per line, EasyWhitelist's config.yml. */
export const importFormats = ["vanilla", "plain", "easywhitelist"] as const;
/** One of the import formats. */
export type ImportFormat = (typeof importFormats)[number];

/** How large a file an import takes: 1 MiB, and 10,000 names (a 10,000-line whitelist.json is about 0.8 MiB). */
export const IMPORT_LIMITS = { bytes: 1024 * 1024, names: 10_000 } as const;

/** A file to import: its name as attached, and its bytes. */
export type ImportFile = { name: string; bytes: Uint8Array };

/** One name of the list and the line of the file it is written on. */
export type ListedName = { line: number; name: string };

/** The names a file lists, in file order, and the format it was read as. */
export type ImportedList = { format: ImportFormat; names: ListedName[] };

const WHAT_TO_ATTACH =
  "Attach a Minecraft whitelist.json, a plain list (one nick per line) or an EasyWhitelist config.yml.";

const refuse = (message: string) => new DomainError("import-file-invalid", message);

/** Control characters other than tab, line feed and carriage return: a binary file, not a list. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A line that starts a YAML mapping key at its first column (`whitelisted:`, `whitelist: true`). */
const YAML_KEY = /^[^\s#-][^:\n]*:(?:[ \t]|$)/m;

/** Which format the file is, from its name and its first characters. */
function detect(name: string, text: string): ImportFormat {
  const lower = name.toLowerCase();
  const start = text.trimStart()[0];
  if (lower.endsWith(".json") || start === "[" || start === "{") return "vanilla";
  if (lower.endsWith(".yml") || lower.endsWith(".yaml") || YAML_KEY.test(text)) return "easywhitelist";
  return "plain";
}

/**
 * The line each element of a JSON array starts on; `text` is valid JSON (strings hold no raw line break), so a
 * scan of brackets and strings finds them without a second parser.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (const char of text) {
    if (char === "\n") line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r" || char === "\n") continue;
    if (depth === 1 && expectElement && char !== "]") {
      lines.push(line);
      expectElement = false;
    }
    if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (char === "]" || char === "}") depth--;
    else if (char === "," && depth === 1) expectElement = true;
  }
  return lines;
}

/** Minecraft's whitelist.json: `[{"uuid": …, "name": …}, …]`; the names are taken, the UUIDs looked up again. */
function readVanilla(name: string, text: string): ListedName[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refuse(`${name} is not valid JSON (${(error as Error).message}). ${WHAT_TO_ATTACH}`);
  }
  const notVanilla = `${name} is JSON, but not a whitelist.json (a list of {"uuid", "name"} entries). ${WHAT_TO_ATTACH}`;
  if (!Array.isArray(parsed)) throw refuse(notVanilla);
  const lines = elementLines(text);
  return parsed.map((element: unknown, index) => {
    const entryName = (element as { name?: unknown } | null)?.name;
    if (typeof element !== "object" || element === null || typeof entryName !== "string") {
      throw refuse(`Entry ${index + 1} of ${name} has no "name": ${notVanilla}`);
    }
    return { line: lines[index] ?? index + 1, name: entryName };
  });
}

/**
 * EasyWhitelist's config.yml, read as YAML 1.1 like the plugin (SnakeYAML) reads it: the names under
 * `whitelisted`. A name YAML 1.1 would read as something else (`on`, `123`) is taken as written.
 */
function readEasyWhitelist(name: string, text: string): ListedName[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { version: "1.1", lineCounter });
  const error = doc.errors[0];
  if (error) {
    throw refuse(`${name} is not valid YAML (${error.message.split("\n")[0]}). ${WHAT_TO_ATTACH}`);
  }
  const noList = `${name} has no \`whitelisted:\` list of names, so it is not an EasyWhitelist config.yml. ${WHAT_TO_ATTACH}`;
  if (!isMap(doc.contents)) throw refuse(noList);
  const list = doc.contents.get("whitelisted", true);
  if (list === undefined) throw refuse(noList);
  if (isScalar(list) && list.value === null) return [];
  if (!isSeq(list)) throw refuse(noList);
  return list.items.map((item, index) => {
    const offset = (item as { range?: [number, number, number] } | null)?.range?.[0];
    const line = offset === undefined ? index + 1 : lineCounter.linePos(offset).line;
    if (!isScalar(item)) return { line, name: JSON.stringify(isNode(item) ? item.toJSON() : item) };
    const value = typeof item.value === "string" ? item.value : (item.source ?? String(item.value));
    return { line, name: value };
  });
}

/** One nick per line; blank lines and lines starting with `#` are left out. */
function readPlain(text: string): ListedName[] {
  const names: ListedName[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed !== "" && !trimmed.startsWith("#")) names.push({ line: index + 1, name: trimmed });
  });
  return names;
}

/** The refusal of a file over the size limit (the bot tells before downloading it, the importer again). */
export function tooBig(name: string, bytes: number): DomainError {
  return refuse(
    `${clip(name, 64)} is ${bytes.toLocaleString("en-US")} bytes; an import takes files up to 1 MiB. ` +
      "Split the list and import each part.",
  );
}

/**
 * Reads a list to import, or refuses it (DomainError "import-file-invalid", saying what to attach instead): over
 * 1 MiB or 10,000 names, not UTF-8 text, not one of the three formats, or listing no name at all.
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
  const format = detect(name, text);
  const names =
    format === "vanilla"
      ? readVanilla(name, text)
      : format === "easywhitelist"
        ? readEasyWhitelist(name, text)
        : readPlain(text);
  if (names.length === 0) throw refuse(`${name} lists no nick: there is nothing to import.`);
  if (names.length > IMPORT_LIMITS.names) {
    throw refuse(
      `${name} lists ${names.length.toLocaleString("en-US")} names; an import takes at most 10,000. ` +
        "Split the list and import each part.",
    );
  }
  return { format, names };
}
