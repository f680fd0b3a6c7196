import { expect, test } from "bun:test";
import fc from "fast-check";
import { toEntryView } from "../../src/entries/model.ts";
import { type FormatName, formats, renderFormat } from "../../src/formats/index.ts";
import { json } from "../../src/formats/json.ts";
import type { FormatEntry } from "../../src/formats/spec.ts";
import { building, summing } from "../../src/formats/whitelist-formats.ts";
import { runAtOnce } from "../../src/shared/slices.ts";

// The API's list is written straight into a chunk's bytes on a first build (json.pieces.write), without the
// view object: toEntryView stays what a view holds, and the writer must agree with it on every field, with the
// same escapes (quotes, backslashes, control characters, non-ASCII, surrogates alone or in pairs).

/** Text of every kind JSON escapes or writes as it is; `unit: "binary"` gives lone surrogates too. */
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      "a",
      "Z",
      "_",
      '"',
      "\\",
      "\n",
      "\u0000",
      "\u001f",
      "é",
      "😀",
      "\u2028",
      "\ud800",
      "\udc00",
    ),
    maxLength: 8,
  }),
);
const time = fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 });
const entry = fc.record({
  id: fc.nat(),
  nick: text,
  uuid: fc.oneof(text, fc.constant(null)),
  premium: fc.boolean(),
  expiresAt: fc.option(time, { nil: null }),
  verified: fc.boolean(),
  gamertag: fc.option(text, { nil: null }),
  proofDueAt: fc.option(time, { nil: null }),
  groups: fc.array(text, { maxLength: 3 }),
}) satisfies fc.Arbitrary<FormatEntry>;
/** Entries as tests make them, some fields left undefined: the view leaves them out, so must the writer. */
const loose = fc.tuple(entry, fc.subarray(["uuid", "premium", "verified"] as const)).map(([value, left]) => {
  const copy: Record<string, unknown> = { ...value };
  for (const field of left) copy[field] = undefined;
  return copy as FormatEntry;
});

const written = (value: FormatEntry) => {
  let out = "";
  json.pieces.write?.(value, { write: (part) => (out += part) });
  return out;
};

test("the JSON piece written in parts is JSON.stringify of the entry's view, on every field", () => {
  fc.assert(
    fc.property(fc.oneof(entry, loose), (value) => {
      expect(written(value)).toBe(JSON.stringify(toEntryView(value)));
    }),
    { numRuns: 2000 },
  );
  // Every field of a view, optional ones included, is written: a field toEntryView gains fails here.
  const full = {
    id: 1,
    nick: "a",
    uuid: "u",
    premium: true,
    expiresAt: 0,
    verified: true,
    gamertag: "g",
    proofDueAt: 0,
    groups: ["x"],
  };
  expect(Object.keys(JSON.parse(written(full)))).toEqual(Object.keys(toEntryView(full)));
});

test("a build of the API's list writes the bytes rendering it from scratch gives", () => {
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 40 }), (values) => {
      const entries = values.map((value, i) => ({ ...value, id: i + 1 }));
      const sum = runAtOnce(summing(entries));
      const { sequence } = runAtOnce(building("json", { entries, through: 0, sum }, 4));
      const parts = entries.length === 0 ? ["[]"] : ["[", ...sequence.parts(), "]"];
      const bytes = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)));
      expect(bytes.toString("hex")).toBe(Buffer.from(renderFormat("json", entries)).toString("hex"));
    }),
    { numRuns: 300 },
  );
});

test("every format that writes its pieces in parts writes its piece's text, byte for byte", () => {
  const writers = (Object.keys(formats) as FormatName[]).filter((format) => formats[format].pieces.write);
  expect(writers.sort()).toEqual(["json", "vanilla"]);
  fc.assert(
    fc.property(entry, (value) => {
      for (const format of writers) {
        const { pieces } = formats[format];
        let out = "";
        pieces.write?.(value, { write: (part) => (out += part) });
        expect({ format, out }).toEqual({ format, out: pieces.piece(value) });
      }
    }),
    { numRuns: 1000 },
  );
});
