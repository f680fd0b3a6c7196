/**
 * The memory only a start used, handed back once the process is quiet after it (docs/performance.md, Start and
 * memory). A start runs much code once: the migrations, the bot's modules, its login and the commands' registration.
 * JavaScriptCore keeps each function's compiled code and the heap it grew to until it needs the room, so a service
 * left idle after its start holds some 4 MiB it will not use again. Bun's `shrink` asks JavaScriptCore, the next
 * time it is idle, to drop every function's compiled code (compiled again from the executable's bytecode when next
 * called), collect the whole heap and give the freed pages back: some 20-30 ms of the event loop, once.
 *
 * So that no member's registration or API read waits behind it, it runs only when the process was quiet for a whole
 * window (its CPU, every thread, under a tenth of a core), checked window after window; a process never quiet within
 * GIVE_UP_AFTER_MS of its start keeps what it has.
 */

import { type Schedule, unrefTimer } from "./schedule.ts";

/** The window the process must have been quiet for. */
export const QUIET_WINDOW_MS = 500;
/** Quiet: CPU (user + system, every thread) under this share of one core over the window. */
export const QUIET_CPU_SHARE = 0.1;
/** After this long without a quiet window, the memory is left as it is. */
export const GIVE_UP_AFTER_MS = 60_000;

/** The process's CPU time so far, in microseconds. */
const processCpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** Bun's `shrink` (the compiled code dropped, a full collection, the free pages handed back), where Bun has it. */
const shrink = () => {
  const bun = Bun as { shrink?: () => void };
  bun.shrink?.();
};

/**
 * Watches for the first quiet window after a start and then releases the start's memory, once. Resolves with
 * whether it did (false: never quiet within GIVE_UP_AFTER_MS, or `cancel`led).
 */
export function releaseStartMemory({
  schedule = unrefTimer,
  cpuMicros = processCpuMicros,
  release = shrink,
}: {
  schedule?: Schedule;
  cpuMicros?: () => number;
  release?: () => void;
} = {}) {
  let cancelled = false;
  const released = new Promise<boolean>((resolve) => {
    let waited = 0;
    let cpuBefore = cpuMicros();
    const check = () => {
      if (cancelled) return resolve(false);
      const cpuNow = cpuMicros();
      const quiet = (cpuNow - cpuBefore) / 1000 < QUIET_WINDOW_MS * QUIET_CPU_SHARE;
      cpuBefore = cpuNow;
      waited += QUIET_WINDOW_MS;
      if (quiet) {
        release();
        return resolve(true);
      }
      if (waited >= GIVE_UP_AFTER_MS) return resolve(false);
      schedule(check, QUIET_WINDOW_MS);
    };
    schedule(check, QUIET_WINDOW_MS);
  });
  return {
    released,
    /** Stops watching (a shutdown): nothing is released after this. */
    cancel() {
      cancelled = true;
    },
  };
}
