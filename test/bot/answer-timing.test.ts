import { expect, test } from "bun:test";
import {
  answer,
  DIRECT_ANSWER_MS,
  deferAfterMs,
  deferAnswer,
  inTime,
  LATE_TIMERS_MS,
} from "../../src/bot/interaction/answer.ts";
import { refusedAsLate } from "../../src/bot/late-answers.ts";
import { createTimerLateness, RECENT_LATENESS_MS, type TimerLateness } from "../../src/bot/timer-lateness.ts";
import { type Clock, manualClock } from "../../src/shared/clock.ts";

// When a command's work still running must be deferred: Discord's 3 s count from when it created the
// interaction, not from when this process got round to it.

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

test("an interaction created just now may run DIRECT_ANSWER_MS before the bot defers", () => {
  expect(deferAfterMs(NOW, NOW)).toBe(DIRECT_ANSWER_MS);
});

test("time the gateway or a busy process took before the handler ran is taken off, down to none", () => {
  expect([400, DIRECT_ANSWER_MS, 2_500].map((age) => deferAfterMs(NOW - age, NOW))).toEqual([
    DIRECT_ANSWER_MS - 400,
    0,
    0,
  ]);
});

test("work may run 2 s from the interaction's creation before the bot defers: half a second more than until issue 38", () => {
  // Beside a busy CPU and disk, work ending 1.5-2 s in was deferred and edited, a second call each, while the
  // deferrals reached Discord within half a second of their timer.
  expect([1_600, 1_999, 2_000].map((age) => deferAfterMs(NOW - age, NOW))).toEqual([400, 1, 0]);
});

test("a creation time this clock cannot place (ahead of it, or older than Discord's window) counts as now", () => {
  expect([
    deferAfterMs(NOW + 5_000, NOW),
    deferAfterMs(NOW - 60_000, NOW),
    deferAfterMs(undefined, NOW),
  ]).toEqual([DIRECT_ANSWER_MS, DIRECT_ANSWER_MS, DIRECT_ANSWER_MS]);
});

/**
 * A clock of its own for each test, a minute after the last one's: what one test's work left behind (the time its
 * last work took) is long past for the next.
 */
let start = NOW;
function freshClock() {
  start += 60_000;
  return manualClock(start);
}

/** How late the timers ran, as the test notes it: its probe never runs by itself. */
const lateness = (clock: Clock) => createTimerLateness({ clock, schedule: () => {} });

/** Work the test ends, and what inTime did around it, in order, received at `clock`'s time. */
function traced(name: string, log: string[], clock: Clock, timers = lateness(clock)) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish,
    run: (createdAt: number) =>
      inTime(
        async () => {
          log.push(`${name} works`);
          await done;
          return name;
        },
        {
          slow: false,
          defer: async () => {
            log.push(`${name} deferred`);
          },
          createdAt,
        },
        clock,
        timers,
      ),
  };
}

/** Quick work received at `clock`'s time, created `age` ms before it, with a deferral that resolves at once. */
const quick = (name: string, log: string[], clock: Clock, age: number, timers = lateness(clock)) =>
  inTime(
    async () => {
      log.push(`${name} works`);
      return name;
    },
    { slow: false, defer: async () => log.push(`${name} deferred`), createdAt: clock.now() - age },
    clock,
    timers,
  );

test("a lone interaction is answered by its reply alone: no deferral while its work is quick", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const lone = traced("lone", log, clock);
  const answered = lone.run(clock.now());
  lone.finish();
  expect(await answered).toBe("lone");
  expect(log).toEqual(["lone works"]);
});

test("in a burst each interaction is answered by its reply while its work is quick: none is deferred for the others", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const second = traced("second", log, clock);
  const answers = [first.run(clock.now()), second.run(clock.now())];
  await Promise.resolve();
  second.finish();
  expect(await answers[1]).toBe("second");
  first.finish();
  expect(await answers[0]).toBe("first");
  expect(log).toEqual(["first works", "second works"]);
});

test("however long the oldest work has waited, one received with time left is answered by its reply while timers run on time", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const later = traced("later", log, clock);
  const answers = [first.run(clock.now())];
  // The first has waited 1.2 s (a commit behind a disk writer's flush); created 400 ms ago, this one has 1.1 s left:
  // its work may well be done by then, and its timer would defer it otherwise.
  clock.advance(1_200);
  answers.push(later.run(clock.now() - (DIRECT_ANSWER_MS - 1_100)));
  await Promise.resolve();
  for (const each of [first, later]) each.finish();
  expect(await Promise.all(answers)).toEqual(["first", "later"]);
  expect(log).toEqual(["first works", "later works"]);
});

test("a burst waiting less than its replies' time is answered by replies, however long the others have waited", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const answers = [first.run(clock.now())];
  // Half a second behind the first (the 500 ms that deferred every later member before), with a second left.
  clock.advance(500);
  answers.push(quick("second", log, clock, 0));
  first.finish();
  expect(await Promise.all(answers)).toEqual(["first", "second"]);
  expect(log).toEqual(["first works", "second works"]);
});

test("an interaction that reached its work late, with no work ahead of it, is answered by its reply while time is left", async () => {
  const log: string[] = [];
  expect(await quick("late", log, freshClock(), 1_200)).toBe("late");
  expect(log).toEqual(["late works"]);
});

test("an interaction that reached its work DIRECT_ANSWER_MS after Discord created it is deferred at once", async () => {
  const log: string[] = [];
  expect(await quick("late", log, freshClock(), DIRECT_ANSWER_MS)).toBe("late");
  expect(log).toEqual(["late deferred", "late works"]);
});

test("the time the last work took does not defer the next: a slow commit leaves the timers on time", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const slow = traced("slow", log, clock);
  const answered = slow.run(clock.now());
  clock.advance(1_200);
  slow.finish();
  expect(await answered).toBe("slow");
  // Created 400 ms ago, 1.1 s left: the last work took 1.2 s, waiting on I/O.
  expect(await quick("next", log, clock, 400)).toBe("next");
  expect(log).toEqual(["slow works", "next works"]);
});

test("timers running LATE_TIMERS_MS late defer at once for RECENT_LATENESS_MS: a deferral planned for later would come too late", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const timers = lateness(clock);
  // A timer planned for now ran just under LATE_TIMERS_MS late: still trusted.
  timers.note(clock.now() - (LATE_TIMERS_MS - 1), clock.now());
  expect(await quick("trusted", log, clock, 0, timers)).toBe("trusted");
  timers.note(clock.now() - LATE_TIMERS_MS, clock.now());
  expect(await quick("busy", log, clock, 0, timers)).toBe("busy");
  // Once that lateness is RECENT_LATENESS_MS old, it no longer counts.
  clock.advance(RECENT_LATENESS_MS + 1);
  expect(await quick("after", log, clock, 0, timers)).toBe("after");
  expect(log).toEqual(["trusted works", "busy deferred", "busy works", "after works"]);
});

test("the lateness is the most any timer ran late lately, by the clock of when each ran", () => {
  const clock = freshClock();
  const timers = lateness(clock);
  const t = clock.now();
  timers.note(t - 300, t);
  timers.note(t + 500 - 20, t + 500);
  expect([
    timers.recentMs(t - 1),
    timers.recentMs(t + 500),
    timers.recentMs(t + RECENT_LATENESS_MS + 1),
    timers.recentMs(t + 500 + RECENT_LATENESS_MS + 1),
  ]).toEqual([0, 300, 20, 0]);
});

test("the probe measures the timers while interactions work towards their replies, one probe at a time", () => {
  const clock = freshClock();
  const runs: { run: () => void; ms: number }[] = [];
  const timers: TimerLateness = createTimerLateness({ clock, schedule: (run, ms) => runs.push({ run, ms }) });
  let busy = true;
  timers.probeWhile(() => busy);
  timers.probeWhile(() => busy);
  expect(runs.map((each) => each.ms)).toEqual([100]);
  // The event loop ran the probe 700 ms after it was due.
  clock.advance(800);
  runs.shift()?.run();
  expect(timers.recentMs(clock.now())).toBe(700);
  expect(runs).toHaveLength(1);
  busy = false;
  clock.advance(100);
  runs.shift()?.run();
  expect(runs).toHaveLength(0);
  // Stopped: asked again, it starts again.
  timers.probeWhile(() => busy);
  expect(runs).toHaveLength(1);
});

test("of interactions deferred at receipt (late), one's work waits until the deferrals sent before its own are answered", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const answers: Promise<string>[] = [first.run(clock.now())];
  const deferrals: (() => void)[] = [];
  for (const name of ["second", "third"]) {
    answers.push(
      inTime(
        async () => {
          log.push(`${name} works`);
          return name;
        },
        {
          slow: false,
          defer: () => {
            log.push(`${name} deferred`);
            return new Promise<void>((resolve) => deferrals.push(resolve));
          },
          createdAt: clock.now() - DIRECT_ANSWER_MS,
        },
        clock,
        lateness(clock),
      ),
    );
  }
  // The third's deferral is answered, the second's (sent before it) not yet: neither works.
  deferrals[1]?.();
  await new Promise<void>((resolve) => setImmediate(resolve));
  expect(log).toEqual(["first works", "second deferred", "third deferred"]);
  deferrals[0]?.();
  first.finish();
  expect(await Promise.all(answers)).toEqual(["first", "second", "third"]);
  expect(log.slice(3)).toEqual(["second works", "third works"]);
});

test("a deferred interaction's work never waits for deferrals sent after its own", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const answers: Promise<string>[] = [first.run(clock.now())];
  const deferrals: (() => void)[] = [];
  const deferredRun = (name: string) =>
    inTime(
      async () => {
        log.push(`${name} works`);
        return name;
      },
      {
        slow: false,
        defer: () => new Promise<void>((resolve) => deferrals.push(resolve)),
        createdAt: clock.now() - DIRECT_ANSWER_MS,
      },
      clock,
      lateness(clock),
    );
  answers.push(deferredRun("second"));
  deferrals[0]?.();
  answers.push(deferredRun("third"));
  expect(await answers[1]).toBe("second");
  expect(log).toEqual(["first works", "second works"]);
  deferrals[1]?.();
  first.finish();
  expect(await Promise.all(answers)).toEqual(["first", "second", "third"]);
});

test("once Discord refused an acknowledgement as too late, no other callback is sent for that interaction", async () => {
  const calls: string[] = [];
  // What discord.js's interaction does with Discord's answer 10062 ("Unknown interaction", docs.discord.com, JSON
  // Error Codes): the callback's promise rejects and the interaction stays neither deferred nor replied.
  const late = Object.assign(new Error("Unknown interaction"), { code: 10062 });
  const interaction = {
    deferred: false,
    replied: false,
    deferReply: async () => {
      calls.push("defer");
      throw late;
    },
    reply: async () => {
      calls.push("reply");
      throw late;
    },
    editReply: async () => calls.push("edit"),
  } as unknown as Parameters<typeof answer>[0];
  expect(await deferAnswer(interaction as never).catch((error: unknown) => error)).toBe(late);
  expect(refusedAsLate(interaction)).toBe(true);
  const second = await answer(interaction, "registered").catch((error: unknown) => String(error));
  expect(second).toContain("too late");
  expect(calls).toEqual(["defer"]);
});

test("a callback that fails for another reason leaves the interaction answerable", async () => {
  const calls: string[] = [];
  const interaction = {
    deferred: false,
    replied: false,
    deferReply: async () => {
      calls.push("defer");
      throw new Error("socket closed");
    },
    reply: async () => calls.push("reply"),
  } as unknown as Parameters<typeof answer>[0];
  await deferAnswer(interaction as never).catch(() => {});
  expect(refusedAsLate(interaction)).toBe(false);
  await answer(interaction, "registered");
  expect(calls).toEqual(["defer", "reply"]);
});
