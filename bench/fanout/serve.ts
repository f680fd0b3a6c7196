/**
 * Bench helper: the real service for `bench/fanout.ts`. Starts it from the environment exactly as
 * `src/main.ts` does (`loadConfig` + `startService`), seeds one guild, one whitelist of `<entries>` nicks
 * and a guild-wide link key through the services, and prints a `ServerHello` line. Then prints `published`
 * each time the event bus has run its listeners (the hub's publish among them), and follows the control
 * protocol of `protocol.ts` (`gc`, `clock`, `stop`). Logs go to stderr. Not meant to be run by hand.
 *
 * Usage: DATABASE_PATH=... HOST=127.0.0.1 PORT=0 bun bench/fanout/serve.ts <entries>
 */
import { loadConfig } from "../../src/config.ts";
import { startService } from "../../src/server.ts";
import { createLogger } from "../../src/shared/logger.ts";
import { emit, serveControl, wallClock } from "./protocol.ts";

const GUILD_ID = "100000000000000001";
const MEMBER_ID = "300000000000000001";

const entryCount = Number(process.argv[2]);
if (!Number.isSafeInteger(entryCount) || entryCount < 1) {
  throw new Error("usage: bun bench/fanout/serve.ts <entries>");
}

const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, (line) => process.stderr.write(line));
const running = await startService(config, { logger });
const { services } = running;

await services.guilds.ensure(GUILD_ID);
const whitelist = await services.whitelists.create({
  guildId: GUILD_ID,
  name: "survival",
  channelId: "200000000000000001",
  nickType: "java",
  registrationMode: "command",
  maxNicksPerUser: entryCount,
});
// Same-length nicks, so every event has the same size.
const nicks = Array.from({ length: entryCount }, (_, i) => `Bench_${String(i).padStart(6, "0")}`);
for (const nick of nicks) {
  await services.entries.add({
    whitelistId: whitelist.id,
    nick,
    uuid: null,
    premium: false,
    userId: MEMBER_ID,
    addedBy: MEMBER_ID,
    origin: "discord",
  });
}
const { plaintext } = await services.keys.create({
  guildId: GUILD_ID,
  name: "fanout bench",
  whitelistId: null,
  createdBy: MEMBER_ID,
});

// Subscribed after the hub (startService) and after seeding: it runs right after the hub's `server.publish`.
services.bus.subscribe(() => emit({ type: "published", at: wallClock() }));
emit({
  type: "hello",
  url: running.url,
  authorization: `Bearer ${plaintext}`,
  socketPath: "/api/v1/ws",
  whitelistId: whitelist.id,
  nicks,
});
serveControl({ sockets: () => running.hub.size(), stop: () => running.stop() });
