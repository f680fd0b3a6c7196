import { describe, expect, test } from "bun:test";
import { normaliseNick, parseGamertag } from "../../src/nicks/validate.ts";
import type { NickType } from "../../src/whitelists/model.ts";

/** Floodgate's own defaults (`username-prefix: "."`, `replace-spaces: true`). */
const FLOODGATE = { floodgatePrefix: ".", replaceSpaces: true };

const invalid = (nickType: NickType, raw: string) => () =>
  nickType === "bedrock" ? parseGamertag(FLOODGATE, raw) : normaliseNick(raw);

describe("java-style nicks (java, premium, offline)", () => {
  test("accept 3-16 of A-Z a-z 0-9 _ as typed", () => {
    expect(["abc", "Notch", "jeb_", "A_1234567890_xyz", "  Steve  "].map((n) => normaliseNick(n))).toEqual([
      "abc",
      "Notch",
      "jeb_",
      "A_1234567890_xyz",
      "Steve",
    ]);
  });

  test.each([
    ["too short", "ab"],
    ["too long", "A_1234567890_xyzw"],
    ["a space", "Steve Jobs"],
    ["a dash", "no-dash"],
    ["a dot", ".Steve"],
    ["a non-ASCII letter", "Jürgen"],
    ["empty", "   "],
  ])("refuses %s with what is allowed", (_why, raw) => {
    expect(invalid("java", raw)).toThrow(
      expect.objectContaining({
        code: "nick-invalid",
        message: expect.stringContaining("3-16 characters: letters A-Z, digits 0-9 and `_`"),
      }),
    );
  });
});

describe("bedrock gamertags", () => {
  test.each([
    ["Steve", "Steve"],
    [".Steve", "Steve"],
    ["Steve Jobs 2", "Steve Jobs 2"],
    [".Steve_Jobs_2", "Steve Jobs 2"],
    ["Steve_Jobs_2", "Steve Jobs 2"],
    ["  Spaced Out  ", "Spaced Out"],
    ["X", "X"],
    ["Sixteen Chars 16", "Sixteen Chars 16"],
    [".Sixteen Chars 16", "Sixteen Chars 16"],
  ])("%p is the gamertag %p (typed bare, or as the game shows it)", (raw, gamertag) => {
    expect(parseGamertag(FLOODGATE, raw)).toBe(gamertag);
  });

  test.each([
    ["starting with a digit", "1Steve"],
    ["a double space", "Steve  Jobs"],
    ["a leading space after the dot", ". Steve"],
    ["the dot doubled", "..Steve"],
    ["17 characters", "Seventeen Chars17"],
    ["17 characters after the dot", ".Seventeen Chars17"],
    ["punctuation", "Steve!"],
    ["an underscore for a double space", "Steve__Jobs"],
    ["a tab", "Steve\tJobs"],
    ["only the dot", "."],
    ["empty", ""],
  ])("refuses %s with what is allowed", (_why, raw) => {
    expect(invalid("bedrock", raw)).toThrow(
      expect.objectContaining({
        code: "nick-invalid",
        message: expect.stringContaining("1-16 letters A-Z, digits and single spaces"),
      }),
    );
  });

  test.each([
    ["a KELVIN SIGN, which NFC would store as K", "\u212aevin"],
    ["a KELVIN SIGN after the dot", ".\u212aevin"],
    ["a Cyrillic e among Latin letters", ".St\u0435ve"],
    ["a Greek omicron", "R\u03bfbin"],
    ["fullwidth letters", "\uff33teve"],
    ["letters outside A-Z", "\u00dcn\u00efcode \u00c5lf"],
    ["a Turkish dotted capital I", "\u0130lker"],
  ])("refuses %s: gamertags are ASCII, so nothing can pass for another one", (_why, raw) => {
    expect(invalid("bedrock", raw)).toThrow(
      expect.objectContaining({
        code: "nick-invalid",
        message: expect.stringContaining("is not a valid nick"),
      }),
    );
  });

  test("the echoed input is bounded", () => {
    expect(invalid("java", "x".repeat(500))).toThrow(
      expect.objectContaining({ message: expect.stringContaining(`${"x".repeat(40)}…”`) }),
    );
  });
});
