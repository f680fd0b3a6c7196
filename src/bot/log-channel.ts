import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from "discord.js";
import { ButtonStyle, ComponentType } from "discord.js";
import type { Origin, RoleFailure } from "../entries/model.ts";
import { type MessageKey, text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import type { LinkKeyView } from "../keys/service.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import type { BanOutcome, UnbanOutcome } from "../registration/bans.ts";
import { BANNED_REASON } from "../registration/deny.ts";
import type { Decision, Denial, RegistrationRequest } from "../registration/model.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { answerFields, EMBEDS_TOTAL_LIMIT, embedLength } from "./forms.ts";
import type { LogFile } from "./log-batches.ts";
import { fitLines, plainName } from "./text.ts";

// What the bot posts in a guild's log channel besides the feed of changes (src/bot/log-changes.ts): registration
// requests and their decisions, staff actions (link keys, webhooks, denials, deletions, imports, hand-overs, bans),
// roles that could not be changed, and what both kinds of post share (colours, origins, how a member is named).

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

/** An origin in words, as the log channel shows it. */
export const originOf = (words: Words, origin: Origin) =>
  words.t(originLabels[origin] as "log.origin.discord");

/** Embed colours: additions green, removals red, staff actions blue, problems orange. */
export const colours = { added: 0x2ecc71, removed: 0xe74c3c, info: 0x3498db, warning: 0xe67e22 } as const;

/** A message for the log channel; `files`: a summary's full list when it is too long for an embed. */
export type LogMessage = {
  embeds: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: LogFile[];
};

/** A member as the log channel names them: a mention, or a dash when there is none. */
export const mention = (userId: string | null | undefined) => (userId ? `<@${userId}>` : "—");

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
      ...(request.decisionReason
        ? [{ name: words.t("log.field.reason"), value: plainName(request.decisionReason), inline: false }]
        : []),
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
