import { MessageFlags, type RepliableInteraction } from "discord.js";
import { DomainError, detailsOf } from "../shared/errors.ts";
import type { BotContext } from "./context.ts";
import { discordTime } from "./expiry.ts";
import { roleMentions } from "./mentions.ts";
import { howToProve } from "./proof.ts";
import { fitContent, plainName } from "./text.ts";

/**
 * A refusal the bot words itself in Discord's markdown (a code span, a mention), shown as written: whatever it
 * repeats of a member's input, its thrower escaped (plainName). A service's DomainError is plain text instead, shown
 * escaped whole.
 */
export class DiscordRefusal extends DomainError {}

/** What a member reads when something unexpected failed (the cause is logged, never shown). */
export const APOLOGY = "Something went wrong on our side; it has been logged. Try again later.";

/**
 * The one translator of failures into Discord text: a domain error's message, completed where the service
 * gave details with what only Discord shows (role mentions, the command to run next, where to join for a proof
 * code: `linkAddress`); anything unexpected is an apology. Interactions, buttons and message-mode registrations
 * all answer through it. A service's message is plain text that may repeat what a member typed (a nick that is
 * not one, a masked link, an open code fence): it is shown escaped, as the literal text it is, and so is every
 * name from the details (src/bot/text.ts).
 */
export function describeFailure(error: unknown, linkAddress?: string): string {
  if (!(error instanceof DomainError)) return APOLOGY;
  const said = error instanceof DiscordRefusal ? error.message : plainName(error.message);
  const proof = describeProofFailure(error, said, linkAddress);
  if (proof) return proof;
  const missingRole = detailsOf(error, "missing-role");
  if (missingRole) {
    const roles = roleMentions(missingRole.roleIds);
    const whitelist = plainName(missingRole.whitelist);
    if (missingRole.staff) {
      return (
        `That member holds none of the roles ${whitelist} requires (${roles}), and its nicks follow ` +
        "those roles: a nick added for them would be removed at once. Give them one of the roles first, or keep " +
        "nicks on role loss with `/whitelist edit on-role-loss:keep`."
      );
    }
    return missingRole.self
      ? `To register on ${whitelist} you need one of these roles: ${roles}. Ask staff for one, then try again.`
      : `That member no longer holds any of the roles ${whitelist} requires (${roles}). ` +
          "Give them one and approve again, or reject the request.";
  }
  const limit = detailsOf(error, "limit-reached");
  if (limit) {
    return limit.self
      ? `${said} Remove one with /unregister first.`
      : `${said} Remove one first, or raise the limit with /whitelist edit (max-nicks) or a role's ` +
          "with /whitelist roles (limit).";
  }
  const mode = detailsOf(error, "wrong-mode");
  if (mode) {
    return mode.approval
      ? `Registrations on ${plainName(mode.whitelist)} need staff approval: use /register and staff will review it.`
      : `${plainName(mode.whitelist)} does not need approval: register directly with /register.`;
  }
  const notFound = detailsOf(error, "whitelist-not-found");
  if (notFound) {
    return notFound.named === null
      ? "This server has no whitelist yet. Ask staff to create one with /whitelist create."
      : `${said} Pick one of the names the command suggests.`;
  }
  const several = detailsOf(error, "whitelist-required");
  if (several) {
    return `${plainName(error.message.replace(/\.$/, ""))}: name one in the \`whitelist\` option, or run the command in a whitelist's channel.`;
  }
  const denied = detailsOf(error, "nick-denied");
  if (denied) {
    const as =
      denied.deniedAs.toLowerCase() === denied.nick.toLowerCase()
        ? ""
        : ` (as ${plainName(denied.deniedAs)})`;
    const reason = denied.reason ? ` Reason: ${plainName(denied.reason)}` : "";
    const [nick, whitelist] = [plainName(denied.nick), plainName(denied.whitelist)];
    return denied.self
      ? `⛔ Staff have denied ${nick} on ${whitelist}${as}.${reason}\nRegister another nick, or ask staff if you think this is a mistake.`
      : `⛔ ${nick} is denied on ${whitelist}${as}.${reason}\nLift it first with /whitelist undeny if it should be registered.`;
  }
  const form = detailsOf(error, "form-required");
  if (form) {
    return (
      `${form.whitelist} asks a few questions first, which a message cannot show: use \`/register\` in ` +
      `<#${form.channelId}> and answer them there.`
    );
  }
  const unposted = detailsOf(error, "no-log-channel");
  if (unposted) {
    return (
      `${plainName(unposted.whitelist)} needs staff approval, but I cannot post requests to a log channel. ` +
      "Ask staff to set one with /whitelist log-channel, then try again."
    );
  }
  return said;
}

/** The Discord wording of a proof-of-ownership failure (docs/decisions.md, Proof of ownership), if it is one. */
function describeProofFailure(
  error: DomainError,
  said: string,
  linkAddress: string | undefined,
): string | undefined {
  const required = detailsOf(error, "proof-required");
  if (required?.premium && required.self) {
    return (
      `🔒 ${said}\n` +
      howToProve(linkAddress, `type \`/register code:<code> whitelist:${required.whitelist}\` here`)
    );
  }
  const invalid = detailsOf(error, "code-invalid");
  if (invalid) {
    const left = invalid.attemptsLeft;
    const tries =
      left === null
        ? ""
        : left === 0
          ? " That was your last try for now."
          : ` ${left} more ${left === 1 ? "try" : "tries"} before a wait.`;
    const again =
      (invalid.reason === "expired" || invalid.reason === "reused") && invalid.via === "link-server"
        ? linkAddress
          ? ` The link server is \`${linkAddress}\`.`
          : ""
        : "";
    return `${said}${again}${tries}`;
  }
  const limited = detailsOf(error, "code-limited");
  if (limited) return `⏳ ${said} Try again ${discordTime(limited.retryAt, "R")}.`;
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
 * Answers a failed interaction (command or button): always ephemeral, never longer than Discord takes; edits the
 * reply when deferred.
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
  const content = fitContent(describeFailure(error, context.linkAddress));
  try {
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
