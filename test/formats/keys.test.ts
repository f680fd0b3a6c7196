import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { type Key, type Keys, type KeysParts, keysFromParts, keysOf } from "../../src/formats/keys.ts";

type Op =
  | { kind: "insert"; at: number; key: string }
  | { kind: "remove"; at: number }
  | { kind: "slice"; from: number; to: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), key: fc.string({ unit: "grapheme" }) }),
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("slice" as const), from: fc.nat(), to: fc.nat() }),
);

const all = <K extends Key>(keys: Keys<K>) => Array.from({ length: keys.length }, (_, i) => keys.at(i));

/** Runs the operations on `keys` and on a plain array alike; every step they must hold the same keys. */
function agree<K extends Key>(start: K[], ops: Op[], keyOf: (text: string, n: number) => K) {
  let model = [...start];
  let keys = keysOf(start);
  expect(all(keys)).toEqual(model);
  for (const [n, step] of ops.entries()) {
    if (step.kind === "insert") {
      const at = step.at % (model.length + 1);
      const key = keyOf(step.key, n);
      model.splice(at, 0, key);
      keys = keys.inserted(at, key);
    } else if (step.kind === "remove") {
      if (model.length === 0) continue;
      const at = step.at % model.length;
      model.splice(at, 1);
      keys = keys.removed(at);
    } else {
      const from = step.from % (model.length + 1);
      const to = from + (step.to % (model.length - from + 1));
      model = model.slice(from, to);
      keys = keys.slice(from, to);
    }
    expect(keys.length).toBe(model.length);
    expect(all(keys)).toEqual(model);
  }
}

describe("a chunk's compact keys", () => {
  test("strings (any text, astral, empty) read back as a plain array of them would, through inserts, removals and slices", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 20 }),
        fc.array(op, { maxLength: 40 }),
        (start, ops) => agree(start, ops, (text) => text),
      ),
    );
  });

  test("numbers (entry ids) read back as a plain array of them would, through inserts, removals and slices", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2 ** 40 }), { minLength: 1, maxLength: 20 }),
        fc.array(op, { maxLength: 40 }),
        (start, ops) => agree(start, ops, (_, n) => 2 ** 41 + n),
      ),
    );
  });

  test("keys next to one above U+FFFF keep their own text (offsets count UTF-16 units)", () => {
    const keys = keysOf<string>(["Alice", "bob", "𝒜lex"]);
    // What the sequence's binary search reads: each key as it was given.
    expect([keys.at(0), keys.at(1), keys.at(2)]).toEqual(["Alice", "bob", "𝒜lex"]);
    expect(keys.removed(1).inserted(0, "Zed").slice(1, 3).at(1)).toBe("𝒜lex");
  });

  test("handed to another thread (their parts, transferred), any text reads back the same and changes the same", () => {
    /** As `postMessage` carries them: the arrays' buffers transferred, a string copied. */
    const carried = (parts: KeysParts): KeysParts =>
      structuredClone(parts, {
        transfer: Object.values(parts)
          .filter((value): value is Uint8Array | Uint32Array | Float64Array => ArrayBuffer.isView(value))
          .map((array) => array.buffer as ArrayBuffer),
      });
    const agreeCarried = (start: string[]) => {
      const handed = keysFromParts<string>(carried(keysOf(start).parts()));
      expect(handed.length).toBe(start.length);
      expect(all(handed)).toEqual(start);
      expect(all(handed.removed(0).inserted(0, "Zed"))).toEqual(["Zed", ...start.slice(1)]);
    };
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 20 }), agreeCarried),
    );
    // A key beginning with U+FEFF (not a byte order mark to drop), astral text, and a lone surrogate (no UTF-8).
    agreeCarried(["\uFEFFbob", "𝒜lex", "carol"]);
    agreeCarried(["al\uD800ice", "bob"]);
    // ASCII (every nick), each key read alone before the chunk is decoded; empty keys among them.
    agreeCarried(["alice", "", "Bob_2", "carol", ""]);
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("a", "B", "_", "7") }), { minLength: 1 }),
        agreeCarried,
      ),
    );
    expect("utf8" in keysOf(["\uFEFFbob", "𝒜lex"]).parts()).toBe(true);
  });
});
