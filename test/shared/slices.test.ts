import { expect, test } from "bun:test";
import fc from "fast-check";
import { createSlices, runAtOnce, runSliced, type Slices, sorting } from "../../src/shared/slices.ts";

// Long work in slices: one slice per turn of the event loop across every piece of work, and a sort in steps that
// sorts as Array.prototype.sort does.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

test("work that pauses is resumed one piece per turn of the event loop, first paused first", async () => {
  const slices = createSlices(0);
  const resumed: string[] = [];
  const paused = ["a", "b", "c"].map((name) => slices.pause().then(() => resumed.push(name)));
  await turn();
  expect(resumed).toEqual(["a"]);
  await turn();
  expect(resumed).toEqual(["a", "b"]);
  await turn();
  await Promise.all(paused);
  expect(resumed).toEqual(["a", "b", "c"]);
});

test("a slice is due once its time is spent, and a new one starts when paused work resumes", async () => {
  expect(createSlices(0).due()).toBe(true);
  const slices = createSlices(60_000);
  await slices.pause();
  expect(slices.due()).toBe(false);
});

test("a slice is due after its time by its clock, and how long it has run counts from when work resumed", async () => {
  let now = 1000;
  const slices = createSlices(3, () => now);
  now += 2;
  expect([slices.due(), slices.elapsed()]).toEqual([false, 2]);
  now += 1;
  expect([slices.due(), slices.elapsed()]).toEqual([true, 3]);
  await slices.pause();
  expect([slices.due(), slices.elapsed()]).toEqual([false, 0]);
});

test("sliced work returns what the same work returns at once, pausing only when the slice is due", async () => {
  function* counting(steps: number): Generator<void, number> {
    let total = 0;
    for (let i = 1; i <= steps; i++) {
      total += i;
      yield;
    }
    return total;
  }
  let pauses = 0;
  let due = false;
  const slices: Slices = {
    due: () => due,
    elapsed: () => 0,
    pause: async () => {
      pauses++;
    },
  };
  expect(await runSliced(counting(10), slices)).toBe(runAtOnce(counting(10)));
  // The first pause only: the work starts in a slice of its own.
  expect(pauses).toBe(1);
  due = true;
  expect(await runSliced(counting(10), slices)).toBe(55);
  expect(pauses).toBe(1 + 1 + 10);
});

test("sorting in steps gives what Array.prototype.sort gives: the same order, equal items kept in order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
      fc.integer({ min: 1, max: 40 }),
      fc.boolean(),
      (keys, run, presorted) => {
        const items = keys.map((key, position) => ({ key, position }));
        if (presorted) items.sort((a, b) => a.key - b.key);
        const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
        const expected = [...items].sort(compare);
        expect(runAtOnce(sorting(items, compare, run))).toEqual(expected);
        expect(items).toEqual(expected);
      },
    ),
    { numRuns: 500 },
  );
});
