import { expect, test } from "bun:test";
import {
  answer,
  DIRECT_ANSWER_MS,
  deferAfterMs,
  deferAnswer,
  inTime,
  RECENT_WORK_MS,
} from "../../src/bot/interaction/answer.ts";
import { refusedAsLate } from "../../src/bot/late-answers.ts";
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

/** Work the test ends, and what inTime did around it, in order, received at `clock`'s time. */
function traced(name: string, log: string[], clock: Clock) {
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
      ),
  };
}

/** Quick work received at `clock`'s time, created `age` ms before it, with a deferral that resolves at once. */
const quick = (name: string, log: string[], clock: Clock, age: number) =>
  inTime(
    async () => {
      log.push(`${name} works`);
      return name;
    },
    { slow: false, defer: async () => log.push(`${name} deferred`), createdAt: clock.now() - age },
    clock,
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

test("one received while the oldest work has waited as long as its reply's time left is deferred at once", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const first = traced("first", log, clock);
  const soon = traced("soon", log, clock);
  const later = traced("later", log, clock);
  const answers = [first.run(clock.now())];
  // The first has waited 1 s; created 100 ms ago, this one has 1.4 s left: answered by its reply as well.
  clock.advance(1_000);
  answers.push(soon.run(clock.now() - 100));
  // The first has waited 1.2 s; created 400 ms ago, this one has 1.1 s left: deferred before its work.
  clock.advance(200);
  answers.push(later.run(clock.now() - (DIRECT_ANSWER_MS - 1_100)));
  await Promise.resolve();
  for (const each of [first, soon, later]) each.finish();
  expect(await Promise.all(answers)).toEqual(["first", "soon", "later"]);
  expect(log).toEqual(["first works", "soon works", "later deferred", "later works"]);
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

test("the time the last work took counts for the next for RECENT_WORK_MS: a slow disk's flushes, a CPU hardly got", async () => {
  const log: string[] = [];
  const clock = freshClock();
  const slow = traced("slow", log, clock);
  const answered = slow.run(clock.now());
  clock.advance(1_200);
  slow.finish();
  expect(await answered).toBe("slow");
  // Created 400 ms ago, 1.1 s left: the last work took 1.2 s.
  expect(await quick("next", log, clock, 400)).toBe("next");
  // Once the last work is RECENT_WORK_MS old, it no longer counts.
  clock.advance(RECENT_WORK_MS + 1);
  expect(await quick("after", log, clock, 400)).toBe("after");
  expect(log).toEqual(["slow works", "next deferred", "next works", "after works"]);
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
