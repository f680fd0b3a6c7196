import { describe, expect, test } from "bun:test";
import { startJob } from "../../src/shared/jobs.ts";
import { recordingLogger } from "../helpers/log.ts";

const HOUR = 3_600_000;

describe("startJob", () => {
  test("a job that starts now runs a pass at once; stop aborts it and resolves once it ended", async () => {
    const { logger } = recordingLogger();
    const started = Promise.withResolvers<void>();
    const steps: string[] = [];
    const stop = startJob(
      {
        name: "holding",
        schedule: { every: HOUR },
        first: "now",
        run: (signal) =>
          new Promise<void>((resolve) => {
            steps.push("started");
            started.resolve();
            signal.addEventListener("abort", () => {
              steps.push("aborted");
              resolve();
            });
          }),
      },
      logger,
    );
    await started.promise;
    await stop();
    steps.push("stopped");
    expect(steps).toEqual(["started", "aborted", "stopped"]);
  });

  test("a job that starts later runs nothing before its first wait", async () => {
    const { logger } = recordingLogger();
    let passes = 0;
    const stop = startJob(
      {
        name: "later",
        schedule: { every: HOUR },
        first: "later",
        run: async () => {
          passes++;
        },
      },
      logger,
    );
    await Promise.resolve();
    await stop();
    expect(passes).toBe(0);
  });

  test("a failed pass is logged as `<name> failed`, and the next pass follows it all the same", async () => {
    const log = recordingLogger();
    const second = Promise.withResolvers<void>();
    let passes = 0;
    const stop = startJob(
      {
        name: "flaky work",
        schedule: { after: 0 },
        first: "now",
        run: async () => {
          passes++;
          if (passes === 1) throw new Error("store busy");
          second.resolve();
        },
      },
      log.logger,
    );
    await second.promise;
    await stop();
    expect(log.lines.filter((line) => line.level === "warn")).toEqual([
      expect.objectContaining({ msg: "flaky work failed", error: "Error: store busy" }),
    ]);
  });

  test("passes never overlap: the next one waits for the last to end, and stopping twice is harmless", async () => {
    const { logger } = recordingLogger();
    const gates = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    const entered = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    let inPass = 0;
    let most = 0;
    let passes = 0;
    const stop = startJob(
      {
        name: "slow",
        schedule: { after: 0 },
        first: "now",
        run: async () => {
          const index = passes++;
          inPass++;
          most = Math.max(most, inPass);
          entered[index]?.resolve();
          await gates[index]?.promise;
          inPass--;
        },
      },
      logger,
    );
    await entered[0]?.promise;
    gates[0]?.resolve();
    await entered[1]?.promise;
    const stopping = stop();
    gates[1]?.resolve();
    await stopping;
    await stop();
    expect({ passes, most }).toEqual({ passes: 2, most: 1 });
  });
});
