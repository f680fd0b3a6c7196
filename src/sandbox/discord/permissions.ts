import { PermissionFlagsBits } from "discord-api-types/v10";
import { memberRoles, type SandboxChannel, type SandboxMember, type SandboxState } from "./state.ts";

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

/**
 * A member's permissions in a channel, as Discord computes them: the guild's, then the channel's overwrites in
 * order (@everyone's, the member's roles' together, the member's own), each denying then allowing; without View
 * Channel nothing else counts. Administrator and ownership pass every overwrite.
 */
export function channelPermissions(
  state: SandboxState,
  member: SandboxMember,
  channel: SandboxChannel,
): bigint {
  const base = memberPermissions(state, member);
  if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  let permissions = base;
  const apply = (allow: bigint, deny: bigint) => {
    permissions = (permissions & ~deny) | allow;
  };
  const everyone = channel.overwrites.find((o) => o.type === 0 && o.id === state.guild.id);
  if (everyone) apply(BigInt(everyone.allow), BigInt(everyone.deny));
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of channel.overwrites) {
    if (overwrite.type !== 0 || !member.roleIds.includes(overwrite.id)) continue;
    allow |= BigInt(overwrite.allow);
    deny |= BigInt(overwrite.deny);
  }
  apply(allow, deny);
  const own = channel.overwrites.find((o) => o.type === 1 && o.id === member.user.id);
  if (own) apply(BigInt(own.allow), BigInt(own.deny));
  return (permissions & PermissionFlagsBits.ViewChannel) === 0n ? 0n : permissions;
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
 * Discord's rule for giving or taking a role: Manage Roles, and the role strictly below the actor's highest role
 * (the owner may manage any role). A role an integration manages (a bot's own role, the booster role) nobody may
 * give or take, the owner included: Discord answers 50013 Missing Permissions.
 */
export function canManageRole(state: SandboxState, actor: SandboxMember, roleId: string): boolean {
  const role = state.roles.get(roleId);
  if (role?.managed) return false;
  if (actor.user.id === state.guild.ownerId) return true;
  if (!role || !hasPermission(state, actor, PermissionFlagsBits.ManageRoles)) return false;
  return role.position < highestPosition(state, actor);
}

/**
 * Discord's rule for changing another member's nickname: Manage Nicknames, never the server's owner, and only a
 * member whose highest role is strictly below the actor's (docs.discord.com, Permissions, Permission Hierarchy: "A
 * bot can only kick, ban, and edit nicknames for users whose highest role is lower than the bot's highest role").
 * The owner may rename anyone but themselves through another's hand.
 */
export function canManageNickname(state: SandboxState, actor: SandboxMember, target: SandboxMember): boolean {
  if (target.user.id === state.guild.ownerId) return actor.user.id === state.guild.ownerId;
  if (actor.user.id === state.guild.ownerId) return true;
  if (!hasPermission(state, actor, PermissionFlagsBits.ManageNicknames)) return false;
  return highestPosition(state, target) < highestPosition(state, actor);
}
