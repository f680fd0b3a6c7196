import { type Clock, systemClock } from "../shared/clock.ts";
import { type Schedule, unrefTimer } from "../shared/schedule.ts";

/**
 * How long a timer's lateness still says how late the next will run: within a burst, or one member after another at
 * a busy time; a loop that was late earlier than this says nothing about now.
 */
export const RECENT_LATENESS_MS = 2_000;

/** How often the probe measures the event loop while interactions work towards their direct replies. */
export const LATENESS_PROBE_MS = 100;

/**
 * How late this process's event loop runs its timers, as measured lately: what a deferral planned on a timer needs
 * (interaction/answer.ts, inTime). A timer runs late when the event loop is busy (work run on it, such as SQLite's
 * queries, on a CPU the process hardly gets), not when work waits for I/O (PostgreSQL's round trips, a commit's
 * flush), which leaves the loop free. Timers note when they ran against when they were planned (`note`), and while
 * `probeWhile`'s condition holds a probe does every LATENESS_PROBE_MS, so the lateness is known before the first
 * deferral is due.
 */
export function createTimerLateness({
  clock = systemClock,
  schedule = unrefTimer,
}: {
  clock?: Clock;
  schedule?: Schedule;
} = {}) {
  /** The timers that ran within the last RECENT_LATENESS_MS: when, and how late. */
  let lately: { at: number; lateMs: number }[] = [];
  let probing = false;

  const watch = {
    /** Notes a timer planned to run at `plannedAt` that ran at `ranAt`. */
    note(plannedAt: number, ranAt: number): void {
      lately = lately.filter((timer) => ranAt - timer.at <= RECENT_LATENESS_MS);
      lately.push({ at: ranAt, lateMs: Math.max(0, ranAt - plannedAt) });
    },

    /** The most a timer ran late within RECENT_LATENESS_MS before `now`; 0 when none ran. */
    recentMs(now: number): number {
      let most = 0;
      for (const timer of lately) {
        const ago = now - timer.at;
        if (ago >= 0 && ago <= RECENT_LATENESS_MS) most = Math.max(most, timer.lateMs);
      }
      return most;
    },

    /** Probes the event loop every LATENESS_PROBE_MS while `busy()` holds (one probe at a time, however asked). */
    probeWhile(busy: () => boolean): void {
      if (probing) return;
      probing = true;
      const next = () => {
        const plannedAt = clock.now() + LATENESS_PROBE_MS;
        schedule(() => {
          watch.note(plannedAt, clock.now());
          if (busy()) next();
          else probing = false;
        }, LATENESS_PROBE_MS);
      };
      next();
    },
  };
  return watch;
}

/** How late timers ran lately (see createTimerLateness). */
export type TimerLateness = ReturnType<typeof createTimerLateness>;
