/**
 * The baseline of `bench/start.ts`: the least a Discord bot with an HTTP health check can be. A `Bun.serve`
 * answering `GET /health` on HOST:PORT and discord.js's Client logged in to DISCORD_API_URL's gateway with the
 * intents the service's bot asks for (src/bot/intents.ts, `wantedIntents`, Server Members granted), printing
 * `ready` once it is. Compiled by the bench with the service's own `bun build` flags. Not meant to be run by hand.
 */
import { Client, Events, GatewayIntentBits } from "discord.js";

const env = process.env;
Bun.serve({
  hostname: env.HOST,
  port: Number(env.PORT),
  reusePort: false,
  routes: { "/health": () => Response.json({ ok: true }) },
  fetch: () => new Response("Not found", { status: 404 }),
});
const client = new Client({
  intents: [
    GatewayIntentBits.Guilds,
    GatewayIntentBits.GuildMessages,
    GatewayIntentBits.GuildModeration,
    GatewayIntentBits.GuildMembers,
  ],
  rest: { api: env.DISCORD_API_URL },
});
client.once(Events.ClientReady, () => console.log("ready"));
await client.login(env.DISCORD_TOKEN);
process.on("SIGTERM", () => {
  void client.destroy().finally(() => process.exit(0));
});
