import type { APIEmbed } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { Words } from "../i18n/words.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import type { NickType, Whitelist } from "../whitelists/model.ts";
import { discordTime } from "./expiry.ts";
import type { LogFile } from "./log-batches.ts";
import { colours, mention, originOf } from "./log-channel.ts";
import { fitLines, plainName } from "./text.ts";

// What the log channel's feed posts for committed changes (src/bot/log-poster.ts): one embed per addition or
// removal, a rename, and the summaries of many nicks at once (a member leaving, a deleted whitelist's list).

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
