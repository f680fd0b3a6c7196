import { Events, type Message } from "discord.js";
import { BY_MEMBER } from "../../entries/model.ts";
import type { Registration } from "../../registration/model.ts";
import { createChannelAnswers } from "../channel-answers.ts";
import type { BotContext, Listener } from "../context.ts";
import { createReplyCooldown, type ReplyCooldown } from "../cooldown.ts";
import { describeFailure, logUnexpected } from "../errors.ts";
import { expiresIn } from "../expiry.ts";
import { isPaused, registrationsPaused } from "../intents.ts";
import { memberOf } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { createReactionTurns, type ReactionTurns } from "../reactions.ts";
import { plainName } from "../text.ts";

/** ✅: the nick posted in a message-mode channel is registered. */
export const REGISTERED_REACTION = "✅";
/**
 * ❌: refused while the channel is cooling down (the reason was already replied to this member, or is replied
 * once the window passes). Not ⏳: nothing is pending, the nick was refused and the member must post another.
 */
export const REFUSED_REACTION = "❌";
/** ⚠️: registered, but some roles could not be given, while the channel is cooling down (staff were told). */
export const PARTLY_REGISTERED_REACTION = "⚠️";
/** ⏳: registered for a limited time (the whitelist's entry lifetime), while the channel is cooling down. */
export const EXPIRING_REACTION = "⏳";

/**
 * `message` registration mode: a member posts their nick as a plain message in the whitelist's channel; the
 * bot reacts ✅ or answers why not (the same rules as /register, in the registration service). Answers are
 * replies that ping nobody, bounded by `cooldown` (src/bot/cooldown.ts); over the bound they become reactions,
 * so a flood of messages never becomes a flood of replies; and reactions take turns per channel (`turns`,
 * src/bot/reactions.ts), so neither does it become a flood of ❌ that delays other members' ✅. Where the message
 * cannot be replied or reacted to (no Read Message History, or deleted meanwhile), a plain post naming the member
 * answers instead (channel-answers.ts).
 * Nothing the member typed is repeated unescaped.
 */
export function createMessageHandler(
  context: BotContext,
  cooldown: ReplyCooldown = createReplyCooldown({ clock: context.clock }),
  turns: ReactionTurns = createReactionTurns({ clock: context.clock }),
) {
  const answers = createChannelAnswers(context);
  /**
   * Reacts in the channel's turn (reactions.ts): a refusal (❌) past the member's allowance is left out, and counts
   * as answered (no plain post takes its place).
   */
  const react = async (message: Message<true>, emoji: string): Promise<boolean> =>
    (await turns.take(message.channelId, message.author.id, { optional: emoji === REFUSED_REACTION }, () =>
      answers.react(message, emoji),
    )) ?? true;
  /**
   * Answers the member's message without a ping (a reply, else a plain post: src/bot/channel-answers.ts), or only
   * reacts while the channel is cooling down. `content` is markdown: what it repeats of the member, escaped.
   */
  const answer = async (message: Message<true>, content: string, reaction: string) => {
    if (cooldown.take(message.channelId, message.author.id)) await answers.say(message, content);
    else await react(message, reaction);
  };

  const unanswered = (error: unknown) =>
    context.logger.warn("could not answer a registration message", { error: String(error) });

  const handle = async (message: Message): Promise<void> => {
    if (message.author.bot || !message.inGuild() || !message.member) return;
    const whitelist = await context.services.registration.whitelistForMessage(
      message.guildId,
      message.channelId,
    );
    if (!whitelist) return;
    // Without Message Content every post arrives blank: say why instead of ignoring the member.
    // Everyone in the channel reads the answers: the server's language (src/bot/words.ts).
    const words = await context.words.public(message.guildId);
    if (isPaused(whitelist, context.intents)) {
      await answer(message, registrationsPaused(words, whitelist), REFUSED_REACTION).catch(unanswered);
      return;
    }
    const nick = message.content.trim();
    if (nick.length === 0) return;
    let registration: Registration;
    try {
      const member = memberOf(message.member);
      registration = await context.services.registration.register({
        guildId: message.guildId,
        whitelist: whitelist.id,
        member,
        actor: member,
        nick,
        origin: BY_MEMBER,
      });
    } catch (error) {
      logUnexpected(context, "message registration failed", { guildId: message.guildId }, error);
      await answer(message, describeFailure(error, words, context.linkAddress), REFUSED_REACTION).catch(
        unanswered,
      );
      return;
    }
    // The reaction answers at once; the roles follow (docs/decisions.md, Roles). Where the message cannot be
    // reacted to (no Read Message History, or deleted meanwhile), a post says it instead, as the cooldown allows.
    const reacted = await react(message, REGISTERED_REACTION).catch((error: unknown) => {
      unanswered(error);
      return true;
    });
    const nickShown = plainName(registration.entry.nick);
    if (!reacted && cooldown.take(message.channelId, message.author.id)) {
      await answers
        .say(
          message,
          words.t("message.registered", { reaction: REGISTERED_REACTION, nick: nickShown }),
          false,
        )
        .catch(unanswered);
    }
    const expiry = expiresIn(words, registration.entry);
    if (expiry) {
      await answer(
        message,
        words.t("message.expiring", { nick: nickShown, when: expiry }),
        EXPIRING_REACTION,
      ).catch(unanswered);
    }
    const failed = await registration.roles.failures;
    if (failed.length > 0) {
      await answer(
        message,
        words.t("message.rolesRefused", { roles: roleMentions(failed.map((f) => f.roleId)) }),
        PARTLY_REGISTERED_REACTION,
      ).catch(unanswered);
    }
  };
  /** Messages being handled: `answered` waits for them. */
  const handling = new Set<Promise<void>>();
  return Object.assign(
    (message: Message): Promise<void> => {
      const work = handle(message);
      handling.add(work);
      void work.finally(() => handling.delete(work)).catch(() => {});
      return work;
    },
    {
      /** Resolves once every message heard of so far (and meanwhile) is answered: tests wait for this. */
      async answered(): Promise<void> {
        while (handling.size > 0) await Promise.allSettled([...handling]);
      },
    },
  );
}

/** A message in a guild: in a `message`-mode channel it registers its nick (the handler above). */
export const messageCreate = {
  event: Events.MessageCreate,
  run(message, context) {
    // Not tracked, like a command: the member is answered in its own time.
    void context.handleMessage(message);
  },
} satisfies Listener<Events.MessageCreate>;
