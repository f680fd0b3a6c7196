import { Events, GatewayIntentBits, type GuildBan } from "discord.js";
import type { BotContext, Listener } from "../context.ts";
import { banEmbed } from "../log-channel.ts";

/**
 * A member was banned: where the guild turned ban sync on, their nicks go on the deny lists (the bot denies on
 * the ban's behalf) and the log channel says which (docs/decisions.md, Bans). The departure Discord sends with it
 * is handled on its own, in either order.
 */
export async function onBan(ban: GuildBan, context: BotContext): Promise<void> {
  const outcome = await context.services.bans.banned({
    guildId: ban.guild.id,
    userId: ban.user.id,
    actorId: ban.client.user.id,
  });
  if (!outcome) return;
  const words = await context.words.public(ban.guild.id);
  await context.log.post(ban.guild.id, { embeds: [banEmbed(words, outcome)] });
}

/** A ban (Guild Moderation intent; Discord sends it only to a bot with View Audit Log or Ban Members). */
export const guildBanAdd = {
  event: Events.GuildBanAdd,
  intent: GatewayIntentBits.GuildModeration,
  failure: "could not deny a banned member's nicks",
  run: (ban, context) => onBan(ban, context),
} satisfies Listener<Events.GuildBanAdd>;
