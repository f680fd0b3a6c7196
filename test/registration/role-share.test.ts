import { describe, expect, test } from "bun:test";
import type { EntryService } from "../../src/entries/service.ts";
import type { RoleGateway } from "../../src/registration/model.ts";
import { ROLE_SHARE, ROLE_SHARE_WINDOW_MS } from "../../src/registration/role-queue.ts";
import { createRoleGrants } from "../../src/registration/roles.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";

// A guild's budget of role changes shared between members (src/registration/role-queue.ts, docs/decisions.md,
// Roles): one member cycling /register and /unregister never spends it all, so another member's role goes at once.
// Discord's bucket is modelled as discord.js meets it (a request waits for the reset once none is left), on a
// clock of the test's: time moves only when the test says.

const GUILD = "100000000000000001";
const ROLE = "400000000000000001";
const NOISY = "200000000000000001";
const QUIET = "200000000000000002";

/** Discord's role bucket of a guild (10 per 10 s) behind a RoleGateway, and the time the test moves. */
function bucketWorld({ room = true } = {}) {
  let now = 0;
  const sleepers = new Set<{ at: number; wake: () => void }>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      sleepers.add({ at: now + ms, wake: resolve });
    });
  const bucket = { limit: 10, windowMs: 10_000, used: 0, start: 0 };
  const applied: { userId: string; op: string; at: number }[] = [];
  /** A request as discord.js sends it: at once while the bucket has room, else after its reset. */
  const send = async (userId: string, op: string) => {
    for (;;) {
      if (now >= bucket.start + bucket.windowMs) Object.assign(bucket, { start: now, used: 0 });
      if (bucket.used < bucket.limit) break;
      await sleep(bucket.start + bucket.windowMs - now);
    }
    bucket.used++;
    applied.push({ userId, op, at: now });
  };
  const roles: RoleGateway = {
    async grant(_guildId, userId, roleIds) {
      await send(userId, "grant");
      return { granted: roleIds, failed: [] };
    },
    async revoke(_guildId, userId, roleIds) {
      await send(userId, "revoke");
      return { revoked: roleIds, failed: [] };
    },
    rolesOf: async () => undefined,
    ...(room
      ? {
          room: () =>
            now < bucket.start + bucket.windowMs
              ? {
                  remaining: bucket.limit - bucket.used,
                  limit: bucket.limit,
                  resetInMs: bucket.start + bucket.windowMs - now,
                }
              : undefined,
        }
      : {}),
  };
  const grants = createRoleGrants({
    // Changing roles reads no entry: only what a registration plans does.
    entries: {} as EntryService,
    roles,
    logger: silentLogger,
    clock: manualClock(0),
    wait: sleep,
    now: () => now,
  });
  /** Lets every change that can run now run (no time passes). */
  const flush = async () => {
    for (let i = 0; i < 200; i++) await new Promise((next) => setImmediate(next));
  };
  return {
    grants,
    applied,
    flush,
    /** Moves time to `to`, waking every sleeper due by then in turn. */
    async advanceTo(to: number) {
      for (;;) {
        const due = [...sleepers].filter((s) => s.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = Math.max(now, due.at);
        sleepers.delete(due);
        due.wake();
        await flush();
      }
      now = to;
    },
    /** A member's role change, in their queue as registrations and removals ask for it. */
    change(userId: string, op: "grant" | "revoke") {
      return grants.changes(GUILD, userId, () => grants.change(op, GUILD, userId, [ROLE]));
    },
  };
}

describe("a guild's role budget shared between members", () => {
  test("one member cycling /register and /unregister leaves room: another member's role goes at once", async () => {
    const w = bucketWorld();
    const noisy = Array.from({ length: 20 }, (_, i) => w.change(NOISY, i % 2 === 0 ? "grant" : "revoke"));
    await w.flush();
    // The noisy member spent half of Discord's budget and waits for it to refill.
    expect(w.applied.length).toBe(5);
    const quiet = w.change(QUIET, "grant");
    await w.flush();
    expect(w.applied.filter((change) => change.userId === QUIET)).toEqual([
      { userId: QUIET, op: "grant", at: 0 },
    ]);
    await quiet;
    // The noisy member's changes are delayed, never dropped: all twenty are made, in order, within a few windows.
    await w.advanceTo(10 * ROLE_SHARE_WINDOW_MS);
    await Promise.all(noisy);
    const mine = w.applied.filter((change) => change.userId === NOISY);
    expect(mine.map((change) => change.op)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? "grant" : "revoke")),
    );
  });

  test("without a known budget (no limit met yet, or none) nothing waits", async () => {
    const w = bucketWorld({ room: false });
    const changes = Array.from({ length: 4 }, (_, i) => w.change(NOISY, i % 2 === 0 ? "grant" : "revoke"));
    await w.flush();
    await Promise.all(changes);
    expect(w.applied.map((change) => change.at)).toEqual([0, 0, 0, 0]);
    expect(ROLE_SHARE).toBeLessThan(4);
  });
});
