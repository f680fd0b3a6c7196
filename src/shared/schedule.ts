/** Runs `run` after `ms`: a timer in production, a test's own queue in tests (no real time passes). */
export type Schedule = (run: () => void, ms: number) => void;

/** A timer that never keeps a stopping process alive (unref'd). */
export const unrefTimer: Schedule = (run, ms) => {
  setTimeout(run, ms).unref();
};
