import { describe, expect, test } from "bun:test";
import {
  GIVE_UP_AFTER_MS,
  QUIET_CPU_SHARE,
  QUIET_WINDOW_MS,
  releaseStartMemory,
} from "../../src/shared/start-memory.ts";

/** A schedule the test runs by hand, and a CPU counter it moves: no timer, no real CPU time. */
function world() {
  const due: { run: () => void; ms: number }[] = [];
  let cpu = 0;
  let releases = 0;
  const watch = releaseStartMemory({
    schedule: (run, ms) => {
      due.push({ run, ms });
    },
    cpuMicros: () => cpu,
    release: () => {
      releases++;
    },
  });
  return {
    watch,
    releases: () => releases,
    /** The process uses `ms` of CPU during the window, then the window's check runs. */
    window(ms: number) {
      cpu += ms * 1000;
      const next = due.shift();
      if (!next) throw new Error("nothing was scheduled");
      expect(next.ms).toBe(QUIET_WINDOW_MS);
      next.run();
    },
    pending: () => due.length,
  };
}

const BUSY_MS = QUIET_WINDOW_MS * QUIET_CPU_SHARE;

describe("releaseStartMemory", () => {
  test("releases once, at the first quiet window", async () => {
    const w = world();
    w.window(BUSY_MS - 1);
    expect(w.releases()).toBe(1);
    expect(await w.watch.released).toBe(true);
    expect(w.pending()).toBe(0);
  });

  test("waits while the process works (a registration, a read), then releases once it is quiet", async () => {
    const w = world();
    w.window(BUSY_MS);
    w.window(QUIET_WINDOW_MS);
    expect(w.releases()).toBe(0);
    w.window(1);
    expect(w.releases()).toBe(1);
    expect(await w.watch.released).toBe(true);
  });

  test("a process never quiet keeps its memory and stops watching", async () => {
    const w = world();
    for (let waited = 0; waited < GIVE_UP_AFTER_MS; waited += QUIET_WINDOW_MS) w.window(BUSY_MS * 2);
    expect(w.releases()).toBe(0);
    expect(w.pending()).toBe(0);
    expect(await w.watch.released).toBe(false);
  });

  test("cancelled (a shutdown): nothing is released", async () => {
    const w = world();
    w.watch.cancel();
    w.window(0);
    expect(w.releases()).toBe(0);
    expect(await w.watch.released).toBe(false);
  });
});
