import type { Client } from "discord.js";
import type { LinkKeyView } from "../keys/service.ts";
import type { Decision } from "../registration/model.ts";
import type { Logger } from "../shared/logger.ts";
import { outcomeMessage, rolesRefused } from "./buttons/approval.ts";
import { scopeOf } from "./commands/server-link/shared.ts";
import type { BotServices } from "./context.ts";
import { approvalDecisionEmbed, linkKeyEmbed } from "./log-channel.ts";
import type { LogChannel } from "./log-poster.ts";
import { fitContent } from "./text.ts";
import { createGuildWords } from "./words.ts";

/**
 * What staff did outside Discord (the dashboard), told in Discord as the commands and buttons tell it: the same log
 * posts in the server's language, the request's post turned into its decision, the member told in the whitelist's
 * channel. The dashboard's port to the log channel (docs/decisions.md, The dashboard).
 */
export type StaffLog = {
  /** A link key created or revoked: the log post `/server-link create` and `revoke` make. */
  keyChanged(action: "created" | "revoked", key: LinkKeyView, actorId: string): Promise<void>;
  /**
   * A request decided: its post loses its buttons and shows the decision (as the Approve and Reject buttons leave
   * it), the member reads the outcome in the whitelist's channel, and roles Discord refused are told to them.
   */
  requestDecided(decision: Decision, actorId: string): Promise<void>;
};

/** The staff log over the bot's log channel and client. Failures are logged: the change stands either way. */
export function createStaffLog(deps: {
  log: LogChannel;
  services: BotServices;
  client(): Client | undefined;
  logger: Logger;
}): StaffLog {
  const { log, services, client, logger } = deps;
  const words = createGuildWords({ guilds: services.guilds, texts: services.texts, client });

  /** Posts `content` in a channel pinging only `userId`; a failure is logged. */
  const tell = async (channelId: string, userId: string, content: string, requestId: string) => {
    try {
      const channel = await client()?.channels.fetch(channelId);
      if (!channel?.isSendable()) throw new Error("the channel cannot be posted to");
      await channel.send({ content: fitContent(content), allowedMentions: { users: [userId] } });
    } catch (error) {
      logger.warn("could not tell a member about their request", { requestId, error: String(error) });
    }
  };

  return {
    async keyChanged(action, key, actorId) {
      const said = await words.public(key.guildId);
      const scope = await scopeOf(said, key, services);
      await log.post(key.guildId, { embeds: [linkKeyEmbed(said, action, key, scope, actorId)] });
    },

    async requestDecided(decision, actorId) {
      const { request, whitelist } = decision;
      const said = await words.public(whitelist.guildId);
      const logChannelId = (await services.guilds.get(whitelist.guildId))?.logChannelId;
      if (logChannelId && request.requestMessageId) {
        try {
          const channel = await client()?.channels.fetch(logChannelId);
          if (!channel?.isTextBased()) throw new Error("the log channel cannot be read");
          await channel.messages.edit(request.requestMessageId, {
            embeds: [approvalDecisionEmbed(said, decision, actorId)],
            components: [],
          });
        } catch (error) {
          logger.warn("could not turn a request's post into its decision", {
            requestId: request.id,
            error: String(error),
          });
        }
      }
      await tell(whitelist.channelId, request.userId, outcomeMessage(said, decision), request.id);
      if (decision.outcome === "approved") {
        const failures = await decision.roles.failures;
        if (failures.length > 0) {
          await tell(
            whitelist.channelId,
            request.userId,
            rolesRefused(said, request.userId, failures),
            request.id,
          );
        }
      }
    },
  };
}
