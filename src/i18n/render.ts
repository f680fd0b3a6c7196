import type { Language } from "./languages.ts";
import type { Message, MessageKey, Param, Plural, Text } from "./messages.ts";

// Rendering a message: placeholders filled, the plural form chosen by `Intl.PluralRules` (built into Bun: CLDR's
// rules for every language, Polish's and Russian's few and many included), numbers in the language's notation.

const PLACEHOLDER = /\{([^{}]+)\}/g;

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function cached<T>(cache: Map<Language, T>, language: Language, make: () => T): T {
  let value = cache.get(language);
  if (value === undefined) {
    value = make();
    cache.set(language, value);
  }
  return value;
}

/** A number in `language`'s notation (1,000 · 1.000 · 1 000). */
export const formatNumber = (language: Language, value: number): string =>
  cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value);

/** The text of a plural message for `count` in `language`: its CLDR category's form, else `other`. */
export function pluralForm(language: Language, message: Plural, count: number): string {
  const rules = cached(pluralRules, language, () => new Intl.PluralRules(language));
  return message[rules.select(count)] ?? message.other;
}

/** The placeholders a text uses, in order of appearance, each once. */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}

/**
 * Renders `text` in `language` from `lookUp` (the message of a key; undefined: the key is unknown, rendered as the
 * key itself). A placeholder without a value stays as written, so a missing one shows rather than vanishes.
 */
export function renderText(
  language: Language,
  lookUp: (key: MessageKey) => Message | undefined,
  text: Text,
): string {
  const fill = (template: string, params: Readonly<Record<string, Param>>): string =>
    template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      if (typeof value === "number") return formatNumber(language, value);
      if (typeof value === "string") return value;
      return renderText(language, lookUp, value);
    });
  const message = lookUp(text.key);
  if (message === undefined) return text.key;
  if (typeof message === "string") return fill(message, text.params);
  const count = text.params.count;
  return fill(pluralForm(language, message, typeof count === "number" ? count : 0), text.params);
}
