import { type Language, languages, pluralFormsOf } from "../languages.ts";
import type { Message } from "../messages.ts";
import { placeholdersIn } from "../render.ts";
import { COMMAND_NAME, COMMAND_TEXT_LIMIT, FILLED_PLACEHOLDER, shownLimitOf, shownWhere } from "./limits.ts";
import { gettextPluralForms, numbersFormsAsCldr, readPluralForms } from "./plural-forms.ts";
import { headerFields, type PoEntry, PoSyntaxError, readPo, writePo } from "./po.ts";
import {
  type Fingerprints,
  fingerprint,
  orderedForms,
  translationOf,
  type Unit,
  units,
  unitsById,
} from "./units.ts";

// The catalogue in gettext's PO format, for translation tools (docs/decisions.md, Translators): one file per
// language, English the msgid, the unit's id the msgctxt, a plural's forms msgstr[0…] in CLDR's order (the
// Plural-Forms header says so). A translation made from other English than today's is `fuzzy` ("needs editing" in
// Weblate, "needs review" elsewhere). Importing checks a file as the type checker checks a language's TypeScript
// file (every placeholder, every plural form) and as test/i18n checks it (Discord's limits), naming file, line and
// unit of each problem.

/** The file a translation tool gets for a language, or the template (`whitelist-sync.pot`) it starts one from. */
export function exportPo(language: Language | "template", fingerprints: Fingerprints = {}): string {
  const header: PoEntry = {
    id: "",
    strings: [
      [
        "Project-Id-Version: whitelist-sync",
        ...(language === "template" ? [] : [`Language: ${language}`]),
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        `Plural-Forms: ${language === "template" ? gettextPluralForms.en : gettextPluralForms[language]}`,
        "X-Generator: whitelist-sync i18n:export",
        "",
      ].join("\n"),
    ],
  };
  return writePo([header, ...units.map((unit) => entryOf(language, unit, fingerprints))]);
}

function entryOf(language: Language | "template", unit: Unit, fingerprints: Fingerprints): PoEntry {
  const english = unit.source;
  // Command texts have no placeholders: a brace there is text (`/texts set`'s "{placeholders}").
  const holes = unit.kind === "message" ? placeholdersOf(english) : [];
  const comments =
    unit.kind === "message"
      ? [
          shownWhere(unit.key),
          ...(holes.length
            ? [`Placeholders, each kept as written: ${holes.map((h) => `{${h}}`).join(", ")}.`]
            : []),
          ...(typeof english === "string"
            ? []
            : ["A form for each plural form of the language, chosen by {count}."]),
        ]
      : [commandComment(unit)];
  const stale = language !== "template" && fingerprints[unit.id] !== fingerprint(english);
  const flags = [...(stale ? ["fuzzy"] : []), ...(holes.length ? ["python-brace-format"] : [])];
  const base = { context: unit.id, comments, flags };
  const translation = language === "template" ? undefined : translationOf(language, unit);
  if (typeof english === "string") {
    return { ...base, id: english, strings: [typeof translation === "string" ? translation : ""] };
  }
  const forms = language === "template" ? pluralFormsOf.en : pluralFormsOf[language];
  const plural = translation as Readonly<Record<string, string>> | undefined;
  return {
    ...base,
    id: english.one ?? english.other,
    plural: english.other,
    strings: forms.map((form) => plural?.[form] ?? ""),
  };
}

function commandComment(unit: Extract<Unit, { kind: "command" }>): string {
  if (unit.field === "description")
    return `A Discord command's or option's description, at most ${COMMAND_TEXT_LIMIT} characters.`;
  return unit.key.includes(" ")
    ? `A choice of a Discord command's option, at most ${COMMAND_TEXT_LIMIT} characters.`
    : "The name members type for this Discord command: lower case, 1-32 letters, digits, - or _, no spaces.";
}

/** The placeholders of a message (of all its forms, and `count` for a plural). */
function placeholdersOf(message: Message): string[] {
  if (typeof message === "string") return placeholdersIn(message);
  return [...new Set([...orderedForms(message).flatMap(([, text]) => placeholdersIn(text)), "count"])];
}

/** A problem of an imported file: where, which unit, and why. */
export type ImportProblem = { readonly line: number; readonly id: string; readonly reason: string };

/** A file that cannot be imported: every problem found in it, each naming its line and unit. */
export class ImportError extends Error {
  override readonly name = "ImportError";
  constructor(
    readonly file: string,
    readonly problems: readonly ImportProblem[],
  ) {
    super(problems.map((problem) => `${file}:${problem.line}: ${problem.id}: ${problem.reason}`).join("\n"));
  }
}

/** What a file brings for its language. */
export type Imported = {
  readonly language: Language;
  /** Every translation the file gives (fuzzy and empty ones left out), by unit id. */
  readonly translations: ReadonlyMap<string, Message>;
  /** Those that differ from the catalogue's now. */
  readonly changes: ReadonlyMap<string, Message>;
  /** The English each given translation was made from (the file's msgid), as a fingerprint, by unit id. */
  readonly madeFrom: Readonly<Record<string, string>>;
  /** Units the file leaves as they are: marked fuzzy, left empty, absent, or no longer in the catalogue. */
  readonly skipped: {
    readonly fuzzy: readonly string[];
    readonly empty: readonly string[];
    readonly absent: readonly string[];
    readonly unknown: readonly string[];
  };
};

/**
 * The language a PO `Language` header (or a file name) names: `de`, `pt_BR`, `pt-BR`, `de_DE`, `es`… A region the
 * bot has no file for (`es-419`, `pt-PT`) is not taken for another one; a language without region is.
 */
export function languageNamed(name: string): Language | undefined {
  const tag = name
    .replace(/\.pot?$/, "")
    .replace(/_/g, "-")
    .toLowerCase();
  const exact = languages.find((language) => language.toLowerCase() === tag);
  if (exact) return exact;
  const [primary, region] = tag.split("-");
  const same = languages.filter((language) => language.split("-")[0] === primary);
  if (region === undefined) return same.length === 1 ? same[0] : undefined;
  return same.find((language) => !language.includes("-"));
}

/**
 * Reads a translated PO file (`file` names it in problems; its `Language` header, or else its name, the language)
 * and checks each translation; throws ImportError listing every problem, or PoSyntaxError for a file that is no PO.
 */
export function importPo(text: string, file: string): Imported {
  let entries: PoEntry[];
  try {
    entries = readPo(text);
  } catch (error) {
    if (error instanceof PoSyntaxError)
      throw new ImportError(file, [{ line: error.line, id: "(file)", reason: error.reason }]);
    throw error;
  }
  const fields = headerFields(entries);
  const headerLine = entries.find((entry) => entry.id === "" && entry.context === undefined)?.line ?? 1;
  const named = fields.get("Language") || file.split("/").at(-1) || "";
  const language = languageNamed(named);
  if (!language || language === "en") {
    const reason = `its Language (${JSON.stringify(named)}) is none of ${languages.filter((l) => l !== "en").join(", ")}`;
    throw new ImportError(file, [{ line: headerLine, id: "(header)", reason }]);
  }
  const problems: ImportProblem[] = [];
  const forms = pluralFormsOf[language] as readonly string[];
  const header = fields.get("Plural-Forms") ?? "";
  try {
    if (!numbersFormsAsCldr(language, readPluralForms(header)))
      problems.push({
        line: headerLine,
        id: "(header)",
        reason: `Plural-Forms "${header}" does not number ${language}'s forms (${forms.join(", ")}) as CLDR does; expected "${gettextPluralForms[language]}"`,
      });
  } catch (error) {
    problems.push({ line: headerLine, id: "(header)", reason: `Plural-Forms: ${(error as Error).message}` });
  }

  const translations = new Map<string, Message>();
  const changes = new Map<string, Message>();
  const madeFrom: Record<string, string> = {};
  const skipped = {
    fuzzy: [] as string[],
    empty: [] as string[],
    absent: [] as string[],
    unknown: [] as string[],
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.context === undefined) continue;
    const id = entry.context;
    const line = entry.line ?? 0;
    const unit = unitsById.get(id);
    if (!unit) {
      skipped.unknown.push(id);
      continue;
    }
    if (seen.has(id)) {
      problems.push({ line, id, reason: "given twice" });
      continue;
    }
    seen.add(id);
    if (entry.flags?.includes("fuzzy")) {
      skipped.fuzzy.push(id);
      continue;
    }
    if (entry.strings.every((string) => string === "")) {
      skipped.empty.push(id);
      continue;
    }
    const read = readTranslation(unit, entry, forms);
    if ("problem" in read) {
      problems.push({ line, id, reason: read.problem });
      continue;
    }
    const { message } = read;
    const wrong = checkTranslation(unit, message);
    if (wrong.length > 0) {
      problems.push(...wrong.map((reason) => ({ line, id, reason })));
      continue;
    }
    translations.set(id, message);
    madeFrom[id] = fingerprint(
      entry.plural === undefined ? entry.id : { one: entry.id, other: entry.plural },
    );
    if (!sameMessage(message, translationOf(language, unit))) changes.set(id, message);
  }
  skipped.absent.push(...units.filter((unit) => !seen.has(unit.id)).map((unit) => unit.id));
  if (problems.length > 0)
    throw new ImportError(
      file,
      problems.sort((a, b) => a.line - b.line),
    );
  return { language, translations, changes, madeFrom, skipped };
}

/** The entry's translation as a message, or why it cannot be one. */
function readTranslation(
  unit: Unit,
  entry: PoEntry,
  forms: readonly string[],
): { message: Message } | { problem: string } {
  const plural = typeof unit.source !== "string";
  if (plural !== (entry.plural !== undefined))
    return {
      problem: plural ? "a plural message given without msgid_plural" : "given as a plural, which it is not",
    };
  if (!plural) return { message: entry.strings[0] as string };
  if (entry.strings.length !== forms.length)
    return {
      problem: `${entry.strings.length} plural forms where the language has ${forms.length} (${forms.join(", ")})`,
    };
  const empty = forms.filter((_, index) => entry.strings[index] === "");
  if (empty.length > 0) return { problem: `its ${empty.join(", ")} form is empty` };
  return {
    message: Object.fromEntries(
      forms.map((form, index) => [form, entry.strings[index] as string]),
    ) as Message,
  };
}

/** What is wrong with a translation, as the type checker and test/i18n would say it; none: it may be stored. */
function checkTranslation(unit: Unit, message: Message): string[] {
  if (unit.kind === "command") {
    const text = message as string;
    const wrong: string[] = [];
    if (text.length > COMMAND_TEXT_LIMIT)
      wrong.push(`${text.length} characters, Discord takes ${COMMAND_TEXT_LIMIT}`);
    const isCommandName = unit.field === "name" && !unit.key.includes(" ");
    if (isCommandName && (!COMMAND_NAME.test(text) || text !== text.toLowerCase()))
      wrong.push(`"${text}" is no Discord command name (lower case, 1-32 letters, digits, - or _)`);
    return wrong;
  }
  const expected = placeholdersOf(unit.source).sort();
  const wrong: string[] = [];
  const texts = typeof message === "string" ? [["", message] as const] : orderedForms(message);
  for (const [form, text] of texts) {
    const where = form ? `its ${form} form` : "it";
    const found = placeholdersIn(text).sort();
    const missing = expected.filter((name) => !found.includes(name));
    const extra = found.filter((name) => !expected.includes(name));
    if (missing.length) wrong.push(`${where} lacks ${missing.map((name) => `{${name}}`).join(", ")}`);
    if (extra.length)
      wrong.push(`${where} has ${extra.map((name) => `{${name}}`).join(", ")}, which English has not`);
    if (/[{}]/.test(text.replace(/\{[^{}]+\}/g, "")))
      wrong.push(`${where} has a brace that is no placeholder`);
    const filled = text.replace(/\{[^{}]+\}/g, FILLED_PLACEHOLDER).length;
    const limit = shownLimitOf(unit.key);
    if (filled > limit)
      wrong.push(`${where} takes ${filled} characters with its placeholders filled, past ${limit}`);
  }
  return wrong;
}

function sameMessage(a: Message, b: Message | undefined): boolean {
  if (typeof a === "string" || typeof b === "string" || b === undefined) return a === b;
  return JSON.stringify(orderedForms(a)) === JSON.stringify(orderedForms(b));
}
