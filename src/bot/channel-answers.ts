import { type APIEmbed, DiscordAPIError, type Message, RESTJSONErrorCodes } from "discord.js";
import type { Words } from "../i18n/words.ts";
import { channelPermissions, Permission } from "../setup/permissions.ts";
import type { BotContext } from "./context.ts";
import { guildSnapshot } from "./guild-snapshot.ts";
import { colours } from "./log-channel.ts";
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

/** One of the permissions a reply and a reaction need. */
export type AnswerPermission = (typeof ANSWER_PERMISSIONS)[number];

/** The permissions the bot lacks, in `words`, as Discord's client names them there; Read Message History if none. */
function lackingText(words: Words, missing: readonly AnswerPermission[]): string {
  const history = missing.includes("ReadMessageHistory");
  const reactions = missing.includes("AddReactions");
  if (history && reactions) return words.t("answers.lacking.both");
  return words.t(reactions ? "answers.lacking.reactions" : "answers.lacking.history");
}

/** The log channel's notice, in `words` (the server's language), that members of a channel get plain posts, and why. */
export function unreferableEmbed(
  words: Words,
  channelId: string,
  cause: Unreferable,
  missing: readonly AnswerPermission[],
): APIEmbed {
  const channel = `<#${channelId}>`;
  if (cause === "deleted") {
    return {
      title: words.t("answers.deleted.title"),
      description: words.t("answers.deleted", { channel }),
      color: colours.warning,
    };
  }
  return {
    title: words.t("answers.history.title"),
    description: words.t("answers.history", { channel, lacking: lackingText(words, missing) }),
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
    const held = channel ? channelPermissions(snapshot, channel) : null;
    const missing =
      held === null ? [] : ANSWER_PERMISSIONS.filter((name) => (held & Permission[name]) === 0n);
    context.logger.warn("a member's message could not be replied to or reacted to", {
      guildId: message.guildId,
      channelId: message.channelId,
      cause,
    });
    const words = await context.words.public(message.guildId);
    await context.log.post(message.guildId, {
      embeds: [unreferableEmbed(words, message.channelId, cause, missing)],
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
