import type { RoleFailure } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { Member, RoleGateway } from "./model.ts";

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

/** Takes roles back from a member through the port: which Discord confirmed, and why each other one failed. */
export function revokeRoles(roles: RoleGateway, guildId: string, userId: string, roleIds: string[]) {
  return settleRoleChange(
    roleIds,
    async () => {
      const result = await roles.revoke(guildId, userId, roleIds);
      return { done: result.revoked, failed: result.failed };
    },
    "Discord did not confirm the role was removed.",
  );
}

/** The roles a member needs because of their entries in a guild: those the bot granted for any of them. */
export function grantedForEntries(entries: EntryService, guildId: string, userId: string): Set<string> {
  return new Set(entries.listForUserInGuild(guildId, userId).flatMap((entry) => entry.grantedRoleIds));
}

/** Role grants of registrations, and taking them back when a registration could not be stored. */
export type RoleGrants = ReturnType<typeof createRoleGrants>;

/** Creates the role grants over the roles port (Discord) and the entries that record what was granted. */
export function createRoleGrants({
  entries,
  roles,
  logger,
}: {
  entries: EntryService;
  roles: RoleGateway;
  logger: Logger;
}) {
  return {
    /**
     * Grants the whitelist's roles the member lacks. Records those granted, plus those the member holds only
     * because the bot granted them for another of their entries in this guild: then removing either entry keeps
     * the role while the other remains (docs/decisions.md, Roles). Roles the member had on their own are never
     * recorded.
     */
    async grant(whitelist: Whitelist, member: Member) {
      const wanted = [...new Set(whitelist.grantedRoleIds)];
      const held = new Set(member.roleIds);
      const botGranted = grantedForEntries(entries, whitelist.guildId, member.userId);
      const missing = wanted.filter((roleId) => !held.has(roleId));
      const { done: granted, failed: failures } =
        missing.length === 0
          ? { done: [], failed: [] }
          : await settleRoleChange(
              missing,
              async () => {
                const result = await roles.grant(whitelist.guildId, member.userId, missing);
                return { done: result.granted, failed: result.failed };
              },
              "Discord did not confirm the role was given.",
            );
      const recorded = wanted.filter(
        (roleId) => granted.includes(roleId) || (held.has(roleId) && botGranted.has(roleId)),
      );
      if (failures.length > 0) {
        logger.warn("roles not granted", {
          guildId: whitelist.guildId,
          whitelistId: whitelist.id,
          userId: member.userId,
          roleIds: failures.map((failure) => failure.roleId).join(","),
        });
      }
      return { granted, recorded, failures };
    },

    /**
     * Takes back roles granted for a registration that then could not be stored, except those a stored entry of
     * the member records (a concurrent registration of theirs that won may have been granted the same role).
     */
    async takeBack(guildId: string, userId: string, granted: string[]): Promise<void> {
      const needed = grantedForEntries(entries, guildId, userId);
      const roleIds = granted.filter((roleId) => !needed.has(roleId));
      if (roleIds.length === 0) return;
      const { failed } = await revokeRoles(roles, guildId, userId, roleIds);
      if (failed.length > 0) {
        logger.warn("roles of a failed registration not reverted", {
          guildId,
          userId,
          roleIds: failed.map((failure) => failure.roleId).join(","),
        });
      }
    },
  };
}
