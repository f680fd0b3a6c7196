import type { Guild } from "discord.js";
import { text } from "../../i18n/messages.ts";
import type { Words } from "../../i18n/words.ts";
import { clip } from "../../shared/text.ts";
import { MAX_ROLE_LIMIT, type Whitelist } from "../../whitelists/model.ts";
import { DiscordRefusal } from "../errors.ts";
import { plainName } from "../text.ts";

/** What `/whitelist roles limit:<role>=<n>` asks for: a role and its nick limit (null: clear it). */
export type RoleLimitChange = { roleId: string; limit: number | null };

/** How to write a limit, said when what was typed is not one. */
const usage = () => new DiscordRefusal("invalid-input", text("roleLimit.usage", { max: MAX_ROLE_LIMIT }));

const MENTION = /^<@&(\d{1,20})>$/;
const ROLE_ID = /^\d{17,20}$/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * The role a manager typed: a mention (`<@&id>`, what Discord puts in a string option when `@Role` is picked), an
 * id or a name (any letter case, with or without `@`). It must exist in the guild, except to clear the limit of a
 * role deleted since (`limits` still has it). @everyone is returned as its id, for the service to refuse.
 */
function findRole(typed: string, guild: Guild, limits: Readonly<Record<string, number>>, clearing: boolean) {
  const byId = MENTION.exec(typed)?.[1] ?? (ROLE_ID.test(typed) ? typed : null);
  const name = typed.replace(/^@/, "").toLowerCase();
  if (byId === guild.id || name === "everyone") return guild.id;
  if (byId !== null) {
    if (guild.roles.cache.has(byId) || (clearing && Object.hasOwn(limits, byId))) return byId;
  } else {
    const named = guild.roles.cache.filter((role) => role.name.toLowerCase() === name);
    if (named.size > 1) {
      throw new DiscordRefusal(
        "invalid-input",
        text("roleLimit.ambiguous", { name: plainName(clip(typed)) }),
      );
    }
    const role = named.first();
    if (role) return role.id;
  }
  throw new DiscordRefusal(
    "invalid-input",
    byId === null
      ? text("roleLimit.unknownName", { name: plainName(clip(typed)) })
      : text("roleLimit.unknownId", { id: byId }),
  );
}

/**
 * Reads `<role>=<n>` (or `<role>=none`). The syntax is checked here; the range (1-100) and @everyone are the
 * whitelist service's rules, checked when the limit is stored.
 */
export function parseRoleLimit(
  typed: string,
  guild: Guild,
  limits: Readonly<Record<string, number>>,
): RoleLimitChange {
  const at = typed.lastIndexOf("=");
  if (at < 0) throw usage();
  const typedRole = typed.slice(0, at).trim();
  const typedLimit = typed.slice(at + 1).trim();
  if (typedRole === "") throw usage();
  const clearing = typedLimit.toLowerCase() === "none";
  if (!clearing && !NUMBER.test(typedLimit)) {
    throw new DiscordRefusal(
      "invalid-input",
      text("roleLimit.notNumber", { max: MAX_ROLE_LIMIT, value: plainName(clip(typedLimit)) }),
    );
  }
  const roleId = findRole(typedRole, guild, limits, clearing);
  return { roleId, limit: clearing ? null : Number(typedLimit) };
}

/**
 * The nick limits by role in `words`, highest first, within `max` characters (a guild has up to 250 roles: as many
 * as fit, then how many more), and what a member without any of those roles gets. `words` defaults to English for
 * callers that do not pass their reader's yet.
 */
export function describeRoleLimits(words: Words, whitelist: Whitelist, max = 1024): string {
  const limits = Object.entries(whitelist.roleLimits).sort(([, a], [, b]) => b - a);
  if (limits.length === 0) return words.t("roleLimit.none", { max: whitelist.maxNicksPerUser });
  const others = words.t("roleLimit.others", { max: whitelist.maxNicksPerUser });
  const more = (count: number) => words.t("roleLimit.more", { count });
  let shown = "";
  for (const [index, [roleId, limit]] of limits.entries()) {
    const next = `${shown}${index === 0 ? "" : ", "}<@&${roleId}> ${words.number(limit)}`;
    const rest = limits.length - index - 1;
    if (`${next}${rest > 0 ? more(rest) : ""}${others}`.length > max) {
      return `${shown}${more(limits.length - index)}${others}`;
    }
    shown = next;
  }
  return `${shown}${others}`;
}
