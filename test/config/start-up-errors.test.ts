import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServe } from "../helpers/serve.ts";
import { tempDir } from "../helpers/services.ts";

// Every setting that can be wrong at start-up stops the process with one line naming the variable, and exit
// code 78 (EX_CONFIG): never a raw errno such as EINVAL or EADDRINUSE, and nothing on standard output, where
// LOG_FORMAT=json promises one JSON object per line. Under LOG_FORMAT=json (as here unless a test says otherwise)
// that line on standard error is a JSON object too. The compiled binary when CI built one (WLS_BINARY), otherwise
// the sources.

const dir = tempDir("wls-start-up-");
afterAll(() => dir.cleanup());

/** Runs `whitelist-sync <sub>` with `env` (and a loopback address and a free port unless set) to its exit. */
const start = (sub: string, env: Record<string, string>) => spawnServe({ sub, env }).exit();

/**
 * The one line that stops the process under LOG_FORMAT=json: a log line of level error, its message and exit code
 * (and `fields`), in that order; its time is any.
 */
function fatalLine(exitCode: number, message: string, fields: Record<string, string> = {}) {
  const tail = JSON.stringify({ level: "error", msg: message, exitCode, ...fields }).slice(1);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return expect.stringMatching(new RegExp(`^\\{"time":"[0-9T:.Z-]+",${literal(tail)}\n$`));
}

/** A token as Discord makes them: the application id in base64, a timestamp part, an HMAC part. */
const WELL_FORMED = `${Buffer.from("1161034120542384128").toString("base64").replace(/=+$/, "")}.GhTz9a.${"x".repeat(38)}`;

/** A server holding a loopback port, so the service's listen finds it taken. */
function occupiedPort() {
  return Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("taken") });
}

describe("start-up stops with one line naming the setting, and exit code 78", () => {
  test("HOST that is not an address or a host name", async () => {
    expect(await start("serve", { HOST: "not a host" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(
        78,
        'Configuration error: HOST must be an IP address or host name of this machine to listen on, e.g. 0.0.0.0 or 127.0.0.1 (got "not a host")',
      ),
    });
  });

  test("HOST that is an address of another machine (TEST-NET-3)", async () => {
    expect(await start("serve", { HOST: "203.0.113.1" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(
        78,
        "Configuration error: HOST: 203.0.113.1 is not an address of this machine (use 0.0.0.0 for every address, or 127.0.0.1 for this machine only)",
      ),
    });
  });

  test.each([
    ["serve", "PORT"],
    ["demo", "SANDBOX_PORT"],
    ["demo", "SANDBOX_MOJANG_PORT"],
    ["demo", "SANDBOX_GEYSER_PORT"],
  ])("%s: %s in use by another program", async (sub, variable) => {
    const other = occupiedPort();
    try {
      expect(await start(sub, { [variable]: String(other.port) })).toEqual({
        exitCode: 78,
        stdout: "",
        stderr: fatalLine(
          78,
          `Configuration error: ${variable}: 127.0.0.1:${other.port} is already in use by another program (choose another ${variable}, or stop that program)`,
        ),
      });
    } finally {
      other.stop(true);
    }
  });

  test.each([
    [
      "mysql://u:secretpw@127.0.0.1/wl",
      'DATABASE_URL must be a postgres:// URL: PostgreSQL instead of the SQLite file, for several replicas on one database (got "mysql://u:***@127.0.0.1/wl")',
    ],
    [
      "postgres://u:secretpw@127.0.0.1:abc/wl",
      'DATABASE_URL has the port "abc", not a number 1-65535: it must be postgres://user:password@host:5432/database (special characters percent-encoded) (got "postgres://u:***@127.0.0.1:abc/wl")',
    ],
    [
      "postgres://u:secretpw@127.0.0.1:99999/wl",
      'DATABASE_URL has the port "99999", not a number 1-65535: it must be postgres://user:password@host:5432/database (special characters percent-encoded) (got "postgres://u:***@127.0.0.1:99999/wl")',
    ],
  ])("DATABASE_URL %s: named, and its password never shown", async (url, message) => {
    expect(await start("serve", { DATABASE_URL: url })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(78, `Configuration error: ${message}`),
    });
  });

  test("DATABASE_PATH that is some other file, not a database", async () => {
    const file = join(dir.path, "notes.txt");
    writeFileSync(file, "these are my notes, not a database\n");
    expect(await start("serve", { DATABASE_PATH: file })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(
        78,
        `Configuration error: DATABASE_PATH: cannot use ${file} (it is not a SQLite database; point DATABASE_PATH at a new file or a whitelist-sync database)`,
      ),
    });
  });

  test("DATABASE_PATH that is a device", async () => {
    expect(await start("serve", { DATABASE_PATH: "/dev/null" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(
        78,
        "Configuration error: DATABASE_PATH: cannot use /dev/null (SQLite cannot read or write it as a database file)",
      ),
    });
  });
});

describe("a setting read loosely before (issue 30) stops start-up instead of running changed", () => {
  test.each([
    [
      "RATE_LIMIT_PER_MINUTE",
      "1.5",
      'RATE_LIMIT_PER_MINUTE must be requests per minute per client IP, a whole number 1-1000000 (got "1.5")',
    ],
    [
      "PUBLIC_URL",
      "https://wl.example.org/?x=1",
      "PUBLIC_URL must be the public base URL of this service alone (no query, fragment or credentials), " +
        'e.g. https://wl.example.org (got "https://wl.example.org/?x=1")',
    ],
    [
      "WEBHOOK_ALLOW_PRIVATE",
      "1",
      'WEBHOOK_ALLOW_PRIVATE must be true or false: allow webhooks to loopback and private addresses (got "1")',
    ],
  ])("%s=%s", async (variable, value, message) => {
    expect(await start("serve", { [variable]: value })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: fatalLine(78, `Configuration error: ${message}`),
    });
  });
});

describe("a token Discord refuses needs a person, not a restart", () => {
  /** A Discord that refuses every token, as discord.com answers a wrong one (401, code 0). */
  const refusing = () =>
    Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => Response.json({ message: "401: Unauthorized", code: 0 }, { status: 401 }),
    });

  const refused =
    "Discord refused the bot's token (401 Unauthorized): check DISCORD_TOKEN. It is the token under Bot in " +
    "the developer portal (Reset Token makes a new one and retires the old).";

  /** `serve` with a well-formed token against a Discord that refuses it, with `env` besides. */
  const refusedStart = async (env: Record<string, string>) => {
    const discord = refusing();
    try {
      return await spawnServe({
        discord: { token: WELL_FORMED, apiUrl: `http://127.0.0.1:${discord.port}/api` },
        env,
      }).exit();
    } finally {
      discord.stop(true);
    }
  };

  test("exit 78 (the units of docs/running.md do not restart on it), the reason on standard error", async () => {
    const plain = await refusedStart({ LOG_FORMAT: "pretty", LOG_LEVEL: "silent" });
    expect(plain).toEqual({ exitCode: 78, stdout: "", stderr: `${refused}\n` });
  });

  test("under LOG_FORMAT=json that line is a JSON log line with the reason, as the logs before it", async () => {
    const json = await refusedStart({});
    expect({ exitCode: json.exitCode, stderr: json.stderr }).toEqual({
      exitCode: 78,
      stderr: fatalLine(78, refused, { reason: "token-rejected" }),
    });
    for (const line of json.stdout.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  /** A Discord that counts what it is asked (`asked()`), and refuses it. */
  const counting = () => {
    let asked = 0;
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => {
        asked++;
        return Response.json({ message: "401: Unauthorized", code: 0 }, { status: 401 });
      },
    });
    return { url: `http://127.0.0.1:${server.port}/api`, asked: () => asked, stop: () => server.stop(true) };
  };
  const malformed =
    "Configuration error: DISCORD_TOKEN does not look like a bot token (its first part should be the " +
    "application id in base64): copy it again from the developer portal, Bot → Reset Token";

  test.each([
    ["serve", "json"],
    ["start", "pretty"],
  ])(
    "%s: a token of no token's shape is refused before Discord is asked, as invite refuses it (%s)",
    async (sub, format) => {
      const discord = counting();
      try {
        const result = await start(sub, {
          DISCORD_TOKEN: "hello",
          DISCORD_API_URL: discord.url,
          LOG_FORMAT: format,
        });
        expect(result).toEqual({
          exitCode: 78,
          stdout: "",
          stderr: format === "json" ? fatalLine(78, malformed) : `${malformed}\n`,
        });
        expect(discord.asked()).toBe(0);
      } finally {
        discord.stop();
      }
    },
  );

  test("a Discord that cannot be reached is no such error: exit 1, so the service manager tries again", async () => {
    const closed = refusing();
    const url = `http://127.0.0.1:${closed.port}/api`;
    await closed.stop(true);
    const result = await start("serve", {
      DISCORD_TOKEN: WELL_FORMED,
      DISCORD_API_URL: url,
      LOG_LEVEL: "silent",
      LOG_FORMAT: "pretty",
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toStartWith(`Discord could not be reached at ${url} (`);
  });
});
