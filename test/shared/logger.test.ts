import { describe, expect, test } from "bun:test";
import { createLogger, defaultLogStyle, type LogStyle } from "../../src/shared/logger.ts";

/** The lines a logger in `style` writes for one call. */
function written(
  style: LogStyle,
  message: string,
  fields?: Record<string, string | number | null | undefined>,
) {
  const lines: string[] = [];
  createLogger("debug", (line) => lines.push(line), style).info(message, fields);
  return lines;
}

describe("log formats", () => {
  test("json: one object per line with time, level, msg and the fields", () => {
    const [line] = written({ format: "json" }, "nick added", { nick: "Notch", origin: "api" });
    expect(line?.endsWith("\n")).toBe(true);
    expect(JSON.parse(line as string)).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: "info",
      msg: "nick added",
      nick: "Notch",
      origin: "api",
    });
  });

  test("pretty: time, level and message, then the fields as key=value, quoted when they need it", () => {
    const [line] = written({ format: "pretty" }, "nick added", {
      nick: "Notch",
      reason: 'has "quotes" and spaces',
      empty: "",
      nothing: null,
      skipped: undefined,
      count: 3,
    });
    expect(line).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z INFO {2}nick added nick=Notch reason="has \\"quotes\\" and spaces" empty="" nothing=null count=3\n$/,
    );
  });

  test("pretty: a line break in a message or a field cannot forge a second line", () => {
    const [line] = written({ format: "pretty" }, "first\nsecond", { nick: "a\n2026-01-01 ERROR forged" });
    expect(line?.split("\n")).toHaveLength(2);
    expect(line).toContain('nick="a\\n2026-01-01 ERROR forged"');
  });

  // Characters JSON.stringify leaves raw that a log viewer or terminal may take for a line break (NEL, U+2028,
  // U+2029) are escaped as ESC, CR and LF already are, in both formats, in the message and in the fields.
  test.each(["json", "pretty"] as const)(
    "%s: NEL, U+2028, U+2029 and ESC are written as escapes",
    (format) => {
      const breaks = "a\u0085b\u2028c\u2029d\x1b[31me";
      const [line = ""] = written({ format }, `msg ${breaks}`, { field: breaks });
      expect(line.slice(0, -1)).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(line.split("\\u0085")).toHaveLength(3);
      expect(line.split("\\u2028")).toHaveLength(3);
      expect(line.split("\\u2029")).toHaveLength(3);
      expect(line.split("\\u001b")).toHaveLength(3);
      if (format === "json") expect(JSON.parse(line)).toMatchObject({ msg: `msg ${breaks}`, field: breaks });
    },
  );

  test("pretty with colour wraps only the level, and without it writes no escape codes", () => {
    expect(written({ format: "pretty", color: true }, "careful")[0]).toContain(
      "\x1b[36mINFO \x1b[0m careful",
    );
    expect(written({ format: "pretty", color: false }, "careful")[0]).not.toContain("\x1b[");
  });
});

describe("the default style", () => {
  test("pretty with colour on a terminal, json to a pipe or a file", () => {
    expect(defaultLogStyle(undefined, { isTTY: true }, {})).toEqual({ format: "pretty", color: true });
    expect(defaultLogStyle(undefined, { isTTY: false }, {})).toEqual({ format: "json", color: false });
    expect(defaultLogStyle(undefined, {}, {})).toEqual({ format: "json", color: false });
  });

  test("LOG_FORMAT wins, and NO_COLOR turns colour off on a terminal", () => {
    expect(defaultLogStyle("json", { isTTY: true }, {})).toEqual({ format: "json", color: true });
    expect(defaultLogStyle("pretty", { isTTY: false }, {})).toEqual({ format: "pretty", color: false });
    expect(defaultLogStyle(undefined, { isTTY: true }, { NO_COLOR: "1" })).toEqual({
      format: "pretty",
      color: false,
    });
  });
});
