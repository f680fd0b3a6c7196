import type { Client } from "discord.js";
import type { BotContext } from "./context.ts";
import { fitContent } from "./text.ts";

/**
 * Posts `content` in a channel for one member, pinging only them (a request's outcome, in the whitelist's
 * channel). A failure here undoes nothing: it is logged with `about`.
 */
export async function tellMember(
  client: Client,
  context: BotContext,
  message: { channelId: string; userId: string; content: string },
  about: Record<string, string>,
): Promise<void> {
  try {
    const channel = await client.channels.fetch(message.channelId);
    if (!channel?.isSendable()) throw new Error("the channel cannot be posted to");
    // Cut to Discord's 2,000 characters: an outcome naming many roles must still reach the member.
    const content = fitContent(message.content);
    await channel.send({ content, allowedMentions: { users: [message.userId] } });
  } catch (error) {
    context.logger.warn("could not tell a member about their request", {
      ...about,
      error: String((error as Error)?.message ?? error),
    });
  }
}
