import { describe, expect, test } from "bun:test";
import { flagsToEnv, loadConfig } from "../../src/config.ts";
import { ConfigError } from "../../src/shared/errors.ts";

describe("configuration", () => {
  test("defaults are the documented ones (docs/operations.md, Configuration)", () => {
    expect(loadConfig({})).toEqual({
      DATABASE_PATH: "./data/whitelist-sync.db",
      HOST: "0.0.0.0",
      PORT: 3000,
      SANDBOX_PORT: 0,
      SANDBOX_MOJANG_PORT: 0,
      SANDBOX_GEYSER_PORT: 0,
      SANDBOX_RATE_LIMITS: "discord",
      DEMO_LOCALE: "en-US",
      TRUST_PROXY: { kind: "off" },
      RATE_LIMIT_PER_MINUTE: 60,
      LOG_LEVEL: "info",
      MOJANG_API_URL: "https://api.mojang.com",
      MOJANG_SESSION_URL: "https://sessionserver.mojang.com",
      RENAME_CHECK_DAYS: 1,
      RENAME_CHECKS_PER_MINUTE: 30,
      GEYSER_API_URL: "https://api.geysermc.org/v2/xbox",
      WEBHOOK_ALLOW_PRIVATE: false,
      EVENT_RETENTION_DAYS: 7,
      DB_BUSY_TIMEOUT_MS: 2000,
      DB_QUERY_TIMEOUT_MS: 5000,
      METRICS: "off",
      CACHE_MAX_MB: 16,
      LINK_LANGUAGE: "en",
    });
  });

  test("converts numbers and booleans from text", () => {
    expect(
      loadConfig({ PORT: "8080", WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT_PER_MINUTE: "120" }),
    ).toMatchObject({
      PORT: 8080,
      WEBHOOK_ALLOW_PRIVATE: true,
      RATE_LIMIT_PER_MINUTE: 120,
    });
  });

  test.each([
    ["PORT", "abc", 'PORT must be a TCP port number 0-65535 (0 = any free port) (got "abc")'],
    ["PORT", "70000", 'PORT must be a TCP port number 0-65535 (0 = any free port) (got "70000")'],
    [
      "RATE_LIMIT_PER_MINUTE",
      "0",
      'RATE_LIMIT_PER_MINUTE must be requests per minute per client IP, a whole number 1-1000000 (got "0")',
    ],
    // Refused, never rounded: 1.5 would otherwise run with 1 (issue 30).
    [
      "RATE_LIMIT_PER_MINUTE",
      "1.5",
      'RATE_LIMIT_PER_MINUTE must be requests per minute per client IP, a whole number 1-1000000 (got "1.5")',
    ],
    // Only decimal numbers: JavaScript's Number() would read these as 1000 and 80.
    ["PORT", "1e3", 'PORT must be a TCP port number 0-65535 (0 = any free port) (got "1e3")'],
    ["PORT", "0x50", 'PORT must be a TCP port number 0-65535 (0 = any free port) (got "0x50")'],
    ["PORT", "80.5", 'PORT must be a TCP port number 0-65535 (0 = any free port) (got "80.5")'],
    ["CACHE_MAX_MB", "1.5", "CACHE_MAX_MB must be megabytes"],
    [
      "WEBHOOK_ALLOW_PRIVATE",
      "1",
      'WEBHOOK_ALLOW_PRIVATE must be true or false: allow webhooks to loopback and private addresses (got "1")',
    ],
    ["WEBHOOK_ALLOW_PRIVATE", "0", "WEBHOOK_ALLOW_PRIVATE must be true or false"],
    ["WEBHOOK_ALLOW_PRIVATE", "on", "WEBHOOK_ALLOW_PRIVATE must be true or false"],
    [
      "PUBLIC_URL",
      "https://wl.example.org/?x=1",
      "PUBLIC_URL must be the public base URL of this service alone (no query, fragment or credentials), " +
        'e.g. https://wl.example.org (got "https://wl.example.org/?x=1")',
    ],
    ["PUBLIC_URL", "https://wl.example.org/#top", "PUBLIC_URL must be the public base URL"],
    ["PUBLIC_URL", "https://admin:pw@wl.example.org", "PUBLIC_URL must be the public base URL"],
    ["PUBLIC_URL", "wl.example.org", "PUBLIC_URL must be the public base URL"],
    ["LOG_LEVEL", "loud", 'LOG_LEVEL must be one of debug, info, warn, error, silent (got "loud")'],
    [
      "WEBHOOK_ALLOW_PRIVATE",
      "maybe",
      'WEBHOOK_ALLOW_PRIVATE must be true or false: allow webhooks to loopback and private addresses (got "maybe")',
    ],
    ["MOJANG_API_URL", "ftp://x", "MOJANG_API_URL must be the base URL"],
    ["MOJANG_SESSION_URL", "sessionserver.mojang.com", "MOJANG_SESSION_URL must be the base URL"],
    [
      "RENAME_CHECK_DAYS",
      "0.5",
      "RENAME_CHECK_DAYS must be whole days between two checks of a premium account's name at Mojang, " +
        '1-365, or 0 for never (got "0.5")',
    ],
    ["RENAME_CHECK_DAYS", "daily", "RENAME_CHECK_DAYS must be whole days between two checks"],
    [
      "RENAME_CHECKS_PER_MINUTE",
      "100",
      "RENAME_CHECKS_PER_MINUTE must be name checks per minute at Mojang, 1-60 (Mojang allows 600 requests " +
        'per 10 minutes) (got "100")',
    ],
    ["RENAME_CHECKS_PER_MINUTE", "0", "RENAME_CHECKS_PER_MINUTE must be name checks per minute"],
    ["TRUST_PROXY", "nonsense", "TRUST_PROXY must be"],
    [
      "HOST",
      "not a host",
      'HOST must be an IP address or host name of this machine to listen on, e.g. 0.0.0.0 or 127.0.0.1 (got "not a host")',
    ],
    // A mistyped address is not looked up as a name.
    [
      "HOST",
      "999.1.1.1",
      'HOST must be an IP address or host name of this machine to listen on, e.g. 0.0.0.0 or 127.0.0.1 (got "999.1.1.1")',
    ],
    ["HOST", "http://0.0.0.0", "HOST must be an IP address or host name"],
    [
      "LINK_PORT",
      "70000",
      "LINK_PORT must be a TCP port 0-65535 for the link endpoint, where players join to prove their Java " +
        'account (on HOST; 0 = any free port; unset: off) (got "70000")',
    ],
    ["LINK_PORT", "mc", "LINK_PORT must be a TCP port 0-65535 for the link endpoint"],
    [
      "LINK_ADDRESS",
      "mc example org",
      "LINK_ADDRESS must be the address players type to reach the link endpoint, a host name or IP with an " +
        'optional :port 1-65535, e.g. mc.example.org or mc.example.org:25577 (got "mc example org")',
    ],
    ["LINK_ADDRESS", "mc.example.org:70000", "LINK_ADDRESS must be the address players type"],
    ["LINK_ADDRESS", "mc.example.org:0", "LINK_ADDRESS must be the address players type"],
    ["LINK_ADDRESS", "minecraft://mc.example.org", "LINK_ADDRESS must be the address players type"],
    ["LINK_ADDRESS", "-mc.example.org", "LINK_ADDRESS must be the address players type"],
    [
      "LINK_LANGUAGE",
      "de-DE",
      'LINK_LANGUAGE must be the language players read at the link endpoint: en, de, fr, es-ES, pt-BR, pl, ru (got "de-DE")',
    ],
  ])("a bad %s (%s) stops start-up with a message naming it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  test("the dashboard: a secret or client id of the wrong shape, or a secret without PUBLIC_URL or DISCORD_TOKEN", () => {
    const secret = "dashboard-client-secret-0123";
    const complete = {
      DISCORD_CLIENT_SECRET: secret,
      PUBLIC_URL: "https://wl.example.org",
      DISCORD_TOKEN: "t.t.t",
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return "started";
      } catch (error) {
        return error instanceof ConfigError ? error.message.split(":")[0] : String(error);
      }
    };
    expect({
      complete: refusal(complete),
      shortSecret: refusal({ ...complete, DISCORD_CLIENT_SECRET: "short" }),
      clientId: refusal({ ...complete, DISCORD_CLIENT_ID: "not-a-snowflake" }),
      noPublicUrl: refusal({ DISCORD_CLIENT_SECRET: secret, DISCORD_TOKEN: "t.t.t" }),
      noToken: refusal({ DISCORD_CLIENT_SECRET: secret, PUBLIC_URL: "https://wl.example.org" }),
    }).toEqual({
      complete: "started",
      shortSecret: expect.stringMatching(/^DISCORD_CLIENT_SECRET must be /),
      clientId: expect.stringMatching(/^DISCORD_CLIENT_ID must be /),
      noPublicUrl: "PUBLIC_URL must be set with DISCORD_CLIENT_SECRET",
      noToken: "DISCORD_TOKEN must be set with DISCORD_CLIENT_SECRET",
    });
  });

  // A DATABASE_URL carries a password: no message shows it, whatever is wrong with the rest.
  test.each([
    [
      "mysql://u:secretpw@db.example.org/wl",
      'DATABASE_URL must be a postgres:// URL: PostgreSQL instead of the SQLite file, for several replicas on one database (got "mysql://u:***@db.example.org/wl")',
    ],
    [
      "postgres://u:secretpw@db.example.org:abc/wl",
      'DATABASE_URL has the port "abc", not a number 1-65535: it must be postgres://user:password@host:5432/database (special characters percent-encoded) (got "postgres://u:***@db.example.org:abc/wl")',
    ],
    [
      "postgres://u:secretpw@db.example.org:99999/wl",
      'DATABASE_URL has the port "99999", not a number 1-65535: it must be postgres://user:password@host:5432/database (special characters percent-encoded) (got "postgres://u:***@db.example.org:99999/wl")',
    ],
    [
      "postgresql://u:secretpw@db example/wl",
      'DATABASE_URL is not a valid URL: it must be postgres://user:password@host:5432/database (special characters percent-encoded) (got "postgresql://u:***@db example/wl")',
    ],
  ])("a bad DATABASE_URL (%s) is named, its password as ***", (url, message) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(new ConfigError(message));
  });

  test("a boolean is true or false in any letter case; a base URL may have a path", () => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "TRUE" }).WEBHOOK_ALLOW_PRIVATE).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "False" }).WEBHOOK_ALLOW_PRIVATE).toBe(false);
    for (const url of ["https://wl.example.org", "https://example.org/wl/", "http://127.0.0.1:3000"]) {
      expect(loadConfig({ PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
    }
    // Days may be fractional where the schema says a number (not a whole number).
    expect(loadConfig({ EVENT_RETENTION_DAYS: "1.5" }).EVENT_RETENTION_DAYS).toBe(1.5);
  });

  test.each(["postgres://u:p@db:5432/wl", "postgresql://u:p@[::1]/wl", "postgres://db/wl?sslmode=require"])(
    "DATABASE_URL %s is accepted",
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    },
  );

  test.each(["0.0.0.0", "127.0.0.1", "::", "::1", "localhost", "box-1.lan", "fe80::1%eth0"])(
    "HOST %s is accepted",
    (host) => {
      expect(loadConfig({ HOST: host }).HOST).toBe(host);
    },
  );

  test("the link endpoint is off unless LINK_PORT is set; LINK_ADDRESS takes a name or an address, with a port", () => {
    expect(loadConfig({})).not.toContainKeys(["LINK_PORT", "LINK_ADDRESS"]);
    expect(loadConfig({ LINK_PORT: "25577" }).LINK_PORT).toBe(25577);
    expect(loadConfig({ LINK_PORT: "0" }).LINK_PORT).toBe(0);
    for (const address of [
      "mc.example.org",
      "mc.example.org:25577",
      "203.0.113.7",
      "[2001:db8::7]:25565",
      "localhost",
    ]) {
      expect(loadConfig({ LINK_ADDRESS: address }).LINK_ADDRESS).toBe(address);
    }
  });

  test("flags map to variables; a flag without a value is an error", () => {
    expect(flagsToEnv(["--port", "8080", "--database-path=/tmp/x.db", "--log-level", "debug"])).toEqual({
      PORT: "8080",
      DATABASE_PATH: "/tmp/x.db",
      LOG_LEVEL: "debug",
    });
    expect(() => flagsToEnv(["--port"])).toThrow("--port needs a value");
    expect(() => flagsToEnv(["--prot", "80"])).toThrow("unknown flag --prot");
    expect(() => flagsToEnv(["8080"])).toThrow('unexpected argument "8080"');
  });
});
