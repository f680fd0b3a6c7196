import type { ChangeNotice, EventBus } from "../entries/bus.ts";
import type { RoleFailure } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { Departures } from "./departures.ts";
import { grantedForEntries, type RoleGrants } from "./roles.ts";

/** Roles of a removed entry that could not be taken back, for the bot to post to the log channel. */
export type RevertFailure = { notice: ChangeNotice; failed: RoleFailure[] };

/** What reverting one removal did. */
export type RevertOutcome = {
  notice: ChangeNotice;
  revoked: string[];
  kept: string[];
  failed: RoleFailure[];
};

/** A running role reverter. */
export type RoleReverter = {
  /** Calls `listener` with the roles of each removal that could not be taken back; returns the unsubscribe. */
  onFailure(listener: (failure: RevertFailure) => void | Promise<void>): () => void;
  /**
   * Resolves once every revert started so far has finished, and every other role change queued meanwhile (a
   * registration's grant): tests await this instead of sleeping, shutdown waits for it.
   */
  settled(): Promise<void>;
  /** Stops listening to the bus; reverts already started still finish. */
  stop(): void;
};

/**
 * Reverts the roles granted for an entry when it is removed (any origin but `member-left`, nor for a member the bot
 * saw leave or be banned: they are gone; never for an entry changed in place), except roles another remaining entry
 * of the same member in the same guild was granted too.
 */
export function createRoleReverter(deps: {
  bus: EventBus;
  entries: EntryService;
  grants: Pick<RoleGrants, "changes" | "change" | "reverting" | "reverted" | "settled">;
  /** Members the bot saw leave (or be banned): nothing to take back from them, whatever the removal's origin. */
  departures?: Pick<Departures, "has">;
  logger: Logger;
}): RoleReverter {
  const { bus, entries, grants, departures, logger } = deps;
  const running = new Set<Promise<RevertOutcome>>();
  const failureListeners = new Set<(failure: RevertFailure) => void | Promise<void>>();

  /**
   * Decides what to take back from what the member's entries record when its turn comes in the queue of the
   * member's role changes (a registration of theirs that committed meanwhile may need the same role), then takes
   * it back; a rate limit delays it, never drops it.
   */
  const revert = async (notice: ChangeNotice, granted: string[]): Promise<RevertOutcome> => {
    const { guildId } = notice.event;
    const { userId } = notice.entry;
    const stillNeeded = await grantedForEntries(entries, guildId, userId);
    const revoke = granted.filter((roleId) => !stillNeeded.has(roleId));
    const kept = granted.filter((roleId) => stillNeeded.has(roleId));
    if (revoke.length === 0) return { notice, revoked: [], kept, failed: [] };
    const { done: revoked, failed } = await grants.change("revoke", guildId, userId, revoke);
    if (revoked.length > 0) {
      logger.info("roles reverted", {
        guildId,
        userId,
        nick: notice.entry.nick,
        eventId: notice.event.id,
        roleIds: revoked.join(","),
      });
    }
    if (failed.length > 0) {
      logger.warn("roles not reverted", {
        guildId,
        userId,
        eventId: notice.event.id,
        roleIds: failed.map((failure) => failure.roleId).join(","),
      });
      for (const listener of failureListeners) {
        try {
          await listener({ notice, failed });
        } catch (error) {
          logger.error("role revert failure listener failed", {
            eventId: notice.event.id,
            error: String(error),
          });
        }
      }
    }
    return { notice, revoked, kept, failed };
  };

  const stop = bus.subscribe((notice) => {
    if (notice.event.type !== "entry.removed" || notice.event.origin === "member-left") return;
    // Half of an entry changed in place: the entry, and the roles granted for it, live on.
    if (notice.replacedBy) return;
    const granted = [...new Set(notice.entry.grantedRoleIds)];
    if (granted.length === 0) return;
    if (departures?.has(notice.event.guildId, notice.entry.userId)) return;
    // Noted and queued now, synchronously after the commit: a registration of the member that is already under
    // way knows these roles are the bot's, and one asked for after this removal runs after this revert.
    const { guildId } = notice.event;
    const { userId } = notice.entry;
    grants.reverting(guildId, userId, granted);
    const work = grants
      .changes(guildId, userId, () => revert(notice, granted))
      .finally(() => {
        grants.reverted(guildId, userId, granted);
        running.delete(work);
      });
    running.add(work);
    // The outbox of replicas records the revert as done once it is (src/cluster/outbox.ts).
    return work;
  }, "roles");

  return {
    onFailure(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
      await grants.settled();
    },
    stop,
  };
}
