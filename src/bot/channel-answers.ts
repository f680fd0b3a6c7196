import { type APIEmbed, DiscordAPIError, type Message, RESTJSONErrorCodes } from "discord.js";
import { channelPermissions, missingPermissions } from "../setup/permissions.ts";
import type { BotContext } from "./context.ts";
import { colours } from "./log-channel.ts";
import { guildSnapshot } from "./setup-warnings.ts";
import { fitContent } from "./text.ts";

/**
 * Why a member's message could not be replied to or reacted to: the bot lacks Read Message History in its channel
 * (which replies and reactions need), or the message is gone (deleted before the answer: AutoMod, a moderation
 * bot, the member).
 */
export type Unreferable = "history" | "deleted";

/**
 * What Discord's refusal says about the message, when it is one of those (null: another failure). `reaction`: the
 * refusal of a reaction, whose Missing Permissions means Read Message History (or Add Reactions) is lacking; a
 * reply's means Send Messages, which no plain post can get round.
 */
export function unreferable(error: unknown, reaction = false): Unreferable | null {
  if (!(error instanceof DiscordAPIError)) return null;
  if (error.code === RESTJSONErrorCodes.CannotReplyWithoutPermissionToReadMessageHistory) return "history";
  if (error.code === RESTJSONErrorCodes.UnknownMessage) return "deleted";
  const errors = (error.rawError as { errors?: Record<string, unknown> }).errors;
  if (error.code === RESTJSONErrorCodes.InvalidFormBodyOrContentType && errors?.message_reference) {
    return "deleted";
  }
  if (reaction && error.code === RESTJSONErrorCodes.MissingPermissions) return "history";
  return null;
}

/** The permissions a reply and a reaction need in a channel, by the names the setup checks use. */
const ANSWER_PERMISSIONS = ["ReadMessageHistory", "AddReactions"] as const;

/** The log channel's notice that members of a channel are answered by plain posts, and why. */
export function unreferableEmbed(
  channelId: string,
  cause: Unreferable,
  missing: readonly string[],
): APIEmbed {
  if (cause === "deleted") {
    return {
      title: "A member's message was deleted before I answered",
      description:
        `In <#${channelId}> a message with a nick was deleted (AutoMod, a moderation bot or the member) before ` +
        "I could answer it: I answered with a plain post mentioning the member instead. Nothing to fix unless " +
        "such deletions are not meant. (Said once per channel until I restart.)",
      color: colours.warning,
    };
  }
  const lacking = missing.length > 0 ? missing.join(" and ") : "Read Message History";
  return {
    title: "I cannot reply or react to members",
    description:
      `In <#${channelId}> I lack ${lacking}, which replies and reactions need: members get a plain post ` +
      "mentioning them instead of a reply or a ✅. To fix: allow it for the bot (or its role) in the channel's " +
      "Edit Channel → Permissions. (Said once per channel until I restart.)",
    color: colours.warning,
  };
}

/**
 * How the bot answers a member's message in its channel (message mode), so that the member always hears back: a
 * reply that pings nobody, else, when the message cannot be referred to (no Read Message History there, or the
 * message deleted meanwhile), a plain post that mentions them without a ping; a reaction, which needs the message
 * too. Staff are told once per channel and cause, in the log channel, why replies turned into posts.
 */
export function createChannelAnswers(context: BotContext) {
  const warned = new Set<string>();

  /** Tells staff once that answers in the message's channel are plain posts, and why. */
  const tellStaff = async (message: Message<true>, cause: Unreferable) => {
    const key = `${message.channelId}:${cause}`;
    if (warned.has(key)) return;
    warned.add(key);
    const snapshot = guildSnapshot(message.guild);
    const channel = snapshot.channels.find((candidate) => candidate.id === message.channelId);
    const missing = channel
      ? missingPermissions(channelPermissions(snapshot, channel), ANSWER_PERMISSIONS)
      : [];
    context.logger.warn("a member's message could not be replied to or reacted to", {
      guildId: message.guildId,
      channelId: message.channelId,
      cause,
    });
    await context.log.post(message.guildId, {
      embeds: [unreferableEmbed(message.channelId, cause, missing)],
    });
  };

  /** Posts `content` in the message's channel without referring to it: it names the member, pinging nobody. */
  const post = async (message: Message<true>, content: string) => {
    await message.channel.send({
      content: fitContent(`<@${message.author.id}> ${content}`),
      allowedMentions: { parse: [] },
    });
  };

  return {
    /**
     * Answers the message with `content` (markdown the caller escaped): a reply, else a plain post. `referable`
     * false: the message is known not to be referable (a reaction to it just failed), so no reply is tried.
     */
    async say(message: Message<true>, content: string, referable = true): Promise<void> {
      if (referable) {
        try {
          await message.reply({
            content: fitContent(content),
            allowedMentions: { parse: [], repliedUser: false },
          });
          return;
        } catch (error) {
          const cause = unreferable(error);
          if (cause === null) throw error;
          await tellStaff(message, cause);
        }
      }
      await post(message, content);
    },

    /** Reacts to the message with `emoji`; false when the message cannot be reacted to (staff are told). */
    async react(message: Message<true>, emoji: string): Promise<boolean> {
      try {
        await message.react(emoji);
        return true;
      } catch (error) {
        const cause = unreferable(error, true);
        if (cause === null) throw error;
        await tellStaff(message, cause);
        return false;
      }
    },
  };
}

/** Answers in message-mode channels (see createChannelAnswers). */
export type ChannelAnswers = ReturnType<typeof createChannelAnswers>;
