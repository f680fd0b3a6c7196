import type { GuildMember, Role } from "discord.js";
import type { BotContext } from "../context.ts";
import { roleIdsOf } from "../members.ts";
import { type Reconciled, reconcileMembers } from "./reconcile.ts";

/**
 * A member's roles as the bot now sees them (guildMemberUpdate, or guildMemberAvailable for a member it had not
 * cached): their nicks on whitelists whose required roles they no longer hold go, origin `role-lost`
 * (docs/decisions.md, Access follows roles). Returns how many.
 */
export async function onMemberRoles(
  member: GuildMember,
  context: Pick<BotContext, "services">,
): Promise<number> {
  const removed = await context.services.registration.memberRoles({
    guildId: member.guild.id,
    userId: member.id,
    roleIds: roleIdsOf(member),
  });
  return removed.length;
}

/** Whether a member update changed their roles (nicknames, avatars and the rest concern no whitelist). */
export function rolesChanged(before: GuildMember, after: GuildMember): boolean {
  return !before.roles.cache.equals(after.roles.cache);
}

/**
 * A role was deleted from the guild. Discord sends no member update for its holders, so the owners of entries on
 * the whitelists that require it are asked about (100 at a time, as at start) and checked with the roles they
 * hold now. Nothing to ask when no whitelist that follows roles requires it.
 */
export async function onRoleDelete(
  role: Role,
  context: Pick<BotContext, "services" | "logger">,
): Promise<Reconciled> {
  const owners = await context.services.registration.ownersRequiringRole(role.guild.id, role.id);
  if (owners.length === 0) return { left: 0, roleLost: 0 };
  return reconcileMembers(role.guild, context, owners);
}
