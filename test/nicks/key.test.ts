import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { foldsIntoAscii, keyPrefixEnd, nickKey } from "../../src/nicks/key.ts";

describe("nickKey", () => {
  test("an ASCII nick's key is its lower case", () => {
    expect(["Notch", "NotCh_42", ".Steve Gamer", "a/b"].map(nickKey)).toEqual([
      "notch",
      "notch_42",
      ".steve gamer",
      "a/b",
    ]);
  });

  test("matches non-ASCII nicks whatever their letter case or Unicode normalisation", () => {
    expect(nickKey("\u00e9lan")).toBe(nickKey("e\u0301lan"));
    expect(nickKey("\u00c9LAN")).toBe(nickKey("\u00e9lan"));
    expect(nickKey(".\u00dcn\u00efcode \u00c5lf")).toBe(nickKey(".u\u0308n\u00efcode \u00e5lf"));
  });

  test.each([
    ["U+212A KELVIN SIGN", "\u212aevin", "Kevin"],
    ["U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE", "\u0130vy", "ivy"],
    ["U+037E GREEK QUESTION MARK", "a\u037eb", "a;b"],
    ["U+1FEF GREEK VARIA", "a\u1fefb", "a`b"],
  ])(
    "a character NFC or lower case would turn into ASCII (%s) never matches an ASCII nick",
    (_name, lookalike, ascii) => {
      expect(nickKey(lookalike)).not.toBe(nickKey(ascii));
      expect(nickKey(lookalike)).not.toBe(nickKey(ascii.toUpperCase()));
    },
  );

  test("a look-alike keeps its own identity while the rest of the key is folded", () => {
    expect(nickKey("\u212aE\u0301VIN")).toBe(nickKey("\u212a\u00e9vin"));
    expect(nickKey("\u212aevin")).not.toBe(nickKey("kevin"));
  });

  test("a Turkish dotted capital I keeps matching its lower case, and still never an ASCII i", () => {
    expect(nickKey("\u0130LKER")).toBe(nickKey("i\u0307lker"));
    expect(nickKey("\u0130lker")).not.toBe(nickKey("ilker"));
  });

  test("foldsIntoAscii picks exactly the non-ASCII characters whose NFC or lower case is plain ASCII", () => {
    const folding: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (foldsIntoAscii(String.fromCharCode(code))) folding.push(code.toString(16));
    }
    expect(folding).toEqual(["37e", "1fef", "212a"]);
  });
});

describe("keyPrefixEnd", () => {
  test("as SQLite compares text, a key lies in [prefix, keyPrefixEnd(prefix)) exactly when it starts with prefix", () => {
    const sqlite = new Database(":memory:");
    const inRange = sqlite.query<{ hit: number }, [string, string, string, string]>(
      "SELECT (?1 >= ?2 AND ?3 < ?4) AS hit",
    );
    // Any code point but U+10FFFF itself (a noncharacter, which no nick holds); short strings meet prefixes often.
    const text = (maxLength: number) =>
      fc.string({ unit: "binary", maxLength }).filter((value) => !value.includes("\u{10FFFF}"));
    try {
      fc.assert(
        fc.property(text(4), text(6), (prefix, rest) => {
          for (const key of [prefix + rest, rest]) {
            const hit = inRange.get(key, prefix, key, keyPrefixEnd(prefix))?.hit === 1;
            expect([key, prefix, hit]).toEqual([key, prefix, key.startsWith(prefix)]);
          }
        }),
        { numRuns: 2000 },
      );
    } finally {
      sqlite.close();
    }
  });
});
