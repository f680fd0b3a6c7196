import type { Message } from "discord.js";
import type { BotContext } from "../context.ts";
import { describeFailure, logUnexpected } from "../errors.ts";
import { memberOf } from "../members.ts";
import { roleMentions } from "../mentions.ts";

/** ✅: the nick posted in a message-mode channel is registered. */
export const REGISTERED_REACTION = "✅";

/**
 * `message` registration mode: a member posts their nick as a plain message in the whitelist's channel; the
 * bot reacts ✅ or answers why not (the same rules as /register, in the registration service).
 */
export async function onMessageCreate(message: Message, context: BotContext): Promise<void> {
  if (message.author.bot || !message.inGuild() || !message.member) return;
  const whitelist = context.services.registration.whitelistForMessage(message.guildId, message.channelId);
  if (!whitelist) return;
  const nick = message.content.trim();
  if (nick.length === 0) return;
  try {
    const member = memberOf(message.member);
    const registration = await context.services.registration.register({
      guildId: message.guildId,
      whitelist: whitelist.id,
      member,
      actor: member,
      nick,
      origin: "discord",
    });
    await message.react(REGISTERED_REACTION);
    const failed = registration.grantFailures;
    if (failed.length > 0) {
      await message.reply({
        content: `You are registered, but I could not give you ${roleMentions(failed.map((f) => f.roleId))}; staff have been told.`,
        allowedMentions: { parse: [] },
      });
    }
  } catch (error) {
    logUnexpected(context, "message registration failed", { guildId: message.guildId }, error);
    await message
      .reply({ content: describeFailure(error), allowedMentions: { repliedUser: true, parse: [] } })
      .catch((replyError) => {
        context.logger.warn("could not answer a registration message", { error: String(replyError) });
      });
  }
}
