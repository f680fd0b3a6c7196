import { afterEach, describe, expect, test } from "bun:test";
import type { APIEmbed } from "discord.js";
import {
  embedCharacters,
  type LogBatch,
  type LogItem,
  MESSAGE_EMBEDS,
  nextBatch,
} from "../../src/bot/log-batches.ts";
import { createLogFeed, cursorName, LINGER_MS, type PostFailure } from "../../src/bot/log-feed.ts";
import { LIMITS, messageErrors } from "../../src/sandbox/discord/rest/limits.ts";
import { silentLogger } from "../../src/shared/logger.ts";

// The log channel's batching and its queue in the event log, as units: the packing of messages against Discord's
// limits (held by the sandbox's own checker), and the feed over an event log, a poster and a clock of the test's.

const GUILD = "110000000000000001";

/** An item of one embed titled `title` with `size` characters of description. */
const item = (through: number, title: string, size = 0): LogItem => ({
  through,
  embeds: [{ title, description: "x".repeat(size) }],
});

describe("packing the log into messages", () => {
  test("Discord's limits are the sandbox's: 10 embeds and 6,000 characters a message", () => {
    expect(MESSAGE_EMBEDS).toEqual({ count: LIMITS.embeds, characters: LIMITS.embedTotal });
  });

  test("up to 10 embeds a message, in order, an item never split; items with nothing to post ride along", () => {
    const items = [
      ...Array.from({ length: 9 }, (_, i) => item(i + 1, `change ${i + 1}`)),
      { through: 10, embeds: [] },
      { through: 11, embeds: [{ title: "added" }, { title: "roles not granted" }] },
      ...Array.from({ length: 14 }, (_, i) => item(i + 12, `change ${i + 12}`)),
    ];
    const batches: LogBatch[] = [];
    for (let rest = items; rest.length > 0; ) {
      const batch = nextBatch(rest) as LogBatch;
      batches.push(batch);
      rest = rest.slice(batch.taken);
    }
    expect(batches.map((b) => [b.embeds.map((e) => e.title).join(","), b.through])).toEqual([
      [Array.from({ length: 9 }, (_, i) => `change ${i + 1}`).join(","), 10],
      [
        ["added", "roles not granted", ...Array.from({ length: 8 }, (_, i) => `change ${i + 12}`)].join(","),
        19,
      ],
      [Array.from({ length: 6 }, (_, i) => `change ${i + 20}`).join(","), 25],
    ]);
    expect(nextBatch([])).toBeNull();
    expect(nextBatch([{ through: 3, embeds: [] }])).toEqual({ embeds: [], files: [], taken: 1, through: 3 });
  });

  test("6,000 characters across a message's embeds: the next item waits for the next message", () => {
    // 2,000 characters of description plus a 7-character title each: three would be 6,021.
    const items = [item(1, "first!!", 2_000), item(2, "second!", 2_000), item(3, "third!!", 2_000)];
    const first = nextBatch(items) as LogBatch;
    expect([first.taken, first.embeds.reduce((sum, e) => sum + embedCharacters(e), 0)]).toEqual([2, 4_014]);
    expect(messageErrors({ embeds: first.embeds })).toBeNull();
    // Exactly 6,000 is what Discord takes; one more character is refused, so it would not be packed.
    const exact: APIEmbed[] = [
      { title: "a", description: "x".repeat(2_999) },
      { title: "b", description: "y".repeat(2_999) },
    ];
    expect(exact.reduce((sum, e) => sum + embedCharacters(e), 0)).toBe(6_000);
    expect(messageErrors({ embeds: exact })).toBeNull();
    const over = [...exact.slice(0, 1), { title: "bc", description: "y".repeat(2_999) }];
    expect(messageErrors({ embeds: over })).not.toBeNull();
    expect(nextBatch(over.map((embed, i) => ({ through: i + 1, embeds: [embed] })))?.taken).toBe(1);
  });

  test("a summary with a file goes alone with it", () => {
    const file = { name: "nicks-removed.txt", data: "a\nb\n" };
    const items = [item(1, "one"), { through: 5, embeds: [{ title: "Member left" }], file }, item(6, "six")];
    const first = nextBatch(items) as LogBatch;
    const second = nextBatch(items.slice(first.taken)) as LogBatch;
    const third = nextBatch(items.slice(first.taken + second.taken)) as LogBatch;
    expect([first, second, third].map((b) => [b.embeds.map((e) => e.title), b.files, b.through])).toEqual([
      [["one"], [], 1],
      [["Member left"], [file], 5],
      [["six"], [], 6],
    ]);
  });
});

/** A clock and sleeps of the test's: time moves only when the test says. */
function testTime() {
  let now = 0;
  const sleepers = new Set<{ at: number; wake: () => void }>();
  return {
    now: () => now,
    sleep: (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const sleeper = { at: now + ms, wake: done };
        function done() {
          sleepers.delete(sleeper);
          signal.removeEventListener("abort", done);
          resolve();
        }
        sleepers.add(sleeper);
        signal.addEventListener("abort", done, { once: true });
      }),
    advance(ms: number) {
      now += ms;
      for (const sleeper of [...sleepers]) if (sleeper.at <= now) sleeper.wake();
    },
  };
}

/** Resolves once `check` holds, letting the feed's promises run in between (no time passes). */
async function settled(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (check()) return;
    await new Promise((next) => setImmediate(next));
  }
  throw new Error(`never: ${what}`);
}

let stopFeed: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopFeed?.();
  stopFeed = undefined;
});

/** A feed over an event log in memory (one embed per change), a poster that records, stored cursors. */
function feedWorld(stored = new Map<string, number>(), log: { id: number; title: string }[] = []) {
  const time = testTime();
  const sent: LogBatch[] = [];
  const signals: AbortSignal[] = [];
  const failures: unknown[] = [];
  const taken = new Set<number>();
  const dying = { on: false };
  let reads = 0;
  const start = (startAt: number) => {
    const feed = createLogFeed({
      async read(guildId, afterId, limit, upTo = Number.POSITIVE_INFINITY) {
        reads++;
        expect(guildId).toBe(GUILD);
        return log
          .filter((event) => event.id > afterId && event.id <= upTo)
          .slice(0, limit)
          .map((e) => item(e.id, e.title));
      },
      async send(_guildId, batch, signal) {
        signals.push(signal);
        const failure = failures.shift();
        if (failure) throw failure;
        // Discord's nonce (log-poster.ts: the channel and the message's last event): a message sent again is
        // answered with the one Discord already took, and none is made.
        if (taken.has(batch.through)) return;
        taken.add(batch.through);
        sent.push(batch);
        // The process dies once Discord took the message: its answer never arrives (until the feed is stopped).
        if (dying.on) {
          dying.on = false;
          await new Promise((_, reject) => signal.addEventListener("abort", reject, { once: true }));
        }
      },
      failure: (error) => error as PostFailure,
      cursors: {
        get: async (name) => stored.get(name) ?? null,
        set: async (name, eventId) => {
          stored.set(name, eventId);
        },
      },
      startAt,
      logger: silentLogger,
      now: time.now,
      sleep: time.sleep,
    });
    stopFeed = () => feed.stop();
    return feed;
  };
  const feed = start(0);
  return {
    feed,
    time,
    sent,
    /** The next message Discord takes is the last the process sends: it dies before the answer arrives. */
    dieAfterNextPost: () => {
      dying.on = true;
    },
    failures,
    stored,
    log,
    reads: () => reads,
    signals,
    restart: start,
    /** Commits a change: in the log, then heard of (as the bus tells the bot). */
    change(title: string) {
      const id = log.length + 1;
      log.push({ id, title });
      feed.heard(GUILD, id);
    },
    titles: () => sent.map((batch) => batch.embeds.map((embed) => embed.title)),
  };
}

describe("the log channel's feed", () => {
  test("on a quiet day one change is one post, once LINGER_MS passed without another", async () => {
    const w = feedWorld();
    w.change("one");
    await settled(() => w.reads() === 0 && w.feed.waiting() === 1, "the change heard of");
    w.time.advance(LINGER_MS - 1);
    await settled(() => true, "");
    expect(w.sent).toEqual([]);
    w.time.advance(1);
    await settled(() => w.sent.length === 1, "the post");
    await w.feed.idle();
    expect({
      titles: w.titles(),
      cursor: w.stored.get(cursorName(GUILD)),
      waiting: w.feed.waiting(),
    }).toEqual({
      titles: [["one"]],
      cursor: 1,
      waiting: 0,
    });
  });

  test("a burst is posted 10 embeds a message, in order, without waiting once a message's worth is there", async () => {
    const w = feedWorld();
    for (let i = 1; i <= 25; i++) w.change(`change ${i}`);
    // Two full messages go at once; the five left wait for others as a lone change would.
    await settled(() => w.sent.length === 2, "two full posts");
    expect(w.titles()).toEqual([
      Array.from({ length: 10 }, (_, i) => `change ${i + 1}`),
      Array.from({ length: 10 }, (_, i) => `change ${i + 11}`),
    ]);
    w.time.advance(LINGER_MS);
    await w.feed.idle();
    expect(w.titles()[2]).toEqual(Array.from({ length: 5 }, (_, i) => `change ${i + 21}`));
    // Each post has a signal of its own: discord.js never takes its listener off the signal it is given, so one
    // signal for every post would keep every request the feed ever sent.
    expect(new Set(w.signals).size).toBe(3);
  });

  test("a post Discord makes wait is sent again after the wait, a refused one is skipped; nothing else is lost", async () => {
    const w = feedWorld();
    w.failures.push({ retryAfterMs: 5_000 }, { retryAfterMs: 5_000 }, "refused");
    for (let i = 1; i <= 12; i++) w.change(`change ${i}`);
    await settled(() => w.failures.length === 2, "the first attempt");
    w.time.advance(4_999);
    await settled(() => true, "");
    expect(w.failures).toHaveLength(2);
    w.time.advance(1);
    await settled(() => w.failures.length === 1, "the second attempt");
    w.time.advance(5_000);
    // The third attempt is refused for good (the channel is gone, say): those ten are skipped, the rest posted.
    await settled(() => w.failures.length === 0, "the third attempt");
    w.time.advance(LINGER_MS);
    await w.feed.idle();
    expect({ titles: w.titles(), cursor: w.stored.get(cursorName(GUILD)) }).toEqual({
      titles: [["change 11", "change 12"]],
      cursor: 12,
    });
  });

  test("what was not posted at a stop is posted after the restart, from the stored cursor", async () => {
    const w = feedWorld();
    w.change("before");
    w.time.advance(LINGER_MS);
    await w.feed.idle();
    // Discord makes every post wait; meanwhile 13 more changes commit, then the service stops.
    w.failures.push(...Array.from({ length: 100 }, () => ({ retryAfterMs: 60_000 })));
    for (let i = 1; i <= 13; i++) w.change(`change ${i}`);
    await settled(() => w.failures.length === 99, "a post waiting");
    await w.feed.stop();
    expect(w.stored.get(cursorName(GUILD))).toBe(1);

    w.failures.length = 0;
    const again = w.restart(w.log.length);
    again.catchUp(GUILD, w.log.length);
    await again.idle();
    expect(w.titles()).toEqual([
      ["before"],
      Array.from({ length: 10 }, (_, i) => `change ${i + 1}`),
      ["change 11", "change 12", "change 13"],
    ]);
    expect(w.stored.get(cursorName(GUILD))).toBe(14);
  });

  test("a message Discord took just before the process died is not posted again after the restart", async () => {
    const w = feedWorld();
    for (let i = 1; i <= 3; i++) w.change(`change ${i}`);
    w.time.advance(LINGER_MS);
    await w.feed.idle();
    // Seven changes go out in one message; Discord takes it, and the process dies before its answer arrives.
    w.dieAfterNextPost();
    for (let i = 4; i <= 10; i++) w.change(`change ${i}`);
    w.time.advance(LINGER_MS);
    await settled(() => w.sent.length === 2, "the second message taken");
    expect(w.stored.get(cursorName(GUILD))).toBe(3);
    // More changes commit before another process (a restart, or a new leader of replicas) takes over.
    for (let i = 11; i <= 12; i++) w.log.push({ id: i, title: `change ${i}` });
    const dead = stopFeed;
    const again = w.restart(w.log.length);
    again.catchUp(GUILD, w.log.length);
    w.time.advance(LINGER_MS);
    await again.idle();
    // The message in flight was sent again as it was and Discord made none; the two after it come once.
    expect(w.titles()).toEqual([
      ["change 1", "change 2", "change 3"],
      Array.from({ length: 7 }, (_, i) => `change ${i + 4}`),
      ["change 11", "change 12"],
    ]);
    expect(w.stored.get(cursorName(GUILD))).toBe(12);
    await again.stop();
    await dead?.();
  });

  test("memory stays bounded however long the backlog: the queue is the event log", async () => {
    const w = feedWorld();
    w.failures.push(...Array.from({ length: 3 }, () => ({ retryAfterMs: 1_000 })));
    for (let i = 1; i <= 5_000; i++) w.change(`change ${i}`);
    // Only when each change came is kept, and only up to a bound; the changes themselves stay in the log.
    expect(w.feed.waiting()).toBe(1_000);
    for (let i = 0; i < 3; i++) {
      await settled(() => w.failures.length === 2 - i, "an attempt");
      w.time.advance(1_000);
    }
    await w.feed.idle();
    expect({
      posts: w.sent.length,
      full: w.sent.every((batch) => batch.embeds.length === 10),
      inOrder:
        w.sent.flatMap((batch) => batch.embeds.map((e) => e.title)).join() ===
        Array.from({ length: 5_000 }, (_, i) => `change ${i + 1}`).join(),
    }).toEqual({ posts: 500, full: true, inOrder: true });
  });
});
