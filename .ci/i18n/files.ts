import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Fingerprints, fingerprint, units } from "../../src/i18n/exchange/units.ts";
import type { Language } from "../../src/i18n/languages.ts";

// Where the catalogue's files are: each language's TypeScript files (its messages, its command texts), and beside the catalogue the English each of
// its translations was made from (src/i18n/translated-from/<language>.json: a fingerprint by unit id).

/** The repository's root. */
export const ROOT = join(import.meta.dir, "..", "..");

/** A language's file of messages. */
export const localeFile = (language: Language) => join(ROOT, "src", "i18n", "locales", `${language}.ts`);

/** A language's file of command texts (src/i18n/messages.ts, CommandFile). */
export const commandsFile = (language: Language) =>
  join(ROOT, "src", "i18n", "locales", "commands", `${language}.ts`);

/** A language's files, each with the kind of unit it holds. */
export const localeFiles = (language: Language) =>
  [
    { path: localeFile(language), kind: "message" },
    { path: commandsFile(language), kind: "command" },
  ] as const;

/** Where a language's fingerprints are kept. */
export const fingerprintsFile = (language: Language) =>
  join(ROOT, "src", "i18n", "translated-from", `${language}.json`);

/** A language's fingerprints as kept (none when the file is missing). */
export function readFingerprints(language: Language): Fingerprints {
  const path = fingerprintsFile(language);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Fingerprints) : {};
}

/** The text of a fingerprints file: one line per unit of the catalogue, in its order (units gone are dropped). */
export function fingerprintsText(fingerprints: Fingerprints): string {
  const kept = Object.fromEntries(
    units.flatMap((unit) => (fingerprints[unit.id] ? [[unit.id, fingerprints[unit.id]]] : [])),
  );
  return `${JSON.stringify(kept, null, 2)}\n`;
}

/** The fingerprints of today's English for `ids` (all units when none are given). */
export const fingerprintsNow = (ids?: readonly string[]): Fingerprints =>
  Object.fromEntries(
    units.filter((unit) => !ids || ids.includes(unit.id)).map((unit) => [unit.id, fingerprint(unit.source)]),
  );
