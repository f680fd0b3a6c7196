import { commandCatalogues } from "./catalogues.ts";
import type { Language } from "./languages.ts";
import { enCommands } from "./locales/en.ts";
import type { CommandCatalogue, CommandKeyWith } from "./messages.ts";

// Command texts by path (docs/decisions.md, Languages). The definitions are built in English from the catalogue
// (src/i18n/locales/en.ts, enCommands), so each text a definition shows has one place, beside its translations;
// the bot and the link endpoint name a command in a reader's language from the same entries.

const english = enCommands as CommandCatalogue;

/**
 * The English description of a command or an option, by its entry: its path ("whitelist create name") or the entry
 * several share ("* whitelist").
 */
export const commandDescription = (key: CommandKeyWith<"description">): string =>
  english[key]?.description as string;

/** The English name of a choice ("* mode approval"), by its entry. */
export const choiceName = (key: CommandKeyWith<"name">): string => english[key]?.name as string;

/**
 * The entry of a language's command texts for `path`: the path itself, else the nearest `* <last segments>` (an
 * option or a choice that reads the same under several commands: "* whitelist", "* mode approval").
 */
export function entryFor(texts: CommandCatalogue, path: string): CommandCatalogue[string] | undefined {
  if (texts[path]) return texts[path];
  const segments = path.split(" ");
  for (let keep = segments.length - 1; keep >= 1; keep--) {
    const entry = texts[`* ${segments.slice(-keep).join(" ")}`];
    if (entry) return entry;
  }
  return undefined;
}

/**
 * The name a member of `language` types for the command, subcommand or option at `path` ("link", "register nick"):
 * its localized name where the language gives one, else the definition's, the path's last word.
 */
export const commandName = (language: Language, path: string): string =>
  entryFor(commandCatalogues[language], path)?.name || (path.split(" ").at(-1) as string);
