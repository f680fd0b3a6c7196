import type { Whitelist } from "../whitelists/model.ts";
import type { Member } from "./model.ts";

/** Whether `member` manages `whitelist`: Manage Server, or any of its manager roles. The one place for this rule. */
export function isManager(whitelist: Pick<Whitelist, "managerRoleIds">, member: Member): boolean {
  return member.canManageGuild || member.roleIds.some((roleId) => whitelist.managerRoleIds.includes(roleId));
}

/** Whether `member` may register on `whitelist` themselves: it requires no role, or they hold one of them. */
export function holdsRequiredRole(whitelist: Pick<Whitelist, "requiredRoleIds">, member: Member): boolean {
  return (
    whitelist.requiredRoleIds.length === 0 ||
    member.roleIds.some((roleId) => whitelist.requiredRoleIds.includes(roleId))
  );
}

/** A role list as a mention list for a member-facing message (`<@&id>` renders as the role's name). */
export function roleMentions(roleIds: string[]): string {
  return roleIds.map((roleId) => `<@&${roleId}>`).join(", ");
}

/** "1 nick", "2 nicks". */
export function nicks(count: number): string {
  return count === 1 ? "1 nick" : `${count} nicks`;
}

/** A human reason for a role change the gateway could not even attempt. */
export function unreachable(error: unknown): string {
  return `The bot could not reach Discord (${error instanceof Error ? error.message : String(error)}).`;
}
