import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { fitContent, plainName } from "../../src/bot/text.ts";
import { oneLine, rendered } from "../helpers/markdown.ts";

/** Pieces of text Discord's client reads as markdown, and others, to build hostile names from. */
const PIECES = [
  ..."_*~|`#->[]()<>@:/\\ .!1aZ\n",
  "__",
  "**",
  "~~",
  "||",
  "```",
  "-# ",
  "# ",
  "1. ",
  "> ",
  "https://x.y",
  "http://a.b/_c_",
  "[free nitro](https://x.y)",
  "@everyone",
  "@here",
  "<@&1>",
  "<#1>",
  "<t:1:R>",
  "<:a_b:1>",
  "\u202E",
  "\u200B",
  "😀",
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: "grapheme", maxLength: 3 })), {
    maxLength: 12,
  })
  .map((pieces) => pieces.join(""));

describe("plainName", () => {
  test("a name in the rules is shown as it is", () => {
    expect(["survival-server", "Survival Server 1.20", "サーバー", "Notch"].map(plainName)).toEqual([
      "survival-server",
      "Survival Server 1.20",
      "サーバー",
      "Notch",
    ]);
  });

  test("markdown, mentions and links are escaped; line breaks become spaces; bidi and invisible characters go", () => {
    expect(
      [
        "# big\n**x**",
        "> quote",
        "`a` ||b|| ~~c~~ __d__",
        "<@&1> [x](https://e.com)",
        "\u202Eevil\u2066\u200Bname\t1",
        "-# small",
        "1. first",
        "@everyone @here",
      ].map(plainName),
    ).toEqual([
      "\\# big \\*\\*x\\*\\*",
      "\\> quote",
      "\\`a\\` \\|\\|b\\|\\| \\~\\~c\\~\\~ \\_\\_d\\_\\_",
      "\\<@&1> \\[x\\](https\\://e.com)",
      "evilname 1",
      "\\-# small",
      "1\\. first",
      "\\@everyone \\@here",
    ]);
  });

  test("Discord's markdown rules (discord-markdown-parser) read any escaped text as the literal text, formatting none", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(rendered(plainName(text))).toBe(oneLine(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("escaped text stays itself inside the bot's own formatting (a bold nick in a list line)", () => {
    fc.assert(
      fc.property(
        hostile.filter((text) => oneLine(text).trim() === oneLine(text) && oneLine(text) !== ""),
        (text) => {
          expect(rendered(`• **${plainName(text)}** on **survival**`)).toBe(
            `• ⟦strong⟧${oneLine(text)}⟦/strong⟧ on ⟦strong⟧survival⟦/strong⟧`,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("what discord.js's escapeMarkdown lets through is escaped here: subtext, underscores after `<:`", () => {
    expect(rendered(plainName("-# tiny"))).toBe("-# tiny");
    expect(rendered(plainName("<: __init__"))).toBe("<: __init__");
  });
});

describe("fitContent", () => {
  test("a cut never leaves half of an escape: the backslash goes with what it escaped", () => {
    const escaped = plainName("_".repeat(1500));
    const cut = fitContent(escaped);
    expect(cut.length).toBeLessThanOrEqual(2000);
    expect(rendered(cut)).toBe(`${"_".repeat((cut.length - 1) / 2)}…`);
  });
});
