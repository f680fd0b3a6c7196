import { Events, GatewayIntentBits } from "discord.js";
import type { Listener } from "../context.ts";
import { reconcileMembers } from "./reconcile.ts";

/**
 * A gateway session resumed: discord.js updated its cache without emitting the departures and role changes
 * meanwhile, so the entry owners of every available guild are checked (src/bot/events/reconcile.ts).
 */
export const shardResume = {
  event: Events.ShardResume,
  intent: GatewayIntentBits.GuildMembers,
  run(_shardId, _replayed, context) {
    for (const guild of context.client.guilds.cache.values()) {
      if (guild.available) {
        context.track(reconcileMembers(guild, context), "could not check who left", { guildId: guild.id });
      }
    }
  },
} satisfies Listener<Events.ShardResume>;
