import { createHash } from "node:crypto";
import { commandCatalogues } from "../catalogues.ts";
import { catalogues } from "../every-language.ts";
import type { Language } from "../languages.ts";
import { en, enCommands } from "../locales/en.ts";
import type { CommandCatalogue, Message, MessageKey } from "../messages.ts";

// The catalogue as translation tools see it: a list of units, each one text to translate with a stable id (a
// message's key; `command/<entry>/<field>` for a command text), English's source, and each language's translation.

/** One text to translate. */
export type Unit =
  | { readonly kind: "message"; readonly id: MessageKey; readonly key: MessageKey; readonly source: Message }
  | {
      readonly kind: "command";
      readonly id: string;
      readonly key: string;
      readonly field: "name" | "description";
      readonly source: string;
    };

/** The id of a command text: `command/whitelist create mode/description`, `command/* mode approval/name`. */
export const commandUnitId = (key: string, field: "name" | "description") => `command/${key}/${field}`;

/** Every unit, in the order of English's file: messages, then command texts. */
export const units: readonly Unit[] = [
  ...Object.entries(en as Readonly<Record<MessageKey, Message>>).map(
    ([key, source]): Unit => ({ kind: "message", id: key as MessageKey, key: key as MessageKey, source }),
  ),
  ...Object.entries(enCommands as CommandCatalogue).flatMap(([key, entry]) =>
    (["name", "description"] as const).flatMap((field): Unit[] => {
      const source = entry[field];
      return source === undefined
        ? []
        : [{ kind: "command", id: commandUnitId(key, field), key, field, source }];
    }),
  ),
];

/** The units by id. */
export const unitsById: ReadonlyMap<string, Unit> = new Map(units.map((unit) => [unit.id, unit]));

/** A unit's text in `language` (English: its source). */
export function translationOf(language: Language, unit: Unit): Message | undefined {
  if (unit.kind === "message") return catalogues[language][unit.key];
  return commandCatalogues[language][unit.key]?.[unit.field];
}

/** A plural message's forms in the order CLDR lists categories (zero, one, two, few, many, other). */
export function orderedForms(message: Exclude<Message, string>): [string, string][] {
  const order = ["zero", "one", "two", "few", "many", "other"];
  return Object.entries(message)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}

/**
 * The fingerprint of an English text: the first 12 hex digits of the SHA-256 of the text, or of a plural's forms in
 * order. Stored beside each translation as the English it was made from (src/i18n/translated-from/), it tells when
 * the English changed since.
 */
export function fingerprint(source: Message): string {
  const canonical = typeof source === "string" ? source : JSON.stringify(orderedForms(source));
  return createHash("sha256").update(canonical).digest("hex").slice(0, 12);
}

/** What each translation of a language was made from: an English fingerprint, by unit id. */
export type Fingerprints = Readonly<Record<string, string>>;

/** The units of a language whose translation was made from other English than today's, or from none recorded. */
export function staleUnits(fingerprints: Fingerprints): Unit[] {
  return units.filter((unit) => fingerprints[unit.id] !== fingerprint(unit.source));
}
