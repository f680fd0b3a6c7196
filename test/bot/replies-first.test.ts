import { expect, test } from "bun:test";
import { inTime } from "../../src/bot/interaction/answer.ts";
import { createReplyWatch, REPLIES_FIRST_MS } from "../../src/bot/replies.ts";
import { afterRepliesFirst } from "../../src/bot/roles.ts";
import { createTimerLateness } from "../../src/bot/timer-lateness.ts";
import type { RoleGateway } from "../../src/registration/model.ts";
import { manualClock } from "../../src/shared/clock.ts";

// What waits for the members' direct replies under way (role grants, the log channel), so that at a busy time the
// replies go first (issue 38), and how long it may wait at most.

/** A wait the test ends: what afterReplies sleeps on for its bound. */
function heldWait() {
  const asked: number[] = [];
  let end: () => void = () => {};
  const wait = (ms: number) => {
    asked.push(ms);
    return new Promise<void>((resolve) => {
      end = resolve;
    });
  };
  return { asked, wait, end: () => end() };
}

/** Whether `promise` has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  return done;
}

test("with no reply under way, work that waits for the replies goes at once", async () => {
  const watch = createReplyWatch();
  const bound = heldWait();
  expect(await settled(watch.afterReplies(bound.wait))).toBe(true);
  expect(bound.asked).toEqual([]);
});

test("work waits until every reply under way when it asked is done, whatever their order", async () => {
  const watch = createReplyWatch();
  const first = watch.start();
  const second = watch.start();
  const waiting = watch.afterReplies(heldWait().wait);
  watch.done(second);
  expect(await settled(waiting)).toBe(false);
  watch.done(first);
  expect(await settled(waiting)).toBe(true);
});

test("replies received after the work asked do not hold it back: a steady stream cannot", async () => {
  const watch = createReplyWatch();
  const first = watch.start();
  const waiting = watch.afterReplies(heldWait().wait);
  watch.start();
  watch.done(first);
  expect(await settled(waiting)).toBe(true);
});

test("work waits REPLIES_FIRST_MS at most: by then the replies under way are deferred anyway", async () => {
  const watch = createReplyWatch();
  watch.start();
  const bound = heldWait();
  const waiting = watch.afterReplies(bound.wait);
  expect(bound.asked).toEqual([REPLIES_FIRST_MS]);
  expect(await settled(waiting)).toBe(false);
  bound.end();
  expect(await settled(waiting)).toBe(true);
});

test("the work under way is what was started and is not done yet", () => {
  const watch = createReplyWatch();
  const counts = [watch.underWay()];
  const first = watch.start();
  watch.start();
  counts.push(watch.underWay());
  watch.done(first);
  watch.done(first);
  counts.push(watch.underWay());
  expect(counts).toEqual([0, 2, 1]);
});

test("a role grant asked while a member's work runs towards its direct reply goes once that work is done", async () => {
  const log: string[] = [];
  const roles: RoleGateway = {
    grant: async (_guildId, userId, roleIds) => {
      log.push(`grant ${userId}`);
      return { granted: [...roleIds], failed: [] };
    },
    revoke: async (_guildId, _userId, roleIds) => ({ revoked: [...roleIds], failed: [] }),
    rolesOf: async () => undefined,
  };
  const gateway = afterRepliesFirst(roles);
  let finish: () => void = () => {};
  const clock = manualClock(Date.UTC(2026, 11, 6, 19, 0, 0));
  const answered = inTime(
    async () => {
      log.push("work");
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      log.push("work done");
    },
    { slow: false, defer: async () => log.push("deferred"), createdAt: clock.now() },
    clock,
    createTimerLateness({ clock, schedule: () => {} }),
  );
  const granted = gateway.grant("g", "earlier member", ["r"]);
  expect(await settled(granted)).toBe(false);
  finish();
  await answered;
  await granted;
  expect(log).toEqual(["work", "work done", "grant earlier member"]);
});
