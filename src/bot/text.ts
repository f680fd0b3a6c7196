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

/** Every character Discord's client may read as markdown, wherever it stands: each is escaped with a backslash. */
const MARKDOWN = /[\\*_~|`>#\-[\]<@]/g;

/**
 * Text someone else wrote, as the literal text it is wherever the bot writes it (a message, an embed): nicks and
 * Minecraft names (`__init__` would underline), whitelist, role, channel and file names, reasons and notes, and
 * whatever a member typed that is echoed back (`[free nitro](https://…)` would be a masked link, a ``` an open code
 * block). On one line, without bidi overrides or other invisible characters; every character Discord's client may
 * read as markdown escaped, as its escape rule allows for any punctuation: emphasis, code, spoilers, masked links,
 * headings, `-#` subtext, lists, block quotes, `<…>` (mentions, channels, timestamps), `@everyone` and `@here`; and
 * no link is made clickable (`https\://`). discord.js's escapeMarkdown is not enough: it misses subtext, and it
 * leaves underscores alone after a `<:` anywhere before them. Pings are each post's `allowedMentions` business.
 * The one escaping function of the bot: every place that shows such text goes through here (docs/decisions.md,
 * Text from members). Never inside a code span, where a backslash shows as itself.
 */
export function plainName(name: string): string {
  return name
    .replace(CONTROLS, " ")
    .replace(FORMATS, "")
    .replace(MARKDOWN, "\\$&")
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(/^(\s*\d+)\./, "$1\\.");
}
