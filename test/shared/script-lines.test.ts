import { describe, expect, test } from "bun:test";
import { commandCatalogues } from "../../src/i18n/catalogues.ts";
import { catalogues } from "../../src/i18n/every-language.ts";
import { languages } from "../../src/i18n/languages.ts";
import { changeLine, type LabelledLine, readLine, scriptLines } from "../../src/shared/script-lines.ts";

// The lines scripts read (src/shared/script-lines.ts): written and read in one place, never in the catalogue, so
// no language can word them otherwise.

const labelled: LabelledLine[] = [
  scriptLines.linkId,
  scriptLines.key,
  scriptLines.signingSecret,
  ...Object.values(scriptLines.demo),
];

describe("the lines scripts read", () => {
  test("each reads back its value, whatever it holds, from a text of other lines", () => {
    const value = "wls_a b: c";
    const read = labelled.map((line) =>
      readLine(
        [
          "✅ Done.",
          ...labelled.filter((other) => other !== line).map((other) => other.line("x")),
          line.line(value),
        ].join("\n"),
        line,
      ),
    );
    expect(read).toEqual(labelled.map(() => value));
  });

  test("labels are distinct, and one that starts another is not read for it (API, API key)", () => {
    expect(new Set(labelled.map((line) => line.label)).size).toBe(labelled.length);
    expect(readLine(scriptLines.demo.apiKey.line("wls_x"), scriptLines.demo.api)).toBeUndefined();
    expect(
      readLine(scriptLines.demo.api.line("http://127.0.0.1:1/api/v1"), scriptLines.demo.apiKey),
    ).toBeUndefined();
  });

  test("the agent's change lines are as its README documents them", () => {
    expect([changeLine.added("Notch", "survival"), changeLine.removed("Notch")]).toEqual([
      "+ Notch (survival)",
      "- Notch",
    ]);
  });

  test("no text of the catalogue, in any language, writes one of them (so none can be translated)", () => {
    const starts = new RegExp(`(^|\\n)(${labelled.map((line) => line.label).join("|")}): `);
    const found: string[] = [];
    for (const language of languages) {
      const texts = [
        ...Object.entries(catalogues[language]).flatMap(([key, message]) =>
          (typeof message === "string" ? [message] : Object.values(message)).map(
            (text) => [key, text] as const,
          ),
        ),
        ...Object.entries(commandCatalogues[language]).flatMap(([key, entry]) =>
          [entry.name, entry.description].flatMap((text) => (text ? [[key, text] as const] : [])),
        ),
      ];
      for (const [key, text] of texts) if (starts.test(text)) found.push(`${language} ${key}`);
    }
    expect(found).toEqual([]);
  });
});
