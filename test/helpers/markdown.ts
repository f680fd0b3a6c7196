import { parse } from "discord-markdown-parser";

/** A node of the AST discord-markdown-parser builds (its types are loose: content is text or nodes). */
type Node = { type: string; content?: unknown; target?: string; [key: string]: unknown };

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map(show).join("") : "";

/**
 * One node as it shows: text and emoji as themselves; any formatting (emphasis, a link, code, a heading, a
 * mention…) marked ⟦type⟧…⟦/type⟧.
 */
function show(node: Node): string {
  if (node.type === "text") return textOf(node.content);
  if (node.type === "br") return "\n";
  if (node.type === "twemoji") return String(node.name);
  const inner = textOf(node.content);
  return `⟦${node.type}⟧${inner}⟦/${node.type}⟧`;
}

/**
 * What Discord's client shows for `markdown`, as read by discord-markdown-parser (a parser of Discord's own rules
 * nobody here wrote): the text, with each piece of formatting marked. Text someone else wrote appears in it as
 * the literal text only when nothing in it was read as formatting.
 */
export function rendered(markdown: string): string {
  return (parse(markdown, "extended") as Node[]).map(show).join("");
}

/** Text as the bot shows it on one line: line breaks as spaces, invisible characters gone (src/bot/text.ts). */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ").replace(/\p{Cf}/gu, "");
}

/**
 * `markdown` with Discord's escapes undone: the characters a reader sees, the bot's own formatting marks kept. For
 * tests about something else than escaping, which compare what the bot said with a nick such as `alice_mc`.
 */
export function unescaped(markdown: string): string {
  return markdown.replace(/\\([^\p{L}\p{N}\s])/gu, "$1");
}

/** Every kind of formatting Discord's client reads in `markdown` (discord-markdown-parser's node types), nested too. */
export function formattingIn(markdown: string): Set<string> {
  const kinds = new Set<string>();
  const walk = (content: unknown) => {
    if (!Array.isArray(content)) return;
    for (const node of content as Node[]) {
      if (node.type !== "text" && node.type !== "br") kinds.add(node.type);
      walk(node.content);
    }
  };
  walk(parse(markdown, "extended"));
  return kinds;
}
