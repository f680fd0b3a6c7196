import type { RoleFailure } from "../entries/model.ts";
import { type Text, text } from "../i18n/messages.ts";
import type { RoleGateway, RolesLater } from "./model.ts";

/** What a role change did, role by role: the roles Discord confirmed, and a reason for every other one. */
export type RoleChange = { done: string[]; failed: RoleFailure[] };

/** A human reason for a role change the gateway could not even attempt. */
export function unreachable(error: unknown): Text {
  return text("log.roleReason.botUnreachable", {
    message: error instanceof Error ? error.message : String(error),
  });
}

/** The reason given for a role Discord answered about in neither list. */
const UNCONFIRMED = {
  grant: text("log.roleReason.unconfirmedGrant"),
  revoke: text("log.roleReason.unconfirmedRevoke"),
} as const;

/** The longest a role change waits before it is asked again, whatever Discord said (a ban lasts an hour). */
const LONGEST_RETRY_MS = 10 * 60_000;

/**
 * Role changes of one member within ROLE_SHARE_WINDOW_MS that go at once however busy the guild's budget is: a
 * registration and a removal. Past that, while Discord's budget is half spent, the member's next change waits for
 * it to refill.
 */
export const ROLE_SHARE = 2;
/** The window a member's share is counted over: Discord's role bucket resets every 10 s (docs/decisions.md). */
export const ROLE_SHARE_WINDOW_MS = 10_000;
/** The shortest look again at a budget whose reset Discord put in the past (clocks, a late answer). */
const RECHECK_MS = 50;

/**
 * Shares a guild's budget of role changes fairly between members (docs/decisions.md, Roles). Discord gives a bot
 * one bucket of role changes per guild (10 per 10 s) and discord.js sends in the order asked, so one member cycling
 * `/register` and `/unregister` could spend it all and make every other member wait for its reset. Here, while the
 * gateway says more than half of the budget is left (or cannot tell: no limit known), every change goes at once;
 * once half is spent, a member who made ROLE_SHARE changes within the window waits until the budget resets, then
 * looks again, so the other half is kept for members who made few. `now` is real time (performance.now), as
 * Discord's buckets are; `wait` sleeps.
 */
export function shareRoleChanges(
  roles: RoleGateway,
  { now, wait }: { now: () => number; wait: (ms: number) => Promise<void> },
): RoleGateway {
  /** Per guild and member: when each of their changes went, within the window. */
  const made = new Map<string, number[]>();
  const recent = (name: string) => {
    const at = now();
    const kept = (made.get(name) ?? []).filter((time) => at - time < ROLE_SHARE_WINDOW_MS);
    if (kept.length === 0) made.delete(name);
    else made.set(name, kept);
    return kept;
  };
  /** Waits for the member's turn (see above), then counts the change. */
  const turn = async (guildId: string, userId: string) => {
    const name = `${guildId}:${userId}`;
    for (;;) {
      const room = roles.room?.(guildId);
      if (!room || room.remaining > room.limit / 2 || recent(name).length < ROLE_SHARE) break;
      await wait(Math.max(room.resetInMs, RECHECK_MS));
    }
    made.set(name, [...recent(name), now()]);
  };
  return {
    async grant(guildId, userId, roleIds) {
      await turn(guildId, userId);
      return roles.grant(guildId, userId, roleIds);
    },
    async revoke(guildId, userId, roleIds) {
      await turn(guildId, userId);
      return roles.revoke(guildId, userId, roleIds);
    },
    rolesOf: (guildId, userId) => roles.rolesOf(guildId, userId),
  };
}

/**
 * One queue per member of a guild: work runs one piece at a time, in the order it was asked for, so each decides
 * from what the ones before it left. Counts the pieces waiting or running, per guild and in all.
 */
export function createMemberQueues() {
  const tails = new Map<string, Promise<unknown>>();
  const byGuild = new Map<string, number>();
  let size = 0;
  const count = (guildId: string, by: number) => {
    size += by;
    const left = (byGuild.get(guildId) ?? 0) + by;
    if (left > 0) byGuild.set(guildId, left);
    else byGuild.delete(guildId);
  };
  const run = <T>(guildId: string, userId: string, work: () => Promise<T>): Promise<T> => {
    const key = `${guildId}:${userId}`;
    count(guildId, 1);
    const done = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = done.then(
      () => count(guildId, -1),
      () => count(guildId, -1),
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return done;
  };
  return Object.assign(run, {
    /** Pieces of work waiting or running, in all. */
    size: () => size,
    /** Pieces of work waiting or running for members of `guildId`. */
    sizeIn: (guildId: string) => byGuild.get(guildId) ?? 0,
    /** Resolves once no work is waiting or running (work queued meanwhile included). */
    async settled(): Promise<void> {
      while (tails.size > 0) await Promise.allSettled([...tails.values()]);
    },
  });
}

/** Member queues (see createMemberQueues). */
export type MemberQueues = ReturnType<typeof createMemberQueues>;

/**
 * Changes a member's roles through the port, role by role as Discord answers: a refusal is a failure with its
 * reason, a thrown error fails every role not done (Discord unreachable, after discord.js's own retries), and
 * roles Discord asked to wait for (`later`: a long rate limit, a ban) are asked for again once the wait is over,
 * however often: a rate limit never drops a change. `wait` sleeps (tests make it resolve when they say).
 */
export async function changeRoles(
  roles: RoleGateway,
  op: "grant" | "revoke",
  target: { guildId: string; userId: string; roleIds: readonly string[] },
  wait: (ms: number) => Promise<void>,
): Promise<RoleChange> {
  const done: string[] = [];
  const failed: RoleFailure[] = [];
  let left = [...new Set(target.roleIds)];
  while (left.length > 0) {
    let later: RolesLater | undefined;
    try {
      const result =
        op === "grant"
          ? await roles.grant(target.guildId, target.userId, left).then((r) => ({ ...r, done: r.granted }))
          : await roles.revoke(target.guildId, target.userId, left).then((r) => ({ ...r, done: r.revoked }));
      later = result.later;
      const deferred = new Set(later?.roleIds ?? []);
      for (const roleId of left) {
        if (deferred.has(roleId)) continue;
        if (result.done.includes(roleId)) done.push(roleId);
        else {
          failed.push(
            result.failed.find((failure) => failure.roleId === roleId) ?? { roleId, reason: UNCONFIRMED[op] },
          );
        }
      }
    } catch (error) {
      for (const roleId of left) failed.push({ roleId, reason: unreachable(error) });
      break;
    }
    if (!later || later.roleIds.length === 0) break;
    left = left.filter((roleId) => later.roleIds.includes(roleId));
    await wait(Math.min(Math.max(later.afterMs, 0), LONGEST_RETRY_MS));
  }
  return { done, failed };
}
