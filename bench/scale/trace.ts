/**
 * `bench/scale.ts --trace`: for each DELETE slower than 10 ms, the bare commit beside it, the service's event-loop
 * stalls that overlap it, the collections during it and where its time went, stage by stage (the service's marks,
 * src/shared/write-stages.ts); then how many of the slow ones each explains, and each stage's p50 and p99 over all
 * the DELETEs. Not meant to be run by hand.
 */
import type { WriteTrace } from "../../src/shared/write-stages.ts";
import { quantile } from "../lib.ts";

/** What the service noted (bench/scale/serve.ts): its loop's stalls and its collections, at wall-clock ms. */
export type Trace = {
  stalls: [at: number, ms: number][];
  collections: [at: number, freedMb: number][];
  writes: WriteTrace[];
};

/** A DELETE as the bench saw it: when it was sent and answered (wall-clock ms), and the bare commit beside it. */
export type Window = { start: number; end: number; ms: number; bareMs: number };

/**
 * The stages of one DELETE, each the time since the one before: `in` from the request sent to the handler (loopback,
 * parsing, authentication, rate limit), the writer's marks, `out` from the handler's answer to the client's receipt.
 */
function stagesOf(window: Window, writes: WriteTrace[]): [string, number][] | undefined {
  const write = writes.find((w) => w.at >= window.start && w.at <= window.end);
  if (!write) return undefined;
  const first = (write.marks[0] as [string, number])[1];
  const wall = (ms: number) => write.at + ms - first;
  const stages: [string, number][] = [["in", write.at - window.start]];
  for (let i = 1; i < write.marks.length; i++) {
    const [name, ms] = write.marks[i] as [string, number];
    stages.push([name, ms - (write.marks[i - 1] as [string, number])[1]]);
    if (i === write.marks.length - 1) stages.push(["out", window.end - wall(ms)]);
  }
  return stages;
}

/** Prints the trace (see the file's comment) to stderr. */
export function printTrace(windows: Window[], trace: Trace): void {
  const slow = windows.filter((w) => w.ms > 10);
  let disk = 0;
  let stalled = 0;
  let collected = 0;
  const show = (stages: [string, number][] | undefined) =>
    stages ? stages.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ") : "no stages";
  for (const w of slow) {
    const stalls = trace.stalls.filter(([at, ms]) => at >= w.start && at - ms <= w.end);
    const collections = trace.collections.filter(([at]) => at >= w.start && at <= w.end + 1);
    const stallMs = stalls.reduce((sum, [, ms]) => sum + ms, 0);
    if (w.bareMs > 5) disk++;
    if (stallMs >= 3) stalled++;
    if (collections.length > 0) collected++;
    console.error(
      `DELETE ${w.ms.toFixed(1)} ms: bare commit ${w.bareMs.toFixed(1)} ms, loop stalled ${stallMs.toFixed(1)} ms, ` +
        `collections ${collections.map(([, mb]) => `${mb.toFixed(0)} MB`).join(" ") || "none"}; ` +
        show(stagesOf(w, trace.writes)),
    );
  }
  console.error(
    `${slow.length} of ${windows.length} DELETEs over 10 ms: ${disk} beside a bare commit over 5 ms, ` +
      `${stalled} with the service's loop stalled 3 ms or more, ${collected} with a collection`,
  );
  const byStage = new Map<string, number[]>();
  for (const w of windows)
    for (const [name, ms] of stagesOf(w, trace.writes) ?? []) {
      const list = byStage.get(name) ?? [];
      list.push(ms);
      byStage.set(name, list);
    }
  if (byStage.size === 0) return;
  console.error(
    `stages over all ${windows.length} DELETEs, p50 / p99 ms: ` +
      [...byStage]
        .map(
          ([name, list]) => `${name} ${quantile(list, 0.5).toFixed(2)} / ${quantile(list, 0.99).toFixed(2)}`,
        )
        .join(", "),
  );
}
