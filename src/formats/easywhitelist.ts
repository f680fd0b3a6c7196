import type { Document, YAMLMap, YAMLSeq } from "yaml";
import { byCodePoint } from "./order.ts";
import { erasedKeys, type FormatSpec, type Player, UnreadableFileError } from "./spec.ts";

// The YAML library (some 7 MiB) is loaded at the first config.yml read or merged, not with the format: rendering,
// which every read of the entries may do, needs none of it (docs/performance.md, Start and memory). A synchronous
// `require` of the bundled package, once.
const yaml = (): typeof import("yaml") => require("yaml");

/**
 * EasyWhitelist (the Spigot plugin, `/easywl`) keeps its list inside its `config.yml`, beside its other settings:
 * `whitelist` (on or off), `whitelisted` (the lower-cased names it lets in) and messages such as `no_whitelisted`
 * (the kick message). This format is the file a fresh install would use: `whitelist: true\nwhitelisted:\n` then
 * one `  - <nick>\n` line per lower-cased nick, once each, by code point (`whitelisted: []` when empty). The
 * `sync` agent fits that list into the config.yml a server already has, touching only those two keys.
 *
 * The plugin reads the file with SnakeYAML (Bukkit), a YAML 1.1 reader, so it is read here as YAML 1.1 too:
 * `whitelist: yes` is on, and a name written `on` or `123` is not the string a player types.
 */
export const easywhitelist = {
  contentType: "application/yaml; charset=utf-8",
  render: (players: readonly Player[]) => {
    const nicks = [...new Set(players.map((player) => player.nick.toLowerCase()))].sort(byCodePoint);
    const list =
      nicks.length === 0 ? " []\n" : `\n${nicks.map((nick) => `  - ${yamlScalar(nick)}\n`).join("")}`;
    return `whitelist: true\nwhitelisted:${list}`;
  },
  pieces: erasedKeys({
    key: (entry) => entry.nick.toLowerCase(),
    compare: byCodePoint,
    piece: (entry) => `  - ${yamlScalar(entry.nick.toLowerCase())}\n`,
    separator: "",
    prefix: "whitelist: true\nwhitelisted:\n",
    suffix: "",
    empty: "whitelist: true\nwhitelisted: []\n",
    shared: (entry) => entry.nick.toLowerCase(),
  }),
  file: {
    name: "config.yml",
    reloadCommand: "easywl reload",
    count: (bytes) => playersOf(bytes)?.length ?? 0,
    players: (bytes) => playersOf(bytes)?.map((nick) => ({ nick, uuid: null, premium: false })) ?? null,
    update: (current, rendered) => mergeConfig(current, rendered),
    reader: {
      label: "an EasyWhitelist config.yml",
      order: 3,
      recognises: (fileName, text) => {
        const lower = fileName.toLowerCase();
        return lower.endsWith(".yml") || lower.endsWith(".yaml") || YAML_KEY.test(text);
      },
      read: (fileName, text) => {
        const { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } = yaml();
        // A name YAML 1.1 would read as something else (`on`, `123`) is taken as written.
        const lineCounter = new LineCounter();
        const doc = parseDocument(text, { version: "1.1", lineCounter });
        const error = doc.errors[0];
        if (error) {
          throw new UnreadableFileError(`${fileName} is not valid YAML (${error.message.split("\n")[0]}).`);
        }
        const noList = new UnreadableFileError(
          `${fileName} has no \`whitelisted:\` list of names, so it is not an EasyWhitelist config.yml.`,
        );
        if (!isMap(doc.contents)) throw noList;
        const list = doc.contents.get("whitelisted", true);
        if (list === undefined) throw noList;
        if (isScalar(list) && list.value === null) return [];
        if (!isSeq(list)) throw noList;
        return list.items.map((item, index) => {
          const offset = (item as { range?: [number, number, number] } | null)?.range?.[0];
          const line = offset === undefined ? index + 1 : lineCounter.linePos(offset).line;
          if (!isScalar(item)) return { line, name: JSON.stringify(isNode(item) ? item.toJSON() : item) };
          const value = typeof item.value === "string" ? item.value : (item.source ?? String(item.value));
          return { line, name: value };
        });
      },
    },
  },
} satisfies FormatSpec;

/** A line that starts a YAML mapping key at its first column (`whitelisted:`, `whitelist: true`). */
const YAML_KEY = /^[^\s#-][^:\n]*:(?:[ \t]|$)/m;

/**
 * Plain YAML scalars that a YAML 1.1 reader (SnakeYAML, used by Bukkit) would not read back as a string:
 * booleans and null. Scalars not starting with a letter are quoted too, as they may read as numbers.
 */
const yamlReserved = new Set(["y", "n", "yes", "no", "on", "off", "true", "false", "null"]);

/** A nick as a YAML scalar: plain when that surely reads back as the same string, else double-quoted. */
export function yamlScalar(nick: string): string {
  return /^[a-z][a-z0-9_]*$/.test(nick) && !yamlReserved.has(nick) ? nick : JSON.stringify(nick);
}

const parse = (text: string) => yaml().parseDocument(text, { version: "1.1" });

/** The document's top-level mapping (null for a file without content), or an error saying why it is none. */
function topMap(doc: Document): YAMLMap | null {
  const error = doc.errors[0];
  if (error) throw new UnreadableFileError(`not valid YAML (${error.message.split("\n")[0]})`);
  if (doc.contents === null) return null;
  if (!yaml().isMap(doc.contents)) throw new UnreadableFileError("not a mapping of keys (as config.yml is)");
  return doc.contents;
}

/** The two keys as the plugin reads them: `whitelist` on or not, and the names, null unless a list of names. */
function readKeys(doc: Document): { on: boolean; names: string[] | null } {
  const values = (doc.toJS() ?? {}) as { whitelist?: unknown; whitelisted?: unknown };
  const names = values.whitelisted;
  return {
    on: values.whitelist === true,
    names: Array.isArray(names) && names.every((name) => typeof name === "string") ? names : null,
  };
}

/** The players a config.yml lets in (`whitelisted`); null when the file is not a config.yml with a list. */
export function playersOf(bytes: Uint8Array): string[] | null {
  try {
    const doc = parse(new TextDecoder().decode(bytes));
    topMap(doc);
    return readKeys(doc).names;
  } catch {
    return null;
  }
}

/**
 * Bukkit writes block lists flush with their key (`whitelisted:` then `- name`); a file written that way keeps
 * that style, so only the whitelist keys change. A list item at column 0 can only be such a list in a
 * mapping; any other file gets the service's own style (`  - name`).
 */
const flushLists = (text: string) => /^-(?:[ \t]|$)/m.test(text);

/**
 * A comment on the line of a key whose value is a block list or mapping (`whitelisted: # who may join`) is
 * parsed as a comment before the value, which the library prints on a line of its own; put back on the key,
 * it stays on its line.
 */
function keepKeyLineComments(doc: Document, source: string): void {
  const { isCollection, isScalar, visit } = yaml();
  visit(doc, {
    Pair(_, pair) {
      const { key, value } = pair;
      if (!isScalar(key) || !key.range || !isCollection(value) || value.flow || !value.commentBefore) return;
      if (!/^[ \t]*:[ \t]*#/.test(source.slice(key.range[1]))) return;
      const [first, ...rest] = value.commentBefore.split("\n");
      key.comment = first;
      value.commentBefore = rest.length > 0 ? rest.join("\n") : undefined;
    },
  });
}

/**
 * The bytes a server's config.yml should hold to let in exactly the players of `rendered` (this format's bytes),
 * or null when it already does: `whitelist` is on and `whitelisted` holds those names in that order, as the
 * plugin reads them. Only those two keys change: every other key, comment and the key order stay (a missing key
 * is added at the end). The new names keep the quoting `render` chose, which SnakeYAML reads back as the same
 * strings. With no file, or an empty one, the answer is `rendered` itself. Throws UnreadableFileError for a
 * file that is not a YAML mapping, rather than overwrite settings it cannot read.
 */
export function mergeConfig(current: Uint8Array | null, rendered: Uint8Array): Uint8Array | null {
  const { isCollection, isNode, isScalar, isSeq, Scalar } = yaml();
  const source = current === null ? "" : new TextDecoder().decode(current);
  const fresh = parse(new TextDecoder().decode(rendered));
  const wanted = fresh.get("whitelisted", true);
  if (!isSeq(wanted)) throw new Error("the rendered config.yml has no whitelisted list");
  if (source.trim() === "") return rendered;

  const doc: Document = parse(source);
  const existing = topMap(doc);
  const { on, names } = readKeys(doc);
  const target = readKeys(fresh).names ?? [];
  if (on && names?.length === target.length && names.every((name, i) => name === target[i])) return null;

  keepKeyLineComments(doc, source);
  let map = existing;
  if (map === null) {
    map = doc.createNode({}) as YAMLMap;
    doc.contents = map;
  }
  const enabled = map.get("whitelist", true);
  if (isScalar(enabled)) enabled.value = true;
  else map.set("whitelist", new Scalar(true));

  // The comments around the old list stay around the new one; only those between its items go with them.
  const list = wanted as YAMLSeq;
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === "whitelisted");
  const old = pair?.value;
  if (pair && isScalar(pair.key) && isNode(old)) {
    const inline = !isCollection(old) || old.flow === true;
    const keyLine = pair.key.comment ?? (inline ? old.comment : undefined);
    const after = inline ? undefined : old.comment;
    list.commentBefore = old.commentBefore;
    if (list.flow) {
      pair.key.comment = undefined;
      list.comment = [keyLine, after].filter((c) => c !== undefined).join("\n") || undefined;
    } else {
      pair.key.comment = keyLine;
      list.comment = after;
    }
    pair.value = list;
  } else {
    map.set("whitelisted", list);
  }

  const text = doc.toString({ lineWidth: 0, indentSeq: !flushLists(source) });
  return new TextEncoder().encode(source.includes("\r\n") ? text.replaceAll("\n", "\r\n") : text);
}
