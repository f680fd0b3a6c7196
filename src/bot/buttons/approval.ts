import type { Decision } from "../../registration/model.ts";
import { requireManager } from "../../registration/rules.ts";
import { DomainError } from "../../shared/errors.ts";
import { fetchGuildMember } from "../commands/guild-member.ts";
import { requireGuildId } from "../commands/preconditions.ts";
import { expiresIn } from "../expiry.ts";
import type { ButtonHandler } from "../interactions.ts";
import { APPROVAL_PREFIX, approvalDecisionEmbed } from "../log-channel.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { tellMember } from "../notify.ts";

/** What the requesting member reads in the whitelist's channel once staff decided. */
function outcomeMessage(decision: Decision): string {
  const { request, whitelist } = decision;
  const who = `<@${request.userId}>`;
  if (decision.outcome === "rejected") {
    return (
      `${who} your request for **${request.nick}** on **${whitelist.name}** was not approved. ` +
      "Ask staff if you want to know why."
    );
  }
  const failed = roleMentions(decision.grantFailures.map((failure) => failure.roleId));
  const expiry = expiresIn(decision.entry);
  return (
    `${who} ✅ your request for **${decision.entry.nick}** on **${whitelist.name}** was approved: you can join now.` +
    (expiry ? ` It expires ${expiry}.` : "") +
    (failed ? ` I could not give you ${failed}; staff have been told.` : "")
  );
}

/**
 * The Approve and Reject buttons of a request's log post (`approval:approve|reject:<requestId>`): managers of the
 * whitelist only. Approving re-checks the rules for the member as they are now and grants the roles; the post
 * becomes the decision (no more buttons) and the member is told in the whitelist's channel.
 */
export const approval: ButtonHandler = {
  prefix: APPROVAL_PREFIX,
  async execute(interaction, context) {
    requireGuildId(interaction);
    const [, action, requestId] = interaction.customId.split(":");
    if ((action !== "approve" && action !== "reject") || !requestId) {
      throw new DomainError("invalid-input", "This button is no longer active.");
    }
    const actor = actingMember(interaction);
    const { request, whitelist } = await context.services.registration.getRequest(requestId);
    requireManager(whitelist, actor);
    // Approving looks the nick up at Mojang again, which may outlast Discord's 3 s: acknowledge first.
    await interaction.deferUpdate();
    const decision =
      action === "approve"
        ? await context.services.registration.decide({
            requestId,
            actor,
            approve: true,
            member: await fetchGuildMember(interaction, request.userId),
          })
        : await context.services.registration.decide({ requestId, actor, approve: false });
    await tellMember(
      interaction.client,
      context,
      {
        channelId: decision.whitelist.channelId,
        userId: decision.request.userId,
        content: outcomeMessage(decision),
      },
      { requestId: decision.request.id },
    );
    await interaction.editReply({ embeds: [approvalDecisionEmbed(decision, actor.userId)], components: [] });
  },
};
