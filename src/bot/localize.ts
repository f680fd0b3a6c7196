import type {
  APIApplicationCommandOption,
  APIApplicationCommandOptionChoice,
  LocalizationMap,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { commandCatalogues } from "../i18n/catalogues.ts";
import { commandName, entryFor } from "../i18n/commands.ts";
import { discordLocalesOf, type Language } from "../i18n/languages.ts";
import type { CommandCatalogue } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import { codeSpan } from "./text.ts";

// Discord shows a command, its options and choices in the member's language from the definitions' localizations
// (Application Command Object: name_localizations, description_localizations). Each language's file gives them by
// path (src/i18n/messages.ts, CommandTexts); English is the definitions themselves, built from its own file.

type Node = { name: string; description?: string } & Record<string, unknown>;

const localized = (Object.entries(commandCatalogues) as [Language, CommandCatalogue][]).filter(
  ([language]) => language !== "en",
);

/** The localizations of the node at `path`: its name and description in every language that gives them. */
function localizationsOf(path: string, field: "name" | "description"): LocalizationMap | undefined {
  const map: LocalizationMap = {};
  for (const [language, texts] of localized) {
    const value = entryFor(texts, path)?.[field];
    if (value === undefined) continue;
    for (const locale of discordLocalesOf[language]) map[locale as keyof LocalizationMap] = value;
  }
  return Object.keys(map).length > 0 ? map : undefined;
}

/** A choice with its name in every language (choices have no description). */
function localizeChoice(
  path: string,
  choice: APIApplicationCommandOptionChoice,
): APIApplicationCommandOptionChoice {
  const names = localizationsOf(`${path} ${String(choice.value)}`, "name");
  return names ? { ...choice, name_localizations: names } : choice;
}

/** A command or an option with its localizations, its options and choices too. */
function localizeNode<T extends Node>(node: T, path: string): T {
  const names = localizationsOf(path, "name");
  const descriptions = localizationsOf(path, "description");
  const options = Array.isArray(node.options)
    ? (node.options as APIApplicationCommandOption[]).map((option) =>
        localizeNode(option as unknown as Node, `${path} ${option.name}`),
      )
    : undefined;
  const choices = Array.isArray(node.choices)
    ? (node.choices as APIApplicationCommandOptionChoice[]).map((choice) => localizeChoice(path, choice))
    : undefined;
  return {
    ...node,
    ...(names ? { name_localizations: names } : {}),
    ...(descriptions ? { description_localizations: descriptions } : {}),
    ...(options ? { options } : {}),
    ...(choices ? { choices } : {}),
  };
}

/** A command's definition with the localizations of every language (see above). */
export function withLocalizations(
  data: RESTPostAPIChatInputApplicationCommandsJSONBody,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return localizeNode(
    data as unknown as Node,
    data.name,
  ) as unknown as RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/**
 * Every path a command set has, with its English name and description (choices: their name): what each language's
 * file localizes (test/i18n checks they match).
 */
export function commandPaths(
  commands: readonly { data: RESTPostAPIChatInputApplicationCommandsJSONBody }[],
): { path: string; kind: "command" | "option" | "choice"; name: string; description?: string }[] {
  const paths: { path: string; kind: "command" | "option" | "choice"; name: string; description?: string }[] =
    [];
  const visit = (node: Node, path: string, kind: "command" | "option") => {
    paths.push({
      path,
      kind,
      name: node.name,
      ...(node.description ? { description: node.description } : {}),
    });
    for (const option of (node.options as Node[] | undefined) ?? [])
      visit(option, `${path} ${option.name}`, "option");
    for (const choice of (node.choices as APIApplicationCommandOptionChoice[] | undefined) ?? []) {
      paths.push({ path: `${path} ${String(choice.value)}`, kind: "choice", name: choice.name });
    }
  };
  for (const command of commands) visit(command.data as unknown as Node, command.data.name, "command");
  return paths;
}

/**
 * A command as a member types it in `words`' language, copyable (src/bot/text.ts, codeSpan): `/unregister nick:Notch`
 * with the command's and its options' localized names (`path`: "unregister", "whitelist undeny").
 */
export function typedCommand(words: Words, path: string, options: Readonly<Record<string, string>>): string {
  const nameOf = (at: string) => commandName(words.language, at);
  const names = path.split(" ").map((_, i, all) => nameOf(all.slice(0, i + 1).join(" ")));
  const typed = Object.entries(options).map(([option, value]) => `${nameOf(`${path} ${option}`)}:${value}`);
  return codeSpan(`/${[...names, ...typed].join(" ")}`);
}
