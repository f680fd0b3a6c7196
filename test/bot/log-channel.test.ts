import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { cursorName } from "../../src/bot/log-feed.ts";
import { loadConfig } from "../../src/config.ts";
import { closeDatabase } from "../../src/db/client.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { openServices } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { unescaped } from "../helpers/markdown.ts";
import { seedWhitelist, tempDir } from "../helpers/services.ts";
import { IDS, SEED, TOKEN } from "./world.ts";

// The log channel's queue is the event log: what the bot had not posted when it stopped is posted after it
// starts again, in order, 10 embeds a message, under Discord's limits (5 posts per 5 s per channel).

const dir = tempDir("wls-log-");
let sandbox: SandboxDiscord | undefined;
let service: RunningService | undefined;
afterEach(async () => {
  await service?.stop();
  await sandbox?.stop();
  dir.cleanup();
});

test("changes left unposted at a stop are posted after the restart: in order, 10 embeds a message, none lost", async () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 12));
  sandbox = await startSandboxDiscord({ port: 0, seed: SEED, token: TOKEN });
  const config = loadConfig({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: sandbox.apiUrl,
    DATABASE_PATH: join(dir.path, "whitelist-sync.db"),
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
  });
  const start = () => startService(config, { fastIdentify: true, logger: silentLogger, clock });
  const logged = () =>
    [...(sandbox as SandboxDiscord).state.messages.values()]
      .filter((message) => message.channelId === IDS.logChannel)
      .map((message) =>
        message.embeds.map((embed) => /^\*\*(.+?)\*\*/.exec(unescaped(embed.description ?? ""))?.[1]),
      );

  service = await start();
  await service.services.guilds.setLogChannel(IDS.guild, IDS.logChannel);
  const wl = await seedWhitelist(service.services, {
    guildId: IDS.guild,
    nickType: "offline",
    name: "survival",
  });
  const control = await fetch(`${sandbox.url}/_sandbox/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userId: IDS.bob,
      command: "register",
      channelId: IDS.general,
      options: { nick: "first_one" },
    }),
  });
  expect(control.status).toBe(200);
  const bot = service.bot;
  await service.services.grants.settled();
  await bot?.logIdle();
  expect(logged()).toEqual([["first_one"]]);
  await service.stop();
  service = undefined;
  const stoppedAt = await (async () => {
    const offline = openServices({ path: config.DATABASE_PATH, clock, logger: silentLogger });
    try {
      // While the service is down (or as it stops, before its posts went out), 25 nicks are added.
      for (let i = 1; i <= 25; i++) {
        await offline.entries.add({
          whitelistId: wl.id,
          nick: `later_${String(i).padStart(2, "0")}`,
          uuid: null,
          premium: false,
          userId: IDS.carol,
          addedBy: IDS.owner,
          origin: "staff",
        });
      }
      return await offline.cursors.get(cursorName(IDS.guild));
    } finally {
      closeDatabase(offline.db);
    }
  })();
  expect(stoppedAt).toBe(1);

  service = await start();
  await service.bot?.logIdle();
  const later = Array.from({ length: 25 }, (_, i) => `later_${String(i + 1).padStart(2, "0")}`);
  expect(logged()).toEqual([["first_one"], later.slice(0, 10), later.slice(10, 20), later.slice(20)]);
  expect(await service.services.cursors.get(cursorName(IDS.guild))).toBe(26);
});
