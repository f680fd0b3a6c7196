import type { Guild } from "discord.js";
import type { BotContext } from "../context.ts";

/**
 * Discord answers a Request Guild Members (opcode 8) for at most 100 `user_ids` (more get no answer at all), and
 * discord.js's `guild.members.fetch({ user })` puts every id it is given into one request.
 */
export const MEMBER_IDS_PER_REQUEST = 100;

/**
 * Removes the entries of members who left while the bot was not listening (offline, or during a gateway
 * resume, when discord.js updates its cache without emitting guildMemberRemove). Runs on ready and resume.
 * Asks Discord about the entry owners 100 at a time (one gateway request each, so a guild with 2,500 owners
 * costs 25 requests, whatever its size); an owner counts as gone only when Discord answered for their batch
 * without them, so a batch that fails removes nothing (the error reaches the caller after the batches before it).
 */
export async function reconcileMembers(
  guild: Guild,
  context: Pick<BotContext, "services" | "logger">,
): Promise<number> {
  const owners = context.services.entries.ownersInGuild(guild.id);
  let removed = 0;
  for (let start = 0; start < owners.length; start += MEMBER_IDS_PER_REQUEST) {
    const batch = owners.slice(start, start + MEMBER_IDS_PER_REQUEST);
    const present = await guild.members.fetch({ user: batch });
    for (const userId of batch) {
      if (present.has(userId)) continue;
      removed += (await context.services.registration.removeMember({ guildId: guild.id, userId })).removed
        .length;
    }
  }
  if (removed > 0)
    context.logger.info("removed entries of members who left while offline", { guildId: guild.id, removed });
  return removed;
}
