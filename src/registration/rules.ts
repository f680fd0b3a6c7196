import type { Whitelist } from "../whitelists/model.ts";
import type { Member, RoleFailure } from "./model.ts";

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

/**
 * What a role change did, role by role: the roles Discord confirmed, and a reason for every other one (a
 * role missing from both lists counts as failed; a thrown error fails them all).
 */
export async function settleRoleChange(
  roleIds: string[],
  change: () => Promise<{ done: string[]; failed: RoleFailure[] }>,
  unconfirmed: string,
): Promise<{ done: string[]; failed: RoleFailure[] }> {
  try {
    const result = await change();
    const done = roleIds.filter((roleId) => result.done.includes(roleId));
    const failed = roleIds
      .filter((roleId) => !done.includes(roleId))
      .map(
        (roleId) =>
          result.failed.find((failure) => failure.roleId === roleId) ?? { roleId, reason: unconfirmed },
      );
    return { done, failed };
  } catch (error) {
    return { done: [], failed: roleIds.map((roleId) => ({ roleId, reason: unreachable(error) })) };
  }
}
