import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { EventBus } from "./bus.ts";
import type { EntryService } from "./service.ts";

/** The longest the timer waits, whatever the next due time: a clock that jumped is noticed within this. */
const MAX_WAIT_MS = 60 * 60_000;
/** After a failed check (the store busy or failing), the next try. */
const RETRY_MS = 60_000;
/** Entries removed per transaction, so a backlog (after downtime) never holds the writer for long. */
const BATCH = 500;

/**
 * Expires entries at their due time, which is stored with each entry (`entries.expiresAt`, and for an entry
 * awaiting proof at first join `entries.proofDueAt`, docs/link.md, First-join proof), so nothing is lost
 * across restarts: `start` removes what fell due while the service was down, then a timer wakes at the next
 * due time (at most an hour ahead, so a jump of the clock is caught) and is moved earlier when an entry that
 * expires sooner is added. The timer is `unref`'d: it never keeps the process alive. Removal goes through
 * `EntryService.removeExpired` (origin `expired`, one event each, roles reverted by their subscriber), which
 * deletes each entry at most once, however many checks run. Tests move the clock and call `check`.
 */
export function createExpiryScheduler(deps: {
  entries: Pick<EntryService, "removeExpired" | "nextExpiry">;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}) {
  const { entries, bus, clock, logger } = deps;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When (on the injected clock) the armed timer fires; null while none is armed. */
  let armedFor: number | null = null;
  /** The check under way, if any: checks run one after another, never side by side. */
  let running: Promise<unknown> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;

  /** Sets the timer for `due` (or the longest wait when nothing is due), replacing any armed one. */
  const armAt = (due: number | null, ceiling = MAX_WAIT_MS) => {
    if (!started) return;
    clearTimeout(timer);
    const now = clock.now();
    const wait = due === null ? ceiling : Math.min(Math.max(due - now, 0), ceiling);
    armedFor = now + wait;
    timer = setTimeout(() => {
      timer = undefined;
      armedFor = null;
      scheduler.check().catch(() => {}); // logged by check
    }, wait);
    timer.unref();
  };

  /** Removes every entry due now, a batch per transaction; resolves with how many. */
  const expireDue = async (): Promise<number> => {
    let removed = 0;
    for (;;) {
      const batch = await entries.removeExpired(clock.now(), BATCH);
      removed += batch.length;
      if (batch.length < BATCH) return removed;
    }
  };

  const scheduler = {
    /**
     * Removes every entry whose due time has passed on the clock, then sets the timer for the next one. Resolves
     * with how many were removed; rejects when the store failed (logged, and tried again a minute later).
     */
    check(): Promise<number> {
      const run = running.then(async () => {
        try {
          const removed = await expireDue();
          if (removed > 0) logger.info("entries expired", { removed });
          armAt(await entries.nextExpiry());
          return removed;
        } catch (error) {
          logger.warn("expiring entries failed", { error: String(error) });
          armAt(await entries.nextExpiry().catch(() => null), RETRY_MS);
          throw error;
        }
      });
      running = run.catch(() => {});
      return run;
    },

    /**
     * Starts expiring: removes what fell due while the service was down (once: a removed entry is gone), then
     * keeps the timer set. Resolves when that first check is done, failed or not.
     */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      unsubscribe = bus.subscribe(({ event }) => {
        if (event.type !== "entry.added") return;
        const { expiresAt, proofDueAt } = event.entry;
        const times = [expiresAt, proofDueAt ?? null].filter((at) => at !== null).map((at) => Date.parse(at));
        if (times.length === 0) return;
        const due = Math.min(...times);
        if (armedFor === null || due < armedFor) armAt(due);
      });
      await scheduler.check().catch(() => {});
    },

    /** When the timer fires next (on the injected clock), or null when none is set (tests, status). */
    armedFor(): number | null {
      return armedFor;
    },

    /** Stops the timer and stops following additions; a check under way finishes first. */
    async stop(): Promise<void> {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      armedFor = null;
      unsubscribe?.();
      unsubscribe = undefined;
      await running;
    },
  };
  return scheduler;
}
