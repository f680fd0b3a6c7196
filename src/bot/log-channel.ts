import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed, REST } from "discord.js";
import { Routes } from "discord.js";
import type { Origin } from "../entries/model.ts";
import type { ChangeNotice } from "../events/bus.ts";
import type { RoleFailure } from "../registration/model.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../shared/logger.ts";

/** How each origin reads in the log channel (DESIGN.md §9). */
export const originLabels: Record<Origin, string> = {
  discord: "Discord",
  api: "API/plugin",
  "member-left": "member left",
  staff: "staff",
};

/** Embed colours: additions green, removals red, staff actions blue, problems orange. */
export const colours = { added: 0x2ecc71, removed: 0xe74c3c, info: 0x3498db, warning: 0xe67e22 } as const;

/** A message for the log channel. */
export type LogMessage = {
  embeds: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
};

/** Posts to a guild's log channel (set with /whitelist log-channel); silently nothing when none is set. */
export type LogChannel = ReturnType<typeof createLogChannel>;

const mention = (userId: string | null | undefined) => (userId ? `<@${userId}>` : "—");

/** The embed of an addition or removal. */
export function changeEmbed(notice: ChangeNotice, keyName: string | null): APIEmbed {
  const { event, entry, actorId } = notice;
  const added = event.type === "entry.added";
  const by = event.origin === "api" ? `link key “${keyName ?? notice.keyId ?? "?"}”` : mention(actorId);
  return {
    title: added ? "Nick added" : "Nick removed",
    description: `**${event.entry.nick}** ${added ? "added to" : "removed from"} **${event.whitelistName}**`,
    color: added ? colours.added : colours.removed,
    fields: [
      { name: "Member", value: mention(entry.userId), inline: true },
      { name: "By", value: event.origin === "member-left" ? "—" : by, inline: true },
      { name: "Origin", value: originLabels[event.origin], inline: true },
      {
        name: "Account",
        value: event.entry.premium ? `premium (${event.entry.uuid})` : "non-premium",
        inline: false,
      },
    ],
    footer: { text: `event ${event.id}` },
    timestamp: event.timestamp,
  };
}

/** The embed reporting roles that could not be changed, so Discord and the database never disagree silently. */
export function roleFailureEmbed(
  action: "grant" | "revoke",
  userId: string,
  nick: string,
  failed: RoleFailure[],
): APIEmbed {
  return {
    title: action === "grant" ? "Could not grant roles" : "Could not remove roles",
    description: `For ${mention(userId)} (**${nick}**):\n${failed.map((f) => `• <@&${f.roleId}>: ${f.reason}`).join("\n")}`,
    color: colours.warning,
  };
}

/** Creates the log channel poster and subscribes it to committed changes. */
export function createLogChannel({
  rest,
  services,
  logger,
}: {
  rest: REST;
  services: Services;
  logger: Logger;
}) {
  const post = async (guildId: string, message: LogMessage): Promise<string | null> => {
    const channelId = services.guilds.get(guildId)?.logChannelId;
    if (!channelId) return null;
    try {
      const posted = (await rest.post(Routes.channelMessages(channelId), { body: message })) as {
        id: string;
      };
      return posted.id;
    } catch (error) {
      logger.warn("log channel post failed", {
        guildId,
        channelId,
        error: String((error as Error).message ?? error),
      });
      return null;
    }
  };

  const keyName = (notice: ChangeNotice) =>
    notice.keyId
      ? (services.keys.list(notice.event.guildId).find((k) => k.id === notice.keyId)?.name ?? null)
      : null;

  const unsubscribe = services.bus.subscribe((notice) => {
    void post(notice.event.guildId, { embeds: [changeEmbed(notice, keyName(notice))] });
  });

  return {
    /** Posts a message; resolves with its id, or null when the guild has no log channel or Discord refused. */
    post,
    /** Edits an earlier post (e.g. an approval request once decided). */
    async edit(guildId: string, messageId: string, message: LogMessage): Promise<void> {
      const channelId = services.guilds.get(guildId)?.logChannelId;
      if (!channelId) return;
      try {
        await rest.patch(Routes.channelMessage(channelId, messageId), { body: message });
      } catch (error) {
        logger.warn("log channel edit failed", { guildId, error: String((error as Error).message ?? error) });
      }
    },
    /** Stops posting changes. */
    stop: unsubscribe,
  };
}
