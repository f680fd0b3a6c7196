import { expect, test } from "bun:test";
import { readKeptNotice } from "../../src/cluster/kept.ts";
import { kept } from "../../src/shared/kept.ts";

// What each replica keeps of rarely changing settings (src/cluster/kept.ts): read once however many ask together,
// and never kept past a drop, even when the read was under way as the change came.

/** A load whose reads the test answers one by one, in the order asked. */
function controlledLoad() {
  const asked: { key: string; answer(value: string): void; fail(error: Error): void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      asked.push({ key, answer: resolve, fail: reject });
    });
  return { asked, load };
}

test("readers asking at the same time share one read, and later readers are answered from memory", async () => {
  const { asked, load } = controlledLoad();
  const cache = kept(load);
  const first = Promise.all([cache.get("guild"), cache.get("guild"), cache.get("guild")]);
  expect(asked.map((read) => read.key)).toEqual(["guild"]);
  asked[0]?.answer("v1");
  expect(await first).toEqual(["v1", "v1", "v1"]);
  expect(await cache.get("guild")).toBe("v1");
  expect(asked).toHaveLength(1);
});

test("a drop makes the next reader read the store again; other keys stay", async () => {
  const { asked, load } = controlledLoad();
  const cache = kept(load);
  const [a, b] = [cache.get("a"), cache.get("b")];
  asked[0]?.answer("a1");
  asked[1]?.answer("b1");
  await Promise.all([a, b]);
  cache.drop("a");
  const again = cache.get("a");
  expect(asked.map((read) => read.key)).toEqual(["a", "b", "a"]);
  asked[2]?.answer("a2");
  expect(await again).toBe("a2");
  expect(await cache.get("b")).toBe("b1");
  cache.dropAll();
  void cache.get("b");
  expect(asked.map((read) => read.key)).toEqual(["a", "b", "a", "b"]);
});

test("a read under way when its key is dropped answers who asked before, but is not kept", async () => {
  const { asked, load } = controlledLoad();
  const cache = kept(load);
  const before = cache.get("guild");
  // The change commits (and is told) while the read is on its way: what it reads may predate the change.
  cache.drop("guild");
  const after = cache.get("guild");
  expect(asked).toHaveLength(2);
  asked[1]?.answer("new");
  asked[0]?.answer("old");
  expect(await before).toBe("old");
  expect(await after).toBe("new");
  expect(await cache.get("guild")).toBe("new");
});

test("a failed read is not kept: the next reader asks again", async () => {
  const { asked, load } = controlledLoad();
  const cache = kept(load);
  const failing = cache.get("guild");
  asked[0]?.fail(new Error("store away"));
  await expect(failing).rejects.toThrow("store away");
  const again = cache.get("guild");
  asked[1]?.answer("v1");
  expect(await again).toBe("v1");
});

test("a notice names a kind this version keeps and its key; any other is ignored", () => {
  expect(readKeptNotice("whitelists:100000000000000001")).toEqual({
    kind: "whitelists",
    key: "100000000000000001",
  });
  expect(readKeptNotice("denials:ab:cd")).toEqual({ kind: "denials", key: "ab:cd" });
  expect(readKeptNotice("texts:")).toEqual({ kind: "texts", key: "" });
  expect(readKeptNotice("roles:1")).toBeUndefined();
  expect(readKeptNotice(":1")).toBeUndefined();
  expect(readKeptNotice("whitelists")).toBeUndefined();
});
