import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from "discord.js";
import { ButtonStyle, ComponentType } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord, Origin, RoleFailure } from "../entries/model.ts";
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

/** A message for the log channel; `files`: a summary's full list when it is too long for an embed. */
export type LogMessage = {
  embeds: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: LogFile[];
};

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
    description: `**${plainName(event.entry.nick)}** ${added ? "added to" : "removed from"} **${plainName(event.whitelistName)}**`,
    color: added ? colours.added : colours.removed,
    fields: [
      // A guest is no member's: the staff member who added them stands beside the note saying who they are.
      entry.guest
        ? {
            name: "Guest",
            value: `of ${mention(entry.userId)}: ${plainName(entry.note ?? "")}`,
            inline: true,
          }
        : { name: "Member", value: mention(entry.userId), inline: true },
      { name: "By", value: event.origin === "member-left" ? "—" : by, inline: true },
      { name: "Origin", value: originLabels[event.origin], inline: true },
      { name: "Account", value: plainName(nickTypeSpecs[nickType].account(entry)), inline: false },
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
    description: `**${plainName(replaces.nick)}** is now **${plainName(event.entry.nick)}** on **${plainName(event.whitelistName)}**`,
    color: colours.info,
    fields: [
      { name: "Member", value: mention(entry.userId), inline: true },
      { name: "Origin", value: originLabels[event.origin], inline: true },
      { name: "Account", value: plainName(nickTypeSpecs[nickType].account(entry)), inline: false },
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
      `For ${mention(userId)} (**${plainName(nick)}**):`,
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

/**
 * The log post of an approval request: who asks for which nick, their answers to the whitelist's form (each cut
 * visibly to fit Discord's embed limits: `/whitelist member` shows them whole), with Approve and Reject buttons.
 * The decision replaces it with an embed without the answers: they stay with the member's look-up only as long as
 * the guild keeps them (docs/decisions.md, Application forms).
 */
export function approvalRequestMessage(
  request: RegistrationRequest,
  whitelist: Whitelist,
  answers: readonly FormAnswer[] = [],
): LogMessage {
  const embed = {
    title: "Registration request",
    description: `${mention(request.userId)} asks for **${plainName(request.nick)}** on **${plainName(whitelist.name)}**`,
    color: colours.info,
    fields: [
      { name: "Account", value: plainName(nickTypeSpecs[whitelist.nickType].account(request)), inline: true },
      { name: "Request", value: `\`${request.id}\``, inline: true },
    ],
    footer: { text: "Staff of this whitelist: approve or reject below." },
  };
  const cutNote = " Long answers are cut here: /whitelist member shows them whole.";
  const answered = answerFields(answers, EMBEDS_TOTAL_LIMIT - embedLength(embed) - cutNote.length);
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
        description: `The request of ${mention(request.userId)} for **${plainName(request.nick)}** is cancelled: ${because}.`,
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
    description: `**${plainName(request.nick)}** on **${plainName(whitelist.name)}** for ${mention(request.userId)}`,
    color: approved ? colours.added : colours.removed,
    fields: [{ name: approved ? "Approved by" : "Rejected by", value: mention(actorId), inline: true }],
  };
}

/** What a link may do, in words, wherever the bot describes a link: "read-only" or "reads and removes". */
export const accessOf = (key: Pick<LinkKeyView, "mayRemove">): string =>
  key.mayRemove ? "reads and removes" : "read-only";

/** The embed of a link key created or revoked: its name, id, scope and access, never the key. */
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
    fields: [
      { name: "Access", value: accessOf(key), inline: true },
      { name: "By", value: mention(actorId), inline: true },
    ],
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
    description: `**${plainName(denial.nick)}** on **${plainName(whitelist.name)}**`,
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

/**
 * The embed of a whitelist deleted with its nicks and keys: the one post of all its removals (they are not posted
 * one by one), listing the nicks when `nicks` gives them (see deletedNicks).
 */
export function whitelistDeletedEmbed(
  whitelist: Whitelist,
  counts: { nicks: number; keys: number },
  actorId: string,
  nicks = "",
): APIEmbed {
  return {
    title: "Whitelist deleted",
    description: fitLines(
      `**${plainName(whitelist.name)}** (\`${whitelist.id}\`) is gone: ${counts.nicks} nick(s) removed, ` +
        `${counts.keys} link key(s) revoked.`,
      nicks === "" ? [] : [nicks],
      4000,
    ),
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
      `**${plainName(input.whitelist.name)}**, owned by ${mention(input.ownerId)}`,
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
  /** The nick was a guest `from` had added: now a member's. */
  wasGuest?: boolean;
}): APIEmbed {
  const from = input.wasGuest ? `a guest of ${mention(input.from)}` : mention(input.from);
  return {
    title: "Nick handed over",
    description: `**${plainName(input.nick)}** on **${plainName(input.whitelist.name)}**: ${from} → ${mention(input.to)}`,
    color: colours.info,
    fields: [{ name: "By", value: mention(input.actorId), inline: true }],
  };
}

/**
 * The post of a Discord ban reaching the whitelists (docs/decisions.md, Bans): the nicks denied per whitelist, those
 * denied already, and how many entries went (each removal is posted on its own, origin whitelist-sync).
 */
export function banEmbed(outcome: BanOutcome): APIEmbed {
  const lines = outcome.whitelists.flatMap(({ whitelist, denied, kept }) => [
    ...(denied.length > 0
      ? [`• **${whitelist.name}**: ${denied.map((denial) => `**${denial.nick}**`).join(", ")}`]
      : []),
    ...(kept.length > 0
      ? [`• **${whitelist.name}**, denied already: ${kept.map((denial) => `**${denial.nick}**`).join(", ")}`]
      : []),
  ]);
  const removed = outcome.whitelists.reduce((sum, one) => sum + one.removed.length, 0);
  return {
    title: "Member banned: nicks denied",
    description: fitLines(
      `${mention(outcome.userId)} was banned on Discord. Their nicks are denied ("${BANNED_REASON}") until ` +
        `they are unbanned${removed > 0 ? `; ${removed} nick(s) removed from the whitelists` : ""}.`,
      lines.length > 0 ? lines : ["They held no nick."],
      4000,
    ),
    color: colours.removed,
    fields: [{ name: "Origin", value: originLabels.system, inline: true }],
  };
}

/** The post of an unban lifting the denials its ban had made (staff's own stay). */
export function unbanEmbed(outcome: UnbanOutcome): APIEmbed {
  const byWhitelist = new Map<string, string[]>();
  for (const { denial, whitelist } of outcome.lifted) {
    byWhitelist.set(whitelist.name, [...(byWhitelist.get(whitelist.name) ?? []), `**${denial.nick}**`]);
  }
  return {
    title: "Member unbanned: denials lifted",
    description: fitLines(
      `${mention(outcome.userId)} was unbanned on Discord. What their ban denied may be registered again ` +
        "(nothing is added back; denials staff made stay):",
      [...byWhitelist].map(([name, nicks]) => `• **${name}**: ${nicks.join(", ")}`),
      4000,
    ),
    color: colours.info,
    fields: [{ name: "Origin", value: originLabels.system, inline: true }],
  };
}

/** Up to this many nicks a summary lists in its embed; more go in a file attached to it. */
export const SUMMARY_LINES = 20;

/** One nick of a summary: its line in the embed (markdown), and in the attached file (the plain text itself). */
type Listed = { markdown: string; plain: string };

/** A summary's list: in the embed when short, else in a file (`name`) with one line per nick. */
function listed(lines: Listed[], name: string): { text: string; file?: LogFile } {
  const shown = lines.map((line) => line.markdown);
  if (lines.length <= SUMMARY_LINES) return { text: shown.join("\n") };
  return {
    text: `${shown.slice(0, SUMMARY_LINES).join("\n")}\n… and ${lines.length - SUMMARY_LINES} more: the full list is attached.`,
    file: { name, data: `${lines.map((line) => line.plain).join("\n")}\n` },
  };
}

/**
 * The one post of a member's nicks removed together as they left (origin `member-left`) or lost a required role
 * (`role-lost`): one embed, whatever their number, with the list in a file when it is long.
 */
export function departureSummary(notices: readonly ChangeNotice[]): { embed: APIEmbed; file?: LogFile } {
  const [first] = notices;
  const last = notices[notices.length - 1];
  if (!first || !last) throw new TypeError("a summary of no change");
  const left = first.event.origin === "member-left";
  const { text, file } = listed(
    notices.map(({ event }) => ({
      markdown: `• **${plainName(event.entry.nick)}** from **${plainName(event.whitelistName)}**`,
      plain: `${event.entry.nick} from ${event.whitelistName}`,
    })),
    `nicks-removed-${first.entry.userId}.txt`,
  );
  return {
    embed: {
      title: left ? "Member left" : "Required role lost",
      description: fitLines(
        `${mention(first.entry.userId)} ${left ? "left the server" : "no longer holds a role their whitelists require"}: ` +
          `${notices.length} nick(s) removed.`,
        [text],
        4000,
      ),
      color: colours.removed,
      fields: [
        { name: "Member", value: mention(first.entry.userId), inline: true },
        { name: "Origin", value: originLabels[first.event.origin], inline: true },
        { name: "Nicks", value: String(notices.length), inline: true },
      ],
      footer: { text: `events ${first.event.id}–${last.event.id}` },
      timestamp: last.event.timestamp,
    },
    ...(file ? { file } : {}),
  };
}

/** The nicks of a deleted whitelist, for its summary: in the embed when few, else in a file. */
export function deletedNicks(
  whitelist: Whitelist,
  removed: readonly EntryRecord[],
): { text: string; file?: LogFile } {
  return listed(
    removed.map((entry) => ({
      markdown: `• **${plainName(entry.nick)}** (${mention(entry.userId)})`,
      plain: `${entry.nick} (${mention(entry.userId)})`,
    })),
    `${whitelist.name}-removed.txt`,
  );
}
