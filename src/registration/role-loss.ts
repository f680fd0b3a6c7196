import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { RoleGrants } from "./roles.ts";
import { followsRoles, lostAccess } from "./rules.ts";

/**
 * Access follows roles (docs/decisions.md): a member who holds none of a whitelist's required roles any more loses
 * their nicks on it (origin `role-lost`), unless the whitelist keeps them (`onRoleLoss: keep`). The bot reports
 * each member's roles as Discord has them (a member update, a role deleted, the check at start and after a
 * resume, a change of the whitelist's required roles); this decides and removes.
 */
export function createRoleLoss(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  grants: Pick<RoleGrants, "exclusive">;
  logger: Logger;
}) {
  const { whitelists, entries, grants, logger } = deps;

  /** Removes what a member holding `roleIds` lost; runs in their queue (see `check`). */
  const removeLost = async (input: { guildId: string; userId: string; roleIds: readonly string[] }) => {
    const lost = new Set(
      (await whitelists.listForGuild(input.guildId))
        .filter((whitelist) => lostAccess(whitelist, input.roleIds))
        .map((whitelist) => whitelist.id),
    );
    if (lost.size === 0) return [];
    const held = (await entries.listForUserInGuild(input.guildId, input.userId)).filter((entry) =>
      lost.has(entry.whitelistId),
    );
    if (held.length === 0) return [];
    const removed = await entries.removeAllForUser({
      userId: input.userId,
      whitelistIds: [...new Set(held.map((entry) => entry.whitelistId))],
      origin: "role-lost",
    });
    if (removed.length > 0) {
      logger.info("member lost a required role", {
        guildId: input.guildId,
        userId: input.userId,
        removed: removed.length,
      });
    }
    return removed;
  };

  return {
    /**
     * A member holds `roleIds` now: removes their entries on the guild's whitelists whose nicks follow roles and
     * of whose required roles they hold none, each with its `entry.removed` event (origin `role-lost`); the role
     * reverter takes back what the bot granted for them. It runs in the member's queue
     * (`RoleGrants.exclusive`), like a departure: a registration of theirs already storing finishes first and is
     * removed with the rest; one that stores later reads their roles from Discord then and is refused. The
     * whitelists are read when its turn comes, so a policy switched to `keep` meanwhile is honoured. Removing
     * what is already gone removes nothing: checking twice publishes each removal once. The entries that stay then
     * take the groups these roles map to (src/entries/groups.ts), each change once.
     */
    check(input: { guildId: string; userId: string; roleIds: readonly string[] }): Promise<EntryRecord[]> {
      return grants.exclusive(input.guildId, input.userId, async () => {
        const removed = await removeLost(input);
        // What remains follows the roles too: its groups (docs/decisions.md, Ranks that follow roles).
        await entries.groups.memberRoles(input);
        return removed;
      });
    },

    /** Owners of entries on the guild's whitelists whose nicks follow roles and which require `roleId`. */
    async ownersRequiring(guildId: string, roleId: string): Promise<string[]> {
      const concerned = (await whitelists.listForGuild(guildId)).filter(
        (whitelist) => followsRoles(whitelist) && whitelist.requiredRoleIds.includes(roleId),
      );
      return entries.ownersOn(concerned.map((whitelist) => whitelist.id));
    },

    /** Owners of entries on a whitelist whose nicks follow roles (none when they do not). */
    async ownersFollowing(whitelistId: string): Promise<string[]> {
      const whitelist = await whitelists.get(whitelistId);
      return whitelist && followsRoles(whitelist) ? entries.ownersOn([whitelist.id]) : [];
    },
  };
}

/** The role-loss checks. */
export type RoleLoss = ReturnType<typeof createRoleLoss>;
