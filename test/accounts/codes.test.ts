import { describe, expect, test } from "bun:test";
import {
  CODE_ALPHABET,
  CODE_SPACE,
  hashCode,
  newCode,
  normaliseCode,
  showCode,
} from "../../src/accounts/codes.ts";

describe("proof codes", () => {
  test("a code is two groups of four Crockford symbols: 40 bits, 1,099,511,627,776 codes", () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect({ alphabet: CODE_ALPHABET.length, space: CODE_SPACE, bits: Math.log2(CODE_SPACE) }).toEqual({
      alphabet: 32,
      space: 1_099_511_627_776,
      bits: 40,
    });
  });

  test("every symbol turns up, each about as often as the others (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      for (const symbol of newCode().replace("-", "")) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    const expected = (4000 * 8) / 32;
    expect([...counts.keys()].sort().join("")).toBe(CODE_ALPHABET);
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
  });

  test("a typed code is read in any letter case, with or without its dash or spaces; I and L are 1, O is 0", () => {
    expect(["K7QX-29MD", "k7qx29md", " k7qx 29md ", "K7QX-29MD\n"].map(normaliseCode)).toEqual([
      "K7QX29MD",
      "K7QX29MD",
      "K7QX29MD",
      "K7QX29MD",
    ]);
    expect([normaliseCode("ILO0-1234"), normaliseCode("il00-1234")]).toEqual([
      "1100" + "1234",
      "1100" + "1234",
    ]);
    expect(showCode("K7QX29MD")).toBe("K7QX-29MD");
  });

  test("what cannot be a code is null: another length, a U, punctuation", () => {
    expect(["", "K7QX-29M", "K7QX-29MDX", "K7QU-29MD", "K7QX_29MD", "Notch"].map(normaliseCode)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  test("the store keeps the SHA-256 of the symbols, the same however the code was typed", () => {
    const [a, b] = [normaliseCode("K7QX-29MD"), normaliseCode("k7qx 29md")] as [string, string];
    expect(hashCode(a)).toBe(hashCode(b));
    expect(hashCode(a)).toBe(new Bun.CryptoHasher("sha256").update("K7QX29MD").digest("hex"));
  });
});
