import { PermissionFlagsBits } from "discord-api-types/v10";
import { memberRoles, type SandboxMember, type SandboxState } from "./state.ts";

/** Every permission bit Discord defines. */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** A member's guild permissions as Discord computes them (no channel overwrites exist in the sandbox). */
export function memberPermissions(state: SandboxState, member: SandboxMember): bigint {
  if (member.user.id === state.guild.ownerId) return ALL_PERMISSIONS;
  let permissions = BigInt(state.roles.get(state.guild.id)?.permissions ?? "0");
  for (const role of memberRoles(state, member)) permissions |= BigInt(role.permissions);
  if ((permissions & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  return permissions;
}

/** True when the member holds the permission (Administrator and ownership imply all). */
export function hasPermission(state: SandboxState, member: SandboxMember, permission: bigint): boolean {
  return (memberPermissions(state, member) & permission) === permission;
}

/** Position of the member's highest role (0 when they only have @everyone). */
export function highestPosition(state: SandboxState, member: SandboxMember): number {
  return memberRoles(state, member)[0]?.position ?? 0;
}

/**
 * Discord's rule for giving or taking a role: Manage Roles, and the role strictly below the actor's
 * highest role (the owner may manage any role).
 */
export function canManageRole(state: SandboxState, actor: SandboxMember, roleId: string): boolean {
  if (actor.user.id === state.guild.ownerId) return true;
  const role = state.roles.get(roleId);
  if (!role || !hasPermission(state, actor, PermissionFlagsBits.ManageRoles)) return false;
  return role.position < highestPosition(state, actor);
}
