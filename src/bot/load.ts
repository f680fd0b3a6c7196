/**
 * The bot's modules, loaded once the API listens, in steps with the event loop free between them: evaluated at
 * once they held every request that arrived meanwhile, the first `/health` of a start among them, for some 50 ms
 * (docs/performance.md, Start and memory). Each step is one of the larger parts of what `src/bot/client.ts`
 * imports, the parts the others import first; a module left out of the steps is loaded by a later one, so the list
 * only spreads the work, it decides nothing. In the compiled executable each step is a chunk of its own
 * (`--splitting`).
 */
import { startStage } from "../shared/start-stages.ts";

const STEPS: (() => Promise<unknown>)[] = [
  // Every language's command texts, which the command definitions carry, one language a step.
  () => import("../i18n/locales/commands/de.ts"),
  () => import("../i18n/locales/commands/es-ES.ts"),
  () => import("../i18n/locales/commands/fr.ts"),
  () => import("../i18n/locales/commands/pl.ts"),
  () => import("../i18n/locales/commands/pt-BR.ts"),
  () => import("../i18n/locales/commands/ru.ts"),
  () => import("./localize.ts"),
  // `/whitelist`, the largest command, in parts.
  () => import("./commands/whitelist/form/index.ts"),
  () => import("./commands/whitelist/ranks/index.ts"),
  () => import("./commands/whitelist/edit.ts"),
  () => import("./commands/whitelist/show.ts"),
  () => import("./commands/whitelist/index.ts"),
  () => import("./commands/register.ts"),
  () => import("./commands/server-link/index.ts"),
  () => import("./commands/texts/index.ts"),
  // The definitions localized (every language's names and descriptions, built as the module loads).
  () => import("./commands/index.ts"),
  () => import("./events/index.ts"),
  () => import("./interactions.ts"),
];

/** Lets the event loop run what waits (a request that arrived, a timer) before the next step. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * discord.js's larger dependencies, each a step, required as discord.js requires them (the same modules, not a
 * second copy of their ES builds): discord.js's own modules, the last step, are then some quarter of its load.
 */
const DISCORD_STEPS: (() => unknown)[] = [
  () => require("discord-api-types/v10"),
  () => require("@vladfrangu/async_event_emitter"),
  () => require("@sapphire/shapeshift"),
  () => require("@discordjs/rest"),
  () => require("@discordjs/ws"),
  () => require("@discordjs/builders"),
];

/** Loads `src/bot/discord.ts` (Discord's REST client, and with it discord.js) step by step, and resolves with it. */
export async function loadDiscordRest(): Promise<typeof import("./discord.ts")> {
  // A yield first too: what arrived while the API began listening is answered before discord.js loads.
  for (const step of DISCORD_STEPS) {
    await yieldToEventLoop();
    step();
  }
  await yieldToEventLoop();
  const rest = await import("./discord.ts");
  startStage("discord.js loaded");
  return rest;
}

/** Loads `src/bot/client.ts` step by step (see above) and resolves with it. */
export async function loadBot(): Promise<typeof import("./client.ts")> {
  // A yield first too: what arrived while the API began listening is answered before any of the bot loads.
  for (const step of STEPS) {
    await yieldToEventLoop();
    await step();
  }
  await yieldToEventLoop();
  const client = await import("./client.ts");
  startStage("bot loaded");
  return client;
}
