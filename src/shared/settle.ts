/**
 * What a start leaves behind, let go of once it has settled (issue 38, docs/performance.md, Start and memory). A start
 * runs much code once and never again (the configuration's checks, the store's opening and migrations, the bot's
 * modules evaluated and its commands localized, the login), and JavaScriptCore keeps what it compiled of every
 * function run, and the allocators the pages the start's peak touched. Once, a second after the start, `Bun.shrink`
 * asks JavaScriptCore to drop the compiled code (a function run later is compiled again at its next call, from the
 * executable's bytecode), collect everything and hand free memory back: some 3 MiB less resident at idle, for one
 * stop of the event loop of some 20 ms at a time nothing waits on a start any more.
 */
import type { Logger } from "./logger.ts";
import { startStage } from "./start-stages.ts";

/** How long after a start has finished the service lets go of what only the start used. */
export const SETTLE_AFTER_MS = 1_000;

/** Once, SETTLE_AFTER_MS after a start has finished, lets go of what only the start used (see above). */
export function settleAfterStart(logger: Logger): void {
  // Marked deprecated in bun-types (1.4.4 has it): a Bun without it keeps the start's code, and nothing else changes.
  const shrink = (Bun as { shrink?: () => void }).shrink;
  if (typeof shrink !== "function") return;
  const timer = setTimeout(() => {
    const before = process.memoryUsage.rss();
    const asked = performance.now();
    // JavaScriptCore shrinks once the code on the stack has returned: this callback, then the shrink, then what
    // `setImmediate` runs.
    shrink.call(Bun);
    setImmediate(() => {
      startStage("settled");
      logger.debug("start settled: the start's compiled code let go of", {
        ms: Math.round(performance.now() - asked),
        rssBeforeMiB: Math.round(before / 104857.6) / 10,
      });
    });
  }, SETTLE_AFTER_MS);
  // A command that is done exits without waiting for it.
  timer.unref();
}
