import { logCursorName } from "../guilds/service.ts";
import type { Logger } from "../shared/logger.ts";
import { type LogBatch, type LogItem, MESSAGE_EMBEDS, nextBatch } from "./log-batches.ts";

/**
 * How long the first change of a quiet moment waits for others before it is posted: a burst of registrations then
 * fills whole messages (10 embeds) from the first post on, while a change on a normal day is still posted at
 * once, to a reader's eye.
 */
export const LINGER_MS = 250;
/** Events read from the log per message at most (a summary of many removals may need them all). */
const PAGE = 100;
/**
 * While a guild's changes are skipped (no log channel), its cursor is written at most this often (and whenever it
 * falls quiet); after a message posted, always.
 */
const SAVE_EVERY_MS = 1_000;
/** Waits after a failed read or post that Discord gave no time for: doubled from the first to the longest. */
const BACKOFF_MS = { first: 1_000, longest: 60_000 } as const;

/** How a post that did not go through ends: tried again after `retryAfterMs`, or refused for good (skipped). */
export type PostFailure = { retryAfterMs: number } | "refused";

/** What the log feed needs: the event log as log items, a poster, the cursors, and time. */
export type LogFeedDeps = {
  /** The log items of a guild's events after `afterId` (at most `limit` events, none past `upTo`), in order. */
  read(guildId: string, afterId: number, limit: number, upTo?: number): Promise<LogItem[]>;
  /**
   * Posts one message to the guild's log channel; resolves once Discord took it (or there is no channel). The same
   * batch sent again (a restart, a new leader) must make no second message: Discord's nonce (log-poster.ts).
   */
  send(guildId: string, batch: LogBatch, signal: AbortSignal): Promise<void>;
  /** What a failed post means (see PostFailure); anything else is tried again with a growing wait. */
  failure(error: unknown): PostFailure | null;
  cursors: { get(name: string): Promise<number | null>; set(name: string, eventId: number): Promise<void> };
  /** The last event id assigned when the feed started: where a guild without a cursor starts. */
  startAt: number;
  logger: Logger;
  /** A monotonic clock in ms (performance.now), for the linger. */
  now?: () => number;
  /** Sleeps `ms` (forever when infinite), or less when `signal` aborts: timers, or a test's clock. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

/** The cursor of a guild's log channel in the event log (src/entries/cursors.ts): the last event posted. */
export const cursorName = logCursorName;

/**
 * The last event of the message being posted, recorded before it is sent: after a crash the message is sent again
 * exactly as it was (the same changes, so the same nonce), and Discord answers with the one it already took.
 */
export const sendingName = (guildId: string) => `log-sending:${guildId}`;

type Lane = {
  guildId: string;
  /** The last event posted (or skipped); undefined until read from the store. */
  cursor: number | undefined;
  /** The last event of the last message recorded as being sent (`sendingName`). */
  sending: number;
  /** The last event of the guild heard of. */
  seen: number;
  /** Events heard of and not yet posted, with when they were heard of (oldest first; only ids and times). */
  arrivals: { id: number; at: number }[];
  saved: number;
  savedAt: number;
  wake: (() => void) | null;
  done: Promise<void>;
};

/** Arrival times kept per guild at most: beyond, the guild is clearly busy and its posts go out full anyway. */
const ARRIVALS_KEPT = 1_000;

/** Sleeps `ms` (forever when infinite), or until `signal` aborts. */
const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * The log channel's feed: one lane per guild, posting the guild's changes from the event log itself, in order,
 * as messages of up to 10 embeds (src/bot/log-batches.ts), one message in flight at a time. It holds no change in
 * memory: a change heard of on the bus only wakes the lane and notes when it came; the lane reads what follows its
 * cursor from the store, posts, and moves the cursor on, recorded in the store (after each message,
 * and when it falls quiet or stops). So the queue is the event log: bounded in memory whatever the backlog, and
 * after a restart what was not posted yet is posted then. A message is recorded as being sent before it goes
 * (`sendingName`) and as posted once Discord took it: one that went out just before a crash, its posting not yet
 * recorded, is sent again exactly as it was, and Discord, seeing its nonce again, answers with the message it already
 * has (within a few minutes; after a longer outage that one message may come twice, never more).
 *
 * Batching: the first change of a quiet moment waits LINGER_MS for others, or until a message's worth is waiting;
 * while Discord makes a post wait (5 posts per 5 s per channel), changes gather, and the next message takes up to
 * 10 of them. A post Discord refuses (no access to the channel, say) is skipped with a warning; one that cannot go
 * through now (a rate limit handed back, Discord unreachable) is tried again, never dropped.
 */
export function createLogFeed(deps: LogFeedDeps) {
  const { logger, cursors } = deps;
  const now = deps.now ?? (() => performance.now());
  const sleep = deps.sleep ?? realSleep;
  const lanes = new Map<string, Lane>();
  const stopping = new AbortController();
  /** Waiters of `idle`, told whenever a lane catches up. */
  const idlers = new Set<() => void>();
  const busy = () => [...lanes.values()].some((lane) => lane.cursor === undefined || lane.cursor < lane.seen);
  const caughtUp = () => {
    if (busy() && !stopping.signal.aborted) return;
    for (const idler of idlers) idler();
  };

  const save = async (lane: Lane) => {
    if (lane.cursor === undefined || lane.cursor === lane.saved) return;
    const through = lane.cursor;
    try {
      await cursors.set(cursorName(lane.guildId), through);
      lane.saved = through;
      lane.savedAt = now();
    } catch (error) {
      logger.warn("log channel position not recorded", { guildId: lane.guildId, error: String(error) });
    }
  };

  /** Waits until woken (a change heard of, the feed stopping) or `ms` passed (never, for an infinite `ms`). */
  const rest = async (lane: Lane, ms: number) => {
    const woken = new AbortController();
    const wake = () => woken.abort();
    lane.wake = wake;
    const stop = () => woken.abort();
    stopping.signal.addEventListener("abort", stop, { once: true });
    if (stopping.signal.aborted) woken.abort();
    try {
      await sleep(Math.max(0, ms), woken.signal);
    } finally {
      stopping.signal.removeEventListener("abort", stop);
      if (lane.wake === wake) lane.wake = null;
    }
  };

  /** Posts `batch`, trying again while it cannot go through; false when the feed stopped first. */
  const post = async (lane: Lane, batch: LogBatch): Promise<boolean> => {
    let backoff: number = BACKOFF_MS.first;
    while (!stopping.signal.aborted) {
      // A signal of its own for each attempt: discord.js never takes its listener off the signal it is given, so
      // the feed's own would hold every request ever sent.
      const attempt = new AbortController();
      const abort = () => attempt.abort();
      stopping.signal.addEventListener("abort", abort, { once: true });
      try {
        await deps.send(lane.guildId, batch, attempt.signal);
        return true;
      } catch (error) {
        if (stopping.signal.aborted) return false;
        const failure = deps.failure(error);
        if (failure === "refused") {
          logger.warn("log channel post refused; its changes are skipped", {
            guildId: lane.guildId,
            through: batch.through,
            error: String((error as Error)?.message ?? error),
          });
          return true;
        }
        const wait = failure?.retryAfterMs ?? backoff;
        if (!failure) backoff = Math.min(backoff * 2, BACKOFF_MS.longest);
        logger.warn("log channel post delayed", { guildId: lane.guildId, retryInMs: Math.round(wait) });
        await sleep(wait, stopping.signal);
      } finally {
        stopping.signal.removeEventListener("abort", abort);
      }
    }
    return false;
  };

  const run = async (lane: Lane) => {
    try {
      const [stored, sending] = await Promise.all([
        cursors.get(cursorName(lane.guildId)),
        cursors.get(sendingName(lane.guildId)),
      ]);
      lane.cursor = stored ?? deps.startAt;
      lane.sending = sending ?? 0;
    } catch (error) {
      lane.cursor = deps.startAt;
      logger.warn("log channel position not read; starting from now", { error: String(error) });
    }
    lane.saved = lane.cursor;
    lane.seen = Math.max(lane.seen, lane.cursor, lane.sending);
    let backoff: number = BACKOFF_MS.first;
    const warnThenBackOff = async (what: string, error: unknown) => {
      logger.warn(what, { guildId: lane.guildId, error: String(error) });
      await sleep(backoff, stopping.signal);
      backoff = Math.min(backoff * 2, BACKOFF_MS.longest);
    };
    while (!stopping.signal.aborted) {
      const cursor: number = lane.cursor;
      lane.arrivals = lane.arrivals.filter((arrival) => arrival.id > cursor);
      if (cursor >= lane.seen) {
        caughtUp();
        await save(lane);
        // Rest only if nothing was heard of while saving (a change heard of before `rest` wakes nobody).
        if (lane.seen <= cursor) await rest(lane, Number.POSITIVE_INFINITY);
        continue;
      }
      // A message recorded as being sent and not as posted (the bot stopped, or its leader died, in between) goes
      // again first, exactly as it was: the same changes, none after them, and at once.
      const resending: boolean = lane.sending > cursor;
      const oldest = lane.arrivals[0]?.at;
      const gathering = oldest === undefined ? 0 : oldest + LINGER_MS - now();
      if (
        !resending &&
        lane.arrivals.length < MESSAGE_EMBEDS.count &&
        lane.arrivals.length < ARRIVALS_KEPT &&
        gathering > 0
      ) {
        await rest(lane, gathering);
        continue;
      }
      let items: LogItem[];
      try {
        items = await deps.read(lane.guildId, cursor, PAGE, resending ? lane.sending : undefined);
        backoff = BACKOFF_MS.first;
      } catch (error) {
        await warnThenBackOff("log channel changes not read", error);
        continue;
      }
      const batch = nextBatch(items);
      if (!batch) {
        // Heard of but not in the log (pruned meanwhile, or never committed): nothing to post up to there.
        lane.cursor = resending ? lane.sending : lane.seen;
        continue;
      }
      const posting = batch.embeds.length > 0;
      if (posting && batch.through > lane.sending) {
        try {
          await cursors.set(sendingName(lane.guildId), batch.through);
          lane.sending = batch.through;
        } catch (error) {
          // Not sent unrecorded: after a crash it could not be sent again as it was, and would come twice.
          await warnThenBackOff("log channel post not recorded before sending; tried again", error);
          continue;
        }
      }
      if (posting && !(await post(lane, batch))) break;
      lane.cursor = batch.through;
      // After each message (Discord takes about one a second per channel anyway): a restart, or a new leader of
      // replicas, then posts again at most the one message whose position was not recorded yet.
      if (posting || now() - lane.savedAt >= SAVE_EVERY_MS) await save(lane);
    }
    await save(lane);
  };

  const laneOf = (guildId: string): Lane => {
    let lane = lanes.get(guildId);
    if (!lane) {
      const created: Lane = {
        guildId,
        cursor: undefined,
        sending: 0,
        seen: 0,
        arrivals: [],
        saved: 0,
        savedAt: now(),
        wake: null,
        done: Promise.resolve(),
      };
      created.done = run(created).catch((error: unknown) =>
        logger.error("log channel feed stopped", { guildId, error: String(error) }),
      );
      lanes.set(guildId, created);
      lane = created;
    }
    return lane;
  };

  return {
    /** A change of `guildId` committed as event `eventId`: its lane wakes (and is started if need be). */
    heard(guildId: string, eventId: number): void {
      if (stopping.signal.aborted) return;
      const lane = laneOf(guildId);
      if (eventId <= lane.seen) return;
      lane.seen = eventId;
      if (lane.arrivals.length < ARRIVALS_KEPT) lane.arrivals.push({ id: eventId, at: now() });
      lane.wake?.();
    },

    /** Starts the lane of a guild whose stored cursor is behind `latest` (changes left from before a restart). */
    catchUp(guildId: string, latest: number): void {
      const lane = laneOf(guildId);
      lane.seen = Math.max(lane.seen, latest);
      lane.wake?.();
    },

    /** Changes heard of and not posted yet, in all guilds. */
    waiting(): number {
      let count = 0;
      for (const lane of lanes.values()) count += lane.arrivals.length;
      return count;
    },

    /** Resolves once every lane has posted all it heard of (or the feed stopped): tests wait for this. */
    idle(): Promise<void> {
      if (!busy() || stopping.signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const idler = () => {
          idlers.delete(idler);
          resolve();
        };
        idlers.add(idler);
      });
    },

    /** Stops posting: a post in flight is abandoned (sent again, as it was, after a restart); cursors are recorded. */
    async stop(): Promise<void> {
      stopping.abort();
      for (const lane of lanes.values()) lane.wake?.();
      await Promise.all([...lanes.values()].map((lane) => lane.done));
      caughtUp();
    },
  };
}

/** A running log feed. */
export type LogFeed = ReturnType<typeof createLogFeed>;
