// Discord's locales (the API reference, Reference → Locales; its OpenAPI description's AvailableLocalesEnum, which
// test/sandbox/locales.test.ts holds this list to): what an interaction's `locale` and `guild_locale`, a guild's
// `preferred_locale` and the keys of a command's `name_localizations` / `description_localizations` may be.

/** Every locale Discord knows. */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set([
  "ar",
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en-GB",
  "en-US",
  "es-419",
  "es-ES",
  "fi",
  "fr",
  "he",
  "hi",
  "hr",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "nl",
  "no",
  "pl",
  "pt-BR",
  "ro",
  "ru",
  "sv-SE",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-CN",
  "zh-TW",
]);

/** Whether Discord knows `locale`. */
export const isDiscordLocale = (locale: unknown): locale is string =>
  typeof locale === "string" && DISCORD_LOCALES.has(locale);
