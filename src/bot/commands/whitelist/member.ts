import type { APIEmbed, AttachmentPayload } from "discord.js";
import { SlashCommandSubcommandBuilder } from "discord.js";
import { BY_MEMBER } from "../../../entries/model.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Words } from "../../../i18n/words.ts";
import type { MemberNicks } from "../../../registration/lookups.ts";
import { discordTime } from "../../expiry.ts";
import { answersEmbed } from "../../form-answers.ts";
import { EMBEDS_TOTAL_LIMIT } from "../../forms.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { actingMember } from "../../members.ts";
import { linkedLine } from "../../proof.ts";
import { describeGroups } from "../../ranks.ts";
import { fitLines, plainName } from "../../text.ts";
import type { Subcommand } from "../subcommands.ts";

/** Discord's limit on embeds in one message. */
const MAX_EMBEDS = 10;
const DAY_MS = 24 * 3_600_000;

/**
 * The member's form answers as embeds, one per whitelist application (at most 10, sharing Discord's 6,000
 * characters), in `words`, and when any answer had to be cut, a text file with all of them whole.
 */
function answersOf(
  words: Words,
  looked: MemberNicks,
  retentionDays: number,
): { embeds: APIEmbed[]; files: AttachmentPayload[]; more: number } {
  const shown = looked.answers.slice(-MAX_EMBEDS);
  const budget = Math.floor(EMBEDS_TOTAL_LIMIT / Math.max(1, shown.length));
  let cut = false;
  const embeds = shown.map(({ record, whitelist }) => {
    const nick = looked.entries.find(({ entry }) => entry.id === record.entryId)?.entry.nick;
    const about = nick
      ? words.t("form.member.withNick", { nick: plainName(nick) })
      : record.requestId
        ? words.t("form.member.withRequest", { id: record.requestId })
        : words.t("form.member.removed");
    const kept =
      record.closedAt === null
        ? words.t("form.member.waiting")
        : words.t("form.member.deleted", {
            when: discordTime(record.closedAt + retentionDays * DAY_MS, "R"),
          });
    const fitted = answersEmbed(words, whitelist, record.answers, {
      description: words.t("form.member.given", { when: discordTime(record.createdAt, "R"), about, kept }),
      budget,
    });
    cut ||= fitted.cut;
    return fitted.embed;
  });
  const files: AttachmentPayload[] = cut
    ? [
        {
          name: `answers-${looked.userId}.txt`,
          attachment: Buffer.from(
            shown
              .map(({ record, whitelist }) =>
                [
                  `${whitelist.name}, ${new Date(record.createdAt).toISOString()}`,
                  ...record.answers.map(({ question, answer }) => `${question}\n${answer || "—"}\n`),
                ].join("\n"),
              )
              .join("\n"),
          ),
        },
      ]
    : [];
  return { embeds, files, more: looked.answers.length - shown.length };
}

/**
 * `/whitelist member user`: a member's nicks on every whitelist of the server, with who added each (staff), when,
 * its expiry, whether verified and its ranks (the game groups it is in), then the Java accounts they linked on the server, and their answers to the
 * whitelists' forms while the server keeps them. Managers look anyone up (a manager role: on the whitelists it
 * manages); a member, themselves.
 */
export const member = {
  data: new SlashCommandSubcommandBuilder()
    .setName("member")
    .setDescription(commandDescription("whitelist member"))
    .addUserOption((option) =>
      option.setName("user").setDescription(commandDescription("whitelist member user")).setRequired(true),
    ),

  async execute(interaction, context) {
    const userId = interaction.options.getUser("user", true).id;
    const guildId = requireGuildId(interaction);
    const looked = await context.services.lookups.memberNicks({
      guildId,
      userId,
      actor: actingMember(interaction),
    });
    const { entries, guests, partial } = looked;
    const words = await memberWords(interaction, context);
    const where = words.t(partial ? "staff.member.partial" : "staff.member.all");
    // Whoever may look the member up sees the accounts they proved here (docs/decisions.md, Look-ups).
    const links = await context.services.linking.linksOf(guildId, userId);
    const linked =
      links.length === 0
        ? []
        : [words.t("staff.member.linked"), ...links.map((a) => `• ${linkedLine(words, a)}`)];
    const answers = answersOf(words, looked, await context.services.guilds.formRetentionDays(guildId));
    const answered =
      answers.embeds.length === 0
        ? []
        : [
            words.t("staff.member.answers", {
              files: answers.files.length > 0 ? words.t("staff.member.answers.files") : "",
              more: answers.more > 0 ? words.t("staff.member.answers.more", { count: answers.more }) : "",
            }),
          ];
    const expires = (entry: { expiresAt: number | null }) =>
      entry.expiresAt === null
        ? ""
        : words.t("staff.member.expires", { when: discordTime(entry.expiresAt, "R") });
    // Players without Discord this member added (staff): theirs to answer for, not theirs to play.
    const added =
      guests.length === 0
        ? []
        : [
            words.t("staff.member.guests"),
            ...guests.map(({ entry, whitelist }) =>
              words.t("staff.member.guest", {
                nick: plainName(entry.nick),
                whitelist: plainName(whitelist.name),
                note: plainName(entry.note ?? ""),
                when: discordTime(entry.createdAt, "R"),
                expires: expires(entry),
              }),
            ),
          ];
    const lines = entries.map(({ entry, whitelist }) =>
      words.t("staff.member.item", {
        nick: plainName(entry.nick),
        whitelist: plainName(whitelist.name),
        how:
          entry.origin === BY_MEMBER
            ? words.t("staff.member.registered")
            : words.t("staff.member.addedBy", { member: `<@${entry.addedBy}>` }),
        when: discordTime(entry.createdAt, "R"),
        expires: expires(entry),
        verified: entry.verified
          ? words.t("staff.member.verified")
          : entry.proofDueAt !== null
            ? words.t("staff.member.awaiting")
            : "",
        // The game groups the nick is in (docs/decisions.md, Ranks that follow roles).
        ranks:
          entry.groups.length === 0
            ? ""
            : words.t("staff.member.ranks", { groups: describeGroups(words, entry.groups) }),
      }),
    );
    const member = `<@${userId}>`;
    const content =
      entries.length === 0
        ? fitLines(words, words.t("staff.member.none", { member, where }), [...added, ...linked, ...answered])
        : fitLines(words, words.t("staff.member.header", { member, count: entries.length, where }), [
            ...lines,
            ...added,
            ...linked,
            ...answered,
          ]);
    await answer(interaction, { content, embeds: answers.embeds, files: answers.files });
  },
} satisfies Subcommand;
