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
