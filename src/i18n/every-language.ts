import { messagesOf } from "./catalogues.ts";
import { type Language, languages } from "./languages.ts";
import type { Catalogue } from "./messages.ts";

// Every language's messages at once, for the translators' tools (src/i18n/exchange, .ci/i18n) and the tests that
// compare the languages: the service loads each at its first use instead (src/i18n/catalogues.ts).

/** Every language's messages, by language. */
export const catalogues: Readonly<Record<Language, Catalogue>> = Object.fromEntries(
  languages.map((language) => [language, messagesOf(language)]),
) as Record<Language, Catalogue>;
