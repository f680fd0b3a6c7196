import { expect, test } from "bun:test";
import {
  answer,
  DIRECT_ANSWER_MS,
  deferAfterMs,
  deferAnswer,
  inTime,
  LATE_RECEIPT_MS,
  NOT_KEEPING_UP_MS,
} from "../../src/bot/interaction/answer.ts";
import { refusedAsLate } from "../../src/bot/late-answers.ts";

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

/** Work the test ends, and what inTime did around it, in order. */
function traced(name: string, log: string[]) {
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
        createdAt,
      ),
  };
}

test("a lone interaction is answered by its reply alone: no deferral while its work is quick", async () => {
  const log: string[] = [];
  const lone = traced("lone", log);
  const answered = lone.run(NOW);
  lone.finish();
  expect(await answered).toBe("lone");
  expect(log).toEqual(["lone works"]);
});

test("in a burst each interaction is answered by its reply while its work is quick: none is deferred for the others", async () => {
  const log: string[] = [];
  const first = traced("first", log);
  const second = traced("second", log);
  const answers = [first.run(NOW), second.run(NOW)];
  await Promise.resolve();
  second.finish();
  expect(await answers[1]).toBe("second");
  first.finish();
  expect(await answers[0]).toBe("first");
  expect(log).toEqual(["first works", "second works"]);
});

test("while another has waited NOT_KEEPING_UP_MS for its reply, the bot is not keeping up: one received then is deferred at once", async () => {
  const log: string[] = [];
  const first = traced("first", log);
  const soon = traced("soon", log);
  const later = traced("later", log);
  const answers = [first.run(NOW)];
  // Received while the first has worked a moment: answered by its reply as well.
  answers.push(soon.run(NOW + NOT_KEEPING_UP_MS - 1));
  // Received once the first has waited NOT_KEEPING_UP_MS: deferred before its work.
  answers.push(later.run(NOW + NOT_KEEPING_UP_MS));
  await Promise.resolve();
  for (const each of [first, soon, later]) each.finish();
  expect(await Promise.all(answers)).toEqual(["first", "soon", "later"]);
  expect(log).toEqual(["first works", "soon works", "later deferred", "later works"]);
});

test("an interaction that reached its work LATE_RECEIPT_MS after Discord created it is deferred at once", async () => {
  const log: string[] = [];
  const answered = inTime(
    async () => {
      log.push("late works");
      return "late";
    },
    { slow: false, defer: async () => log.push("late deferred"), createdAt: NOW - LATE_RECEIPT_MS },
    NOW,
  );
  expect(await answered).toBe("late");
  expect(log).toEqual(["late deferred", "late works"]);
});

test("of interactions deferred at receipt (late), one's work waits until the deferrals sent before its own are answered", async () => {
  const log: string[] = [];
  const first = traced("first", log);
  const answers: Promise<string>[] = [first.run(NOW)];
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
          createdAt: NOW - LATE_RECEIPT_MS,
        },
        NOW,
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
  const first = traced("first", log);
  const answers: Promise<string>[] = [first.run(NOW)];
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
        createdAt: NOW - LATE_RECEIPT_MS,
      },
      NOW,
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
