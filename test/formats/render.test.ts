import { describe, expect, test } from "bun:test";
import { type FileFormatName, fileFormats, fileOf, formats, renderFormat } from "../../src/formats/index.ts";
import type { Player } from "../../src/formats/spec.ts";

const fixtures = new URL("../fixtures/formats/", import.meta.url);

/** Deliberately unsorted; case-sensitive order (B, N, Z, _, a, z) differs from the expected one. */
const mixed: Player[] = [
  { nick: "zed2", uuid: null, premium: false },
  { nick: "Bob", uuid: null, premium: false },
  { nick: ".Ünïcode Ålf", uuid: null, premium: false },
  { nick: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", premium: true },
  { nick: "alice", uuid: null, premium: false },
  { nick: "Zed", uuid: null, premium: false },
  // A Bedrock player whose XUID is not known yet (the other formats read only nick, uuid and premium).
  { nick: ".Steve Gamer", uuid: null, premium: false, gamertag: "Steve Gamer" },
  { nick: "_under", uuid: null, premium: false },
];

const files: Record<FileFormatName, { fileName: string; ext: string }> = {
  plain: { fileName: "whitelist.txt", ext: "txt" },
  vanilla: { fileName: "whitelist.json", ext: "json" },
  easywhitelist: { fileName: "config.yml", ext: "yml" },
  // Compact, as BDS writes it; `.txt` so the formatter (which formats JSON) leaves it so.
  bds: { fileName: "allowlist.json", ext: "json.txt" },
};

const text = (format: FileFormatName, players: readonly Player[]) =>
  new TextDecoder().decode(renderFormat(format, players));

describe("renderFormat", () => {
  for (const [format, { fileName, ext }] of Object.entries(files) as [
    FileFormatName,
    (typeof files)[FileFormatName],
  ][]) {
    for (const [name, entries] of [
      ["mixed", mixed],
      ["empty", []],
    ] as const) {
      test(`${format}: the ${name} list matches its fixture byte for byte, under its file name`, async () => {
        const expected = Buffer.from(
          await Bun.file(new URL(`${name}.${format}.${ext}`, fixtures)).arrayBuffer(),
        );
        expect({
          bytes: Buffer.from(renderFormat(format, entries)),
          fileName: formats[format].file.name,
        }).toEqual({
          bytes: expected,
          fileName,
        });
      });
    }

    test(`${format} does not depend on the order entries come in`, () => {
      expect(renderFormat(format, [...mixed].reverse())).toEqual(renderFormat(format, mixed));
    });
  }

  test("nicks equal but for case are ordered by code point, so the output is deterministic", () => {
    const entries = ["alice", "ALICE", "Alice"].map((nick) => ({ nick, uuid: null, premium: false }));
    expect(text("plain", entries)).toBe("ALICE\nAlice\nalice\n");
    expect(text("vanilla", entries)).toBe(text("vanilla", [...entries].reverse()));
  });

  test("ties sort by code point, not UTF-16 unit: U+FF41 comes before U+1F600", () => {
    const entries = ["\u{1F600}", "\uFF41"].map((nick) => ({ nick, uuid: null, premium: false }));
    expect(text("plain", entries)).toBe("\uFF41\n\u{1F600}\n");
  });

  test("easywhitelist lists a nick once however many spellings of it exist", () => {
    const entries = ["alice", "ALICE", "Alice"].map((nick) => ({ nick, uuid: null, premium: false }));
    expect(text("easywhitelist", entries)).toBe("whitelist: true\nwhitelisted:\n  - alice\n");
  });

  test("a premium entry without a known uuid falls back to the offline uuid", () => {
    const players = JSON.parse(text("vanilla", [{ nick: "Notch", uuid: null, premium: true }]));
    expect(players).toEqual([{ uuid: "b50ad385-829d-3141-a216-7e7d7539ba7f", name: "Notch" }]);
  });

  test("easywhitelist quotes nicks a YAML reader would take for a boolean, null or number", () => {
    const nicks = ["true", "Off", "yes", "null", "0123", "1e5", "_1", "plain_nick9"];
    const entries = nicks.map((nick) => ({ nick, uuid: null, premium: false }));
    const yaml = text("easywhitelist", entries);
    expect(yaml).toBe(
      'whitelist: true\nwhitelisted:\n  - "0123"\n  - "1e5"\n  - "_1"\n  - "null"\n  - "off"\n' +
        '  - plain_nick9\n  - "true"\n  - "yes"\n',
    );
    expect(Bun.YAML.parse(yaml)).toEqual({
      whitelist: true,
      whitelisted: ["0123", "1e5", "_1", "null", "off", "plain_nick9", "true", "yes"],
    });
  });

  test.each(fileFormats)(
    "%s: count reads back how many players a file lists (the agent's status line)",
    (format) => {
      // Each with a gamertag, so the Bedrock server's allowlist lists them too.
      const players = ["Notch", "jeb_", "yes"].map((nick) => ({
        nick,
        uuid: null,
        premium: false,
        gamertag: nick,
      }));
      const { count } = fileOf(format);
      expect([count(renderFormat(format, players)), count(renderFormat(format, []))]).toEqual([3, 0]);
    },
  );
});
