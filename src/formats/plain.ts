import { byNick } from "./order.ts";
import { erasedKeys, type FormatSpec, type ListedName, type Player } from "./spec.ts";

/** `whitelist.txt`: each nick followed by `\n`, sorted by nick; nothing at all when empty. */
export const plain = {
  contentType: "text/plain; charset=utf-8",
  render: (players: readonly Player[]) =>
    [...players]
      .sort((a, b) => byNick(a.nick, b.nick))
      .map((player) => `${player.nick}\n`)
      .join(""),
  pieces: erasedKeys({
    key: (entry) => entry.nick,
    compare: byNick,
    sortKey: (entry) => entry.nick.toLowerCase(),
    piece: (entry) => `${entry.nick}\n`,
    separator: "",
    prefix: "",
    suffix: "",
    empty: "",
  }),
  file: {
    name: "whitelist.txt",
    // No server or plugin is known to read it, so there is nothing to reload.
    reloadCommand: null,
    count: (bytes) =>
      new TextDecoder()
        .decode(bytes)
        .split("\n")
        .filter((line) => line !== "").length,
    players: (bytes) =>
      new TextDecoder()
        .decode(bytes)
        .split(/\r?\n/)
        .filter((line) => line.trim() !== "")
        .map((line) => ({ nick: line.trim(), uuid: null, premium: false })),
    reader: {
      label: "a plain list",
      hint: "one nick per line",
      order: 2,
      read: (_fileName, text) => {
        // Blank lines and lines starting with `#` are left out.
        const names: ListedName[] = [];
        text.split(/\r\n|\r|\n/).forEach((raw, index) => {
          const trimmed = raw.trim();
          if (trimmed !== "" && !trimmed.startsWith("#")) names.push({ line: index + 1, name: trimmed });
        });
        return names;
      },
    },
  },
} satisfies FormatSpec;
