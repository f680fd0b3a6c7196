import { escapeMarkdown } from "discord.js";

/** Discord refuses a message whose content is longer than this (Execute Webhook, `content`). */
export const MESSAGE_LIMIT = 2000;

/**
 * `content` cut to Discord's limit with an ellipsis: a reply that is too long is refused outright, and a deferred
 * one then hangs with nothing shown. Counted in UTF-16 units, never fewer than the characters Discord counts.
 */
export function fitContent(content: string, limit = MESSAGE_LIMIT): string {
  if (content.length <= limit) return content;
  let cut = content.slice(0, limit - 1);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Line breaks and other control characters: each becomes a space. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Invisible format characters, bidirectional overrides and isolates among them: removed. */
const FORMATS = /\p{Cf}/gu;

/**
 * A name someone gave (a link key's) as the plain text it is, in a message or an embed: on one line, without
 * bidi overrides or other invisible characters, markdown (block quotes too) and mentions escaped. Keys named
 * before names were restricted (src/keys/name.ts) may hold anything, so every place the bot shows one goes
 * through here.
 */
export function plainName(name: string): string {
  const flat = name.replace(CONTROLS, " ").replace(FORMATS, "");
  return escapeMarkdown(flat, {
    heading: true,
    bulletedList: true,
    numberedList: true,
    maskedLink: true,
  })
    .replace(/^(\s*)>/, "$1\\>")
    .replace(/</g, "\\<");
}
