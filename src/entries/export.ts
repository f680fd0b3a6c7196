import { offlineUuid } from "../nicks/uuid.ts";
import type { EntryView } from "./model.ts";

/** What a file is rendered from: an entry's nick, UUID and premium flag (its expiry is no file's business). */
export type ExportEntry = Pick<EntryView, "nick" | "uuid" | "premium">;

/** Every export format, in the order they are documented. */
export const exportFormats = ["plain", "easywhitelist", "vanilla"] as const;

/** One export format. */
export type ExportFormat = (typeof exportFormats)[number];

/** A rendered export: the bytes, and the name a server expects the file under. */
export type ExportFile = { body: Uint8Array; fileName: string };

/** Orders strings by Unicode code point (JS `<` compares UTF-16 units, which differs above U+FFFF). */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/** Case-insensitive order with a code-point tie-break, so the output never depends on input order. */
export function byNick(a: Pick<ExportEntry, "nick">, b: Pick<ExportEntry, "nick">): number {
  return byCodePoint(a.nick.toLowerCase(), b.nick.toLowerCase()) || byCodePoint(a.nick, b.nick);
}

/**
 * Plain YAML scalars that a YAML 1.1 reader (SnakeYAML, used by Bukkit) would not read back as a string:
 * booleans and null. Scalars not starting with a letter are quoted too, as they may read as numbers.
 */
const yamlReserved = new Set(["y", "n", "yes", "no", "on", "off", "true", "false", "null"]);

/** A nick as a YAML scalar: plain when that surely reads back as the same string, else double-quoted. */
export function yamlScalar(nick: string): string {
  return /^[a-z][a-z0-9_]*$/.test(nick) && !yamlReserved.has(nick) ? nick : JSON.stringify(nick);
}

/**
 * Renders a whitelist's entries as the file a game server reads, from scratch. The service serves the same bytes
 * from pieces kept per entry (src/entries/bodies/), checked against this in test/entries/bodies.test.ts.
 */
export function renderExport(format: ExportFormat, entries: readonly ExportEntry[]): ExportFile {
  const sorted = [...entries].sort(byNick);
  const encode = (text: string) => new TextEncoder().encode(text);
  switch (format) {
    case "plain":
      return {
        body: encode(sorted.map((e) => `${e.nick}\n`).join("")),
        fileName: "whitelist.txt",
      };
    case "vanilla": {
      const players = sorted.map((e) => ({ uuid: e.uuid ?? offlineUuid(e.nick), name: e.nick }));
      return {
        body: encode(`${JSON.stringify(players, null, 2)}\n`),
        fileName: "whitelist.json",
      };
    }
    case "easywhitelist": {
      const nicks = [...new Set(entries.map((e) => e.nick.toLowerCase()))].sort(byCodePoint);
      const list = nicks.length === 0 ? " []\n" : `\n${nicks.map((n) => `  - ${yamlScalar(n)}\n`).join("")}`;
      return {
        body: encode(`whitelist: true\nwhitelisted:${list}`),
        fileName: "config.yml",
      };
    }
  }
}
