/**
 * Test helper (test/start/deferred.test.ts): starts the service with its bot (first-health.ts, `startWithBot`) and
 * prints as one JSON line whether Discord's REST client (src/bot/discord.ts, which loads discord.js) was made when
 * the API began listening, when its first `/health` was answered (and what it answered), and once the start is over.
 */
import { join } from "node:path";
import { startWithBot } from "./first-health.ts";

const REST = join(import.meta.dir, "..", "..", "src", "bot", "discord.ts");
const restLoaded = () => require.cache[REST] !== undefined;

const start = await startWithBot("rest-later.db", restLoaded);
const { status, gateway, probed } = start.first;
console.log(
  JSON.stringify({
    listening: { restLoaded: start.listening },
    first: { status, gateway, restLoaded: probed },
    started: { restLoaded: start.started, bot: start.running.bot?.gatewayState() },
  }),
);
await start.stop();
