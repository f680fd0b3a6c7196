import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_TIMEOUT_MS } from "../helpers/floors.ts";
import { tempDir } from "../helpers/services.ts";

// Every setting that can be wrong at start-up stops the process with one line naming the variable, and exit
// code 78 (EX_CONFIG): never a raw errno such as EINVAL or EADDRINUSE, and nothing on standard output, where
// LOG_FORMAT=json promises one JSON object per line. The compiled binary when CI built one (WLS_BINARY),
// otherwise the sources.

const command = (sub: string) =>
  process.env.WLS_BINARY
    ? [process.env.WLS_BINARY, sub]
    : [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), sub];
const dir = tempDir("wls-start-up-");
afterAll(() => dir.cleanup());

/** Runs `whitelist-sync <sub>` with `env` (and a loopback address and a free port unless set) to its exit. */
async function start(sub: string, env: Record<string, string>) {
  const child = Bun.spawn(command(sub), {
    cwd: dir.path,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir.path,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_FORMAT: "json",
      DATABASE_PATH: join(dir.path, `${sub}-${crypto.randomUUID()}.db`),
      ...env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  // A start that wrongly succeeds would run forever: bounded, then killed, and reported as such, within the test's
  // own limit (a fixed bound is what a busy machine runs out of).
  const timer = setTimeout(() => child.kill(9), TEST_TIMEOUT_MS / 2);
  try {
    const [exitCode, stdout, stderr] = await Promise.all([
      child.exited,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ]);
    return { exitCode, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** A server holding a loopback port, so the service's listen finds it taken. */
function occupiedPort() {
  return Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("taken") });
}

describe("start-up stops with one line naming the setting, and exit code 78", () => {
  test("HOST that is not an address or a host name", async () => {
    expect(await start("serve", { HOST: "not a host" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr:
        'Configuration error: HOST must be an IP address or host name of this machine to listen on, e.g. 0.0.0.0 or 127.0.0.1 (got "not a host")\n',
    });
  });

  test("HOST that is an address of another machine (TEST-NET-3)", async () => {
    expect(await start("serve", { HOST: "203.0.113.1" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr:
        "Configuration error: HOST: 203.0.113.1 is not an address of this machine (use 0.0.0.0 for every address, or 127.0.0.1 for this machine only)\n",
    });
  });

  test.each([
    ["serve", "PORT"],
    ["demo", "SANDBOX_PORT"],
  ])("%s: %s in use by another program", async (sub, variable) => {
    const other = occupiedPort();
    try {
      expect(await start(sub, { [variable]: String(other.port) })).toEqual({
        exitCode: 78,
        stdout: "",
        stderr: `Configuration error: ${variable}: 127.0.0.1:${other.port} is already in use by another program (choose another ${variable}, or stop that program)\n`,
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
      stderr: `Configuration error: ${message}\n`,
    });
  });

  test("DATABASE_PATH that is some other file, not a database", async () => {
    const file = join(dir.path, "notes.txt");
    writeFileSync(file, "these are my notes, not a database\n");
    expect(await start("serve", { DATABASE_PATH: file })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr: `Configuration error: DATABASE_PATH: cannot use ${file} (it is not a SQLite database; point DATABASE_PATH at a new file or a whitelist-sync database)\n`,
    });
  });

  test("DATABASE_PATH that is a device", async () => {
    expect(await start("serve", { DATABASE_PATH: "/dev/null" })).toEqual({
      exitCode: 78,
      stdout: "",
      stderr:
        "Configuration error: DATABASE_PATH: cannot use /dev/null (SQLite cannot read or write it as a database file)\n",
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
      stderr: `Configuration error: ${message}\n`,
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

  test("exit 78 (the units of docs/running.md do not restart on it), the reason on standard error", async () => {
    const discord = refusing();
    try {
      const result = await start("serve", {
        DISCORD_TOKEN: "not-the-token",
        DISCORD_API_URL: `http://127.0.0.1:${discord.port}/api`,
        LOG_LEVEL: "silent",
      });
      expect({ exitCode: result.exitCode, stderr: result.stderr }).toEqual({
        exitCode: 78,
        stderr:
          "Discord refused the bot's token (401 Unauthorized): check DISCORD_TOKEN. It is the token under Bot in " +
          "the developer portal (Reset Token makes a new one and retires the old).\n",
      });
    } finally {
      discord.stop(true);
    }
  });

  test("a Discord that cannot be reached is no such error: exit 1, so the service manager tries again", async () => {
    const closed = refusing();
    const url = `http://127.0.0.1:${closed.port}/api`;
    await closed.stop(true);
    const result = await start("serve", {
      DISCORD_TOKEN: "a-token",
      DISCORD_API_URL: url,
      LOG_LEVEL: "silent",
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toStartWith(`Discord could not be reached at ${url} (`);
  });
});
