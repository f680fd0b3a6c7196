/**
 * The stages of a start, for `bench/start.ts` (docs/performance.md, Start and memory): with WLS_START_STAGES=1 in
 * the environment, each stage reached is written to standard error as `start-stage <name> <ms> <MiB>`, the
 * milliseconds since the process started and its RSS then. Off, it costs a comparison. Not a setting: a bench's
 * probe, never read by anything else.
 */
const tracing = process.env.WLS_START_STAGES === "1";

/** Notes that the start reached `name` (written only with WLS_START_STAGES=1). */
export function startStage(name: string): void {
  if (!tracing) return;
  const rssMiB = process.memoryUsage.rss() / 1048576;
  process.stderr.write(`start-stage ${name} ${performance.now().toFixed(1)} ${rssMiB.toFixed(1)}\n`);
}

/**
 * With WLS_START_STAGES=1, what the start loaded of the executable's bytecode, by the part of it the build's
 * bytecode-order profile placed it in (bun:jsc's `bytecodeOrderStats`: the functions the profile's run used, the
 * others, those it did not know), as `start-bytecode-order <JSON>`; `null` when built without a profile or run
 * from source. How the bench and the binary's tests tell that a build used its profile (.ci/compile.ts).
 */
export function startBytecodeOrder(): void {
  if (!tracing) return;
  const { bytecodeOrderStats } = require("bun:jsc") as typeof import("bun:jsc");
  process.stderr.write(`start-bytecode-order ${JSON.stringify(bytecodeOrderStats())}\n`);
}
