// The languages the bot speaks (docs/decisions.md, Languages): each is one file in ./locales/, and the Discord
// locales it answers. A member's Discord locale (`locale` of an interaction) and a server's (`guild_locale`,
// `preferred_locale`) are mapped to one of them; anything else reads English.

/** Every language the bot has a catalogue for; English is the source the others translate. */
export const languages = ["en", "de", "fr", "es-ES", "pt-BR", "pl", "ru"] as const;

/** One of the bot's languages. */
export type Language = (typeof languages)[number];

/** The language everything falls back to: the catalogue the others are checked against. */
export const SOURCE_LANGUAGE: Language = "en";

/**
 * Each language's plural categories for counts, as CLDR gives them (`Intl.PluralRules(language)
 * .resolvedOptions().pluralCategories`, which test/i18n compares with this table): a plural message of a language
 * writes exactly these forms, so a missing one is a compile error. French, Spanish and Portuguese have `many` for a
 * million and more ("1 000 000 de pseudos"); Polish and Russian `other` for fractions.
 */
export const pluralFormsOf = {
  en: ["one", "other"],
  de: ["one", "other"],
  fr: ["one", "many", "other"],
  "es-ES": ["one", "many", "other"],
  "pt-BR": ["one", "many", "other"],
  pl: ["one", "few", "many", "other"],
  ru: ["one", "few", "many", "other"],
} as const satisfies Record<Language, readonly Intl.LDMLPluralRule[]>;

/**
 * Each language's name in itself, as its catalogue's `language.name` gives it (test/i18n checks they agree): the
 * choices of `/texts language`, which the command definitions need at start, before any language but English is
 * loaded (src/i18n/catalogues.ts).
 */
export const ownNames: Readonly<Record<Language, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  "es-ES": "Español",
  "pt-BR": "Português do Brasil",
  pl: "Polski",
  ru: "Русский",
};

/**
 * The Discord locales each language answers (Discord's Locales list: `en-US`, `en-GB`, `es-ES`, `es-419`…). The
 * first one of a language other than English is where its command localizations are sent; Latin American Spanish
 * reads Spain's until it has a file of its own.
 */
export const discordLocalesOf: Readonly<Record<Language, readonly string[]>> = {
  en: ["en-US", "en-GB"],
  de: ["de"],
  fr: ["fr"],
  "es-ES": ["es-ES", "es-419"],
  "pt-BR": ["pt-BR"],
  pl: ["pl"],
  ru: ["ru"],
};

const byDiscordLocale = new Map<string, Language>(
  languages.flatMap((language) => discordLocalesOf[language].map((locale) => [locale, language] as const)),
);

/** Whether `value` names one of the bot's languages (a stored guild setting, an environment variable). */
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/** The bot's language for a Discord locale, or undefined when it has none (the caller falls back). */
export function languageOfLocale(locale: string | null | undefined): Language | undefined {
  if (!locale) return undefined;
  return byDiscordLocale.get(locale) ?? (isLanguage(locale) ? locale : undefined);
}

/**
 * The first language of `candidates` the bot speaks, else English: a guild's chosen language, then its Discord
 * locale; a member's locale alone.
 */
export function pickLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const language = isLanguage(candidate) ? candidate : languageOfLocale(candidate);
    if (language) return language;
  }
  return SOURCE_LANGUAGE;
}
