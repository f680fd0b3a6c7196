import type { Words } from "../i18n/words.ts";

/** Discord refuses a message whose content is longer than this (Execute Webhook, `content`). */
export const MESSAGE_LIMIT = 2000;

/**
 * `content` cut to Discord's limit with an ellipsis: a reply that is too long is refused outright, and a deferred
 * one then hangs with nothing shown. Counted in UTF-16 units, never fewer than the characters Discord counts.
 */
export function fitContent(content: string, limit = MESSAGE_LIMIT): string {
  if (content.length <= limit) return content;
  let cut = content.slice(0, limit - 1);
  // Never end on half of a surrogate pair, nor on half of an escape (`\` without the character it escapes).
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  if (/(^|[^\\])(\\\\)*\\$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Line breaks and other control characters: each becomes a space. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Invisible format characters, bidirectional overrides and isolates among them: removed. */
const FORMATS = /\p{Cf}/gu;

/** Characters Discord's client may read as markdown wherever they stand: each is escaped with a backslash. */
const INLINE = /[\\*_~|`[\]<]/g;
/** What Discord's client reads as markdown only at the start of a line: headings, subtext, lists, block quotes. */
const LINE_START = /^(\s*)([#>*-]|\d+\.)/;

/**
 * Text someone else wrote, as the literal text it is wherever the bot writes it (a message, an embed): nicks and
 * Minecraft names (`__init__` would underline), whitelist, role, channel and file names, reasons and notes, and
 * whatever a member typed that is echoed back (`[free nitro](https://…)` would be a masked link, a ``` an open code
 * block). On one line (so only its start can start a line), without bidi overrides or other invisible characters;
 * what Discord's client may read as markdown escaped, as its escape rule allows for any punctuation: emphasis, code,
 * spoilers, masked links, `<…>` (mentions, channels, timestamps), `@everyone` and `@here` anywhere; headings, `-#`
 * subtext, lists and block quotes at the start; and no link is made clickable (`https\://`). discord.js's escapeMarkdown is not enough: it misses subtext, and it
 * leaves underscores alone after a `<:` anywhere before them. Pings are each post's `allowedMentions` business.
 * The one escaping function of the bot: every place that shows such text goes through here (docs/decisions.md,
 * Text from members). Never inside a code span, where a backslash shows as itself.
 */
export function plainName(name: string): string {
  return name
    .replace(CONTROLS, " ")
    .replace(FORMATS, "")
    .replace(INLINE, "\\$&")
    .replace(/@(?=everyone|here)/g, "\\@")
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(LINE_START, (_, space: string, marker: string) => `${space}${marker.replace(/[^\d]/, "\\$&")}`);
}

/**
 * `text` as inline code, copyable as typed (a command to run, a nick as the game spells it), when it can be: a code
 * span shows backslashes as themselves and ends at the first backtick, which a Floodgate prefix, and so a Bedrock
 * nick, may hold. Such text is shown escaped instead (plainName), the same characters without the code look.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(CONTROLS, " ").replace(FORMATS, "");
  return flat.includes("`") || flat.trim() === "" ? plainName(flat) : `\`${flat}\``;
}

/** Keeps a message under Discord's 2000-character limit, saying (in `words`) how many lines were left out. */
export function fitLines(words: Words, header: string, lines: string[], limit = 1900): string {
  let text = header;
  for (let i = 0; i < lines.length; i++) {
    const next = `${text}\n${lines[i]}`;
    if (next.length > limit) return `${text}\n${words.t("common.andMore", { count: lines.length - i })}`;
    text = next;
  }
  return text;
}
