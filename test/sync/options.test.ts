import { describe, expect, test } from "bun:test";
import { apiBase, parseSyncOptions, type SyncOptions, SyncOptionsError } from "../../src/sync/options.ts";

const KEY = "wls_abcdefghijklmnopqrstuvwxyz0123456";
const base = {
  WLS_URL: "http://127.0.0.1:3000",
  WLS_KEY: KEY,
  WLS_WHITELIST: "survival",
  WLS_OUT: "/srv/mc/wl.json",
};
const files: Record<string, string> = { "/run/secrets/key": `${KEY}\n`, "/run/secrets/rcon": "hunter2\n" };
const readText = (path: string) => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error("no such file"), { code: "ENOENT" });
  return text;
};
const parse = (argv: string[], env: Record<string, string> = {}) => parseSyncOptions(argv, env, readText);
const failure = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parse(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(SyncOptionsError);
    return (error as Error).message;
  }
  throw new Error("expected a SyncOptionsError");
};

describe("sync options", () => {
  test("from variables, with defaults", () => {
    expect(parse([], base)).toEqual({
      apiUrl: "http://127.0.0.1:3000/api/v1",
      key: KEY,
      whitelists: ["survival"],
      format: "vanilla",
      out: "/srv/mc/wl.json",
      management: null,
      console: null,
      reloadCommand: null,
      onAdd: null,
      onRemove: null,
      kickRemoved: false,
      groups: null,
      proofPollMs: null,
      keepForeign: false,
      bannedPlayers: null,
      once: false,
      json: false,
      verbose: false,
    } satisfies SyncOptions);
  });

  test("flags win over variables; boolean flags need no value; --key @file reads the key", () => {
    const options = parse(
      [
        "--url=https://wl.example.org/api/v1/",
        "--key",
        "@/run/secrets/key",
        "--format",
        "plain",
        "--rcon",
        "mc.local",
        "--rcon-password-file",
        "/run/secrets/rcon",
        "--kick-removed",
        "--once",
        "--json=false",
      ],
      { ...base, WLS_JSON: "true" },
    );
    expect(options).toMatchObject({
      apiUrl: "https://wl.example.org/api/v1",
      key: KEY,
      format: "plain",
      console: { kind: "rcon", host: "mc.local", port: 25575, password: "hunter2" },
      reloadCommand: null,
      kickRemoved: true,
      once: true,
      json: false,
    });
  });

  test("--whitelist takes several whitelists, comma-separated, in the order given", () => {
    expect(parse(["--whitelist", "survival, Bedrock ,k3v9x0q2ab"], base).whitelists).toEqual([
      "survival",
      "Bedrock",
      "k3v9x0q2ab",
    ]);
  });

  test.each(["survival,,bedrock", "survival,", ",", " , "])("--whitelist %p lists an empty name", (value) => {
    expect(failure(["--whitelist", value], base)).toBe(
      "--whitelist (WLS_WHITELIST) must be a whitelist's id or name, or several separated by commas " +
        `(survival,bedrock) (got ${JSON.stringify(value.trim())})`,
    );
  });

  test.each([
    ["http://h:3000", "http://h:3000/api/v1"],
    ["http://h:3000/", "http://h:3000/api/v1"],
    ["http://h:3000/api/v1", "http://h:3000/api/v1"],
    ["https://h/prefix/api/v1//", "https://h/prefix/api/v1"],
    ["https://h/prefix", "https://h/prefix/api/v1"],
  ])("the URL %s means the API at %s", (url, api) => {
    expect(apiBase(url)).toBe(api);
  });

  test("the RCON address takes a port, and IPv6 in brackets", () => {
    const env = { ...base, WLS_RCON_PASSWORD: "pw" };
    expect(parse(["--rcon", "127.0.0.1:25580"], env).console).toEqual({
      kind: "rcon",
      host: "127.0.0.1",
      port: 25580,
      password: "pw",
    });
    expect(parse(["--rcon", "[::1]:25575"], env).console).toEqual({
      kind: "rcon",
      host: "::1",
      port: 25575,
      password: "pw",
    });
  });

  test.each([
    ["vanilla", [], "whitelist reload"],
    ["easywhitelist", [], "easywl reload"],
    ["plain", ["--reload-command", "reload whitelist"], "reload whitelist"],
    ["easywhitelist", ["--reload-command", "easywhitelist reload"], "easywhitelist reload"],
    ["easywhitelist", ["--reload-command", "/easywl reload"], "easywl reload"],
    ["vanilla", ["--reload-command", "none", "--kick-removed"], null],
  ])("--format %s %p: RCON runs %p after each change", (format, flags, command) => {
    const env = { ...base, WLS_FORMAT: format, WLS_RCON: "127.0.0.1", WLS_RCON_PASSWORD: "pw" };
    expect(parse(flags, env).reloadCommand).toBe(command);
  });

  test("a named pipe or a program is the console as RCON is; BDS reloads with `allowlist reload`", () => {
    const bds = { ...base, WLS_FORMAT: "bds" };
    expect(parse(["--console-fifo", "/run/bds/console"], bds)).toMatchObject({
      console: { kind: "fifo", path: "/run/bds/console" },
      reloadCommand: "allowlist reload",
    });
    const exec = 'tmux send-keys -t bds -l "$WLS_COMMAND" \\; send-keys -t bds Enter';
    expect(parse(["--console-exec", exec], bds)).toMatchObject({
      console: { kind: "exec", command: exec },
      reloadCommand: "allowlist reload",
    });
  });

  test("first-join proof reads the player list every 5 s with RCON, as often as asked, or never", () => {
    const rcon = { ...base, WLS_RCON: "127.0.0.1", WLS_RCON_PASSWORD: "pw" };
    expect({
      rcon: parse([], rcon).proofPollMs,
      asked: parse(["--proof-poll", "2"], rcon).proofPollMs,
      off: parse(["--proof-poll", "0"], rcon).proofPollMs,
      once: parse(["--once"], rcon).proofPollMs,
      pipe: parse(["--console-fifo", "/run/console"], base).proofPollMs,
      // Reading the player list is something to do with RCON, whatever the format reloads.
      plain: parse(["--format", "plain"], rcon).reloadCommand,
    }).toEqual({ rcon: 5000, asked: 2000, off: null, once: null, pipe: null, plain: null });
  });

  test("the reload command from WLS_RELOAD_COMMAND; none without RCON", () => {
    const env = {
      ...base,
      WLS_RCON: "127.0.0.1",
      WLS_RCON_PASSWORD: "pw",
      WLS_RELOAD_COMMAND: "easywl reload",
    };
    expect(parse([], env).reloadCommand).toBe("easywl reload");
    expect(parse([], { ...base, WLS_FORMAT: "easywhitelist" }).reloadCommand).toBeNull();
  });

  test.each([
    [
      ["--format", "xml"],
      {},
      '--format (WLS_FORMAT) must be one of plain, easywhitelist, vanilla, bds (got "xml")',
    ],
    [[], { WLS_URL: "ftp://x" }, expect.stringMatching(/^--url \(WLS_URL\) must be the service's base URL/)],
    [[], { WLS_OUT: "" }, expect.stringMatching(/^--out \(WLS_OUT\) must be .* \(got nothing\)$/)],
    [
      ["--rcon", "host:70000"],
      { WLS_RCON_PASSWORD: "pw" },
      expect.stringMatching(/^--rcon \(WLS_RCON\) must have a port/),
    ],
    [["--rcon", "host"], {}, expect.stringMatching(/^--rcon \(WLS_RCON\) needs a password/)],
    [
      ["--kick-removed"],
      {},
      "--kick-removed (WLS_KICK_REMOVED) needs a console: --rcon (WLS_RCON), --console-fifo (WLS_CONSOLE_FIFO) or --console-exec (WLS_CONSOLE_EXEC)",
    ],
    [
      ["--reload-command", "easywl reload"],
      {},
      "--reload-command (WLS_RELOAD_COMMAND) needs a console: --rcon (WLS_RCON), --console-fifo (WLS_CONSOLE_FIFO) or --console-exec (WLS_CONSOLE_EXEC)",
    ],
    [
      ["--console-fifo", "/run/bds/console", "--rcon", "h"],
      { WLS_RCON_PASSWORD: "pw" },
      "--rcon (WLS_RCON) and --console-fifo (WLS_CONSOLE_FIFO) both name the game server's console: give one",
    ],
    [
      ["--console-exec", 'tmux send-keys -t bds "$WLS_COMMAND"\nrm -rf /'],
      {},
      expect.stringMatching(/^--console-exec \(WLS_CONSOLE_EXEC\) must be one line/),
    ],
    [
      ["--reload-command", "say hi\nop me"],
      { WLS_RCON: "h", WLS_RCON_PASSWORD: "pw" },
      expect.stringMatching(/^--reload-command \(WLS_RELOAD_COMMAND\) must be one line/),
    ],
    [
      ["--format", "plain", "--rcon", "h", "--proof-poll", "0"],
      { WLS_RCON_PASSWORD: "pw" },
      "--rcon (WLS_RCON) has nothing to run: the plain format has no reload command of its own; " +
        "set --reload-command (WLS_RELOAD_COMMAND) (or --kick-removed (WLS_KICK_REMOVED))",
    ],
    [
      ["--proof-poll", "5"],
      {},
      "--proof-poll (WLS_PROOF_POLL) reads the game server's player list from RCON's answers: it needs --rcon (WLS_RCON)",
    ],
    [
      ["--proof-poll", "5", "--console-fifo", "/run/bds/console"],
      { WLS_FORMAT: "bds" },
      "--proof-poll (WLS_PROOF_POLL) reads the game server's player list from RCON's answers: it needs --rcon (WLS_RCON)",
    ],
    [
      ["--proof-poll", "5", "--rcon", "h", "--once"],
      { WLS_RCON_PASSWORD: "pw" },
      "--proof-poll (WLS_PROOF_POLL) watches who joins: not with --once (WLS_ONCE)",
    ],
    [
      ["--proof-poll", "2.5"],
      {},
      '--proof-poll (WLS_PROOF_POLL) must be whole seconds from 0 to 3600 (0: off) (got "2.5")',
    ],
    [["--once=maybe"], {}, expect.stringMatching(/^--once \(WLS_ONCE\) must be true or false/)],
    [["--color"], {}, "unknown option --color; run whitelist-sync sync --help for the options"],
    [["survival"], {}, 'unexpected argument "survival"; options are --name value'],
    [["--out"], {}, expect.stringMatching(/^--out \(WLS_OUT\) needs a value/)],
    [["--key", "@/nowhere"], {}, "--key (WLS_KEY): cannot read /nowhere (ENOENT)"],
    [
      [],
      { WLS_URL: "http://user:pw@h" },
      expect.stringMatching(/^--url \(WLS_URL\) must not carry credentials/),
    ],
  ])("%p %p: one line naming the flag and its variable", (argv, env, message) => {
    expect(failure(argv as string[], { ...base, ...(env as Record<string, string>) })).toEqual(message);
  });

  test("secrets never appear in error messages, and the RCON password is refused on the command line", () => {
    expect(failure([], { ...base, WLS_KEY: "wls_has a space" })).toBe(
      "--key (WLS_KEY) must be a link key (wls_…), or @/path/to/a/file holding it (got a value of another shape)",
    );
    expect(failure(["--rcon-password", "hunter2"], base)).toBe(
      "--rcon-password is not accepted on the command line (other users could read it from the process list); " +
        "set WLS_RCON_PASSWORD or use --rcon-password-file",
    );
  });
});
