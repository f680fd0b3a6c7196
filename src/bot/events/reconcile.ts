import type { Guild } from "discord.js";
import type { BotContext } from "../context.ts";

/**
 * Removes the entries of members who left while the bot was not listening (offline, or during a gateway
 * resume, when discord.js updates its cache without emitting guildMemberRemove). Runs on ready and resume.
 */
export async function reconcileMembers(guild: Guild, context: BotContext): Promise<number> {
  const owners = context.services.entries.ownersInGuild(guild.id);
  if (owners.length === 0) return 0;
  const present = await guild.members.fetch({ user: owners });
  let removed = 0;
  for (const userId of owners) {
    if (present.has(userId)) continue;
    removed += (await context.services.registration.removeMember({ guildId: guild.id, userId })).removed
      .length;
  }
  if (removed > 0)
    context.logger.info("removed entries of members who left while offline", { guildId: guild.id, removed });
  return removed;
}
