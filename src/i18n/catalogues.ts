import type { Language } from "./languages.ts";
import { de } from "./locales/commands/de.ts";
import { esES } from "./locales/commands/es-ES.ts";
import { fr } from "./locales/commands/fr.ts";
import { pl } from "./locales/commands/pl.ts";
import { ptBR } from "./locales/commands/pt-BR.ts";
import { ru } from "./locales/commands/ru.ts";
import { en, enCommands } from "./locales/en.ts";
import type { Catalogue, CommandCatalogue } from "./messages.ts";

// Each language's messages are loaded at its first use (docs/performance.md, Start and memory): English, the source
// and the fallback, with this module; another language when someone first reads it. The load is synchronous (a
// `require` of the bundled module, a few milliseconds once per language), so no caller waits on a promise and none
// can see a language half loaded. The command texts of every language are here from the start: the command
// definitions carry them all.

/** How each language's messages are loaded: one `require` each, by name (the compiled binary bundles only those). */
const loaders: Readonly<Record<Exclude<Language, "en">, () => Catalogue>> = {
  de: () => (require("./locales/de.ts") as typeof import("./locales/de.ts")).de.messages,
  fr: () => (require("./locales/fr.ts") as typeof import("./locales/fr.ts")).fr.messages,
  "es-ES": () => (require("./locales/es-ES.ts") as typeof import("./locales/es-ES.ts")).esES.messages,
  "pt-BR": () => (require("./locales/pt-BR.ts") as typeof import("./locales/pt-BR.ts")).ptBR.messages,
  pl: () => (require("./locales/pl.ts") as typeof import("./locales/pl.ts")).pl.messages,
  ru: () => (require("./locales/ru.ts") as typeof import("./locales/ru.ts")).ru.messages,
};

const loaded = new Map<Language, Catalogue>([["en", en]]);

/** A language's messages, loaded at the first call for it. */
export function messagesOf(language: Language): Catalogue {
  let messages = loaded.get(language);
  if (!messages) {
    messages = loaders[language as Exclude<Language, "en">]();
    loaded.set(language, messages);
  }
  return messages;
}

/** The languages whose messages are loaded so far (test/start checks a start loads English alone). */
export const loadedLanguages = (): Language[] => [...loaded.keys()];

/** Every language's command texts (English: those the definitions are built with). */
export const commandCatalogues: Readonly<Record<Language, CommandCatalogue>> = {
  en: enCommands,
  de: de.commands,
  fr: fr.commands,
  "es-ES": esES.commands,
  "pt-BR": ptBR.commands,
  pl: pl.commands,
  ru: ru.commands,
};
