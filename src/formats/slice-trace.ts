/**
 * Where a first read's slices go, for `bench/first-read.ts --trace` (docs/performance.md, Large whitelists): with
 * WLS_SLICE_TRACE=1 in the environment, the format cache's slices note each slice's wall and CPU time, its longest
 * step and the turn of the event loop between it and the next. Off, the slices are returned as they are. Not a
 * setting: a bench's probe, never read by anything else.
 */
import type { Slices } from "../shared/slices.ts";

const tracing = process.env.WLS_SLICE_TRACE === "1";

/**
 * One slice: the work that ran in it (`label`), when it began (ms since the epoch), its wall time, the process's CPU
 * time meanwhile (every thread: a collector's helpers too), its longest step (between two `due()` checks) and
 * whether the heap shrank during that step (a collection ran in it), and how long the event loop then took to
 * resume some work (ms).
 */
export type SliceTrace = {
  label: string;
  at: number;
  wallMs: number;
  cpuMs: number;
  stepMs: number;
  stepCollected: boolean;
  turnMs: number;
};

/** Records kept until taken: a first read of four formats makes a few hundred to a few thousand. */
const LIMIT = 50_000;
const traces: SliceTrace[] = [];

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const heapSize: () => number = tracing ? (require("bun:jsc") as typeof import("bun:jsc")).heapSize : () => 0;

// One slice runs at a time in the process, whichever work it belongs to: the state is shared by every label.
// A slice begins when work resumes, or for work that began outside one (a request's first page) at its first
// check; NaN while none runs.
let started = Number.NaN;
let startedCpu = 0;
let lastCheck = 0;
let lastHeap = 0;
let longest = 0;
let longestCollected = false;
// The slice last paused, until some work resumes: its turn is the wait between them.
let pending: SliceTrace | null = null;
let pausedAt = 0;

const begin = (now: number) => {
  started = now;
  startedCpu = cpuMs();
  lastCheck = now;
  lastHeap = heapSize();
  longest = 0;
  longestCollected = false;
};

/** A step ended now: notes it if it is the slice's longest. */
const stepEnded = (now: number) => {
  const heap = heapSize();
  if (now - lastCheck > longest) {
    longest = now - lastCheck;
    longestCollected = heap < lastHeap - 1e6;
  }
  lastCheck = now;
  lastHeap = heap;
};

/** `slices` as they are, or with WLS_SLICE_TRACE=1 noting each slice of the work `label` (takeSliceTraces). */
export function traced(slices: Slices, label: string): Slices {
  if (!tracing) return slices;
  return {
    due() {
      const now = performance.now();
      if (Number.isNaN(started)) begin(now);
      stepEnded(now);
      return slices.due();
    },
    elapsed: () => slices.elapsed(),
    async pause() {
      const paused = performance.now();
      if (!Number.isNaN(started)) {
        stepEnded(paused);
        const record: SliceTrace = {
          label,
          at: performance.timeOrigin + started,
          wallMs: paused - started,
          cpuMs: cpuMs() - startedCpu,
          stepMs: longest,
          stepCollected: longestCollected,
          turnMs: 0,
        };
        if (traces.length >= LIMIT) traces.shift();
        traces.push(record);
        pending = record;
        pausedAt = paused;
      }
      started = Number.NaN;
      await slices.pause();
      const now = performance.now();
      begin(now);
      if (pending) pending.turnMs = now - pausedAt;
      pending = null;
    },
  };
}

/** The records since the last call, taken away. */
export function takeSliceTraces(): SliceTrace[] {
  return traces.splice(0);
}
