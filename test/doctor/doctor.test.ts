import { Database } from "bun:sqlite";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { demo, demoSeed } from "../../src/demo/seed.ts";
import { type DoctorReport, formatReport, runDoctor } from "../../src/doctor/index.ts";
import type { LinkProbe } from "../../src/doctor/link.ts";
import { startLinkEndpoint } from "../../src/link/index.ts";
import { pingServer } from "../../src/link/ping.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { openServices } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// `whitelist-sync doctor` against the sandbox Discord, which models what doctor reads as Discord does: the
// application's flags, role positions and managed roles, channel permission overwrites. Each check is made to
// fail by planting the problem the way a server admin would, then passes again once it is undone.

const TOKEN = "doctor-test-token";
/** What the demo's seed gives the bot's role. */
const BOT_ROLE_PERMISSIONS = demoSeed.roles.find((role) => role.id === demo.roles.bot)?.permissions ?? "0";
const dir = tempDir("wls-doctor-");
const databasePath = join(dir.path, "whitelist-sync.db");
let sandbox: SandboxDiscord;
const whitelistIds: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await startSandboxDiscord({
    seed: demoSeed,
    token: TOKEN,
    hostname: "127.0.0.1",
    logger: silentLogger,
    // One doctor run reads each route once; these tests run it dozens of times a second on one sandbox, past
    // Discord's member and /gateway/bot buckets: limits off.
    rateLimits: false,
  });
  const services = openServices({
    path: databasePath,
    clock: systemClock,
    logger: silentLogger,
    allowPrivateWebhooks: true,
  });
  const base = { guildId: demo.guildId, maxNicksPerUser: 1, managerRoleIds: [demo.roles.manager] };
  whitelistIds.survival = (
    await services.whitelists.create({
      ...base,
      name: "survival",
      channelId: demo.channels.java,
      nickType: "java",
      registrationMode: "command",
      requiredRoleIds: [demo.roles.player],
      grantedRoleIds: [demo.roles.whitelisted],
    })
  ).id;
  whitelistIds.cracked = (
    await services.whitelists.create({
      ...base,
      name: "cracked",
      channelId: demo.channels.cracked,
      nickType: "offline",
      registrationMode: "message",
    })
  ).id;
  whitelistIds.hardcore = (
    await services.whitelists.create({
      ...base,
      name: "hardcore",
      channelId: demo.channels.premium,
      nickType: "premium",
      registrationMode: "approval",
    })
  ).id;
  await services.guilds.setLogChannel(demo.guildId, demo.channels.log);
  const { key } = await services.keys.create({
    guildId: demo.guildId,
    name: "mc",
    whitelistId: null,
    createdBy: "1",
  });
  await services.webhooks.set(demo.guildId, key.id, "http://127.0.0.1:9/hook?token=secret-in-url");
  services.store.client.close();
});

afterAll(async () => {
  await sandbox?.stop();
  dir.cleanup();
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: sandbox.apiUrl,
    DATABASE_PATH: databasePath,
    WEBHOOK_ALLOW_PRIVATE: "true",
    ...env,
  });

/** The checks that failed: their titles, and their fixes. */
const failures = (report: DoctorReport) =>
  report.sections.flatMap((section) => section.checks).filter((check) => !check.ok);

/** Calls the sandbox's control API (what an admin does in Discord's UI). */
async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
}

/** Runs doctor with the problem planted, then undone: one failure naming `title`, then none. */
async function failsThenPasses(
  plant: () => Promise<void>,
  undo: () => Promise<void>,
  title: RegExp,
  fix: RegExp,
) {
  await plant();
  let report: DoctorReport;
  try {
    report = await runDoctor(config());
  } finally {
    await undo();
  }
  expect(report.ok).toBe(false);
  expect(failures(report)).toEqual([
    expect.objectContaining({ title: expect.stringMatching(title), fix: expect.stringMatching(fix) }),
  ]);
  expect(failures(await runDoctor(config()))).toEqual([]);
}

describe("whitelist-sync doctor", () => {
  beforeEach(async () => {
    // Every test starts from the healthy setup.
    expect(failures(await runDoctor(config()))).toEqual([]);
  });

  test("a healthy setup: every check passes, each section listed", async () => {
    const report = await runDoctor(config());
    expect(report.ok).toBe(true);
    expect(report.sections.map((section) => section.title)).toEqual([
      "Discord",
      `Server Blocky Builders (${demo.guildId})`,
      "The service",
    ]);
    const text = formatReport(report);
    expect(text).toContain("✔ the token works: the bot is whitelist-sync");
    expect(text).toContain("✔ survival: I can grant @Whitelisted");
    expect(text).toEndWith("Everything checks out.");
    expect(text).not.toContain("secret-in-url");
  });

  test("the token: refused by Discord, or Discord unreachable (not blamed on the token)", async () => {
    const refused = await runDoctor(config({ DISCORD_TOKEN: "not-the-token" }));
    expect(failures(refused)).toEqual([
      expect.objectContaining({
        title: "Discord refused the token (401 Unauthorized)",
        fix: expect.stringMatching(/Reset Token/),
      }),
    ]);
    const unreachable = await runDoctor(config({ DISCORD_API_URL: "http://127.0.0.1:9" }));
    expect(failures(unreachable)).toEqual([
      expect.objectContaining({
        title: "Discord could not be reached",
        fix: expect.stringMatching(
          /^Discord could not be reached at http:\/\/127\.0\.0\.1:9 .*The token was not checked\.$/,
        ),
      }),
    ]);
    const unset = await runDoctor(config({ DISCORD_TOKEN: "" }));
    expect(failures(unset).map((check) => check.title)).toEqual(["DISCORD_TOKEN is not set"]);
  });

  test("Discord rate limiting a read is “try again in N s”, not a failure of the setup", async () => {
    await control("POST", "/rate-limits", {
      method: "GET",
      route: "/users/@me/guilds",
      times: 1,
      retryAfter: 6.5,
    });
    const report = await runDoctor(config());
    expect({ ok: report.ok, failures: failures(report), last: report.sections[0]?.checks.at(-1) }).toEqual({
      ok: true,
      failures: [],
      last: {
        ok: true,
        pending: true,
        title: "rate limited by Discord, try again in 7 s; the checks after this were not run",
      },
    });
    const text = formatReport(report);
    expect(text).toContain("⏳ rate limited by Discord, try again in 7 s");
    expect(text).toEndWith(
      "No problem found so far; run doctor again once Discord lets the bot ask (⏳ above).",
    );
  });

  test("the privileged intents as the application's flags show them", async () => {
    await failsThenPasses(
      () => control("POST", "/application/intents", { serverMembers: false }),
      () => control("POST", "/application/intents", { serverMembers: true }),
      /^the Server Members Intent is off/,
      /Privileged Gateway Intents/,
    );
    await failsThenPasses(
      () => control("POST", "/application/intents", { messageContent: false }),
      () => control("POST", "/application/intents", { messageContent: true }),
      /^the Message Content Intent is off, and cracked register\(s\) by message/,
      /switch the Message Content Intent on .*, or move cracked to command mode/,
    );
  });

  test("the bot's permissions across the server, and what that means for the roles it grants", async () => {
    await control("PATCH", `/roles/${demo.roles.bot}`, { permissions: "0" });
    let report: DoctorReport;
    try {
      report = await runDoctor(config());
    } finally {
      await control("PATCH", `/roles/${demo.roles.bot}`, { permissions: BOT_ROLE_PERMISSIONS });
    }
    // The rest come from @everyone; Manage Roles only from the bot's role.
    expect(failures(report).map(({ title, fix }) => ({ title, fix }))).toEqual([
      {
        title: "the bot lacks Manage Roles in Blocky Builders",
        fix: "turn Manage Roles on for the bot's role in Server Settings → Roles (or invite it again with the link of `whitelist-sync invite`, which asks for them)",
      },
      {
        title: "survival: I can't grant @Whitelisted: I lack Manage Roles",
        fix: "turn Manage Roles on for the bot's role in Server Settings → Roles",
      },
    ]);
    expect(failures(await runDoctor(config()))).toEqual([]);
  });

  test("a whitelist's channel the bot may not post in (an overwrite on its role), and the log channel's files", async () => {
    await failsThenPasses(
      () =>
        control("PUT", `/channels/${demo.channels.java}/overwrites/${demo.roles.bot}`, {
          type: "role",
          deny: String(1n << 11n),
        }),
      () => control("DELETE", `/channels/${demo.channels.java}/overwrites/${demo.roles.bot}`),
      /^survival's channel #register-java: I lack Send Messages there$/,
      /Edit Channel → Permissions/,
    );
    await failsThenPasses(
      () =>
        control("PUT", `/channels/${demo.channels.log}/overwrites/${demo.guildId}`, {
          type: "role",
          deny: String(1n << 15n),
        }),
      () => control("DELETE", `/channels/${demo.channels.log}/overwrites/${demo.guildId}`),
      /^the log channel #whitelist-log: I lack Attach Files there$/,
      /allow Attach Files/,
    );
    // An overwrite for the bot itself allowing it back wins over its role's deny.
    await control("PUT", `/channels/${demo.channels.java}/overwrites/${demo.roles.bot}`, {
      type: "role",
      deny: String(1n << 11n),
    });
    await control("PUT", `/channels/${demo.channels.java}/overwrites/${demo.botId}`, {
      type: "member",
      allow: String(1n << 11n),
    });
    try {
      expect(failures(await runDoctor(config()))).toEqual([]);
    } finally {
      await control("DELETE", `/channels/${demo.channels.java}/overwrites/${demo.roles.bot}`);
      await control("DELETE", `/channels/${demo.channels.java}/overwrites/${demo.botId}`);
    }
  });

  test("a granted role above the bot's, or one an integration manages", async () => {
    await failsThenPasses(
      () => control("PATCH", `/roles/${demo.roles.whitelisted}`, { position: 5 }),
      () => control("PATCH", `/roles/${demo.roles.whitelisted}`, { position: 2 }),
      /^survival: I can't grant @Whitelisted: my role is below it$/,
      /^drag the bot's role \(@whitelist-sync\) above @Whitelisted in Server Settings → Roles$/,
    );
    await failsThenPasses(
      () => control("PATCH", `/roles/${demo.roles.whitelisted}`, { managed: true }),
      () => control("PATCH", `/roles/${demo.roles.whitelisted}`, { managed: false }),
      /^survival: I can't grant @Whitelisted: an integration manages it$/,
      /\/whitelist roles whitelist:survival/,
    );
  });

  test("the dashboard's redirect URI, registered exactly in the portal's OAuth2 → Redirects", async () => {
    const dashboard = {
      DISCORD_CLIENT_SECRET: "doctor-client-secret-0123",
      PUBLIC_URL: "https://wl.example.org",
    };
    expect(failures(await runDoctor(config(dashboard)))).toEqual([
      expect.objectContaining({
        title:
          "the dashboard's redirect URI https://wl.example.org/dashboard/callback is not registered: " +
          "Discord will refuse every sign-in",
        fix: expect.stringContaining("OAuth2 → Redirects"),
      }),
    ]);
    sandbox.oauth2.app.redirectUris.push("https://wl.example.org/dashboard/callback");
    try {
      const text = formatReport(await runDoctor(config(dashboard)));
      expect(text).toContain(
        "✔ the dashboard's redirect URI https://wl.example.org/dashboard/callback is registered",
      );
    } finally {
      sandbox.oauth2.app.redirectUris.length = 0;
    }
  });

  test("the service: PUBLIC_URL and the webhooks' addresses", async () => {
    // A PUBLIC_URL with a query is refused by the configuration, for doctor as for the service (exit 78).
    expect(() => config({ PUBLIC_URL: "https://wl.example.org/?x=1" })).toThrow(
      "PUBLIC_URL must be the public base URL of this service alone",
    );
    const badHost = await runDoctor(config({ PUBLIC_URL: "https://wl[example].org" }));
    expect(failures(badHost)).toEqual([
      expect.objectContaining({ title: "PUBLIC_URL https://wl[example].org is not a URL" }),
    ]);
    const privateHook = await runDoctor(config({ WEBHOOK_ALLOW_PRIVATE: "false" }));
    expect(failures(privateHook)).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^link \w+'s webhook \(127\.0\.0\.1:9\) is refused: /),
        fix: expect.stringMatching(/\/server-link webhook id:\w+ url:/),
      }),
    ]);
    expect(JSON.stringify(privateHook)).not.toContain("secret-in-url");
  });

  test("a database written by a newer version, and migrations not applied yet", async () => {
    const sqlite = new Database(databasePath);
    sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 99999999999999)");
    sqlite.close();
    try {
      expect(failures(await runDoctor(config())).map((check) => check.title)).toEqual([
        "the database was written by a newer whitelist-sync than this one",
      ]);
    } finally {
      const undo = new Database(databasePath);
      undo.run("DELETE FROM __drizzle_migrations WHERE hash = 'future'");
      undo.close();
    }
    const fresh = await runDoctor(config({ DATABASE_PATH: join(dir.path, "none-yet", "wls.db") }));
    expect(fresh.sections.at(-1)?.checks[0]).toEqual({
      ok: true,
      title: `no database yet at ${join(dir.path, "none-yet", "wls.db")}: the service creates it at its first start`,
    });
  });

  test("nicknames and ban sync in use: their permissions, and the members Discord would not let the bot rename", async () => {
    const sqlite = new Database(databasePath);
    const useFeatures = (on: boolean) => {
      sqlite.run("UPDATE whitelists SET nickname_template = ? WHERE name = 'survival'", [on ? "{mc}" : null]);
      sqlite.run("UPDATE guilds SET ban_sync = ?", [on ? 1 : 0]);
    };
    useFeatures(true);
    await control("PATCH", `/roles/${demo.roles.bot}`, { permissions: String(1n << 28n) });
    try {
      expect(failures(await runDoctor(config())).map(({ title }) => title)).toEqual([
        "the bot lacks Manage Nicknames in Blocky Builders",
        "ban sync is on in Blocky Builders, but Discord tells the bot of no ban: it lacks View Audit Log",
        "survival: members' nicknames should follow their Minecraft names, but I lack Manage Nicknames",
      ]);
      // Ban Members lets Discord send bans too; with Manage Nicknames, the permissions are all there.
      await control("PATCH", `/roles/${demo.roles.bot}`, {
        permissions: String((1n << 28n) | (1n << 27n) | (1n << 2n)),
      });
      expect(failures(await runDoctor(config()))).toEqual([]);
      // What the bot recorded of Discord's refusals: the owner is no problem anyone can fix, a role above is.
      const refused = (userId: string, failure: string) =>
        sqlite.run(
          "INSERT INTO member_nicknames (guild_id, user_id, original, applied, released, failure, updated_at) " +
            "VALUES (?, ?, NULL, NULL, 0, ?, 0)",
          [demo.guildId, userId, failure],
        );
      refused(demo.users.owner, "owner");
      refused(demo.users.moderator, "above");
      const report = await runDoctor(config());
      expect(failures(report)).toEqual([
        {
          ok: false,
          title: `1 member(s) keep their own nickname: their highest role is at or above the bot's (${demo.users.moderator})`,
          fix: "drag the bot's role above theirs in Server Settings → Roles, if their nicknames should follow too",
        },
      ]);
      expect(formatReport(report)).toContain(
        "✔ the server's owner keeps their own nickname: Discord lets no bot change it",
      );
    } finally {
      useFeatures(false);
      sqlite.run("DELETE FROM member_nicknames");
      sqlite.close();
      await control("PATCH", `/roles/${demo.roles.bot}`, { permissions: BOT_ROLE_PERMISSIONS });
    }
  });

  test("a whitelist needing staff approval with no log channel to post requests in", async () => {
    const setLog = (value: string | null) => {
      const sqlite = new Database(databasePath);
      sqlite.run("UPDATE guilds SET log_channel_id = ?", [value]);
      sqlite.close();
    };
    setLog(null);
    try {
      expect(failures(await runDoctor(config()))).toEqual([
        {
          ok: false,
          title: "hardcore needs staff approval, but no log channel is set to post requests in",
          fix: "set one with `/whitelist log-channel channel:`",
        },
      ]);
    } finally {
      setLog(demo.channels.log);
    }
  });

  test("proof at first join: a key that may ask for the whitelist's codes, used within a day by the game server's agent", async () => {
    const sqlite = new Database(databasePath);
    const set = (sql: string, values: (string | number | null)[]) => sqlite.run(sql, values);
    const firstJoin = async () =>
      (await runDoctor(config())).sections
        .flatMap((section) => section.checks)
        .filter((check) => check.title.includes("first join"));
    set("UPDATE whitelists SET proof = 'first-join' WHERE name = 'survival'", []);
    try {
      expect(await firstJoin()).toEqual([
        {
          ok: false,
          title:
            "survival asks proof at first join, but no key that may ask for its codes was used in the last day: its " +
            "players are not asked for proof (0 nick(s) await it)",
          fix:
            "run `whitelist-sync sync --rcon …` on the game server with a key that may ask for its codes (README, " +
            "Proof of ownership: Without a second port)",
        },
      ]);
      set("UPDATE link_keys SET last_used_at = ?", [Date.now() - 60_000]);
      expect(await firstJoin()).toEqual([
        {
          ok: true,
          title:
            "survival asks proof at first join, and a key that may ask for its codes is in use (0 nick(s) await proof)",
        },
      ]);
      // A read-only key reads the whitelist but may not ask for codes, however recently used.
      const noneMay = [
        [
          false,
          "survival asks proof at first join, but no link key may ask for its codes (read-only keys may not)",
        ],
      ];
      set("UPDATE link_keys SET may_remove = 0", []);
      expect((await firstJoin()).map((check) => [check.ok, check.title.split(":")[0]])).toEqual(noneMay);
      set("UPDATE link_keys SET may_remove = 1, revoked_at = ?", [Date.now()]);
      expect((await firstJoin()).map((check) => [check.ok, check.title.split(":")[0]])).toEqual(noneMay);
    } finally {
      set("UPDATE whitelists SET proof = 'off' WHERE name = 'survival'", []);
      set("UPDATE link_keys SET last_used_at = NULL, revoked_at = NULL, may_remove = 1", []);
      sqlite.close();
    }
  });

  test("the link endpoint: LINK_ADDRESS with LINK_PORT, not loopback, answering here and where players go", async () => {
    const checks = async (env: Record<string, string>, probe?: LinkProbe) => {
      const report = await runDoctor(config(env), probe ? { linkProbe: probe } : {});
      return (report.sections.at(-1)?.checks ?? []).filter((check) =>
        /LINK_|link endpoint|proof/.test(check.title),
      );
    };
    const setProof = (value: string) => {
      const sqlite = new Database(databasePath);
      sqlite.run("UPDATE whitelists SET proof = ? WHERE name = 'survival'", [value]);
      sqlite.close();
    };
    expect(await checks({})).toEqual([
      { ok: true, title: "the link endpoint is off (LINK_PORT is not set): no whitelist requires proof" },
    ]);
    setProof("required");
    try {
      expect(failures(await runDoctor(config()))).toEqual([
        expect.objectContaining({
          title: expect.stringMatching(
            /^survival require\(s\) proof of ownership, but the link endpoint is off/,
          ),
        }),
      ]);
    } finally {
      setProof("off");
    }
    expect(await checks({ LINK_ADDRESS: "link.example.org" })).toEqual([
      expect.objectContaining({ ok: false, title: expect.stringContaining("but LINK_PORT is not set") }),
    ]);
    expect(await checks({ LINK_PORT: "0" })).toEqual([
      expect.objectContaining({ ok: false, title: expect.stringMatching(/^LINK_PORT is 0/) }),
    ]);

    // A running endpoint, as the service starts it (port 0 here; the configuration names the port it got).
    const endpoint = startLinkEndpoint({
      hostname: "127.0.0.1",
      port: 0,
      sessionUrl: "http://127.0.0.1:9",
      community: "Blocky Builders",
      proof: { proven: async () => ({ text: "" }) },
      logger: silentLogger,
    });
    try {
      const port = String(endpoint.port);
      const answers = {
        ok: true,
        title: `the link endpoint answers on port ${port}: “Account link for Blocky Builders”`,
      };
      expect(await checks({ HOST: "127.0.0.1", LINK_PORT: port })).toEqual([
        answers,
        expect.objectContaining({
          ok: false,
          title: expect.stringMatching(/^LINK_PORT is set but LINK_ADDRESS is not/),
        }),
      ]);
      expect(await checks({ HOST: "127.0.0.1", LINK_PORT: port, LINK_ADDRESS: `127.0.0.1:${port}` })).toEqual(
        [
          answers,
          {
            ok: false,
            title: `LINK_ADDRESS 127.0.0.1:${port} is a loopback address: players on other machines cannot reach it`,
            fix: "set LINK_ADDRESS to the public name or address players type, e.g. link.example.org",
          },
        ],
      );
      // A public name: found through its SRV record as a Minecraft client does (here it leads back to loopback).
      const srvToHere: LinkProbe = {
        ping: (hostname, p) => pingServer({ hostname, port: p, timeoutMs: 3000 }),
        srv: async (host) =>
          host === "link.example.org" ? { name: "127.0.0.1", port: endpoint.port } : null,
      };
      expect(
        await checks({ HOST: "127.0.0.1", LINK_PORT: port, LINK_ADDRESS: "link.example.org" }, srvToHere),
      ).toEqual([
        answers,
        {
          ok: true,
          title: `LINK_ADDRESS link.example.org (its SRV record: 127.0.0.1:${port}) answers the server list from here`,
        },
      ]);
      const unreachable: LinkProbe = {
        ping: async (hostname, p) => {
          if (hostname === "link.example.org") throw new Error("connection refused");
          return pingServer({ hostname, port: p, timeoutMs: 3000 });
        },
        srv: async () => null,
      };
      expect(
        await checks({ HOST: "127.0.0.1", LINK_PORT: port, LINK_ADDRESS: "link.example.org" }, unreachable),
      ).toEqual([
        answers,
        {
          ok: false,
          title:
            "LINK_ADDRESS link.example.org does not answer the server list from here (connection refused)",
          fix: expect.stringMatching(new RegExp(`^open port ${port} for TCP in the firewall`)),
        },
      ]);
    } finally {
      await endpoint.stop();
    }
    // Stopped: nothing answers on the port any more.
    const silent = await checks(
      { HOST: "127.0.0.1", LINK_PORT: String(endpoint.port), LINK_ADDRESS: "link.example.org" },
      {
        ping: (hostname, p) => pingServer({ hostname, port: p, timeoutMs: 3000 }),
        srv: async () => ({ name: "127.0.0.1", port: endpoint.port }),
      },
    );
    expect(silent.map((check) => [check.ok, check.title.split(" (")[0]])).toEqual([
      [false, `nothing answers the server list on LINK_PORT ${endpoint.port} here`],
      [false, "LINK_ADDRESS link.example.org"],
    ]);
  });

  test("the command line: ✔/✘ lines and exit code 1 with a problem, --json for scripts", async () => {
    const run = async (args: string[], env: Record<string, string>) => {
      const { code, stdout } = await runToEnd(
        [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "doctor", ...args],
        {
          env: {
            PATH: process.env.PATH ?? "",
            DISCORD_API_URL: sandbox.apiUrl,
            DATABASE_PATH: databasePath,
            ...env,
          },
        },
      );
      return { code, out: stdout };
    };
    const healthy = await run([], { DISCORD_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: "true" });
    expect(healthy.code).toBe(0);
    expect(healthy.out).toContain("Everything checks out.");
    const problem = await run(["--json"], { DISCORD_TOKEN: TOKEN });
    expect(problem.code).toBe(1);
    const report = JSON.parse(problem.out) as DoctorReport;
    expect(report.ok).toBe(false);
    expect(failures(report).map((check) => check.title)).toEqual([
      expect.stringMatching(/^link \w+'s webhook \(127\.0\.0\.1:9\) is refused: /),
    ]);
  });

  // Destructive: the channel, the role and the bot's membership cannot be put back; last, in this order.
  test("a whitelist's channel deleted, a role deleted, a request board without a log channel", async () => {
    await control("DELETE", `/channels/${demo.channels.cracked}`);
    await control("DELETE", `/roles/${demo.roles.player}`);
    const report = await runDoctor(config());
    expect(failures(report).map((check) => check.title)).toEqual([
      `cracked: its channel (${demo.channels.cracked}) no longer exists`,
      `survival: a required role (${demo.roles.player}) no longer exists`,
    ]);
  });
});

describe("whitelist-sync doctor: the bot in no server", () => {
  test("says so and gives the invite link", async () => {
    await control("POST", `/members/${demo.botId}/leave`);
    const report = await runDoctor(config());
    expect(failures(report)).toEqual([
      {
        ok: false,
        title: "the bot is in no server",
        fix: `invite it with this link, then run doctor again: https://discord.com/oauth2/authorize?client_id=${sandbox.applicationId}&scope=bot%20applications.commands&permissions=268553280`,
      },
    ]);
  });
});
