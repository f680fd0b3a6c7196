import type { Words } from "../i18n/words.ts";
/** A role list as mentions in a message (`<@&id>` renders as the role's name, pinging nobody here). */
export function roleMentions(roleIds: readonly string[]): string {
  return roleIds.map((roleId) => `<@&${roleId}>`).join(", ");
}

/**
 * Role mentions within `max` characters (an embed field value takes 1,024, Discord refuses more): as many as fit,
 * then how many more there are. A guild may have 250 roles; a list of them does not fit in one field.
 */
export function roleMentionsWithin(words: Words, roleIds: readonly string[], max: number): string {
  const all = roleMentions(roleIds);
  if (all.length <= max) return all;
  const more = (count: number) => ` ${words.t("common.andMore", { count })}`;
  let shown = "";
  for (const [index, roleId] of roleIds.entries()) {
    const next = index === 0 ? `<@&${roleId}>` : `${shown}, <@&${roleId}>`;
    if (`${next}${more(roleIds.length - index - 1)}`.length > max)
      return `${shown}${more(roleIds.length - index)}`;
    shown = next;
  }
  return shown;
}
