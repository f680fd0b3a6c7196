import { describe, expect, test } from "bun:test";
import { settleBounded } from "../../src/shared/bounded.ts";

describe("settleBounded", () => {
  test("runs every item with at most `limit` in flight, and settles each in the items' order", async () => {
    let inFlight = 0;
    let most = 0;
    const gates = Array.from({ length: 7 }, () => Promise.withResolvers<void>());
    const running = settleBounded([0, 1, 2, 3, 4, 5, 6], 3, async (item) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await gates[item]?.promise;
      inFlight--;
      if (item === 4) throw new Error("four");
      return item * 10;
    });
    // Released out of order: later items finish first, the order of the outcomes stays.
    for (const index of [2, 0, 1, 6, 5, 4, 3]) {
      gates[index]?.resolve();
      await Promise.resolve();
    }
    const outcomes = await running;
    expect(most).toBe(3);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      0,
      10,
      20,
      30,
      "four",
      50,
      60,
    ]);
  });

  test("an empty list settles at once; a limit below 1 is a programming error", async () => {
    expect(await settleBounded([], 4, async () => 1)).toEqual([]);
    await expect(settleBounded([1], 0, async () => 1)).rejects.toThrow(RangeError);
  });
});
