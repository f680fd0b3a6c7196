import type { RoleFailure } from "../../entries/model.ts";
import type { Decision } from "../../registration/model.ts";
import { requireManager } from "../../registration/rules.ts";
import { DomainError } from "../../shared/errors.ts";
import { inTime } from "../commands/answer.ts";
import { fetchGuildMember } from "../commands/guild-member.ts";
import { requireGuildId } from "../commands/preconditions.ts";
import { expiresIn } from "../expiry.ts";
import type { ButtonHandler } from "../interactions.ts";
import { APPROVAL_PREFIX, approvalDecisionEmbed } from "../log-channel.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { tellMember } from "../notify.ts";
import { plainName } from "../text.ts";

/** What the requesting member reads in the whitelist's channel once staff decided. */
function outcomeMessage(decision: Decision): string {
  const { request, whitelist } = decision;
  const who = `<@${request.userId}>`;
  if (decision.outcome === "rejected") {
    return (
      `${who} your request for **${plainName(request.nick)}** on **${plainName(whitelist.name)}** was not approved. ` +
      "Ask staff if you want to know why."
    );
  }
  const expiry = expiresIn(decision.entry);
  return (
    `${who} ✅ your request for **${plainName(decision.entry.nick)}** on **${plainName(whitelist.name)}** was approved: you can join now.` +
    (expiry ? ` It expires ${expiry}.` : "")
  );
}

/** What the member reads when roles of their approved request could not be given. */
const rolesRefused = (userId: string, failures: RoleFailure[]) =>
  `<@${userId}> I could not give you ${roleMentions(failures.map((failure) => failure.roleId))}; staff have been told.`;

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
      throw new DomainError("invalid-input", "This button is no longer active.");
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
    );
    const decided = { embeds: [approvalDecisionEmbed(decision, actor.userId)], components: [] };
    if (interaction.deferred) await interaction.editReply(decided);
    else await interaction.update(decided);
    const tell = (content: string) =>
      tellMember(
        interaction.client,
        context,
        { channelId: decision.whitelist.channelId, userId: decision.request.userId, content },
        { requestId: decision.request.id },
      );
    await tell(outcomeMessage(decision));
    if (decision.outcome === "approved") {
      const failures = await decision.roles.failures;
      if (failures.length > 0) await tell(rolesRefused(decision.request.userId, failures));
    }
  },
};
