import type { APIEmbed } from "discord.js";
import { BY_MEMBER, type EntryRecord } from "../../../entries/model.ts";
import type { Words } from "../../../i18n/words.ts";
import { nickTypeSpecs } from "../../../nicks/types.ts";
import type { Denial } from "../../../registration/model.ts";
import type { Whitelist } from "../../../whitelists/model.ts";
import { colours } from "../../log-channel.ts";
import { plainName } from "../../text.ts";

// How `/whitelist whois` and `/whitelist member` show entries and denials (docs/decisions.md, Look-ups), in the
// words of whoever asked.

/** A moment as Discord renders it in each reader's time zone: the date and time, and how long ago or ahead. */
export function moment(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `<t:${seconds}:f> (<t:${seconds}:R>)`;
}

/** How an entry came to be: the member registered it, or staff added it (or approved the member's request). */
export function howAdded(words: Words, entry: Pick<EntryRecord, "origin" | "guest">): string {
  if (entry.guest) return words.t("lookup.how.guest");
  return words.t(entry.origin === BY_MEMBER ? "lookup.how.member" : "lookup.how.staff");
}

/** When an entry goes by itself, if ever. */
export function expiry(words: Words, entry: Pick<EntryRecord, "expiresAt">): string {
  return entry.expiresAt === null ? words.t("lookup.never") : moment(entry.expiresAt);
}

/** Whether an entry's owner proved its account (docs/decisions.md, Proof of ownership), as staff read it. */
export function verifiedText(words: Words, entry: Pick<EntryRecord, "verified" | "proofDueAt">): string {
  if (entry.verified) return words.t("lookup.verified.yes");
  return entry.proofDueAt === null
    ? words.t("log.verified.no")
    : words.t("lookup.verified.awaiting", { when: moment(entry.proofDueAt) });
}

/** The embed of one entry: owner, who added it, when, how, whether verified, its expiry and its account. */
export function entryEmbed(words: Words, entry: EntryRecord, whitelist: Whitelist): APIEmbed {
  return {
    title: words.t("lookup.entry.title", {
      nick: plainName(entry.nick),
      whitelist: plainName(whitelist.name),
    }),
    color: colours.info,
    fields: [
      entry.guest
        ? {
            name: words.t("log.field.guest"),
            value: words.t("log.guestOf", {
              member: `<@${entry.userId}>`,
              note: plainName(entry.note ?? ""),
            }),
            inline: true,
          }
        : { name: words.t("lookup.field.owner"), value: `<@${entry.userId}>`, inline: true },
      { name: words.t("lookup.field.addedBy"), value: `<@${entry.addedBy}>`, inline: true },
      { name: words.t("lookup.field.how"), value: howAdded(words, entry), inline: true },
      { name: words.t("log.field.verified"), value: verifiedText(words, entry), inline: true },
      { name: words.t("lookup.field.when"), value: moment(entry.createdAt), inline: true },
      { name: words.t("log.field.expires"), value: expiry(words, entry), inline: true },
      {
        name: words.t("log.field.account"),
        value: words.render(nickTypeSpecs[whitelist.nickType].account(entry)),
        inline: false,
      },
    ],
  };
}

/** The embed of a denial, for staff: why, by whom, when, and whether its account is denied too. */
export function denialDetailsEmbed(words: Words, denial: Denial, whitelist: Whitelist): APIEmbed {
  return {
    title: words.t("lookup.denial.title", {
      nick: plainName(denial.nick),
      whitelist: plainName(whitelist.name),
    }),
    color: colours.removed,
    fields: [
      {
        name: words.t("log.field.reason"),
        value: denial.reason ? plainName(denial.reason) : "—",
        inline: true,
      },
      { name: words.t("lookup.field.deniedBy"), value: `<@${denial.deniedBy}>`, inline: true },
      { name: words.t("lookup.field.when"), value: moment(denial.createdAt), inline: true },
      {
        name: words.t("log.field.account"),
        value: denial.uuid ? words.t("log.denial.uuid", { uuid: denial.uuid }) : words.t("log.denial.byName"),
        inline: false,
      },
    ],
  };
}
