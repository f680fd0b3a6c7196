import { expect, test } from "bun:test";
import { madeOnce } from "../../src/shared/made-once.ts";

test("made at the first use, once for uses at once; a making that failed is made again at the next use", async () => {
  let makings = 0;
  const fails = [true, false];
  const value = madeOnce(async () => {
    makings++;
    if (fails.shift()) throw new Error("not loaded");
    return { made: makings };
  });
  expect({ makings, made: value.made() }).toEqual({ makings: 0, made: undefined });
  const [first, second] = await Promise.allSettled([value.get(), value.get()]);
  expect({ makings, first: first.status, second: second.status, made: value.made() }).toEqual({
    makings: 1,
    first: "rejected",
    second: "rejected",
    made: undefined,
  });
  const [third, fourth] = await Promise.all([value.get(), value.get()]);
  expect({ makings, same: third === fourth, made: value.made() }).toEqual({
    makings: 2,
    same: true,
    made: third,
  });
  expect(await value.get()).toBe(third);
  expect(makings).toBe(2);
});
