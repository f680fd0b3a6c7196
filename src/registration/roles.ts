import type { RoleFailure } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { Member, RoleGateway, RolesUnderWay } from "./model.ts";
import { changeRoles, createMemberQueues, type RoleChange, shareRoleChanges } from "./role-queue.ts";

/** The roles a member needs because of their entries in a guild: those the bot granted for any of them. */
export async function grantedForEntries(
  entries: EntryService,
  guildId: string,
  userId: string,
): Promise<Set<string>> {
  const held = await entries.listForUserInGuild(guildId, userId);
  return new Set(held.flatMap((entry) => entry.grantedRoleIds));
}

/** Roles granted for a registration after it was stored that Discord refused, for the log channel. */
export type GrantFailure = { guildId: string; userId: string; nick: string; failed: RoleFailure[] };

/**
 * How long the bot remembers roles it took back from a member: a registration of theirs that read their roles
 * before the revert (the command's own view of the member) still knows the role is the bot's to give again.
 */
const REVERTED_MEMORY_MS = 60_000;

/** Role grants of registrations, and taking them back when a registration could not be stored. */
export type RoleGrants = ReturnType<typeof createRoleGrants>;

/**
 * Creates the role grants over the roles port (Discord) and the entries that record what was granted. Two queues
 * per member: `exclusive` for their entries (a registration's checks and insert, a departure, a role lost), and
 * `changes` for their roles (grants, reverts, take-backs), so a member's answer never waits for a role: Discord's
 * role bucket (10 changes per 10 s per guild) delays roles, not registrations. Each queue runs its work in the
 * order asked, and role work decides what to change when its turn comes, from the entries as they are then.
 */
export function createRoleGrants({
  entries,
  roles,
  logger,
  published = async () => {},
  clock,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = () => performance.now(),
}: {
  entries: EntryService;
  roles: RoleGateway;
  logger: Logger;
  /**
   * Resolves once every change committed before the call is published here. Replicas hear of a commit after
   * other connections already see it (the cluster's bus, src/cluster/bus.ts); one process publishes at the commit.
   */
  published?: () => Promise<void>;
  clock: Clock;
  /** Sleeps before a role change Discord asked to wait for is tried again, or waits for its share of the budget. */
  wait?: (ms: number) => Promise<void>;
  /** Real time in ms, as Discord's rate limits run (performance.now): a member's share of the budget is counted on it. */
  now?: () => number;
}) {
  const exclusive = createMemberQueues();
  const changes = createMemberQueues();
  /**
   * Per member, roles of removed entries the bot is taking back (`count`: reverts under way) or took back less
   * than REVERTED_MEMORY_MS ago (`until`): the bot granted them, they are not the member's own.
   */
  const reverting = new Map<string, Map<string, { count: number; until: number }>>();
  const failureListeners = new Set<(failure: GrantFailure) => void | Promise<void>>();
  const memberKey = (guildId: string, userId: string) => `${guildId}:${userId}`;

  /** Roles the bot is taking back from the member, or took back a moment ago. */
  const uncertain = (guildId: string, userId: string): Set<string> => {
    const key = memberKey(guildId, userId);
    const roles = reverting.get(key);
    if (!roles) return new Set();
    const now = clock.now();
    for (const [roleId, state] of roles) if (state.count === 0 && state.until <= now) roles.delete(roleId);
    if (roles.size === 0) reverting.delete(key);
    return new Set(roles.keys());
  };

  // Every change goes through the member's share of the guild's budget (one member never spends it all).
  const shared = shareRoleChanges(roles, { now, wait });
  const change = (op: "grant" | "revoke", guildId: string, userId: string, roleIds: readonly string[]) =>
    changeRoles(shared, op, { guildId, userId, roleIds }, wait);

  /**
   * Which of the whitelist's roles the entry records, and which to grant. Recorded: those the member lacks (to be
   * granted), plus those they hold only because the bot granted them for another of their entries in this guild
   * (then removing either entry keeps the role while the other remains; docs/decisions.md, Roles), plus those a
   * revert of theirs is taking back (granted again after it). Roles the member had on their own are never
   * recorded. A member holding none of the whitelist's roles (a newcomer on launch day) is granted and recorded
   * all of them whatever their other entries and reverts say: nothing is read or waited for then.
   */
  const plan = async (whitelist: Whitelist, member: Member) => {
    const wanted = [...new Set(whitelist.grantedRoleIds)];
    const held = new Set(member.roleIds);
    if (!wanted.some((roleId) => held.has(roleId))) return { recorded: wanted, toGrant: wanted };
    const botGranted = await grantedForEntries(entries, whitelist.guildId, member.userId);
    // A removal that read no longer saw may not be published yet, its revert not yet noted: wait until it is.
    await published();
    const reverted = uncertain(whitelist.guildId, member.userId);
    const toGrant = wanted.filter((roleId) => !held.has(roleId) || reverted.has(roleId));
    const recorded = wanted.filter(
      (roleId) => toGrant.includes(roleId) || (held.has(roleId) && botGranted.has(roleId)),
    );
    return { recorded, toGrant };
  };

  const logFailures = (whitelist: Whitelist, userId: string, failures: RoleFailure[]) => {
    if (failures.length === 0) return;
    logger.warn("roles not granted", {
      guildId: whitelist.guildId,
      whitelistId: whitelist.id,
      userId,
      roleIds: failures.map((failure) => failure.roleId).join(","),
    });
  };

  return {
    /** Runs `work` when nothing else runs on this member's entries (see createMemberQueues). */
    exclusive,

    /** Runs `work` when nothing else runs on this member's roles (grants, reverts, take-backs). */
    changes,

    /** Changes roles through the port now (inside `changes` work), asking again for those Discord deferred. */
    change,

    /** Role changes waiting or under way: in all, or for one guild. */
    queued: (guildId?: string) => (guildId === undefined ? changes.size() : changes.sizeIn(guildId)),

    /** Resolves once every role change asked for so far (and any asked for meanwhile) is done. */
    settled: () => changes.settled(),

    /** Calls `listener` with the roles Discord refused for a registration granted after it was stored. */
    onFailure(listener: (failure: GrantFailure) => void | Promise<void>): () => void {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },

    /**
     * Notes roles a removal's revert will decide on (called synchronously at the removal's commit), until
     * `reverted` and a minute after: meanwhile a registration of the member knows the bot granted them, though no
     * entry records them any more, and records them for itself (granting them again after the revert) instead of
     * taking them for the member's own.
     */
    reverting(guildId: string, userId: string, roleIds: readonly string[]): void {
      const key = memberKey(guildId, userId);
      const roles = reverting.get(key) ?? new Map<string, { count: number; until: number }>();
      for (const roleId of roleIds) {
        const state = roles.get(roleId) ?? { count: 0, until: 0 };
        roles.set(roleId, { ...state, count: state.count + 1 });
      }
      reverting.set(key, roles);
    },

    /** The revert noted by `reverting` is done; its roles are still remembered for a minute. */
    reverted(guildId: string, userId: string, roleIds: readonly string[]): void {
      const roles = reverting.get(memberKey(guildId, userId));
      if (!roles) return;
      for (const roleId of roleIds) {
        const state = roles.get(roleId);
        if (state)
          roles.set(roleId, { count: Math.max(0, state.count - 1), until: clock.now() + REVERTED_MEMORY_MS });
      }
    },

    /**
     * The member's roles as the bot knows them now without asking Discord (see RoleGateway.rolesOf): null when
     * they left; the roles they were seen with (`member.roleIds`) when the gateway cannot tell.
     */
    async currentRoles(guildId: string, member: Member): Promise<string[] | null> {
      try {
        const known = await roles.rolesOf(guildId, member.userId);
        return known === undefined ? member.roleIds : known;
      } catch (error) {
        logger.warn("member roles not read", { guildId, userId: member.userId, error: String(error) });
        return member.roleIds;
      }
    },

    plan,

    /**
     * Grants the whitelist's roles the member lacks and waits for Discord (an import, a hand-over: they store
     * after the grant, so what they record is what was given): the roles granted, those recorded (see `plan`,
     * less those refused) and the refusals.
     */
    async grant(whitelist: Whitelist, member: Member) {
      const { recorded, toGrant } = await plan(whitelist, member);
      const { done: granted, failed: failures }: RoleChange =
        toGrant.length === 0
          ? { done: [], failed: [] }
          : await changes(whitelist.guildId, member.userId, () =>
              change("grant", whitelist.guildId, member.userId, toGrant),
            );
      logFailures(whitelist, member.userId, failures);
      const refused = new Set(failures.map((failure) => failure.roleId));
      return { granted, recorded: recorded.filter((roleId) => !refused.has(roleId)), failures };
    },

    /**
     * Queues the grant of `roleIds` for an entry already stored (a registration answers first). When its turn
     * comes: nothing if `skip` says so (the member left, or the entry is gone); else the grant, with any role the entry records
     * (`recorded`) that a revert of the member took back since `plan` ran (a removal of theirs committed between
     * the plan and this entry's commit, its revert reading their entries before this one existed); and for roles
     * Discord refused, the entry's record corrected (they were not given, so they are not the bot's to take back)
     * and the failure listeners told (the log channel).
     */
    grantFor(input: {
      whitelist: Whitelist;
      entry: { id: number; userId: string; nick: string };
      roleIds: string[];
      recorded: readonly string[];
      skip: () => boolean | Promise<boolean>;
    }): RolesUnderWay {
      const { whitelist, entry } = input;
      const { guildId } = whitelist;
      if (input.roleIds.length === 0 && input.recorded.length === 0) {
        return { waiting: false, failures: Promise.resolve([]) };
      }
      const waiting = input.roleIds.length > 0 && changes.sizeIn(guildId) > 0;
      const failures = changes(guildId, entry.userId, async () => {
        if (await input.skip()) return [];
        const reverted = uncertain(guildId, entry.userId);
        const roleIds = [
          ...new Set([...input.roleIds, ...input.recorded.filter((roleId) => reverted.has(roleId))]),
        ];
        if (roleIds.length === 0) return [];
        const { failed } = await change("grant", guildId, entry.userId, roleIds);
        if (failed.length === 0) return failed;
        logFailures(whitelist, entry.userId, failed);
        await entries
          .forgetGrantedRoles(
            entry.id,
            failed.map((failure) => failure.roleId),
          )
          .catch((error: unknown) =>
            logger.warn("roles not granted stay recorded", { entryId: entry.id, error: String(error) }),
          );
        for (const listener of failureListeners) {
          try {
            await listener({ guildId, userId: entry.userId, nick: entry.nick, failed });
          } catch (error) {
            logger.error("role grant failure listener failed", { guildId, error: String(error) });
          }
        }
        return failed;
      });
      return { waiting, failures };
    },

    /**
     * Takes back roles granted for a registration that then could not be stored, except those a stored entry of
     * the member records (a concurrent registration of theirs that won may have been granted the same role).
     */
    async takeBack(guildId: string, userId: string, granted: string[]): Promise<void> {
      if (granted.length === 0) return;
      const { failed } = await changes(guildId, userId, async () => {
        const needed = await grantedForEntries(entries, guildId, userId);
        const roleIds = granted.filter((roleId) => !needed.has(roleId));
        return roleIds.length === 0 ? { done: [], failed: [] } : change("revoke", guildId, userId, roleIds);
      });
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
