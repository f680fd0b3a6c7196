/**
 * What a new link key's name may hold: letters and digits of any script, spaces, `-`, `_` and `.`, 1-64 of them.
 * Names are shown in replies and log embeds, where markdown, line breaks and bidirectional overrides would render;
 * keys named before this rule may hold anything, so the bot escapes names wherever it shows them as well.
 */
const LINK_NAME = /^[\p{L}\p{N} ._-]{1,64}$/u;

/** The rule in words, for the refusal. */
export const LINK_NAME_RULE =
  "A link name is 1-64 letters, digits, spaces, `-`, `_` or `.`: no formatting, line breaks or control characters.";

/** Whether a trimmed `name` may name a new link key. */
export function isLinkName(name: string): boolean {
  return LINK_NAME.test(name);
}
