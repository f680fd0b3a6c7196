import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed, REST } from "discord.js";
import { ButtonStyle, ComponentType, Routes } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord, Origin, RoleFailure } from "../entries/model.ts";
import type { LinkKeyView } from "../keys/service.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import type { Decision, Denial, RegistrationRequest } from "../registration/model.ts";
import type { Logger } from "../shared/logger.ts";
import type { NickType, Whitelist } from "../whitelists/model.ts";
import { fitLines } from "./commands/answer.ts";
import type { BotServices } from "./context.ts";
import { discordTime } from "./expiry.ts";
import { plainName } from "./text.ts";

/** How each origin reads in the log channel (docs/decisions.md, Log channel). */
export const originLabels: Record<Origin, string> = {
  discord: "Discord",
  api: "API/plugin",
  "member-left": "member left",
  staff: "staff",
  system: "whitelist-sync",
  "role-lost": "role lost",
  expired: "expired",
  renamed: "renamed (Mojang)",
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

/** The embed of an addition or removal on a whitelist of `nickType`. */
export function changeEmbed(notice: ChangeNotice, nickType: NickType): APIEmbed {
  const { event, entry, actorId } = notice;
  const added = event.type === "entry.added";
  const by =
    event.origin === "api"
      ? `link key “${plainName(notice.keyName ?? notice.keyId ?? "?")}”`
      : mention(actorId);
  return {
    title: added ? "Nick added" : "Nick removed",
    description: `**${event.entry.nick}** ${added ? "added to" : "removed from"} **${event.whitelistName}**`,
    color: added ? colours.added : colours.removed,
    fields: [
      { name: "Member", value: mention(entry.userId), inline: true },
      { name: "By", value: event.origin === "member-left" ? "—" : by, inline: true },
      { name: "Origin", value: originLabels[event.origin], inline: true },
      { name: "Account", value: nickTypeSpecs[nickType].account(entry), inline: false },
      ...(added
        ? [
            {
              name: "Verified",
              value: entry.verified
                ? "yes: proven by the member"
                : entry.proofDueAt !== null
                  ? `not yet: awaiting proof at first join, until ${discordTime(entry.proofDueAt)}`
                  : "no",
              inline: true,
            },
          ]
        : []),
      ...(added && entry.expiresAt !== null
        ? [{ name: "Expires", value: discordTime(entry.expiresAt), inline: false }]
        : []),
      ...(notice.provenBy
        ? [
            {
              name: "Why",
              value: `${mention(notice.provenBy)} proved they own this account (one owner per account per server).`,
              inline: false,
            },
          ]
        : []),
      ...(event.reason ? [{ name: "Reason", value: plainName(event.reason), inline: false }] : []),
    ],
    footer: { text: `event ${event.id}` },
    timestamp: event.timestamp,
  };
}

/**
 * The embed of a premium account's new name followed (origin `renamed`), from the addition half of the change:
 * staff read one line, "Notch is now Notch2", and the member keeps their roles.
 */
export function renameEmbed(notice: ChangeNotice & { replaces: EntryRecord }, nickType: NickType): APIEmbed {
  const { event, entry, replaces } = notice;
  return {
    title: "Nick renamed",
    description: `**${replaces.nick}** is now **${event.entry.nick}** on **${event.whitelistName}**`,
    color: colours.info,
    fields: [
      { name: "Member", value: mention(entry.userId), inline: true },
      { name: "Origin", value: originLabels[event.origin], inline: true },
      { name: "Account", value: nickTypeSpecs[nickType].account(entry), inline: false },
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
    // Within Discord's 4,096 characters of a description, however many roles failed.
    description: fitLines(
      `For ${mention(userId)} (**${nick}**):`,
      failed.map((f) => `• <@&${f.roleId}>: ${f.reason}`),
      4000,
    ),
    color: colours.warning,
  };
}

/** The custom-id prefix of the approval buttons (`approval:approve:<requestId>`, `approval:reject:<requestId>`). */
export const APPROVAL_PREFIX = "approval";

/** The custom id of an approval button. */
export function approvalCustomId(action: "approve" | "reject", requestId: string): string {
  return `${APPROVAL_PREFIX}:${action}:${requestId}`;
}

/** The log post of an approval request: who asks for which nick, with Approve and Reject buttons. */
export function approvalRequestMessage(request: RegistrationRequest, whitelist: Whitelist): LogMessage {
  return {
    embeds: [
      {
        title: "Registration request",
        description: `${mention(request.userId)} asks for **${request.nick}** on **${whitelist.name}**`,
        color: colours.info,
        fields: [
          { name: "Account", value: nickTypeSpecs[whitelist.nickType].account(request), inline: true },
          { name: "Request", value: `\`${request.id}\``, inline: true },
        ],
        footer: { text: "Staff of this whitelist: approve or reject below." },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Success,
            label: "Approve",
            custom_id: approvalCustomId("approve", request.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: "Reject",
            custom_id: approvalCustomId("reject", request.id),
          },
        ],
      },
    ],
  };
}

/** The post of a request cancelled without a decision (`because`: why), its buttons gone. */
export function requestCancelledMessage(request: RegistrationRequest, because: string): LogMessage {
  return {
    embeds: [
      {
        title: "Request cancelled",
        description: `The request of ${mention(request.userId)} for **${request.nick}** is cancelled: ${because}.`,
        color: colours.info,
      },
    ],
    components: [],
  };
}

/** The embed that replaces a decided request's post (its buttons go with it). */
export function approvalDecisionEmbed(decision: Decision, actorId: string): APIEmbed {
  const approved = decision.outcome === "approved";
  const { request, whitelist } = decision;
  return {
    title: approved ? "Request approved" : "Request rejected",
    description: `**${request.nick}** on **${whitelist.name}** for ${mention(request.userId)}`,
    color: approved ? colours.added : colours.removed,
    fields: [{ name: approved ? "Approved by" : "Rejected by", value: mention(actorId), inline: true }],
  };
}

/** The embed of a link key created or revoked: its name, id and scope, never the key. */
export function linkKeyEmbed(
  action: "created" | "revoked",
  key: LinkKeyView,
  scope: string,
  actorId: string,
): APIEmbed {
  return {
    title: action === "created" ? "Link key created" : "Link key revoked",
    description: `**${plainName(key.name)}** (\`${key.id}\`) for ${scope}`,
    color: action === "created" ? colours.info : colours.removed,
    fields: [{ name: "By", value: mention(actorId), inline: true }],
  };
}

/** The embed of a link's webhook set or removed: the target's host only, since a URL path may carry a secret. */
export function webhookEmbed(
  action: "set" | "cleared",
  key: LinkKeyView,
  host: string | null,
  actorId: string,
): APIEmbed {
  return {
    title: action === "set" ? "Webhook set" : "Webhook removed",
    description:
      action === "set"
        ? `Link **${plainName(key.name)}** (\`${key.id}\`) now posts its events to **${host}**`
        : `Link **${plainName(key.name)}** (\`${key.id}\`) no longer posts events`,
    color: colours.info,
    fields: [{ name: "By", value: mention(actorId), inline: true }],
  };
}

/** The embed of a nick denied on a whitelist, or allowed again (its removal, if any, is posted on its own). */
export function denialEmbed(
  action: "denied" | "allowed",
  denial: Denial,
  whitelist: Whitelist,
  actorId: string,
): APIEmbed {
  const denied = action === "denied";
  return {
    title: denied ? "Nick denied" : "Nick allowed again",
    description: `**${denial.nick}** on **${whitelist.name}**`,
    color: denied ? colours.removed : colours.info,
    fields: [
      { name: "By", value: mention(actorId), inline: true },
      ...(denied
        ? [
            { name: "Reason", value: denial.reason ? plainName(denial.reason) : "—", inline: true },
            { name: "Account", value: denial.uuid ? `UUID ${denial.uuid}` : "by name only", inline: false },
          ]
        : []),
    ],
  };
}

/** The embed of a whitelist deleted with its nicks and keys. */
export function whitelistDeletedEmbed(
  whitelist: Whitelist,
  counts: { nicks: number; keys: number },
  actorId: string,
): APIEmbed {
  return {
    title: "Whitelist deleted",
    description:
      `**${whitelist.name}** (\`${whitelist.id}\`) is gone: ${counts.nicks} nick(s) removed, ` +
      `${counts.keys} link key(s) revoked.`,
    color: colours.removed,
    fields: [{ name: "By", value: mention(actorId), inline: true }],
  };
}

/** The embed of an import: one for all its additions (they are not posted one by one). */
export function importEmbed(input: {
  whitelist: Whitelist;
  ownerId: string;
  actorId: string;
  fileName: string;
  added: number;
  lines: number;
}): APIEmbed {
  return {
    title: "Nicks imported",
    description:
      `${input.added} nick(s) from **${plainName(input.fileName)}** (${input.lines} name(s)) added to ` +
      `**${input.whitelist.name}**, owned by ${mention(input.ownerId)}`,
    color: colours.added,
    fields: [
      { name: "By", value: mention(input.actorId), inline: true },
      { name: "Origin", value: originLabels.staff, inline: true },
    ],
  };
}

/** The embed of a nick handed over to another member (no event: the public entry is unchanged). */
export function transferEmbed(input: {
  whitelist: Whitelist;
  nick: string;
  from: string;
  to: string;
  actorId: string;
}): APIEmbed {
  return {
    title: "Nick handed over",
    description: `**${input.nick}** on **${input.whitelist.name}**: ${mention(input.from)} → ${mention(input.to)}`,
    color: colours.info,
    fields: [{ name: "By", value: mention(input.actorId), inline: true }],
  };
}

/** Creates the log channel poster and subscribes it to committed changes. */
export function createLogChannel({
  rest,
  services,
  logger,
}: {
  rest: REST;
  services: BotServices;
  logger: Logger;
}) {
  const post = async (guildId: string, message: LogMessage): Promise<string | null> => {
    const channelId = (await services.guilds.get(guildId))?.logChannelId;
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

  /**
   * The nick type of the whitelist an entry is on, for its account. A whitelist deleted with its entries is gone
   * when their removals are posted: a gamertag then says Bedrock, and anything else reads as Java, which words
   * premium and other nicks alike (an offline nick reads "not premium" rather than "not looked up").
   */
  const nickTypeOf = async (entry: EntryRecord): Promise<NickType> =>
    (await services.whitelists.get(entry.whitelistId))?.nickType ??
    (entry.gamertag === null ? "java" : "bedrock");

  /**
   * Every change, whatever its origin; roles that could not be granted for an addition right after it. Entries
   * changed in place (Bedrock nicks respelled when the Floodgate settings change, or given their UUID) are not
   * posted one by one: the manager who changed the settings is told how many, and the events carry each. A
   * premium account renamed at Mojang is posted once, as a rename, since nobody on Discord asked for it. Nor are
   * the additions of an import (`bulk`): the import posts one summary.
   */
  const logChange = async (notice: ChangeNotice) => {
    const { event, entry, grantFailures } = notice;
    const renamed = event.origin === "renamed" ? notice.replaces : undefined;
    if (!renamed && (notice.replaces || notice.replacedBy || notice.bulk)) return;
    const nickType = await nickTypeOf(entry);
    if (renamed) {
      await post(event.guildId, { embeds: [renameEmbed({ ...notice, replaces: renamed }, nickType)] });
      return;
    }
    await post(event.guildId, { embeds: [changeEmbed(notice, nickType)] });
    if (grantFailures?.length) {
      await post(event.guildId, {
        embeds: [roleFailureEmbed("grant", entry.userId, entry.nick, [...grantFailures])],
      });
    }
  };
  // The outbox of replicas records the post as done once it is (src/cluster/outbox.ts): return its promise.
  const stopChanges = services.outbox.subscribe(logChange, "log");
  const stopReverts = services.reverter.onFailure(async ({ notice, failed }) => {
    await post(notice.event.guildId, {
      embeds: [roleFailureEmbed("revoke", notice.entry.userId, notice.entry.nick, failed)],
    });
  });

  return {
    /** Posts a message; resolves with its id, or null when the guild has no log channel or Discord refused. */
    post,
    /** Edits an earlier post (e.g. an approval request once decided). */
    async edit(guildId: string, messageId: string, message: LogMessage): Promise<void> {
      const channelId = (await services.guilds.get(guildId))?.logChannelId;
      if (!channelId) return;
      try {
        await rest.patch(Routes.channelMessage(channelId, messageId), { body: message });
      } catch (error) {
        logger.warn("log channel edit failed", { guildId, error: String((error as Error).message ?? error) });
      }
    },
    /** Stops posting changes. */
    stop() {
      stopChanges();
      stopReverts();
    },
  };
}
