import { Events, GatewayIntentBits, type GuildBan } from "discord.js";
import type { BotContext, Listener } from "../context.ts";
import { unbanEmbed } from "../log-channel.ts";

/** A member was unbanned: the denials their ban made are lifted, and the log channel says which. */
export async function onUnban(ban: GuildBan, context: BotContext): Promise<void> {
  const outcome = await context.services.bans.unbanned({ guildId: ban.guild.id, userId: ban.user.id });
  if (outcome.lifted.length === 0) return;
  const words = await context.words.public(ban.guild.id);
  await context.log.post(ban.guild.id, { embeds: [unbanEmbed(words, outcome)] });
}

/** An unban (Guild Moderation intent, as the ban). */
export const guildBanRemove = {
  event: Events.GuildBanRemove,
  intent: GatewayIntentBits.GuildModeration,
  failure: "could not lift an unbanned member's denials",
  run: (ban, context) => onUnban(ban, context),
} satisfies Listener<Events.GuildBanRemove>;
