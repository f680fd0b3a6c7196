import { describe, expect, test } from "bun:test";
import { formats, renderFormat } from "../../src/formats/index.ts";
import { readImportFile } from "../../src/registration/import-file.ts";

const file = (name: string, text: string | Uint8Array) => ({
  name,
  bytes: typeof text === "string" ? new TextEncoder().encode(text) : text,
});

/** The refusal a file gets: its code and message. */
const refusalOf = (name: string, text: string | Uint8Array) => {
  try {
    readImportFile(file(name, text));
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error("the file was read");
};

describe("reading a list to import", () => {
  test("Minecraft's whitelist.json: the names, each on the line its entry starts", () => {
    const text = `[
  {
    "uuid": "069a79f4-44e9-4726-a5be-fca90e38aaf5",
    "name": "Notch"
  },
  {"uuid": "853c80ef-3c37-49fd-aa49-938b674adae6", "name": "jeb_"},

  {
    "name": "Has \\"quote\\" [and] {braces}",
    "uuid": null
  }
]
`;
    expect(readImportFile(file("whitelist.json", text))).toEqual({
      format: "vanilla",
      names: [
        { line: 2, name: "Notch" },
        { line: 6, name: "jeb_" },
        { line: 8, name: 'Has "quote" [and] {braces}' },
      ],
    });
  });

  test("what the service exports is read back as the same names, whatever the format", () => {
    const entries = ["Notch", "jeb_", "Cracked_1", "on", "123"].map((nick) => ({
      nick,
      uuid: null,
      premium: false,
      expiresAt: null,
    }));
    const read = (format: "plain" | "vanilla" | "easywhitelist") => {
      const list = readImportFile({ name: formats[format].file.name, bytes: renderFormat(format, entries) });
      return { format: list.format, names: list.names.map((listed) => listed.name).sort() };
    };
    expect(read("vanilla")).toEqual({
      format: "vanilla",
      names: ["123", "Cracked_1", "Notch", "jeb_", "on"],
    });
    expect(read("plain")).toEqual({ format: "plain", names: ["123", "Cracked_1", "Notch", "jeb_", "on"] });
    // EasyWhitelist keeps names lower-cased.
    expect(read("easywhitelist")).toEqual({
      format: "easywhitelist",
      names: ["123", "cracked_1", "jeb_", "notch", "on"],
    });
  });

  test("a plain list: one nick per line, blank lines and # comments left out, any line ending", () => {
    const text = "# survival, 2024\r\nNotch\r\n\r\n   jeb_  \n#jeb_alt\rAlex Pocket\n";
    expect(readImportFile(file("players.txt", text))).toEqual({
      format: "plain",
      names: [
        { line: 2, name: "Notch" },
        { line: 4, name: "jeb_" },
        { line: 6, name: "Alex Pocket" },
      ],
    });
  });

  test("an EasyWhitelist config.yml, read as YAML 1.1: the list under whitelisted, names as written", () => {
    const text = [
      "# EasyWhitelist",
      "whitelist: yes",
      "no_whitelisted: '&cYou are not whitelisted'",
      "whitelisted:",
      "- notch",
      "- 'jeb_'",
      "- on",
      "- 123",
      "-   {nested: map}",
      "",
    ].join("\n");
    expect(readImportFile(file("config.yml", text))).toEqual({
      format: "easywhitelist",
      names: [
        { line: 5, name: "notch" },
        { line: 6, name: "jeb_" },
        // YAML 1.1 reads these as true and 123; the file means the names as written.
        { line: 7, name: "on" },
        { line: 8, name: "123" },
        { line: 9, name: '{"nested":"map"}' },
      ],
    });
  });

  test("the format comes from the content when the name says nothing", () => {
    expect(readImportFile(file("list", '[{"uuid": null, "name": "Notch"}]')).format).toBe("vanilla");
    expect(readImportFile(file("list", "whitelist: true\nwhitelisted:\n  - notch\n")).format).toBe(
      "easywhitelist",
    );
    expect(readImportFile(file("list", "Notch\njeb_\n")).format).toBe("plain");
  });

  test("anything else is refused whole, saying what to attach instead", () => {
    const attach =
      "Attach a Minecraft whitelist.json, a plain list (one nick per line) or an EasyWhitelist config.yml.";
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(refusalOf("skin.png", png)).toEqual({
      code: "import-file-invalid",
      message: `skin.png is not a text file. ${attach}`,
    });
    expect(refusalOf("latin1.txt", Uint8Array.from([0x4e, 0x6f, 0x74, 0xe9]))).toEqual({
      code: "import-file-invalid",
      message: `latin1.txt is not a text file. ${attach}`,
    });
    expect(refusalOf("whitelist.json", '{"players": ["Notch"]}')).toEqual({
      code: "import-file-invalid",
      message: `whitelist.json is JSON, but not a whitelist.json (a list of {"uuid", "name"} entries). ${attach}`,
    });
    expect(refusalOf("whitelist.json", '[{"uuid": "x"}]').message).toStartWith(
      'Entry 1 of whitelist.json has no "name"',
    );
    expect(refusalOf("whitelist.json", "[Notch, jeb_]").message).toStartWith(
      "whitelist.json is not valid JSON (",
    );
    expect(refusalOf("config.yml", "whitelist: true\nmessages:\n  kick: bye\n")).toEqual({
      code: "import-file-invalid",
      message: `config.yml has no \`whitelisted:\` list of names, so it is not an EasyWhitelist config.yml. ${attach}`,
    });
    expect(refusalOf("config.yml", "whitelisted: [notch\n").message).toStartWith(
      "config.yml is not valid YAML (",
    );
  });

  test("an empty file, or one listing no name, is refused", () => {
    expect(refusalOf("empty.txt", "")).toEqual({
      code: "import-file-invalid",
      message: "empty.txt is empty: it lists no nick.",
    });
    expect(refusalOf("blank.txt", " \n\t\n").message).toBe("blank.txt is empty: it lists no nick.");
    expect(refusalOf("comments.txt", "# nobody yet\n").message).toBe(
      "comments.txt lists no nick: there is nothing to import.",
    );
    expect(refusalOf("whitelist.json", "[]\n").message).toBe(
      "whitelist.json lists no nick: there is nothing to import.",
    );
    expect(refusalOf("config.yml", "whitelist: true\nwhitelisted: []\n").message).toBe(
      "config.yml lists no nick: there is nothing to import.",
    );
    expect(refusalOf("config.yml", "whitelist: true\nwhitelisted:\n").message).toBe(
      "config.yml lists no nick: there is nothing to import.",
    );
  });

  test("over 1 MiB or 10,000 names is refused, asking to split the list", () => {
    const big = "x".repeat(1024 * 1024 + 1);
    expect(refusalOf("big.txt", big)).toEqual({
      code: "import-file-invalid",
      message:
        "big.txt is 1,048,577 bytes; an import takes files up to 1 MiB. Split the list and import each part.",
    });
    const names = Array.from({ length: 10_001 }, (_, i) => `p${i}`).join("\n");
    expect(refusalOf("many.txt", names).message).toBe(
      "many.txt lists 10,001 names; an import takes at most 10,000. Split the list and import each part.",
    );
    const exactly = Array.from({ length: 10_000 }, (_, i) => `p${i}`).join("\n");
    expect(readImportFile(file("limit.txt", exactly)).names).toHaveLength(10_000);
  });
});
