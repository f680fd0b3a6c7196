import { enCommands } from "./locales/en.ts";
import type { CommandKeyWith } from "./messages.ts";

// The command definitions are built in English from the catalogue (src/i18n/locales/en.ts, enCommands), so each
// text a definition shows has one place, beside its translations (docs/decisions.md, Languages).

const entries = enCommands as Readonly<
  Record<string, { readonly name?: string; readonly description?: string }>
>;

/**
 * The English description of a command or an option, by its entry: its path ("whitelist create name") or the entry
 * several share ("* whitelist").
 */
export const commandDescription = (key: CommandKeyWith<"description">): string =>
  entries[key]?.description as string;

/** The English name of a choice ("* mode approval"), by its entry. */
export const choiceName = (key: CommandKeyWith<"name">): string => entries[key]?.name as string;
