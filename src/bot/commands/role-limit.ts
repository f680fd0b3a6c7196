import type { Guild } from "discord.js";
import { clip } from "../../shared/text.ts";
import { MAX_ROLE_LIMIT, type Whitelist } from "../../whitelists/model.ts";
import { DiscordRefusal } from "../errors.ts";
import { plainName } from "../text.ts";

/** What `/whitelist roles limit:<role>=<n>` asks for: a role and its nick limit (null: clear it). */
export type RoleLimitChange = { roleId: string; limit: number | null };

const USAGE =
  `Write a role's nick limit as \`<role>=<number>\` (1-${MAX_ROLE_LIMIT}), e.g. \`@Donor=3\`, or ` +
  "`@Donor=none` to clear it; the role by its mention, id or exact name.";

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
        `Several roles are named “${plainName(clip(typed))}”: give the role's mention or id instead.`,
      );
    }
    const role = named.first();
    if (role) return role.id;
  }
  const which = byId === null ? `role “${plainName(clip(typed))}”` : `role with the id ${byId}`;
  throw new DiscordRefusal(
    "invalid-input",
    `There is no ${which} on this server, so no limit was set. Pick it by its mention (type @ and its name), ` +
      "its id, or its exact name.",
  );
}

/**
 * Reads `<role>=<n>` (or `<role>=none`). The syntax is checked here; the range (1-100) and @everyone are the
 * whitelist service's rules, checked when the limit is stored.
 */
export function parseRoleLimit(
  text: string,
  guild: Guild,
  limits: Readonly<Record<string, number>>,
): RoleLimitChange {
  const at = text.lastIndexOf("=");
  if (at < 0) throw new DiscordRefusal("invalid-input", USAGE);
  const typedRole = text.slice(0, at).trim();
  const typedLimit = text.slice(at + 1).trim();
  if (typedRole === "") throw new DiscordRefusal("invalid-input", USAGE);
  const clearing = typedLimit.toLowerCase() === "none";
  if (!clearing && !NUMBER.test(typedLimit)) {
    throw new DiscordRefusal(
      "invalid-input",
      `A role's nick limit is a whole number from 1 to ${MAX_ROLE_LIMIT}, or none to clear it; ` +
        `“${plainName(clip(typedLimit))}” is neither.`,
    );
  }
  const roleId = findRole(typedRole, guild, limits, clearing);
  return { roleId, limit: clearing ? null : Number(typedLimit) };
}

/**
 * The nick limits by role, highest first, within `max` characters (a guild has up to 250 roles: as many as fit,
 * then how many more), and what a member without any of those roles gets.
 */
export function describeRoleLimits(whitelist: Whitelist, max = 1024): string {
  const limits = Object.entries(whitelist.roleLimits).sort(([, a], [, b]) => b - a);
  if (limits.length === 0) return `none (every member: ${whitelist.maxNicksPerUser}, max-nicks)`;
  const others = ` (a member gets their roles' highest; ${whitelist.maxNicksPerUser} without any, max-nicks)`;
  let shown = "";
  for (const [index, [roleId, limit]] of limits.entries()) {
    const next = `${shown}${index === 0 ? "" : ", "}<@&${roleId}> ${limit}`;
    const rest = limits.length - index - 1;
    if (`${next}${rest > 0 ? ` … and ${rest} more` : ""}${others}`.length > max) {
      return `${shown} … and ${limits.length - index} more${others}`;
    }
    shown = next;
  }
  return `${shown}${others}`;
}
