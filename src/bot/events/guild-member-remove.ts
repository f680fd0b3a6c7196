import { Events, type GuildMember, type PartialGuildMember } from "discord.js";
import type { BotContext, Listener } from "../context.ts";
import { requestCancelledMessage } from "../log-channel.ts";

/**
 * A member left (or was removed): their entries on whitelists with `removeOnLeave` go, each with its
 * `entry.removed` event (origin `member-left`, logged like any removal), and their pending requests are
 * cancelled, their log posts updated.
 */
export async function onMemberRemove(
  member: GuildMember | PartialGuildMember,
  context: BotContext,
): Promise<void> {
  const { cancelledRequests } = await context.services.registration.removeMember({
    guildId: member.guild.id,
    userId: member.id,
  });
  const words = cancelledRequests.length > 0 ? await context.words.public(member.guild.id) : null;
  for (const request of cancelledRequests) {
    if (!request.requestMessageId || !words) continue;
    await context.log.edit(
      member.guild.id,
      request.requestMessageId,
      requestCancelledMessage(words, request, words.t("log.request.cancelled.left")),
    );
  }
}

/** A member left, or was removed (see `onMemberRemove`). */
export const guildMemberRemove = {
  event: Events.GuildMemberRemove,
  failure: "could not handle a departure",
  run: (member, context) => onMemberRemove(member, context),
} satisfies Listener<Events.GuildMemberRemove>;
