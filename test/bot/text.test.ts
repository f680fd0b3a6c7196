import { describe, expect, test } from "bun:test";
import { plainName } from "../../src/bot/text.ts";

describe("plainName", () => {
  test("a name in the rules is shown as it is", () => {
    expect(["survival-server", "Survival Server 1.20", "サーバー"].map(plainName)).toEqual([
      "survival-server",
      "Survival Server 1.20",
      "サーバー",
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
      ].map(plainName),
    ).toEqual([
      "\\# big \\*\\*x\\*\\*",
      "\\> quote",
      "\\`a\\` \\|\\|b\\|\\| \\~\\~c\\~\\~ \\_\\_d\\_\\_",
      "\\<@&1> \\[x](https://e.com)",
      "evilname 1",
    ]);
  });
});
