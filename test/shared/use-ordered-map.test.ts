import { describe, expect, test } from "bun:test";
import { UseOrderedMap } from "../../src/shared/use-ordered-map.ts";

/** The map's keys, least recently used first. */
const order = <K, V>(map: UseOrderedMap<K, V>): K[] => [...map.keys()];

describe("use-ordered map", () => {
  test("keeps keys in order of use: a new key last, a used one moved last, a set one in its place", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2).set("c", 3);
    expect(order(map)).toEqual(["a", "b", "c"]);

    map.use("a");
    expect(order(map)).toEqual(["b", "c", "a"]);
    map.set("b", 20);
    expect(order(map)).toEqual(["b", "c", "a"]);
    expect([map.get("b"), map.has("b"), map.size]).toEqual([20, true, 3]);
  });

  test("using the newest key, whether set or used last, leaves the order as it is", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2);
    map.use("b");
    expect(order(map)).toEqual(["a", "b"]);
    map.use("a");
    map.use("a");
    expect(order(map)).toEqual(["b", "a"]);
  });

  test("forgets the newest with its key: set again, it is new and goes last", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2);
    map.use("a");
    expect(map.delete("a")).toBe(true);
    map.set("c", 3);
    map.set("a", 10);
    expect(order(map)).toEqual(["b", "c", "a"]);
    // "c" is not the newest any more, so using it moves it.
    map.use("c");
    expect(order(map)).toEqual(["b", "a", "c"]);
  });

  test("a deleted newest key is moved when used again after another key took the last place", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2);
    map.delete("b");
    map.set("b", 2);
    map.use("a");
    expect(order(map)).toEqual(["b", "a"]);
  });

  test("using a key not held adds nothing; a value of undefined is still moved", () => {
    const map = new UseOrderedMap<string, number | undefined>();
    map.use("x");
    expect(map.size).toBe(0);
    map.set("u", undefined).set("v", 1);
    map.use("u");
    expect(order(map)).toEqual(["v", "u"]);
    expect(map.has("u")).toBe(true);
  });

  test("one iterator kept across evictions finds the oldest live key each time", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2).set("c", 3);
    const oldest = map.keys();
    expect(oldest.next().value).toBe("a");
    map.delete("a");
    map.use("b");
    map.set("d", 4);
    // "b" was used, so it now comes after "c"; the iterator yields what is left in order of use.
    expect([...oldest]).toEqual(["c", "b", "d"]);
  });

  test("forEach visits least recently used first and may delete what it is given", () => {
    const map = new UseOrderedMap<string, number>();
    map.set("a", 1).set("b", 2).set("c", 3);
    map.use("a");
    const seen: string[] = [];
    map.forEach((value, key) => {
      seen.push(key);
      if (value !== 2) map.delete(key);
    });
    expect(seen).toEqual(["b", "c", "a"]);
    expect(order(map)).toEqual(["b"]);
    // "a", the newest, was deleted: a new key is the newest now, and "b" moves when used.
    map.set("e", 5);
    map.use("b");
    expect(order(map)).toEqual(["e", "b"]);
  });
});
