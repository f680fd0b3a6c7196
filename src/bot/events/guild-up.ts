import { GatewayIntentBits, type Guild } from "discord.js";
import type { ListenerContext } from "../context.ts";
import { reconcileMembers } from "./reconcile.ts";

/**
 * A guild came up: at start, after an outage or a new session, or when the bot joins it. Its commands are
 * registered where they changed and, with Server Members, departures missed meanwhile are handled.
 */
export function guildUp(guild: Guild, context: ListenerContext) {
  context.track(
    context.syncCommands(guild.id),
    "could not register slash commands",
    { guildId: guild.id },
    "error",
  );
  if (context.client.options.intents.has(GatewayIntentBits.GuildMembers)) {
    context.track(reconcileMembers(guild, context), "could not check who left", { guildId: guild.id });
  }
}
