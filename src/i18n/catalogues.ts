import type { Language } from "./languages.ts";
import { de } from "./locales/de.ts";
import { en, enCommands } from "./locales/en.ts";
import { esES } from "./locales/es-ES.ts";
import { fr } from "./locales/fr.ts";
import { pl } from "./locales/pl.ts";
import { ptBR } from "./locales/pt-BR.ts";
import { ru } from "./locales/ru.ts";
import type { Catalogue, CommandCatalogue } from "./messages.ts";

/** Every language's messages, by language: listed by import (the compiled binary bundles only what is imported). */
export const catalogues: Readonly<Record<Language, Catalogue>> = {
  en,
  de: de.messages,
  fr: fr.messages,
  "es-ES": esES.messages,
  "pt-BR": ptBR.messages,
  pl: pl.messages,
  ru: ru.messages,
};

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
