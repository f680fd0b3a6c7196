import type { Guild } from "discord.js";
import type { BotContext } from "../context.ts";
import { roleIdsOf } from "../members.ts";

/**
 * Discord answers a Request Guild Members (opcode 8) for at most 100 `user_ids` (more get no answer at all), and
 * discord.js's `guild.members.fetch({ user })` puts every id it is given into one request.
 */
export const MEMBER_IDS_PER_REQUEST = 100;

/** What a check of entry owners removed: the nicks of members who left, and of members who lost a required role. */
export type Reconciled = { left: number; roleLost: number };

/**
 * Checks entry owners against Discord as it is now, for what the bot did not see happen: members who left while it
 * was not listening (offline, or during a gateway resume, when discord.js updates its cache without emitting
 * guildMemberRemove or guildMemberUpdate) lose their nicks as departures; members still there are checked for the
 * required roles they hold (docs/decisions.md, Access follows roles). Runs on ready and resume for every owner in
 * the guild, and for fewer `owners` when a role is deleted or a whitelist's required roles change.
 *
 * Asks Discord about the owners 100 at a time (one gateway request each, so a guild with 2,500 owners costs 25
 * requests, whatever its size); an owner counts as gone only when Discord answered for their batch without them,
 * so a batch that fails removes nothing (the error reaches the caller after the batches before it).
 */
export async function reconcileMembers(
  guild: Guild,
  context: Pick<BotContext, "services" | "logger">,
  known?: readonly string[],
): Promise<Reconciled> {
  const owners = known ?? (await context.services.entries.ownersInGuild(guild.id));
  const { registration } = context.services;
  const done: Reconciled = { left: 0, roleLost: 0 };
  for (let start = 0; start < owners.length; start += MEMBER_IDS_PER_REQUEST) {
    const batch = owners.slice(start, start + MEMBER_IDS_PER_REQUEST);
    const present = await guild.members.fetch({ user: [...batch] });
    for (const userId of batch) {
      const member = present.get(userId);
      if (member) {
        const roleIds = roleIdsOf(member);
        done.roleLost += (await registration.memberRoles({ guildId: guild.id, userId, roleIds })).length;
      } else {
        done.left += (await registration.removeMember({ guildId: guild.id, userId })).removed.length;
      }
    }
  }
  if (done.left > 0)
    context.logger.info("removed entries of members who left while offline", {
      guildId: guild.id,
      removed: done.left,
    });
  if (done.roleLost > 0)
    context.logger.info("removed entries of members without a required role", {
      guildId: guild.id,
      removed: done.roleLost,
    });
  return done;
}
