import { describe, expect, test } from "bun:test";
import { checkTemplate, NICKNAME_MAX, renderNickname } from "../../src/whitelists/nickname-template.ts";

// The nickname a template gives, within Discord's 32 characters (docs/decisions.md, Nicknames that follow the
// Minecraft name). Pure: no store, no Discord.

describe("renderNickname", () => {
  test("fills the placeholders, sanitized as Discord stores names", () => {
    expect(renderNickname("{discord} ({mc})", { mc: "Notch", discord: "  alice   b " })).toBe(
      "alice b (Notch)",
    );
    expect(renderNickname("{mc}", { mc: ".Alex_Pocket", discord: "alex" })).toBe(".Alex_Pocket");
    expect(renderNickname("[MC] {mc}", { mc: "Steve", discord: "x" })).toBe("[MC] Steve");
  });

  test("only the Discord name is cut, with an ellipsis, never half of a surrogate pair", () => {
    const mc = "Sixteen_chars_16";
    const cut = renderNickname("{discord} ({mc})", { mc, discord: `${"🎮".repeat(10)}gamer` });
    expect(cut).toEndWith(`… (${mc})`);
    expect(cut.length).toBeLessThanOrEqual(NICKNAME_MAX);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]…/);
    expect(renderNickname("{discord} ({mc})", { mc, discord: "a".repeat(40) })).toBe(
      `${"a".repeat(12)}… (${mc})`,
    );
  });

  test("a placeholder's text is never read as a placeholder", () => {
    expect(renderNickname("{discord}: {mc}", { mc: "Notch", discord: "{mc}" })).toBe("{mc}: Notch");
  });
});

describe("checkTemplate", () => {
  test("keeps 16 characters of its own for any Minecraft name", () => {
    expect(checkTemplate(`${"x".repeat(16)}{mc}`)).toBe(`${"x".repeat(16)}{mc}`);
    expect(() => checkTemplate(`${"x".repeat(17)}{mc}`)).toThrow("at most 16 characters");
  });
});
