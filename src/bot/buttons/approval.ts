import type { RoleFailure } from "../../entries/model.ts";
import { text } from "../../i18n/messages.ts";
import type { Words } from "../../i18n/words.ts";
import type { Decision } from "../../registration/model.ts";
import { requireManager } from "../../registration/rules.ts";
import { systemClock } from "../../shared/clock.ts";
import { DomainError } from "../../shared/errors.ts";
import { expiresIn } from "../expiry.ts";
import { inTime, publicWords } from "../interaction/answer.ts";
import { fetchGuildMember } from "../interaction/guild-member.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import type { ButtonHandler } from "../interactions.ts";
import { APPROVAL_PREFIX, approvalDecisionEmbed } from "../log-channel.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { tellMember } from "../notify.ts";
import { plainName } from "../text.ts";

/**
 * What the requesting member reads in the whitelist's channel once staff decided (everyone sees it), with staff's
 * reason when they gave one (the dashboard asks one of every decision, optional).
 */
export function outcomeMessage(words: Words, decision: Decision): string {
  const { request, whitelist } = decision;
  const member = `<@${request.userId}>`;
  const reason = request.decisionReason
    ? words.t("approval.reason", { reason: plainName(request.decisionReason) })
    : "";
  if (decision.outcome === "rejected") {
    return (
      words.t("public.refused", {
        member,
        nick: plainName(request.nick),
        whitelist: plainName(whitelist.name),
      }) + reason
    );
  }
  const expiry = expiresIn(words, decision.entry);
  return (
    words.t("public.approved", {
      member,
      nick: plainName(decision.entry.nick),
      whitelist: plainName(whitelist.name),
    }) +
    (expiry ? words.t("approval.expires", { when: expiry }) : "") +
    reason
  );
}

/** What the member reads when roles of their approved request could not be given. */
export const rolesRefused = (words: Words, userId: string, failures: RoleFailure[]) =>
  words.t("approval.rolesRefused", {
    member: `<@${userId}>`,
    roles: roleMentions(failures.map((failure) => failure.roleId)),
  });

/**
 * The Approve and Reject buttons of a request's log post (`approval:approve|reject:<requestId>`): managers of the
 * whitelist only. Approving re-checks the rules for the member as they are now (from the gateway's cache when it is
 * current, else fetched once) and stores the entry; the post becomes the decision (no more buttons), in the click's
 * own answer when that is quick, and the member is told in the whitelist's channel. Their roles follow; one Discord
 * refuses is told to them there too.
 */
export const approval: ButtonHandler = {
  prefix: APPROVAL_PREFIX,
  async execute(interaction, context) {
    requireGuildId(interaction);
    const [, action, requestId] = interaction.customId.split(":");
    if ((action !== "approve" && action !== "reject") || !requestId) {
      throw new DomainError("invalid-input", text("common.buttonInactive"));
    }
    const actor = actingMember(interaction);
    const { request, whitelist } = await context.services.registration.getRequest(requestId);
    requireManager(whitelist, actor);
    const { registration } = context.services;
    // Approving may look the nick up at Mojang again, which may outlast Discord's 3 s: acknowledged first then.
    const decision = await inTime(
      async () =>
        action === "approve"
          ? registration.decide({
              requestId,
              actor,
              approve: true,
              member: await fetchGuildMember(interaction, request.userId),
            })
          : registration.decide({ requestId, actor, approve: false }),
      {
        slow: action === "approve" && registration.asksRemotely(whitelist, request.gamertag ?? request.nick),
        defer: () => interaction.deferUpdate(),
        createdAt: interaction.createdTimestamp,
      },
      systemClock,
      context.lateness,
    );
    // The post and the outcome are public: the server's language, and staff's own wording.
    const words = await publicWords(interaction, context);
    const decided = { embeds: [approvalDecisionEmbed(words, decision, actor.userId)], components: [] };
    if (interaction.deferred) await interaction.editReply(decided);
    else await interaction.update(decided);
    const tell = (content: string) =>
      tellMember(
        interaction.client,
        context,
        { channelId: decision.whitelist.channelId, userId: decision.request.userId, content },
        { requestId: decision.request.id },
      );
    await tell(outcomeMessage(words, decision));
    if (decision.outcome === "approved") {
      const failures = await decision.roles.failures;
      if (failures.length > 0) await tell(rolesRefused(words, decision.request.userId, failures));
    }
  },
};
