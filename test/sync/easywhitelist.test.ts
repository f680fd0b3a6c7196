import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { mergeConfig } from "../../src/formats/easywhitelist.ts";
import { fileOf, renderFormat } from "../../src/formats/index.ts";
import { UnreadableFileError } from "../../src/formats/spec.ts";
import { runSyncCommand } from "../../src/sync/index.ts";
import { statePath } from "../../src/sync/state.ts";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import {
  agentOptions,
  apiBytes,
  fileBytes,
  immediateSleep,
  latestEventId,
  rconAt,
  seedSurvival,
} from "./helpers.ts";

/**
 * EasyWhitelist's own default config.yml, as the plugin ships it (keys, values and order of its resource;
 * it has no comments, nor a final newline), and one a server owner edited by hand: comments, a changed
 * message, the whitelist switched off, a few names, lists flush with their key as Bukkit saves them, and the
 * `uuidlisted` section later versions of the plugin add. Named `.yml.txt` so the formatter (which formats
 * YAML) leaves their quoting and indentation as a server has them.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "fixtures", name)));
const shipped = fixture("easywhitelist-default.yml.txt");
const edited = fixture("easywhitelist-edited.yml.txt");

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));
const bytes = (value: string) => new TextEncoder().encode(value);
const exported = (...nicks: string[]) =>
  renderFormat(
    "easywhitelist",
    nicks.map((nick) => ({ nick, uuid: null, premium: false })),
  );

describe("fitting the list into an existing config.yml", () => {
  test("the plugin's default file: only whitelist and whitelisted change, in place", () => {
    expect(text(mergeConfig(shipped, exported("Notch", "jeb_")))).toBe(
      "no_whitelisted: '&aYou''re not that awesome to be whitelisted.'\n" +
        "whitelisted:\n  - jeb_\n  - notch\n" +
        "whitelist: true\n",
    );
  });

  test("a hand-edited file: every other key, comment and the order stay, byte for byte", () => {
    const merged = text(mergeConfig(edited, exported("Notch", "yes", ".Steve Gamer", "123")));
    expect(merged).toBe(`# EasyWhitelist: while \`whitelist\` is true, only the names below may join.
# Edited by hand on survival; the kick message takes & colour codes.

whitelist: true # off while we moved hosts
no_whitelisted: '&cNot whitelisted: ask on &eDiscord&c, it''s quick.'

# Lower-case names (the plugin lower-cases the joining player's name).
whitelisted: # kept by whitelist-sync
- ".steve gamer"
- "123"
- notch
- "yes"
# end of the list
uuidlisted: {}
`);
    // Read as SnakeYAML (YAML 1.1) reads it: every name a string, never true or a number.
    expect(parse(merged as string, { version: "1.1" })).toEqual({
      whitelist: true,
      no_whitelisted: "&cNot whitelisted: ask on &eDiscord&c, it's quick.",
      whitelisted: [".steve gamer", "123", "notch", "yes"],
      uuidlisted: {},
    });
  });

  test("emptied: an empty list, its comment kept on its line", () => {
    const merged = text(mergeConfig(edited, exported()));
    expect(merged).toContain(
      "\nwhitelisted: [] # kept by whitelist-sync\n# end of the list\nuuidlisted: {}\n",
    );
  });

  test("a file that already lets in exactly these players is left alone, however it is formatted", () => {
    const ours = mergeConfig(edited, exported("Notch", "jeb_")) as Uint8Array;
    expect(mergeConfig(ours, exported("Notch", "jeb_"))).toBeNull();
    // As Bukkit saves it (the plugin saves on every start): another style, the same keys as SnakeYAML reads them.
    const saved = bytes("whitelist: yes\nwhitelisted: [jeb_, 'notch']\nno_whitelisted: hi\n");
    expect(mergeConfig(saved, exported("Notch", "jeb_"))).toBeNull();
  });

  test("names YAML 1.1 would misread are rewritten quoted; a switched-off whitelist is switched on", () => {
    expect(text(mergeConfig(bytes("whitelist: false\nwhitelisted:\n- yes\n"), exported("yes")))).toBe(
      'whitelist: true\nwhitelisted:\n- "yes"\n',
    );
    expect(text(mergeConfig(bytes("whitelisted:\n  - on\n"), exported("on")))).toBe(
      'whitelisted:\n  - "on"\nwhitelist: true\n',
    );
  });

  test("no file, or an empty one: the file a fresh install would use, as the API serves it", () => {
    const fresh = exported("Notch");
    expect(mergeConfig(null, fresh)).toBe(fresh);
    expect(mergeConfig(bytes("\n"), fresh)).toBe(fresh);
    expect(text(mergeConfig(bytes("# only a comment\n"), fresh))).toBe(
      "# only a comment\n\nwhitelist: true\nwhitelisted:\n  - notch\n",
    );
  });

  test("Windows line ends stay Windows line ends", () => {
    expect(text(mergeConfig(bytes("a: 1\r\nwhitelisted: []\r\n"), exported("Notch")))).toBe(
      "a: 1\r\nwhitelisted:\r\n  - notch\r\nwhitelist: true\r\n",
    );
  });

  test.each([
    ["not YAML", "whitelisted: [\n", /^not valid YAML \(/],
    [
      "YAML with a key twice",
      "whitelisted: []\nwhitelisted: [a]\n",
      /^not valid YAML \(Map keys must be unique/,
    ],
    ["a list, not a mapping", "- notch\n", /^not a mapping of keys/],
  ])("a file that is %s is not overwritten: an error says why", (_label, source, message) => {
    expect(() => mergeConfig(bytes(source), exported("Notch"))).toThrow(UnreadableFileError);
    expect(() => mergeConfig(bytes(source), exported("Notch"))).toThrow(message);
  });

  test("count reads the players of any config.yml", () => {
    const { count } = fileOf("easywhitelist");
    expect(count(mergeConfig(edited, exported("a", "b")) as Uint8Array)).toBe(2);
    expect(count(shipped)).toBe(0);
    expect(count(bytes("whitelist: true\nwhitelisted: [a, b, c]\n"))).toBe(3);
    expect(count(bytes("whitelisted: [\n"))).toBe(0);
  });
});

describe("the agent with --format easywhitelist", () => {
  const fixture = syncFixture("wls-easywl-");

  async function world() {
    const service = await fixture.service();
    const s = service.services;
    return {
      service,
      s,
      ...(await seedSurvival(s, ["Notch", "jeb_"])),
      out: join(fixture.dir, "config.yml"),
    };
  }

  test("an existing config.yml: the list follows the whitelist live, the rest stays; RCON runs easywl reload", async () => {
    const { service, s, wl, key, out } = await world();
    writeFileSync(out, edited);
    const rcon = fixture.rcon({ password: "pw" });
    const options = agentOptions(service, key, "survival", fixture.dir, {
      format: "easywhitelist",
      out,
      console: rconAt(rcon.port, "pw"),
    });
    const sync = fixture.agent(options);
    expect((await sync.waitFor("started")).entries).toBe(2);
    const expected = (nicks: string[]) => text(mergeConfig(edited, exported(...nicks)));
    expect(readFileSync(out, "utf8")).toBe(expected(["Notch", "jeb_"]) as string);

    await seedEntries(s, wl.id, ["Alex"]);
    await sync.synced(await latestEventId(service));
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await sync.synced(await latestEventId(service));
    expect(readFileSync(out, "utf8")).toBe(expected(["Alex", "jeb_"]) as string);
    // The API still serves the file a fresh install would use.
    expect(text(await apiBytes(service, key, wl.id, "easywhitelist"))).toBe(
      "whitelist: true\nwhitelisted:\n  - alex\n  - jeb_\n",
    );
    await rcon.until(() => rcon.commands.length === 3);
    expect(rcon.commands).toEqual(["easywl reload", "easywl reload", "easywl reload"]);
  });

  test("--once: 304 while the file is as written; another key edited by hand costs a download, not a write", async () => {
    const { service, s, wl, key, out } = await world();
    const requests: string[] = [];
    const recording = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/entries")) requests.push(String(response.status));
      return response;
    }) as typeof fetch;
    const once = async () => {
      const stdout: string[] = [];
      const stderr: string[] = [];
      const code = await runSyncCommand(
        [
          "--url",
          service.url,
          "--whitelist",
          "survival",
          "--out",
          out,
          "--format",
          "easywhitelist",
          "--once",
        ],
        {
          env: { WLS_KEY: key },
          stdout: (line) => stdout.push(line),
          stderr: (line) => stderr.push(line),
          deps: { sleep: immediateSleep, fetch: recording },
        },
      );
      return { code, stdout, stderr };
    };
    const status = (verb: string, count: number) =>
      `${verb} whitelist "survival" (${wl.id}): ${count} entries → ${out} (easywhitelist)`;

    // No config.yml yet: created as the API serves it.
    expect(await once()).toEqual({ code: 0, stdout: [status("Wrote", 2)], stderr: [] });
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "easywhitelist"));

    // The owner's own config.yml replaces it: its list is repaired, its other keys kept.
    writeFileSync(out, edited);
    expect((await once()).stdout).toEqual([status("Wrote", 2)]);
    const written = readFileSync(out, "utf8");
    expect(written).toContain("no_whitelisted: '&cNot whitelisted: ask on &eDiscord&c, it''s quick.'\n");
    const state = JSON.parse(readFileSync(statePath(out), "utf8"));
    expect(state.sha256).toBe(new Bun.CryptoHasher("sha256").update(written).digest("hex"));

    // Unchanged since: a conditional request, 304.
    expect((await once()).stdout).toEqual([status("Unchanged:", 2)]);

    // The message edited by hand: the file no longer matches, so a full download; the list is right: no write.
    const handEdited = written.replace("it''s quick", "ask Steve");
    writeFileSync(out, handEdited);
    const mtime = statSync(out).mtimeMs;
    expect((await once()).stdout).toEqual([status("Unchanged:", 2)]);
    expect([readFileSync(out, "utf8"), statSync(out).mtimeMs]).toEqual([handEdited, mtime]);
    // ... and the next run is conditional again.
    expect((await once()).stdout).toEqual([status("Unchanged:", 2)]);

    // A name added by hand is taken out again, the hand-edited message kept.
    writeFileSync(out, handEdited.replace("- notch\n", "- notch\n- intruder\n"));
    await seedEntries(s, wl.id, ["Alex"]);
    expect((await once()).stdout).toEqual([status("Wrote", 3)]);
    expect(readFileSync(out, "utf8")).toBe(handEdited.replace("- jeb_\n", "- alex\n- jeb_\n"));
    expect(requests).toEqual(["200", "200", "304", "200", "304", "200"]);
  });

  test("a config.yml that is not YAML is left as it is: exit 1, saying why", async () => {
    const { service, key, out } = await world();
    writeFileSync(out, "whitelisted: [\n");
    const stderr: string[] = [];
    const code = await runSyncCommand(
      ["--url", service.url, "--whitelist", "survival", "--out", out, "--format", "easywhitelist", "--once"],
      {
        env: { WLS_KEY: key },
        stdout: () => {},
        stderr: (line) => stderr.push(line),
        deps: { sleep: immediateSleep },
      },
    );
    expect(code).toBe(1);
    expect(stderr).toEqual([
      expect.stringMatching(/^whitelist-sync sync: cannot update .*config\.yml: it is not valid YAML \(/),
    ]);
    expect(readFileSync(out, "utf8")).toBe("whitelisted: [\n");
  });
});
