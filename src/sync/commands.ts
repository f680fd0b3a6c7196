import { type FileFormatName, fileOf } from "../formats/index.ts";
import type { Player } from "../formats/spec.ts";
import { offlineUuid } from "../nicks/uuid.ts";
import type { SyncEvent } from "./report.ts";

/**
 * The `--on-add` and `--on-remove` commands: templates typed into the game server's console after a change, with
 * placeholders filled from the change. A value is inserted as one argument that no text of a player's can turn
 * into a second command (docs/decisions.md, Commands on add and remove). `{{` and `}}` stand for a brace itself,
 * as in format strings (Python's `str.format`, C#'s, Rust's `format!`), so a template can hold JSON text:
 * `tellraw @a {{"text":"{name} joined"}}`.
 */

/** What a template may say, and what each stands for. */
export const placeholders = {
  name: "the player's name as the file lists it (the nick; on a Bedrock Dedicated Server the gamertag)",
  uuid: "the UUID the game server knows the player by (Mojang's, Floodgate's, or the offline one)",
  whitelist: "the whitelist's name",
  discord: "the Discord user's id the entry belongs to",
} as const;

/** One of the placeholders. */
export type Placeholder = keyof typeof placeholders;

/** A doubled brace (the brace itself) or a placeholder, read left to right: `{{name}}` is the text `{name}`. */
const TOKEN = /\{\{|\}\}|\{([^{}]*)\}/g;
/** What a doubled brace stands for. */
const BRACE: Record<string, string> = { "{{": "{", "}}": "}" };
/** A line break or another control character: a console ends the command there, and runs the rest. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Why a template cannot be used (an unknown placeholder, a brace left open, more than one line), or null. `known`:
 * the placeholders it may use (the group commands add `{group}`, src/sync/group-commands.ts).
 */
export function templateProblem(
  template: string,
  known: Readonly<Record<string, string>> = placeholders,
): string | null {
  if (CONTROL.test(template)) return "it must be one line";
  for (const [token, name] of template.matchAll(TOKEN)) {
    if (token in BRACE) continue;
    if (!((name as string) in known)) {
      return `{${name}} is no placeholder (${Object.keys(known)
        .map((known) => `{${known}}`)
        .join(", ")})`;
    }
  }
  if (/[{}]/.test(template.replace(TOKEN, ""))) {
    return "a { or } does not close a placeholder (write {{ or }} for the brace itself)";
  }
  return null;
}

/**
 * A value as one argument of a console command, or null when none would be safe. Minecraft's command parser
 * (Brigadier's StringReader) reads a word of `0-9 A-Z a-z _ - . +` as it is, and anything else between double
 * quotes where `\` escapes `"` and `\`: so a nick or a UUID stays bare, a gamertag with spaces is quoted. A line
 * break or control character is refused (the console would end the command there, and run the rest as another),
 * and so is `;`, which some consoles (plugins, proxies) take for a command separator even inside quotes.
 */
export function quoteArgument(value: string): string | null {
  if (value === "" || CONTROL.test(value) || value.includes(";")) return null;
  if (/^[0-9A-Za-z_.+-]+$/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** What a change tells the commands: the player, the whitelist, the owner (null when the event does not say). */
export type CommandChange = { entry: Player; whitelist: string; userId: string | null };

/** The values of the placeholders for a change, in a format (null: not known for this change). */
export function placeholderValues(
  change: CommandChange,
  format: FileFormatName,
): Record<Placeholder, string | null> {
  const { entry } = change;
  const file = fileOf(format);
  return {
    name: file.nameOf ? file.nameOf(entry) : entry.nick,
    // A Bedrock player's UUID is Floodgate's, known once GeyserMC gave the XUID; any other nick has one.
    uuid: entry.uuid ?? (entry.gamertag == null ? offlineUuid(entry.nick) : null),
    whitelist: change.whitelist,
    discord: change.userId,
  };
}

/** A template filled for a change: the command, or why it is not run. */
export function renderCommand(
  template: string,
  values: Readonly<Record<string, string | null>>,
): { command: string } | { refused: string } {
  let refused: string | null = null;
  const command = template.replace(TOKEN, (token, name: string) => {
    const brace = BRACE[token];
    if (brace !== undefined) return brace;
    const value = values[name] ?? null;
    if (value === null) {
      refused ??= `{${name}} is not known for this change`;
      return "";
    }
    const quoted = quoteArgument(value);
    if (quoted === null) {
      refused ??= `{${name}} is ${JSON.stringify(value)}, which no command could carry safely`;
      return "";
    }
    return quoted;
  });
  return refused === null ? { command } : { refused };
}

/**
 * The commands a change of the file's whitelists calls for: `onAdd` for an `entry.added`, `onRemove` for an
 * `entry.removed`, filled from the event. A player the file does not list (a Java nick on a Bedrock server) calls
 * for none; a template that cannot be filled safely is skipped, with a warning saying why.
 */
export function createCommandMaker({
  onAdd,
  onRemove,
  format,
  report,
}: {
  onAdd: string | null;
  onRemove: string | null;
  format: FileFormatName;
  report: (event: SyncEvent) => void;
}) {
  const { lists } = fileOf(format);
  return (event: {
    type: "entry.added" | "entry.removed" | "entry.groups";
    entry: Player;
    whitelistName: string;
    userId?: string;
  }): string[] => {
    // A change of groups is no addition or removal: the group commands follow it (src/sync/group-commands.ts).
    if (event.type === "entry.groups") return [];
    const added = event.type === "entry.added";
    const template = added ? onAdd : onRemove;
    if (template === null || (lists && !lists.player(event.entry))) return [];
    const change = { entry: event.entry, whitelist: event.whitelistName, userId: event.userId ?? null };
    const rendered = renderCommand(template, placeholderValues(change, format));
    if ("command" in rendered) return [rendered.command];
    report({
      type: "warning",
      message: `not running ${added ? "--on-add" : "--on-remove"} for ${event.entry.nick}: ${rendered.refused}`,
    });
    return [];
  };
}
