/**
 * Bench helper for bench/first-read.ts `--trace`: what the service's slices were during a round's first reads
 * (src/formats/slice-trace.ts) and what the slowest probes waited behind: a slice running long (its own CPU, or
 * its wall time stretched by the neighbours), a long step inside one, or a long turn of the event loop between
 * two slices. Not meant to be run by hand.
 */
import type { SliceTrace } from "../../src/formats/slice-trace.ts";
import { fixed, quantile, table } from "../lib.ts";

/** Probes slower than this are lined up with the slices they overlapped (ms). */
const SLOW_MS = 15;
/** The slowest probes shown, at most. */
const SHOWN = 5;

const spread = (values: number[]) =>
  values.length === 0
    ? ["—", "—", "—"]
    : [fixed(quantile(values, 0.5), 2), fixed(quantile(values, 0.99), 2), fixed(Math.max(...values), 2)];

/** Prints the round's slices (p50, p99, max of each figure) and the slowest probes' overlapping slices. */
export function printSlices(
  round: number,
  latencies: number[],
  sentAt: number[],
  slices: SliceTrace[],
): void {
  const wall = slices.reduce((sum, slice) => sum + slice.wallMs, 0);
  const cpu = slices.reduce((sum, slice) => sum + slice.cpuMs, 0);
  console.log(
    `\nround ${round}: ${slices.length} slices, ${fixed(wall, 0)} ms of wall time in them, ${fixed(cpu, 0)} ms of the process's CPU (${fixed((100 * cpu) / wall, 0)}%)`,
  );
  console.log(
    table(
      [
        ["", "p50 ms", "p99 ms", "max ms"],
        ["slice, wall", ...spread(slices.map((slice) => slice.wallMs))],
        ["slice, CPU", ...spread(slices.map((slice) => slice.cpuMs))],
        ["longest step", ...spread(slices.map((slice) => slice.stepMs))],
        ["turn after", ...spread(slices.map((slice) => slice.turnMs))],
      ],
      "  ",
    ),
  );
  const slow = latencies
    .map((ms, i) => ({ ms, at: sentAt[i] as number }))
    .filter((probe) => probe.ms >= SLOW_MS)
    .sort((a, b) => b.ms - a.ms);
  const labels = [...new Set(slices.map((slice) => slice.label))];
  const long = slices.filter((slice) => slice.stepMs >= 8);
  console.log(
    `  steps of 8 ms or more: ${long.length} (${long.filter((slice) => slice.stepCollected).length} with a collection); by work: ${labels
      .map((label) => {
        const mine = slices.filter((slice) => slice.label === label);
        return `${label} ${mine.length} slices, ${fixed(
          mine.reduce((sum, slice) => sum + slice.cpuMs, 0),
          0,
        )} ms CPU, ${long.filter((slice) => slice.label === label).length} long`;
      })
      .join("; ")}`,
  );
  const first = Math.min(...slices.map((slice) => slice.at));
  const last = Math.max(...slices.map((slice) => slice.at + slice.wallMs));
  const during = slow.filter((probe) => probe.at + probe.ms > first && probe.at < last).length;
  console.log(
    `  ${slow.length} probes of ${latencies.length} at ${SLOW_MS} ms or more, ${during} of them while slices ran (${fixed(last - first, 0)} ms from the first to the last); the slowest (sent at, ms after the first slice):`,
  );
  for (const probe of slow.slice(0, SHOWN)) {
    const overlapping = slices.filter(
      (slice) => slice.at < probe.at + probe.ms && slice.at + slice.wallMs + slice.turnMs > probe.at,
    );
    const parts = overlapping.map(
      (slice) =>
        `${fixed(slice.at - probe.at, 1)}: ${slice.label} ${fixed(slice.wallMs, 1)} (cpu ${fixed(slice.cpuMs, 1)}, step ${fixed(slice.stepMs, 1)}${slice.stepCollected ? " gc" : ""}) +${fixed(slice.turnMs, 1)}`,
    );
    console.log(
      `  ${fixed(probe.ms, 1)} ms at ${fixed(probe.at - first, 0)}: ${parts.join("; ") || "no slice"}`,
    );
  }
}
