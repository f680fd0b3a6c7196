import { offlineUuid } from "../nicks/uuid.ts";
import { writeJsonString } from "./json-text.ts";
import { byNick } from "./order.ts";
import { erasedKeys, type FormatSpec, type Player, UnreadableFileError } from "./spec.ts";

/**
 * Minecraft's `whitelist.json`: `[{"uuid", "name"}]` sorted by nick, as `JSON.stringify(players, null, 2)`
 * writes it, then `\n`. A premium nick carries its Mojang UUID (a Bedrock one Floodgate's), any other the UUID
 * an offline-mode server computes for it.
 */
export const vanilla = {
  contentType: "application/json; charset=utf-8",
  render: (players: readonly Player[]) => {
    const sorted = [...players].sort((a, b) => byNick(a.nick, b.nick));
    return `${JSON.stringify(
      sorted.map((player) => ({ uuid: uuidOf(player), name: player.nick })),
      null,
      2,
    )}\n`;
  },
  pieces: erasedKeys({
    key: (entry) => entry.nick,
    compare: byNick,
    sortKey: (entry) => entry.nick.toLowerCase(),
    piece: (entry) =>
      `  {\n    "uuid": ${JSON.stringify(uuidOf(entry))},\n    "name": ${JSON.stringify(entry.nick)}\n  }`,
    // The same text in parts, no piece's text made (a first build: docs/performance.md).
    write: (entry, out) => {
      out.write('  {\n    "uuid": ');
      writeJsonString(uuidOf(entry), out);
      out.write(',\n    "name": ');
      writeJsonString(entry.nick, out);
      out.write("\n  }");
    },
    separator: ",\n",
    prefix: "[\n",
    suffix: "\n]\n",
    empty: "[]\n",
  }),
  file: {
    name: "whitelist.json",
    reloadCommand: "whitelist reload",
    count: (bytes) => {
      try {
        const players: unknown = JSON.parse(new TextDecoder().decode(bytes));
        return Array.isArray(players) ? players.length : 0;
      } catch {
        return 0;
      }
    },
    players: (bytes) => {
      try {
        const players: unknown = JSON.parse(new TextDecoder().decode(bytes));
        if (!Array.isArray(players)) return null;
        return players.flatMap((player: { uuid?: unknown; name?: unknown } | null) =>
          typeof player?.name === "string" && player.name !== ""
            ? [
                {
                  nick: player.name,
                  uuid: typeof player.uuid === "string" ? player.uuid : null,
                  premium: false,
                },
              ]
            : [],
        );
      } catch {
        return null;
      }
    },
    reader: {
      label: "a Minecraft whitelist.json",
      order: 1,
      recognises: (fileName, text) => {
        const start = text.trimStart()[0];
        return fileName.toLowerCase().endsWith(".json") || start === "[" || start === "{";
      },
      read: (fileName, text) => {
        // The names are taken; the UUIDs are not trusted (each name is looked up again).
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          throw new UnreadableFileError(`${fileName} is not valid JSON (${(error as Error).message}).`);
        }
        const notVanilla = `${fileName} is JSON, but not a whitelist.json (a list of {"uuid", "name"} entries).`;
        if (!Array.isArray(parsed)) throw new UnreadableFileError(notVanilla);
        const lines = elementLines(text);
        return parsed.map((element: unknown, index) => {
          const name = (element as { name?: unknown } | null)?.name;
          if (typeof element !== "object" || element === null || typeof name !== "string") {
            throw new UnreadableFileError(`Entry ${index + 1} of ${fileName} has no "name": ${notVanilla}`);
          }
          return { line: lines[index] ?? index + 1, name };
        });
      },
    },
  },
} satisfies FormatSpec;

/** The UUID a server checks for a player: the stored one, else the offline UUID of the nick. */
const uuidOf = (player: Player) => player.uuid ?? offlineUuid(player.nick);

/**
 * The line each element of a JSON array starts on; `text` is valid JSON (strings hold no raw line break), so a
 * scan of brackets and strings finds them without a second parser.
 */
export function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (const char of text) {
    if (char === "\n") line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r" || char === "\n") continue;
    if (depth === 1 && expectElement && char !== "]") {
      lines.push(line);
      expectElement = false;
    }
    if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (char === "]" || char === "}") depth--;
    else if (char === "," && depth === 1) expectElement = true;
  }
  return lines;
}
