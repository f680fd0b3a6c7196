import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { text } from "../../../i18n/messages.ts";
import type { Words } from "../../../i18n/words.ts";
import type { ImportResult } from "../../../registration/import.ts";
import { IMPORT_LIMITS, tooBig } from "../../../registration/import-file.ts";
import { outcomeText, renderImportReport } from "../../../registration/import-report.ts";
import { requireManager } from "../../../registration/rules.ts";
import { clip } from "../../../shared/text.ts";
import { downloadAttachment } from "../../attachments.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { fetchGuildMember } from "../../interaction/guild-member.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { importEmbed, roleFailureEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentions } from "../../mentions.ts";
import { plainName } from "../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** The name of the per-line report attached to the answer. */
export const REPORT_NAME = "import-report.csv";

/** The answer, in `words`: what was read, the counts, and what to do about the names that were not added. */
function summary(result: ImportResult, fileName: string, words: Words): string {
  const { counts, whitelist, dryRun } = result;
  const file = words.t("import.file", {
    file: plainName(fileName),
    format: text(`import.format.${result.format}`),
    names: text("log.count.names", { count: result.lines.length }),
  });
  const shown = (["added", "already", "invalid", "denied", "unchecked", "refused"] as const).filter(
    (outcome) => outcome !== "refused" || counts.refused > 0,
  );
  const tally = shown
    .map((outcome) =>
      words.t("import.tally", { label: outcomeText(outcome, dryRun), count: counts[outcome] }),
    )
    .join(" · ");
  const params = { file, whitelist: plainName(whitelist.name), member: `<@${result.ownerId}>` };
  return [
    words.t(dryRun ? "import.dryRun" : "import.done", params),
    tally,
    ...(counts.unchecked > 0
      ? [words.t("import.unchecked", { count: counts.unchecked, already: outcomeText("already") })]
      : []),
    ...(result.grantFailures.length > 0
      ? [
          words.t("import.rolesRefused", {
            member: `<@${result.ownerId}>`,
            roles: roleMentions(result.grantFailures.map((f) => f.roleId)),
          }),
        ]
      : []),
    words.t(dryRun ? "import.next.dryRun" : "import.next", { file: REPORT_NAME }),
  ].join("\n");
}

/**
 * `/whitelist import whitelist file [member] [dry-run]` (managers): imports a whitelist.json, a plain list or an
 * EasyWhitelist config.yml; the nicks belong to `member`, else to the manager importing. Answers the counts and
 * attaches the per-line report; the log channel gets one summary.
 */
export const importList = {
  data: new SlashCommandSubcommandBuilder()
    .setName("import")
    .setDescription(commandDescription("whitelist import"))
    .addStringOption(whitelistOption(true))
    .addAttachmentOption((option) =>
      option.setName("file").setDescription(commandDescription("whitelist import file")).setRequired(true),
    )
    .addUserOption((option) =>
      option.setName("member").setDescription(commandDescription("whitelist import member")),
    )
    .addBooleanOption((option) =>
      option.setName("dry-run").setDescription(commandDescription("whitelist import dry-run")),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actor);
    const attachment = interaction.options.getAttachment("file", true);
    const dryRun = interaction.options.getBoolean("dry-run") ?? false;
    await deferAnswer(interaction);
    const memberOption = interaction.options.getUser("member");
    const owner = memberOption ? await fetchGuildMember(interaction, memberOption.id) : actor;
    const bytes = await downloadAttachment(attachment, IMPORT_LIMITS.bytes, (size) =>
      tooBig(attachment.name, size),
    );
    const result = await context.services.imports.importList({
      guildId,
      whitelist: whitelist.id,
      actor,
      owner,
      file: { name: attachment.name, bytes },
      dryRun,
    });
    // Discord allows long file names; the answer and the log post show at most 64 characters of one.
    const fileName = clip(attachment.name, 64);
    const words = await memberWords(interaction, context);
    await answer(interaction, {
      content: summary(result, fileName, words),
      files: [{ attachment: Buffer.from(renderImportReport(result, words)), name: REPORT_NAME }],
    });
    if (dryRun || result.counts.added === 0) return;
    const said = await publicWords(interaction, context);
    await context.log.post(guildId, {
      embeds: [
        importEmbed(said, {
          whitelist,
          ownerId: owner.userId,
          actorId: actor.userId,
          fileName,
          added: result.counts.added,
          lines: result.lines.length,
        }),
        ...(result.grantFailures.length > 0
          ? [
              roleFailureEmbed(
                said,
                "grant",
                owner.userId,
                said.t("log.roles.imported", { count: result.counts.added }),
                result.grantFailures,
              ),
            ]
          : []),
      ],
    });
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
