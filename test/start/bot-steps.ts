/**
 * Test helper (test/start/deferred.test.ts): starts the service with its bot (first-health.ts, `startWithBot`) and
 * prints as one JSON line what its first `/health` answered and whether the bot's client module
 * (src/bot/client.ts) was loaded when the answer came, and once the start is over.
 */
import { join } from "node:path";
import { startWithBot } from "./first-health.ts";

const CLIENT = join(import.meta.dir, "..", "..", "src", "bot", "client.ts");
const clientLoaded = () => require.cache[CLIENT] !== undefined;

const start = await startWithBot("bot-steps.db", clientLoaded);
const { status, gateway, probed } = start.first;
console.log(
  JSON.stringify({
    first: { status, gateway, clientLoaded: probed },
    started: { clientLoaded: start.started },
  }),
);
await start.stop();
