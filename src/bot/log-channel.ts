import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from "discord.js";
import { ButtonStyle, ComponentType } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord, Origin, RoleFailure } from "../entries/model.ts";
import { type MessageKey, text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import type { LinkKeyView } from "../keys/service.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import type { Decision, Denial, RegistrationRequest } from "../registration/model.ts";
import type { NickType, Whitelist } from "../whitelists/model.ts";
import { fitLines } from "./commands/answer.ts";
import { discordTime } from "./expiry.ts";
import type { LogFile } from "./log-batches.ts";
import { plainName } from "./text.ts";

/** How each origin reads in the log channel (docs/decisions.md, Log channel), by its catalogue key. */
export const originLabels: Record<Origin, MessageKey> = {
  discord: "log.origin.discord",
  api: "log.origin.api",
  "member-left": "log.origin.memberLeft",
  staff: "log.origin.staff",
  system: "log.origin.system",
  "role-lost": "log.origin.roleLost",
  expired: "log.origin.expired",
  renamed: "log.origin.renamed",
};

/** An origin in words. */
const originOf = (words: Words, origin: Origin) => words.t(originLabels[origin] as "log.origin.discord");

/** Embed colours: additions green, removals red, staff actions blue, problems orange. */
export const colours = { added: 0x2ecc71, removed: 0xe74c3c, info: 0x3498db, warning: 0xe67e22 } as const;

/** A message for the log channel; `files`: a summary's full list when it is too long for an embed. */
export type LogMessage = {
  embeds: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: LogFile[];
};

const mention = (userId: string | null | undefined) => (userId ? `<@${userId}>` : "—");

/** The embed of an addition or removal on a whitelist of `nickType`. */
export function changeEmbed(words: Words, notice: ChangeNotice, nickType: NickType): APIEmbed {
  const { event, entry, actorId } = notice;
  const added = event.type === "entry.added";
  const by =
    event.origin === "api"
      ? words.t("log.byKey", { key: plainName(notice.keyName ?? notice.keyId ?? "?") })
      : mention(actorId);
  const where = { nick: event.entry.nick, whitelist: event.whitelistName };
  return {
    title: words.t(added ? "log.added.title" : "log.removed.title"),
    description: words.t(added ? "log.added" : "log.removed", where),
    color: added ? colours.added : colours.removed,
    fields: [
      { name: words.t("log.field.member"), value: mention(entry.userId), inline: true },
      { name: words.t("log.field.by"), value: event.origin === "member-left" ? "—" : by, inline: true },
      { name: words.t("log.field.origin"), value: originOf(words, event.origin), inline: true },
      {
        name: words.t("log.field.account"),
        value: words.render(nickTypeSpecs[nickType].account(entry)),
        inline: false,
      },
      ...(added
        ? [
            {
              name: words.t("log.field.verified"),
              value: words.t(entry.verified ? "log.verified.yes" : "log.verified.no"),
              inline: true,
            },
          ]
        : []),
      ...(added && entry.expiresAt !== null
        ? [{ name: words.t("log.field.expires"), value: discordTime(entry.expiresAt), inline: false }]
        : []),
      ...(notice.provenBy
        ? [
            {
              name: words.t("log.field.why"),
              value: words.t("log.provenBy", { member: mention(notice.provenBy) }),
              inline: false,
            },
          ]
        : []),
      ...(event.reason
        ? [{ name: words.t("log.field.reason"), value: plainName(event.reason), inline: false }]
        : []),
    ],
    footer: { text: words.t("log.event", { id: event.id }) },
    timestamp: event.timestamp,
  };
}

/**
 * The embed of a premium account's new name followed (origin `renamed`), from the addition half of the change:
 * staff read one line, "Notch is now Notch2", and the member keeps their roles.
 */
export function renameEmbed(
  words: Words,
  notice: ChangeNotice & { replaces: EntryRecord },
  nickType: NickType,
): APIEmbed {
  const { event, entry, replaces } = notice;
  return {
    title: words.t("log.renamed.title"),
    description: words.t("log.renamed", {
      old: replaces.nick,
      nick: event.entry.nick,
      whitelist: event.whitelistName,
    }),
    color: colours.info,
    fields: [
      { name: words.t("log.field.member"), value: mention(entry.userId), inline: true },
      { name: words.t("log.field.origin"), value: originOf(words, event.origin), inline: true },
      {
        name: words.t("log.field.account"),
        value: words.render(nickTypeSpecs[nickType].account(entry)),
        inline: false,
      },
    ],
    footer: { text: words.t("log.event", { id: event.id }) },
    timestamp: event.timestamp,
  };
}

/** The embed reporting roles that could not be changed, so Discord and the database never disagree silently. */
export function roleFailureEmbed(
  words: Words,
  action: "grant" | "revoke",
  userId: string,
  nick: string,
  failed: RoleFailure[],
): APIEmbed {
  return {
    title: words.t(action === "grant" ? "log.roles.grant.title" : "log.roles.revoke.title"),
    // Within Discord's 4,096 characters of a description, however many roles failed.
    description: fitLines(
      words,
      words.t("log.roles.for", { member: mention(userId), nick }),
      failed.map((f) => `• <@&${f.roleId}>: ${words.render(f.reason)}`),
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
export function approvalRequestMessage(
  words: Words,
  request: RegistrationRequest,
  whitelist: Whitelist,
): LogMessage {
  return {
    embeds: [
      {
        title: words.t("log.request.title"),
        description: words.t("log.request", {
          member: mention(request.userId),
          nick: request.nick,
          whitelist: whitelist.name,
        }),
        color: colours.info,
        fields: [
          {
            name: words.t("log.field.account"),
            value: words.render(nickTypeSpecs[whitelist.nickType].account(request)),
            inline: true,
          },
          { name: words.t("log.field.request"), value: `\`${request.id}\``, inline: true },
        ],
        footer: { text: words.t("log.request.footer") },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Success,
            label: words.t("log.request.approve"),
            custom_id: approvalCustomId("approve", request.id),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            label: words.t("log.request.reject"),
            custom_id: approvalCustomId("reject", request.id),
          },
        ],
      },
    ],
  };
}

/** The post of a request cancelled without a decision (`because`: why), its buttons gone. */
export function requestCancelledMessage(
  words: Words,
  request: RegistrationRequest,
  because: string,
): LogMessage {
  return {
    embeds: [
      {
        title: words.t("log.request.cancelled.title"),
        description: words.t("log.request.cancelled", {
          member: mention(request.userId),
          nick: request.nick,
          because,
        }),
        color: colours.info,
      },
    ],
    components: [],
  };
}

/** The embed that replaces a decided request's post (its buttons go with it). */
export function approvalDecisionEmbed(words: Words, decision: Decision, actorId: string): APIEmbed {
  const approved = decision.outcome === "approved";
  const { request, whitelist } = decision;
  return {
    title: words.t(approved ? "log.request.approved.title" : "log.request.rejected.title"),
    description: words.t("log.request.decided", {
      nick: request.nick,
      whitelist: whitelist.name,
      member: mention(request.userId),
    }),
    color: approved ? colours.added : colours.removed,
    fields: [
      {
        name: words.t(approved ? "log.field.approvedBy" : "log.field.rejectedBy"),
        value: mention(actorId),
        inline: true,
      },
    ],
  };
}

/** What a link may do, in words, wherever the bot describes a link: "read-only" or "reads and removes". */
export const accessOf = (words: Words, key: Pick<LinkKeyView, "mayRemove">): string =>
  words.t(key.mayRemove ? "log.access.remove" : "log.access.read");

/** The embed of a link key created or revoked: its name, id, scope and access, never the key. */
export function linkKeyEmbed(
  words: Words,
  action: "created" | "revoked",
  key: LinkKeyView,
  scope: string,
  actorId: string,
): APIEmbed {
  return {
    title: words.t(action === "created" ? "log.key.created.title" : "log.key.revoked.title"),
    description: words.t("log.key", { name: plainName(key.name), id: key.id, scope }),
    color: action === "created" ? colours.info : colours.removed,
    fields: [
      { name: words.t("log.field.access"), value: accessOf(words, key), inline: true },
      { name: words.t("log.field.by"), value: mention(actorId), inline: true },
    ],
  };
}

/** The embed of a link's webhook set or removed: the target's host only, since a URL path may carry a secret. */
export function webhookEmbed(
  words: Words,
  action: "set" | "cleared",
  key: LinkKeyView,
  host: string | null,
  actorId: string,
): APIEmbed {
  const link = { name: plainName(key.name), id: key.id };
  return {
    title: words.t(action === "set" ? "log.webhook.set.title" : "log.webhook.cleared.title"),
    description:
      action === "set"
        ? words.t("log.webhook.set", { ...link, host: host ?? "?" })
        : words.t("log.webhook.cleared", link),
    color: colours.info,
    fields: [{ name: words.t("log.field.by"), value: mention(actorId), inline: true }],
  };
}

/** The embed of a nick denied on a whitelist, or allowed again (its removal, if any, is posted on its own). */
export function denialEmbed(
  words: Words,
  action: "denied" | "allowed",
  denial: Denial,
  whitelist: Whitelist,
  actorId: string,
): APIEmbed {
  const denied = action === "denied";
  return {
    title: words.t(denied ? "log.denied.title" : "log.allowed.title"),
    description: words.t("log.denial", { nick: denial.nick, whitelist: whitelist.name }),
    color: denied ? colours.removed : colours.info,
    fields: [
      { name: words.t("log.field.by"), value: mention(actorId), inline: true },
      ...(denied
        ? [
            {
              name: words.t("log.field.reason"),
              value: denial.reason ? plainName(denial.reason) : "—",
              inline: true,
            },
            {
              name: words.t("log.field.account"),
              value: denial.uuid
                ? words.t("log.denial.uuid", { uuid: denial.uuid })
                : words.t("log.denial.byName"),
              inline: false,
            },
          ]
        : []),
    ],
  };
}

/**
 * The embed of a whitelist deleted with its nicks and keys: the one post of all its removals (they are not posted
 * one by one), listing the nicks when `nicks` gives them (see deletedNicks).
 */
export function whitelistDeletedEmbed(
  words: Words,
  whitelist: Whitelist,
  counts: { nicks: number; keys: number },
  actorId: string,
  nicks = "",
): APIEmbed {
  return {
    title: words.t("log.deleted.title"),
    description: fitLines(
      words,
      words.t("log.deleted", {
        whitelist: whitelist.name,
        id: whitelist.id,
        nicks: text("log.count.nicks", { count: counts.nicks }),
        keys: text("log.count.keys", { count: counts.keys }),
      }),
      nicks === "" ? [] : [nicks],
      4000,
    ),
    color: colours.removed,
    fields: [{ name: words.t("log.field.by"), value: mention(actorId), inline: true }],
  };
}

/** The embed of an import: one for all its additions (they are not posted one by one). */
export function importEmbed(
  words: Words,
  input: {
    whitelist: Whitelist;
    ownerId: string;
    actorId: string;
    fileName: string;
    added: number;
    lines: number;
  },
): APIEmbed {
  return {
    title: words.t("log.imported.title"),
    description: words.t("log.imported", {
      added: text("log.count.nicks", { count: input.added }),
      file: plainName(input.fileName),
      lines: text("log.count.names", { count: input.lines }),
      whitelist: input.whitelist.name,
      member: mention(input.ownerId),
    }),
    color: colours.added,
    fields: [
      { name: words.t("log.field.by"), value: mention(input.actorId), inline: true },
      { name: words.t("log.field.origin"), value: originOf(words, "staff"), inline: true },
    ],
  };
}

/** The embed of a nick handed over to another member (no event: the public entry is unchanged). */
export function transferEmbed(
  words: Words,
  input: {
    whitelist: Whitelist;
    nick: string;
    from: string;
    to: string;
    actorId: string;
  },
): APIEmbed {
  return {
    title: words.t("log.transfer.title"),
    description: words.t("log.transfer", {
      nick: input.nick,
      whitelist: input.whitelist.name,
      from: mention(input.from),
      to: mention(input.to),
    }),
    color: colours.info,
    fields: [{ name: words.t("log.field.by"), value: mention(input.actorId), inline: true }],
  };
}

/** Up to this many nicks a summary lists in its embed; more go in a file attached to it. */
export const SUMMARY_LINES = 20;

/** A summary's list: in the embed when short, else in a file (`name`) with one line per nick. */
function listed(words: Words, lines: string[], name: string): { text: string; file?: LogFile } {
  if (lines.length <= SUMMARY_LINES) return { text: lines.join("\n") };
  return {
    text: `${lines.slice(0, SUMMARY_LINES).join("\n")}\n${words.t("log.list.more", { count: lines.length - SUMMARY_LINES })}`,
    file: { name, data: `${lines.map((line) => line.replaceAll("**", "").replace(/^• /, "")).join("\n")}\n` },
  };
}

/**
 * The one post of a member's nicks removed together as they left (origin `member-left`) or lost a required role
 * (`role-lost`): one embed, whatever their number, with the list in a file when it is long.
 */
export function departureSummary(
  words: Words,
  notices: readonly ChangeNotice[],
): { embed: APIEmbed; file?: LogFile } {
  const [first] = notices;
  const last = notices[notices.length - 1];
  if (!first || !last) throw new TypeError("a summary of no change");
  const left = first.event.origin === "member-left";
  const { text: list, file } = listed(
    words,
    notices.map((notice) =>
      words.t("log.list.item", { nick: notice.event.entry.nick, whitelist: notice.event.whitelistName }),
    ),
    words.t("log.file.departed", { member: first.entry.userId }),
  );
  return {
    embed: {
      title: words.t(left ? "log.left.title" : "log.roleLost.title"),
      description: fitLines(
        words,
        words.t(left ? "log.left" : "log.roleLost", {
          member: mention(first.entry.userId),
          count: notices.length,
        }),
        [list],
        4000,
      ),
      color: colours.removed,
      fields: [
        { name: words.t("log.field.member"), value: mention(first.entry.userId), inline: true },
        { name: words.t("log.field.origin"), value: originOf(words, first.event.origin), inline: true },
        { name: words.t("log.field.nicks"), value: words.number(notices.length), inline: true },
      ],
      footer: { text: words.t("log.events", { first: first.event.id, last: last.event.id }) },
      timestamp: last.event.timestamp,
    },
    ...(file ? { file } : {}),
  };
}

/** The nicks of a deleted whitelist, for its summary: in the embed when few, else in a file. */
export function deletedNicks(
  words: Words,
  whitelist: Whitelist,
  removed: readonly EntryRecord[],
): { text: string; file?: LogFile } {
  return listed(
    words,
    removed.map((entry) => words.t("log.list.deleted", { nick: entry.nick, member: mention(entry.userId) })),
    words.t("log.file.deleted", { whitelist: whitelist.name }),
  );
}
