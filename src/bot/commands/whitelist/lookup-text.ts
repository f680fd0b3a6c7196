import type { APIEmbed } from "discord.js";
import { BY_MEMBER, type EntryRecord } from "../../../entries/model.ts";
import { nickTypeSpecs } from "../../../nicks/types.ts";
import type { Denial } from "../../../registration/model.ts";
import type { FormAnswer } from "../../../whitelists/form.ts";
import type { Whitelist } from "../../../whitelists/model.ts";
import { answerFields, EMBEDS_TOTAL_LIMIT, embedLength } from "../../forms.ts";
import { colours } from "../../log-channel.ts";
import { plainName } from "../../text.ts";

// How `/whitelist whois` and `/whitelist member` show entries and denials (docs/decisions.md, Look-ups).

/** A moment as Discord renders it in each reader's time zone: the date and time, and how long ago or ahead. */
export function moment(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `<t:${seconds}:f> (<t:${seconds}:R>)`;
}

/** How an entry came to be: the member registered it, or staff added it (or approved the member's request). */
export function howAdded(entry: Pick<EntryRecord, "origin" | "guest">): string {
  if (entry.guest) return "staff: `/whitelist guest`, a player without Discord";
  return entry.origin === BY_MEMBER
    ? "the member registered it"
    : "staff: `/whitelist add`, or an approved request";
}

/** When an entry goes by itself, if ever. */
export function expiry(entry: Pick<EntryRecord, "expiresAt">): string {
  return entry.expiresAt === null ? "never" : moment(entry.expiresAt);
}

/** Whether an entry's owner proved its account (docs/decisions.md, Proof of ownership), as staff read it. */
export function verifiedText(entry: Pick<EntryRecord, "verified" | "proofDueAt">): string {
  if (entry.verified) return "yes: the owner proved the account";
  return entry.proofDueAt === null
    ? "no"
    : `no: awaiting proof at first join, removed ${moment(entry.proofDueAt)}`;
}

/** The embed of one entry: owner, who added it, when, how, whether verified, its expiry and its account. */
export function entryEmbed(entry: EntryRecord, whitelist: Whitelist): APIEmbed {
  return {
    title: `${plainName(entry.nick)} on ${plainName(whitelist.name)}`,
    color: colours.info,
    fields: [
      entry.guest
        ? { name: "Guest", value: `of <@${entry.userId}>: ${plainName(entry.note ?? "")}`, inline: true }
        : { name: "Owner", value: `<@${entry.userId}>`, inline: true },
      { name: "Added by", value: `<@${entry.addedBy}>`, inline: true },
      { name: "How", value: howAdded(entry), inline: true },
      { name: "Verified", value: verifiedText(entry), inline: true },
      { name: "When", value: moment(entry.createdAt), inline: true },
      { name: "Expires", value: expiry(entry), inline: true },
      { name: "Account", value: plainName(nickTypeSpecs[whitelist.nickType].account(entry)), inline: false },
    ],
  };
}

/** The embed of a denial, for staff: why, by whom, when, and whether its account is denied too. */
export function denialDetailsEmbed(denial: Denial, whitelist: Whitelist): APIEmbed {
  return {
    title: `${plainName(denial.nick)} is denied on ${plainName(whitelist.name)}`,
    color: colours.removed,
    fields: [
      { name: "Reason", value: denial.reason ? plainName(denial.reason) : "—", inline: true },
      { name: "Denied by", value: `<@${denial.deniedBy}>`, inline: true },
      { name: "When", value: moment(denial.createdAt), inline: true },
      { name: "Account", value: denial.uuid ? `UUID ${denial.uuid}` : "by name only", inline: false },
    ],
  };
}

/**
 * The embed of a member's answers to a whitelist's form (docs/decisions.md, Application forms): each question and
 * its answer, escaped, within `budget` characters (of Discord's 6,000 for all a message's embeds), long answers
 * cut visibly (`cut`).
 */
export function answersEmbed(
  whitelist: Whitelist,
  answers: readonly FormAnswer[],
  options: { description?: string; budget?: number } = {},
): { embed: APIEmbed; cut: boolean } {
  const head = {
    title: `Answers on ${whitelist.name}`,
    ...(options.description ? { description: options.description } : {}),
  };
  const { fields, cut } = answerFields(answers, (options.budget ?? EMBEDS_TOTAL_LIMIT) - embedLength(head));
  return { embed: { ...head, color: colours.info, fields }, cut };
}
