import { MessageFlags, type RepliableInteraction } from "discord.js";
import type { Text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import { DomainError, detailsOf } from "../shared/errors.ts";
import type { BotContext } from "./context.ts";
import { discordTime } from "./expiry.ts";
import { refusedAsLate } from "./late-answers.ts";
import { roleMentions } from "./mentions.ts";
import { howToProve } from "./proof.ts";
import { fitContent, plainName } from "./text.ts";

/**
 * A refusal the bot words itself in Discord's markdown (a code span, a mention), shown as written: whatever it
 * repeats of a member's input, its thrower escaped (plainName). A service's DomainError is plain text instead, shown
 * escaped: its Text's parameters one by one, a plain message whole.
 */
export class DiscordRefusal extends DomainError {}

/** A Text whose parameters are shown as the literal text they are (nested Texts alike); numbers stay numbers. */
function escapedParams(given: Text): Text {
  const params = Object.fromEntries(
    Object.entries(given.params).map(([name, value]) => [
      name,
      typeof value === "string" ? plainName(value) : typeof value === "number" ? value : escapedParams(value),
    ]),
  );
  return { key: given.key, params };
}

/**
 * A domain error's own message in the reader's language (its Text), or as given when it has none. A service's
 * message may repeat what a member typed (a nick that is not one, a masked link, an open code fence): that is shown
 * escaped (src/bot/text.ts); a DiscordRefusal's thrower escaped what it repeats.
 */
const refusal = (error: DomainError, words: Words): string => {
  if (error instanceof DiscordRefusal) return error.text ? words.render(error.text) : error.message;
  return error.text ? words.render(escapedParams(error.text)) : plainName(error.message);
};

/**
 * The one translator of failures into Discord text, in the reader's `words`: a domain error's message, completed
 * where the service gave details with what only Discord shows (role mentions, the command to run next, where to
 * join for a proof code: `linkAddress`); anything unexpected is an apology. Interactions, buttons and
 * message-mode registrations all answer through it. Every name from the details is shown escaped.
 */
export function describeFailure(error: unknown, words: Words, linkAddress?: string): string {
  if (!(error instanceof DomainError)) return words.t("common.apology");
  const proof = describeProofFailure(error, words, linkAddress);
  if (proof) return proof;
  const missingRole = detailsOf(error, "missing-role");
  if (missingRole) {
    const params = { whitelist: plainName(missingRole.whitelist), roles: roleMentions(missingRole.roleIds) };
    if (missingRole.staff) return words.t("failure.missingRole.staff", params);
    return words.t(missingRole.self ? "failure.missingRole.self" : "failure.missingRole.approval", params);
  }
  const limit = detailsOf(error, "limit-reached");
  if (limit) {
    return words.t(limit.self ? "failure.limit.self" : "failure.limit.staff", {
      refusal: refusal(error, words),
    });
  }
  const mode = detailsOf(error, "wrong-mode");
  if (mode) {
    return words.t(mode.approval ? "failure.wrongMode.approval" : "failure.wrongMode.direct", {
      whitelist: plainName(mode.whitelist),
    });
  }
  const notFound = detailsOf(error, "whitelist-not-found");
  if (notFound) {
    return notFound.named === null
      ? words.t("failure.noWhitelist")
      : words.t("failure.unknownWhitelist", { refusal: refusal(error, words) });
  }
  const several = detailsOf(error, "whitelist-required");
  if (several) return words.t("failure.whichWhitelist", { names: several.names.map(plainName).join(", ") });
  const denied = detailsOf(error, "nick-denied");
  if (denied) {
    const as =
      denied.deniedAs.toLowerCase() === denied.nick.toLowerCase()
        ? ""
        : words.t("failure.denied.as", { nick: plainName(denied.deniedAs) });
    const reason = denied.reason
      ? words.t("failure.denied.reason", { reason: plainName(denied.reason) })
      : "";
    return words.t(denied.self ? "failure.denied.self" : "failure.denied.staff", {
      nick: plainName(denied.nick),
      whitelist: plainName(denied.whitelist),
      as,
      reason,
    });
  }
  const form = detailsOf(error, "form-required");
  if (form) {
    return words.t("failure.formRequired", {
      whitelist: plainName(form.whitelist),
      channel: `<#${form.channelId}>`,
    });
  }
  const unposted = detailsOf(error, "no-log-channel");
  if (unposted) return words.t("failure.noLogChannel", { whitelist: plainName(unposted.whitelist) });
  return refusal(error, words);
}

/** The Discord wording of a proof-of-ownership failure (docs/decisions.md, Proof of ownership), if it is one. */
function describeProofFailure(
  error: DomainError,
  words: Words,
  linkAddress: string | undefined,
): string | undefined {
  const required = detailsOf(error, "proof-required");
  if (required?.premium && required.self) {
    return words.t("failure.proofRequired", {
      refusal: refusal(error, words),
      how: howToProve(
        words,
        linkAddress,
        words.t("failure.proofRequired.then", { whitelist: required.whitelist }),
      ),
    });
  }
  const invalid = detailsOf(error, "code-invalid");
  if (invalid) {
    const left = invalid.attemptsLeft;
    const tries =
      left === null
        ? ""
        : left === 0
          ? words.t("failure.code.lastTry")
          : words.t("failure.code.triesLeft", { count: left });
    const again =
      (invalid.reason === "expired" || invalid.reason === "reused") &&
      invalid.via === "link-server" &&
      linkAddress
        ? words.t("failure.code.linkServer", { address: linkAddress })
        : "";
    return `${refusal(error, words)}${again}${tries}`;
  }
  const limited = detailsOf(error, "code-limited");
  if (limited) {
    return words.t("failure.code.limited", {
      refusal: refusal(error, words),
      when: discordTime(limited.retryAt, "R"),
    });
  }
  return undefined;
}

/** Logs what a member is only apologised for: a failure that is not a domain error. */
export function logUnexpected(
  context: BotContext,
  message: string,
  fields: Record<string, string | number | null>,
  error: unknown,
): void {
  if (error instanceof DomainError) return;
  context.logger.error(message, { ...fields, error: String((error as Error)?.stack ?? error) });
}

/**
 * Answers a failed interaction (command or button) in the member's language: always ephemeral, never longer than
 * Discord takes; edits the reply when deferred.
 */
export async function replyWithError(interaction: RepliableInteraction, error: unknown, context: BotContext) {
  logUnexpected(
    context,
    "interaction failed",
    {
      guildId: interaction.guildId,
      kind: interaction.isChatInputCommand() ? interaction.commandName : interaction.type,
    },
    error,
  );
  // Discord refused it as too late: an explanation would be refused too (src/bot/interaction/answer.ts).
  if (refusedAsLate(interaction)) return;
  try {
    const words = await context.words.member(interaction.guildId, interaction.locale);
    const content = fitContent(describeFailure(error, words, context.linkAddress));
    // A button defers as an update of its message (the approval post): the failure must not replace that post.
    if (interaction.isMessageComponent() && interaction.deferred && !interaction.replied)
      await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
    else if (interaction.deferred || interaction.replied)
      await interaction.editReply({ content, embeds: [], components: [] });
    else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  } catch (replyError) {
    context.logger.warn("could not tell the member about a failure", { error: String(replyError) });
  }
}
