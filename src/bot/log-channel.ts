import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from "discord.js";
import { ButtonStyle, ComponentType } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord, Origin, RoleFailure } from "../entries/model.ts";
import { type MessageKey, text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import type { LinkKeyView } from "../keys/service.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import type { BanOutcome, UnbanOutcome } from "../registration/bans.ts";
import { BANNED_REASON } from "../registration/deny.ts";
import type { Decision, Denial, RegistrationRequest } from "../registration/model.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { NickType, Whitelist } from "../whitelists/model.ts";
import { fitLines } from "./commands/answer.ts";
import { discordTime } from "./expiry.ts";
import { answerFields, EMBEDS_TOTAL_LIMIT, embedLength } from "./forms.ts";
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
  roles: "log.origin.roles",
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
  const where = { nick: plainName(event.entry.nick), whitelist: plainName(event.whitelistName) };
  return {
    title: words.t(added ? "log.added.title" : "log.removed.title"),
    description: words.t(added ? "log.added" : "log.removed", where),
    color: added ? colours.added : colours.removed,
    fields: [
      // A guest is no member's: the staff member who added them stands beside the note saying who they are.
      entry.guest
        ? {
            name: words.t("log.field.guest"),
            value: words.t("log.guestOf", {
              member: mention(entry.userId),
              note: plainName(entry.note ?? ""),
            }),
            inline: true,
          }
        : { name: words.t("log.field.member"), value: mention(entry.userId), inline: true },
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
              value: entry.verified
                ? words.t("log.verified.yes")
                : entry.proofDueAt !== null
                  ? words.t("log.verified.awaiting", { until: discordTime(entry.proofDueAt) })
                  : words.t("log.verified.no"),
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
      old: plainName(replaces.nick),
      nick: plainName(event.entry.nick),
      whitelist: plainName(event.whitelistName),
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
      words.t("log.roles.for", { member: mention(userId), nick: plainName(nick) }),
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

/**
 * The log post of an approval request: who asks for which nick, their answers to the whitelist's form (each cut
 * visibly to fit Discord's embed limits: `/whitelist member` shows them whole), with Approve and Reject buttons.
 * The decision replaces it with an embed without the answers: they stay with the member's look-up only as long as
 * the guild keeps them (docs/decisions.md, Application forms).
 */
export function approvalRequestMessage(
  words: Words,
  request: RegistrationRequest,
  whitelist: Whitelist,
  answers: readonly FormAnswer[] = [],
): LogMessage {
  const embed = {
    title: words.t("log.request.title"),
    description: words.t("log.request", {
      member: mention(request.userId),
      nick: plainName(request.nick),
      whitelist: plainName(whitelist.name),
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
  };
  const cutNote = ` ${words.t("log.request.cut")}`;
  const answered = answerFields(words, answers, EMBEDS_TOTAL_LIMIT - embedLength(embed) - cutNote.length);
  return {
    embeds: [
      {
        ...embed,
        fields: [...embed.fields, ...answered.fields],
        footer: { text: embed.footer.text + (answered.cut ? cutNote : "") },
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
          nick: plainName(request.nick),
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
      nick: plainName(request.nick),
      whitelist: plainName(whitelist.name),
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
    description: words.t("log.denial", {
      nick: plainName(denial.nick),
      whitelist: plainName(whitelist.name),
    }),
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
        whitelist: plainName(whitelist.name),
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
      whitelist: plainName(input.whitelist.name),
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
    /** The nick was a guest `from` had added: now a member's. */
    wasGuest?: boolean;
  },
): APIEmbed {
  return {
    title: words.t("log.transfer.title"),
    description: words.t("log.transfer", {
      nick: plainName(input.nick),
      whitelist: plainName(input.whitelist.name),
      from: input.wasGuest
        ? text("log.transfer.guestOf", { member: mention(input.from) })
        : mention(input.from),
      to: mention(input.to),
    }),
    color: colours.info,
    fields: [{ name: words.t("log.field.by"), value: mention(input.actorId), inline: true }],
  };
}

/**
 * The post of a Discord ban reaching the whitelists (docs/decisions.md, Bans): the nicks denied per whitelist, those
 * denied already, and how many entries went (each removal is posted on its own, origin whitelist-sync).
 */
export function banEmbed(words: Words, outcome: BanOutcome): APIEmbed {
  const nicks = (denials: readonly { nick: string }[]) =>
    denials.map((denial) => `**${plainName(denial.nick)}**`);
  const lines = outcome.whitelists.flatMap(({ whitelist, denied, kept }) => [
    ...(denied.length > 0
      ? [words.t("log.ban.denied", { whitelist: plainName(whitelist.name), nicks: nicks(denied).join(", ") })]
      : []),
    ...(kept.length > 0
      ? [words.t("log.ban.kept", { whitelist: plainName(whitelist.name), nicks: nicks(kept).join(", ") })]
      : []),
  ]);
  const removed = outcome.whitelists.reduce((sum, one) => sum + one.removed.length, 0);
  return {
    title: words.t("log.ban.title"),
    description: fitLines(
      words,
      words.t(removed > 0 ? "log.ban.removed" : "log.ban", {
        member: mention(outcome.userId),
        reason: BANNED_REASON,
        nicks: text("log.count.nicks", { count: removed }),
      }),
      lines.length > 0 ? lines : [words.t("log.ban.none")],
      4000,
    ),
    color: colours.removed,
    fields: [{ name: words.t("log.field.origin"), value: originOf(words, "system"), inline: true }],
  };
}

/** The post of an unban lifting the denials its ban had made (staff's own stay). */
export function unbanEmbed(words: Words, outcome: UnbanOutcome): APIEmbed {
  const byWhitelist = new Map<string, string[]>();
  for (const { denial, whitelist } of outcome.lifted) {
    const nick = `**${plainName(denial.nick)}**`;
    byWhitelist.set(whitelist.name, [...(byWhitelist.get(whitelist.name) ?? []), nick]);
  }
  return {
    title: words.t("log.unban.title"),
    description: fitLines(
      words,
      words.t("log.unban", { member: mention(outcome.userId) }),
      [...byWhitelist].map(([name, nicks]) =>
        words.t("log.unban.lifted", { whitelist: plainName(name), nicks: nicks.join(", ") }),
      ),
      4000,
    ),
    color: colours.info,
    fields: [{ name: words.t("log.field.origin"), value: originOf(words, "system"), inline: true }],
  };
}

/** Up to this many nicks a summary lists in its embed; more go in a file attached to it. */
export const SUMMARY_LINES = 20;

/** One nick of a summary: its line in the embed (markdown), and in the attached file (the plain text itself). */
type Listed = { markdown: string; plain: string };

/** A summary's list: in the embed when short, else in a file (`name`) with one line per nick. */
function listed(words: Words, lines: Listed[], name: string): { text: string; file?: LogFile } {
  const shown = lines.map((line) => line.markdown);
  if (lines.length <= SUMMARY_LINES) return { text: shown.join("\n") };
  return {
    text: `${shown.slice(0, SUMMARY_LINES).join("\n")}\n${words.t("log.list.more", { count: lines.length - SUMMARY_LINES })}`,
    file: { name, data: `${lines.map((line) => line.plain).join("\n")}\n` },
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
    notices.map(({ event }) => {
      const nick = event.entry.nick;
      const whitelist = event.whitelistName;
      return {
        markdown: words.t("log.list.item", { nick: plainName(nick), whitelist: plainName(whitelist) }),
        plain: words.t("log.file.item", { nick, whitelist }),
      };
    }),
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
    removed.map((entry) => ({
      markdown: words.t("log.list.deleted", { nick: plainName(entry.nick), member: mention(entry.userId) }),
      plain: words.t("log.file.deletedItem", { nick: entry.nick, member: mention(entry.userId) }),
    })),
    words.t("log.file.deleted", { whitelist: whitelist.name }),
  );
}
