/**
 * Bench helper for bench/first-read.ts `--gc`: the service's collections, from JavaScriptCore's own log
 * (`BUN_JSC_logGC=1` in its environment, written to its stderr): each collection's kind (eden or full) and its
 * longest pause of the event loop, noted when its line reaches this process, so that a round counts those of its
 * first reads. Works with any checkout (`--checkout`): only the environment asks for it. Not meant to be run by hand.
 */

/**
 * One collection: when its end was read here (performance.now()), eden or full, its longest pause and all its
 * pauses together (ms; JSC stops the event loop once per line of its log, `p=`, and collects concurrently between),
 * and whether it was of the service's main heap, whose pauses stop its event loop (a worker's heap, src/formats/
 * build-worker.ts, pauses only the worker: JSC names each heap in its lines, the first one to log is the main one).
 */
export type Collection = { at: number; full: boolean; pauseMs: number; pausedMs: number; main: boolean };

/** The environment that makes the service log its collections. */
export const GC_LOG_ENV = { BUN_JSC_logGC: "1" };

/** Reads the service's stderr to its end, noting each collection; other lines are passed on to this stderr. */
export function readCollections(stderr: ReadableStream<Uint8Array>): Collection[] {
  const decoder = new TextDecoder();
  const collections: Collection[] = [];
  let full = false;
  let paused = 0;
  let buffered = "";
  let mainHeap: string | null = null;
  let heap = "";
  void (async () => {
    for await (const bytes of stderr) {
      buffered += decoder.decode(bytes, { stream: true });
      for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const named = /^\[GC<(0x[0-9a-f]+)>/.exec(line);
        if (named) {
          heap = named[1] as string;
          mainHeap ??= heap;
        }
        if (line.includes(": START ")) {
          full = line.includes("FullCollection");
          paused = 0;
        }
        for (const pause of line.matchAll(/ p=([\d.]+)ms/g)) paused += Number(pause[1]);
        const end = / \(max ([\d.]+)\)[^\]]*END\]/.exec(line);
        if (end)
          collections.push({
            at: performance.now(),
            full,
            pauseMs: Number(end[1]),
            pausedMs: paused,
            main: heap === mainHeap,
          });
        else if (!line.startsWith("[GC<") && !line.startsWith("Requesting GC") && line !== "GC END!")
          console.error(line);
      }
    }
  })();
  return collections;
}

/**
 * What a round's collections of the main heap between `from` and `to` (performance.now()) were: how many, how long
 * they paused; and how many other heaps (workers) made meanwhile.
 */
export function collectionsBetween(collections: readonly Collection[], from: number, to: number) {
  const all = collections.filter((c) => c.at >= from && c.at <= to);
  const within = all.filter((c) => c.main);
  const pauses = within.map((c) => c.pauseMs);
  return {
    count: within.length,
    elsewhere: all.length - within.length,
    full: within.filter((c) => c.full).length,
    over4: pauses.filter((ms) => ms >= 4).length,
    totalMs: within.reduce((sum, c) => sum + c.pausedMs, 0),
    maxMs: pauses.length === 0 ? 0 : Math.max(...pauses),
  };
}
