import type { Accounts } from "../accounts/service.ts";
import type { EntryRecord, RoleFailure } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import { text } from "../i18n/messages.ts";
import type { Nicknames } from "../nicknames/service.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { Departures } from "./departures.ts";
import type { Member } from "./model.ts";
import { grantedForEntries, type RoleGrants } from "./roles.ts";
import { requireManager, requireNotLinkedElsewhere } from "./rules.ts";

/** A manager hands the nick `nick` of a whitelist over to `member`. */
export type TransferInput = WhitelistRef & { nick: string; member: Member; actor: Member };

/** What a transfer did: the entry as it is now, who had it, and the roles that could not be changed. */
export type Transfer = {
  entry: EntryRecord;
  whitelist: Whitelist;
  /** Who had it: its owner, or for a guest the staff member who added them (`wasGuest`). */
  previousOwnerId: string;
  wasGuest: boolean;
  /** Roles the new owner could not be given (the transfer stands). */
  grantFailures: RoleFailure[];
  /** Roles the previous owner no longer needs and the bot could not take back. */
  revertFailures: RoleFailure[];
};

/**
 * Creates the transfers (docs/decisions.md, Import and transfer): handing a nick to another member changes
 * its owner and roles only, so no event is published; the roles move as a registration and a removal would
 * move them.
 */
export function createTransfers(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  grants: RoleGrants;
  departures: Departures;
  links: Pick<Accounts, "ownerOf">;
  /** A transfer publishes no event: the nicknames of both members are told here (src/nicknames). */
  nicknames: Pick<Nicknames, "follow">;
  logger: Logger;
}) {
  const { whitelists, entries, grants, departures, links, nicknames, logger } = deps;

  /**
   * One owner per account per guild (docs/decisions.md, Proof of ownership): an account another member proved is
   * theirs, and a verified entry goes to another member by their own proof, which hands it over (so the flag,
   * public, never says a member proved what they did not).
   */
  const requireTransferable = async (entry: EntryRecord, guildId: string, to: Member) => {
    const owner = entry.uuid === null ? undefined : await links.ownerOf(guildId, entry.uuid);
    requireNotLinkedElsewhere(entry, owner, to, false);
    if (entry.verified && owner?.userId !== to.userId) {
      throw new DomainError("account-linked", text("error.transfer.proven", { nick: entry.nick }));
    }
  };

  const requirePresent = (guildId: string, userId: string) => {
    if (departures.has(guildId, userId)) {
      throw new DomainError("member-left", text("error.memberLeft.transfer"));
    }
  };

  /**
   * The previous owner's roles the entry recorded, taken back in their queue unless another entry of theirs
   * records them too (as the role reverter does for a removal); nothing for a member who left.
   */
  const revert = async (guildId: string, userId: string, previous: string[]): Promise<RoleFailure[]> => {
    const needed = await grantedForEntries(entries, guildId, userId);
    const revoke = previous.filter((roleId) => !needed.has(roleId));
    if (revoke.length === 0 || departures.has(guildId, userId)) return [];
    const { done, failed } = await grants.change("revoke", guildId, userId, revoke);
    if (done.length > 0) logger.info("roles reverted", { guildId, userId, roleIds: done.join(",") });
    if (failed.length > 0) {
      logger.warn("roles not reverted", { guildId, userId, roleIds: failed.map((f) => f.roleId).join(",") });
    }
    return failed;
  };

  return {
    /**
     * Hands a nick (any letter case; a Bedrock one also by gamertag) over to `member` (managers only): in the new
     * owner's queue, their roles read from Discord and the whitelist's granted roles given as for a
     * registration, then the entry's owner and recorded roles changed in one transaction; then the roles the
     * previous owner no longer needs for any entry are taken back, in their queue. Not bound by the member's
     * limit, like an import. No event: the entry every consumer sees is the same.
     */
    async transfer(input: TransferInput): Promise<Transfer> {
      const whitelist = await whitelists.resolve(input);
      requireManager(whitelist, input.actor);
      const entry = await entries.requireTyped(whitelist, input.nick);
      const { guildId } = whitelist;
      const to = input.member;
      if (entry.userId === to.userId && !entry.guest) {
        throw new DomainError(
          "already-owner",
          text("error.transfer.same", { nick: entry.nick, whitelist: whitelist.name }),
        );
      }
      await requireTransferable(entry, guildId, to);
      let previous: string[] = [];
      const { after, grantFailures } = await grants.exclusive(guildId, to.userId, async () => {
        requirePresent(guildId, to.userId);
        const roleIds = await grants.currentRoles(guildId, to);
        if (roleIds === null) {
          departures.record(guildId, to.userId);
          requirePresent(guildId, to.userId);
        }
        // The nick's groups follow its new owner's roles, read from the store (docs/decisions.md, Ranks).
        await entries.groups.memberRoles({
          guildId,
          userId: to.userId,
          roleIds: roleIds ?? [],
          registering: true,
        });
        const { granted, recorded, failures } = await grants.grant(whitelist, {
          ...to,
          roleIds: roleIds ?? [],
        });
        try {
          const { after } = await entries.transfer(
            {
              whitelistId: whitelist.id,
              entryId: entry.id,
              from: entry.userId,
              guest: entry.guest,
              to: to.userId,
              grantedRoleIds: recorded,
            },
            {
              guard: () => requirePresent(guildId, to.userId),
              // Noted at the commit, as the role reverter does for a removal: a registration of the previous
              // owner under way knows these roles are the bot's until the revert decides on them.
              committed: ({ before }) => {
                previous = [...new Set(before.grantedRoleIds)];
                grants.reverting(guildId, before.userId, previous);
              },
            },
          );
          return { after, grantFailures: failures };
        } catch (error) {
          await grants.takeBack(guildId, to.userId, granted);
          throw error;
        }
      });
      let revertFailures: RoleFailure[] = [];
      if (previous.length > 0) {
        const roleIds = previous;
        revertFailures = await grants
          .changes(guildId, entry.userId, () => revert(guildId, entry.userId, roleIds))
          .finally(() => grants.reverted(guildId, entry.userId, roleIds));
      }
      // Both nicknames follow: the nick may have named the previous owner, and may name the new one now.
      void nicknames.follow(guildId, entry.userId);
      void nicknames.follow(guildId, to.userId);
      logger.info("entry transferred", {
        guildId,
        whitelistId: whitelist.id,
        nick: after.nick,
        from: entry.userId,
        to: to.userId,
        actorId: input.actor.userId,
      });
      return {
        entry: after,
        whitelist,
        previousOwnerId: entry.userId,
        wasGuest: entry.guest,
        grantFailures,
        revertFailures,
      };
    },
  };
}
