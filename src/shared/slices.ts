// Long work done in slices, so that nothing else waits behind it (docs/architecture.md, Formats kept per
// whitelist: the first build of a large whitelist's formats).

/** How long a slice of long work may run before it lets the event loop turn (ms). */
export const SLICE_MS = 3;

/**
 * Slices of long work shared by every piece of it in the process: one slice per turn of the event loop, whoever
 * it belongs to, so requests, sockets and timers wait at most about one slice. Several pieces each yielding on
 * their own (`setImmediate`) would all run in the same turn, one after another, and add up.
 */
export type Slices = {
  /** Whether the slice under way has used its time: the work should `pause()` at its next step. */
  due(): boolean;
  /**
   * How long the slice under way has run (ms), for work whose steps it sizes itself (a read's pages: a step that
   * cannot pause inside it should fit well within a slice, whatever CPU the process gets). 0 without slices.
   */
  elapsed(): number;
  /** Resolves on a later turn of the event loop, after the work that paused before; a new slice starts then. */
  pause(): Promise<void>;
};

/** No slices: work that asks is never due to pause (a read or a build with nothing else to let through). */
export const noSlices: Slices = { due: () => false, elapsed: () => 0, pause: () => Promise.resolve() };

/**
 * Slices of about `sliceMs` each (by `now`, in ms: tests move it), taken in turn by whatever work pauses on them
 * (first paused, first resumed).
 */
export function createSlices(sliceMs = SLICE_MS, now: () => number = () => performance.now()): Slices {
  const waiting: (() => void)[] = [];
  let started = now();
  let scheduled = false;
  // One waiter per turn: `setImmediate` queued from inside an immediate runs on the next turn, after I/O.
  const next = () => {
    scheduled = false;
    const resume = waiting.shift();
    if (waiting.length > 0) schedule();
    started = now();
    resume?.();
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(next);
  };
  return {
    due: () => now() - started >= sliceMs,
    elapsed: () => now() - started,
    pause: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!scheduled) schedule();
      }),
  };
}

/**
 * Work written as a generator that yields wherever it may stop (every few hundred items), run in slices: paused
 * whenever its slice is due, and first of all, so that it starts in a slice of its own. Resolves with what the
 * generator returns.
 */
export async function runSliced<T>(work: Iterator<unknown, T>, slices: Slices): Promise<T> {
  await slices.pause();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (slices.due()) await slices.pause();
  }
}

/** The same work run to its end at once (small work, tests). */
export function runAtOnce<T>(work: Iterator<unknown, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Items moved or compared between two yields of `sorting`. */
const SORT_STEP = 512;

/**
 * Sorts `items` in place by `compare`, as `Array.prototype.sort` does (stable), in steps: runs of `run` items
 * sorted at once, then merged pairwise, bottom up, yielding every few hundred items. Two runs already in order
 * (items read in about the order they sort in) are copied without a comparison per item.
 */
export function* sorting<T>(items: T[], compare: (a: T, b: T) => number, run = 256): Generator<void, T[]> {
  const n = items.length;
  for (let at = 0; at < n; at += run) {
    const sorted = items.slice(at, at + run).sort(compare);
    for (let i = 0; i < sorted.length; i++) items[at + i] = sorted[i] as T;
    yield;
  }
  let source = items;
  let target = new Array<T>(n);
  let moved = 0;
  for (let width = run; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let i = left;
      let j = middle;
      let k = left;
      if (middle === right || compare(source[middle - 1] as T, source[middle] as T) <= 0) {
        while (k < right) target[k++] = source[i++] as T;
      } else {
        // Ties take the left run's item first: the merge is stable.
        while (i < middle && j < right) {
          target[k++] = (compare(source[j] as T, source[i] as T) < 0 ? source[j++] : source[i++]) as T;
          if (++moved % SORT_STEP === 0) yield;
        }
        while (i < middle) target[k++] = source[i++] as T;
        while (j < right) target[k++] = source[j++] as T;
      }
      yield;
    }
    [source, target] = [target, source];
  }
  if (source !== items) for (let i = 0; i < n; i++) items[i] = source[i] as T;
  return items;
}
