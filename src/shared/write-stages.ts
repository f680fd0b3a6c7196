/**
 * Where a write's time goes, for `bench/scale.ts --trace` (docs/performance.md, Where a DELETE's time goes): with
 * WLS_WRITE_STAGES=1 in the environment, the DELETE handler opens a record and the writer marks each stage it
 * reaches in the last one opened (the bench sends one DELETE at a time). Off, a mark costs a comparison. Not a
 * setting: a bench's probe, never read by anything else.
 */
const tracing = process.env.WLS_WRITE_STAGES === "1";

/** One traced write: when it began (ms since the epoch) and each stage reached, at `performance.now()` ms. */
export type WriteTrace = { at: number; marks: [stage: string, ms: number][] };

/** Records kept until taken: a bench takes them after a few hundred writes. */
const LIMIT = 10_000;
const traces: WriteTrace[] = [];

/** Opens a new record at stage `name` (written only with WLS_WRITE_STAGES=1). */
export function beginWriteTrace(name: string): void {
  if (!tracing) return;
  const now = performance.now();
  if (traces.length >= LIMIT) traces.shift();
  traces.push({ at: performance.timeOrigin + now, marks: [[name, now]] });
}

/** Notes that the write of the last record opened reached stage `name` (with WLS_WRITE_STAGES=1 only). */
export function writeStage(name: string): void {
  if (!tracing) return;
  traces.at(-1)?.marks.push([name, performance.now()]);
}

/** The records since the last call, taken away. */
export function takeWriteTraces(): WriteTrace[] {
  return traces.splice(0);
}
