import { describe, expect, test } from "bun:test";
import { manualClock } from "../../src/shared/clock.ts";
import { createLogger, createRepeatedLog } from "../../src/shared/logger.ts";

/** A repeated log over a logger that keeps its lines (parsed, without the time), with a manual clock. */
function setup(maxCauses?: number) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => {
    const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
    lines.push(rest);
  });
  const clock = manualClock();
  return { lines, clock, log: createRepeatedLog({ logger, clock, maxCauses }) };
}

describe("a repeated log", () => {
  test("logs a cause once a minute, and the next line counts what went unlogged", () => {
    const { lines, clock, log } = setup();
    for (let i = 0; i < 1000; i++) log("error", "unhandled error", "TypeError: boom", { path: `/x/${i}` });
    clock.advance(59_999);
    log("error", "unhandled error", "TypeError: boom");
    clock.advance(1);
    log("error", "unhandled error", "TypeError: boom", { path: "/later" });
    clock.advance(60_000);
    log("error", "unhandled error", "TypeError: boom", { path: "/quiet" });
    expect(lines).toEqual([
      { level: "error", msg: "unhandled error", path: "/x/0" },
      { level: "error", msg: "unhandled error", path: "/later", repeated: 1000 },
      { level: "error", msg: "unhandled error", path: "/quiet" },
    ]);
  });

  test("each cause, and each message, has its own minute", () => {
    const { lines, log } = setup();
    for (let i = 0; i < 3; i++) {
      log("error", "unhandled error", "TypeError: boom");
      log("error", "unhandled error", "RangeError: bang");
      log("warn", "store unavailable", "TypeError: boom");
    }
    expect(lines.map((line) => line.msg)).toEqual([
      "unhandled error",
      "unhandled error",
      "store unavailable",
    ]);
  });

  test("past the number of causes it tracks, new causes share one line a minute", () => {
    const { lines, log } = setup(2);
    for (let i = 0; i < 500; i++) log("error", "unhandled error", `cause ${i}`);
    expect(lines).toHaveLength(3);
  });
});
