import type { Logger } from "./logger.ts";

/**
 * A background job of the service (docs/architecture.md, The composition root): a pass run now and then until
 * the job is stopped.
 */
export type Job = {
  /** What the job does, as the log names it: a pass that throws is logged as `<name> failed` (a warning). */
  name: string;
  /**
   * When passes run: `every` so many ms (a turn that comes while the last pass still runs is skipped: passes
   * never overlap), or `after` so many ms once the last pass ended (a pause between passes, however long each
   * takes).
   */
  schedule: { every: number } | { after: number };
  /** The first pass: at once, or after the first wait of the schedule. */
  first: "now" | "later";
  /** One pass. `signal` aborts when the job stops: a pass waiting for the network ends then, writing nothing. */
  run(signal: AbortSignal): Promise<unknown>;
};

/** Stops a job: no pass starts after the call; resolves once the pass under way (its signal aborted) ended. */
export type StopJob = () => Promise<void>;

/**
 * Starts a job and returns its stop. Its timers are the process's own and `unref`'d, so they never keep it
 * alive; what a pass decides by time it reads from the injected clock. Tests shorten a job's wait (e.g.
 * `renamePassMs` of `startService`) and wait for what a pass did; they never wait for time to pass.
 */
export function startJob(job: Job, logger: Logger): StopJob {
  const { schedule } = job;
  const stopped = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const pass = () => {
    if (running || stopped.signal.aborted) return;
    running = Promise.resolve()
      .then(() => job.run(stopped.signal))
      .then(
        () => {},
        (error: unknown) => logger.warn(`${job.name} failed`, { error: String(error) }),
      )
      .finally(() => {
        running = undefined;
        if ("after" in schedule) wait(schedule.after);
      });
  };
  const wait = (ms: number) => {
    if (stopped.signal.aborted) return;
    timer = setTimeout(pass, ms);
    timer.unref();
  };

  if ("every" in schedule) {
    timer = setInterval(pass, schedule.every);
    timer.unref();
    if (job.first === "now") pass();
  } else if (job.first === "now") {
    pass();
  } else {
    wait(schedule.after);
  }

  return async () => {
    stopped.abort();
    // One handle for both kinds: clearTimeout and clearInterval clear either.
    clearTimeout(timer);
    await running;
  };
}
