import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { demoSeed } from "../../src/demo/seed.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { recordingLogger } from "../helpers/log.ts";
import { tempDir } from "../helpers/services.ts";

// After login the bot logs the link that adds it to a server (its application's id, the scopes and the exact
// permissions it uses); a bot in no server says so, with the link again.

const TOKEN = "invite-test-token";
const INVITE =
  /^https:\/\/discord\.com\/oauth2\/authorize\?client_id=(\d+)&scope=bot%20applications\.commands&permissions=268553280$/;
let sandbox: SandboxDiscord | undefined;
let service: RunningService | undefined;
const dir = tempDir("wls-invite-");

afterEach(async () => {
  await service?.stop();
  await sandbox?.stop();
  service = undefined;
  sandbox = undefined;
});

async function start(botJoined: boolean) {
  sandbox = await startSandboxDiscord({
    seed: { ...demoSeed, botJoined },
    token: TOKEN,
    hostname: "127.0.0.1",
    logger: silentLogger,
  });
  const log = recordingLogger();
  const config = loadConfig({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: sandbox.apiUrl,
    DATABASE_PATH: join(dir.path, `${crypto.randomUUID()}.db`),
    HOST: "127.0.0.1",
    PORT: "0",
  });
  service = await startService(config, { logger: log.logger, fastIdentify: true });
  return log;
}

test("a bot in a server logs its invite link once, and no warning", async () => {
  const log = await start(true);
  const line = await log.waitFor((entry) => entry.msg === "invite link");
  expect(INVITE.exec(String(line.url))?.[1]).toBe(sandbox?.applicationId);
  expect(log.lines.filter((entry) => entry.msg === "invite link")).toHaveLength(1);
  expect(log.at("warn").filter((msg) => msg.includes("no server"))).toEqual([]);
});

test("a bot in no server says so, with the link to add it", async () => {
  const log = await start(false);
  const warning = await log.waitFor((entry) => entry.level === "warn" && entry.msg.includes("no server"));
  expect(warning).toMatchObject({
    msg: "the bot is in no server yet: open the invite link to add it to yours",
    url: expect.stringMatching(INVITE),
  });
});
