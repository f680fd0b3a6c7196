import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BotLoginError, describeLoginFailure } from "../../src/bot/login.ts";
import { loadConfig } from "../../src/config.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { recordingLogger } from "../helpers/log.ts";
import { refusingUrl } from "../helpers/ports.ts";
import { tempDir } from "../helpers/services.ts";
import { IDS, startWorld, TOKEN, type World } from "./world.ts";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the service against `discordApiUrl` with `token`; resolves with what it rejected with. */
async function failedStart(discordApiUrl: string, token: string): Promise<BotLoginError> {
  const dir = tempDir("wls-login-");
  cleanups.push(() => dir.cleanup());
  const config = loadConfig({
    DISCORD_TOKEN: token,
    DISCORD_API_URL: discordApiUrl,
    DATABASE_PATH: join(dir.path, "whitelist-sync.db"),
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
  });
  const started = startService(config, { fastIdentify: true, logger: silentLogger });
  const error = await started.then(
    async (running) => {
      await running.stop();
      throw new Error("the service started");
    },
    (rejected: unknown) => rejected,
  );
  if (!(error instanceof BotLoginError)) throw error;
  return error;
}

async function sandbox(): Promise<SandboxDiscord> {
  const started = await startSandboxDiscord({
    port: 0,
    token: TOKEN,
    seed: {
      guild: { id: IDS.guild, name: "Login", ownerId: IDS.owner },
      bot: { id: IDS.bot, username: "whitelist-sync" },
      roles: [],
      channels: [{ id: IDS.general, name: "general" }],
      members: [{ id: IDS.owner, username: "owner", roleIds: [] }],
    },
  });
  cleanups.push(() => started.stop());
  return started;
}

describe("why the bot could not log in, said as what it is", () => {
  test("a wrong token: Discord refused the token (401), check DISCORD_TOKEN", async () => {
    const discord = await sandbox();
    const error = await failedStart(discord.apiUrl, "not-the-token");
    expect({ reason: error.reason, message: error.message }).toEqual({
      reason: "token-rejected",
      message:
        "Discord refused the bot's token (401 Unauthorized): check DISCORD_TOKEN. It is the token under Bot in " +
        "the developer portal (Reset Token makes a new one and retires the old).",
    });
    expect(discord.gatewayStats().identifies).toBe(0);
  });

  test("an unreachable Discord: the URL and the network error, not the token", async () => {
    // A port below the ephemeral range: one handed out for port 0 and closed could be another process's by now.
    const url = refusingUrl("/api");
    const error = await failedStart(url, TOKEN);
    expect(error.reason).toBe("discord-unreachable");
    expect(error.message).toStartWith(`Discord could not be reached at ${url} (`);
    expect(error.message).toContain("check this machine's network, DNS and firewall");
    expect(error.message).not.toContain("check DISCORD_TOKEN");
  });

  test("anything else Discord answers is reported with its status, neither as the token nor the network", async () => {
    const refusing = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => Response.json({ message: "Missing Access", code: 50001 }, { status: 403 }),
    });
    cleanups.push(() => refusing.stop(true));
    const error = await failedStart(`http://127.0.0.1:${refusing.port}/api`, TOKEN);
    expect({ reason: error.reason, message: error.message }).toEqual({
      reason: "login-failed",
      message: "The bot could not log in to Discord (HTTP 403): Missing Access",
    });
  });

  test("a gateway close 4004 is the token; 4014 is the intents", () => {
    const closed = new Error("Authentication failed");
    expect(describeLoginFailure(closed, 4004, "https://discord.com/api").reason).toBe("token-rejected");
    expect(describeLoginFailure(new Error("Used disallowed intents"), 4014, "x").reason).toBe(
      "intents-disallowed",
    );
  });

  test("a token reset while the bot runs: the next IDENTIFY gets 4004, logged once as the token, no retry loop", async () => {
    const log = recordingLogger();
    world = await startWorld({ logger: log.logger });
    const w = world;
    await w.control("POST", "/application/token");
    await w.control("POST", "/gateway/drop", { resumable: false });
    const line = await log.waitFor((candidate) => candidate.level === "error");
    expect(line).toMatchObject({
      msg: "Discord closed the bot's gateway for good; the bot is offline until restarted",
      code: 4004,
      reason: expect.stringContaining(
        "Discord refused the bot's token (gateway close 4004): check DISCORD_TOKEN.",
      ),
    });
    expect(w.sandbox.gatewayStats()).toMatchObject({ rejectedTokens: 1, connected: 0 });
  });
});
