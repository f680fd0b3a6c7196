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
export async function grantedForEntries(
  entries: EntryService,
  guildId: string,
  userId: string,
): Promise<Set<string>> {
  const held = await entries.listForUserInGuild(guildId, userId);
  return new Set(held.flatMap((entry) => entry.grantedRoleIds));
}

/**
 * One queue per member of a guild: work on a member's roles and entries runs one piece at a time, in the order
 * it was asked for (a revert published by a removal's commit, then a registration's grant and insert, then a
 * departure's removals), so each decides from what the ones before it left.
 */
function createMemberQueues() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(guildId: string, userId: string, work: () => Promise<T>): Promise<T> => {
    const key = `${guildId}:${userId}`;
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.then(
      () => {},
      () => {},
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** Role grants of registrations, and taking them back when a registration could not be stored. */
export type RoleGrants = ReturnType<typeof createRoleGrants>;

/** Creates the role grants over the roles port (Discord) and the entries that record what was granted. */
export function createRoleGrants({
  entries,
  roles,
  logger,
  published = async () => {},
}: {
  entries: EntryService;
  roles: RoleGateway;
  logger: Logger;
  /**
   * Resolves once every change committed before the call is published here. Replicas hear of a commit after
   * other connections already see it (the cluster's bus, src/cluster/bus.ts); one process publishes at the commit.
   */
  published?: () => Promise<void>;
}) {
  const exclusive = createMemberQueues();
  /** Roles of removed entries whose revert is queued but not done: the bot granted them, they are not the member's own. */
  const reverting = new Map<string, Map<string, number>>();
  const memberKey = (guildId: string, userId: string) => `${guildId}:${userId}`;
  return {
    /** Runs `work` when nothing else runs on this member's roles and entries (see createMemberQueues). */
    exclusive,

    /**
     * Notes roles a removal's revert will decide on (called synchronously at the removal's commit), until
     * `reverted`: meanwhile a registration of the member knows the bot granted them, though no entry records
     * them any more, and records them for itself instead of taking them for the member's own.
     */
    reverting(guildId: string, userId: string, roleIds: readonly string[]): void {
      const key = memberKey(guildId, userId);
      const roles = reverting.get(key) ?? new Map<string, number>();
      for (const roleId of roleIds) roles.set(roleId, (roles.get(roleId) ?? 0) + 1);
      reverting.set(key, roles);
    },

    /** The revert noted by `reverting` is done. */
    reverted(guildId: string, userId: string, roleIds: readonly string[]): void {
      const key = memberKey(guildId, userId);
      const roles = reverting.get(key);
      if (!roles) return;
      for (const roleId of roleIds) {
        const left = (roles.get(roleId) ?? 1) - 1;
        if (left > 0) roles.set(roleId, left);
        else roles.delete(roleId);
      }
      if (roles.size === 0) reverting.delete(key);
    },

    /**
     * The member's roles as Discord has them now: null when they left. When Discord cannot tell, the roles the
     * member was seen with (`member.roleIds`) have to do.
     */
    async currentRoles(guildId: string, member: Member): Promise<string[] | null> {
      try {
        return await roles.rolesOf(guildId, member.userId);
      } catch (error) {
        logger.warn("member roles not read", { guildId, userId: member.userId, error: String(error) });
        return member.roleIds;
      }
    },

    /**
     * Grants the whitelist's roles the member lacks. Records those granted, plus those the member holds only
     * because the bot granted them for another of their entries in this guild: then removing either entry keeps
     * the role while the other remains (docs/decisions.md, Roles). Roles the member had on their own are never
     * recorded.
     */
    async grant(whitelist: Whitelist, member: Member) {
      const wanted = [...new Set(whitelist.grantedRoleIds)];
      const held = new Set(member.roleIds);
      const botGranted = await grantedForEntries(entries, whitelist.guildId, member.userId);
      // A removal that read no longer saw may not be published yet, its revert not yet noted: wait until it is.
      await published();
      for (const roleId of reverting.get(memberKey(whitelist.guildId, member.userId))?.keys() ?? []) {
        botGranted.add(roleId);
      }
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
      const needed = await grantedForEntries(entries, guildId, userId);
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
