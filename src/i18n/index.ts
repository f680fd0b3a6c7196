// The message catalogue and its languages (docs/decisions.md, Languages); README, Languages, says how to add one.
export { commandCatalogues } from "./catalogues.ts";
export { inEnglish } from "./english.ts";
export {
  discordLocalesOf,
  isLanguage,
  type Language,
  languageOfLocale,
  languages,
  pickLanguage,
  SOURCE_LANGUAGE,
} from "./languages.ts";
export type { Catalogue, CommandTexts, MessageKey, Messages, ParamsOf, Text, TextArgs } from "./messages.ts";
export { text } from "./messages.ts";
export { placeholdersIn } from "./render.ts";
export { type Overrides, type Words, wordsFor } from "./words.ts";
