import { describe, expect, test } from "bun:test";
import { floodgateName, floodgateUuid, gamertagOf, namesMeant } from "../../src/nicks/floodgate.ts";

/** Floodgate's own defaults (`username-prefix: "."`, `replace-spaces: true`). */
const DEFAULTS = { floodgatePrefix: ".", replaceSpaces: true };

describe("the name Floodgate gives a Bedrock player", () => {
  test.each([
    [DEFAULTS, "Alex Pocket", ".Alex_Pocket"],
    [DEFAULTS, "Steve", ".Steve"],
    // Floodgate cuts prefix + gamertag to 16 characters, then replaces the spaces.
    [DEFAULTS, "Sixteen Chars 16", ".Sixteen_Chars_1"],
    [{ floodgatePrefix: ".", replaceSpaces: false }, "Alex Pocket", ".Alex Pocket"],
    [{ floodgatePrefix: "", replaceSpaces: true }, "Alex Pocket", "Alex_Pocket"],
    [{ floodgatePrefix: "*", replaceSpaces: true }, "Alex Pocket", "*Alex_Pocket"],
    [{ floodgatePrefix: "BE_", replaceSpaces: true }, "Sixteen Chars 16", "BE_Sixteen_Chars"],
    [{ floodgatePrefix: "fifteen-chars-x", replaceSpaces: true }, "Alex", "fifteen-chars-xA"],
  ])("%o: %p plays as %p", (settings, gamertag, name) => {
    expect(floodgateName(settings, gamertag)).toBe(name);
  });

  test("the gamertag meant by a typed nick: bare, or as the game shows it", () => {
    expect(
      ["Alex Pocket", ".Alex_Pocket", "Alex_Pocket", "  .Alex Pocket "].map((typed) =>
        gamertagOf(DEFAULTS, typed),
      ),
    ).toEqual(["Alex Pocket", "Alex Pocket", "Alex Pocket", "Alex Pocket"]);
    expect(gamertagOf({ floodgatePrefix: "", replaceSpaces: true }, ".Alex")).toBe(".Alex");
  });

  test("a typed nick stands for itself and for Floodgate's spelling of it", () => {
    expect(namesMeant(DEFAULTS, "Alex Pocket")).toEqual(["Alex Pocket", ".Alex_Pocket"]);
    expect(namesMeant(DEFAULTS, ".Alex_Pocket")).toEqual([".Alex_Pocket"]);
    expect(namesMeant({ floodgatePrefix: ".", replaceSpaces: false }, "Alex_Pocket")).toEqual([
      "Alex_Pocket",
      ".Alex Pocket",
    ]);
  });
});

describe("Floodgate's Java UUID of a Bedrock player", () => {
  test("is new UUID(0, xuid): the XUID in the last 16 hex digits", () => {
    // The example GeyserMC's users quote: 00000000-0000-0000-0009-01fbca93ce9f is XUID 2535455737499295.
    expect(floodgateUuid("2535455737499295")).toBe("00000000-0000-0000-0009-01fbca93ce9f");
    expect(floodgateUuid("1")).toBe("00000000-0000-0000-0000-000000000001");
  });

  test("keeps every digit of XUIDs past 2^53 (a JS number would round them)", () => {
    expect(floodgateUuid("9007199254740993")).toBe("00000000-0000-0000-0020-000000000001");
    expect(floodgateUuid("18446744073709551615")).toBe("00000000-0000-0000-ffff-ffffffffffff");
  });
});
