import { SlashCommandSubcommandBuilder } from "discord.js";
import { formats } from "../../../formats/index.ts";
import type { ImportResult } from "../../../registration/import.ts";
import { IMPORT_LIMITS, tooBig } from "../../../registration/import-file.ts";
import { outcomeLabels, renderImportReport } from "../../../registration/import-report.ts";
import { requireManager } from "../../../registration/rules.ts";
import { clip } from "../../../shared/text.ts";
import { downloadAttachment } from "../../attachments.ts";
import { importEmbed, roleFailureEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentions } from "../../mentions.ts";
import { plainName } from "../../text.ts";
import { answer, deferAnswer, publicWords } from "../answer.ts";
import { fetchGuildMember } from "../guild-member.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/** The name of the per-line report attached to the answer. */
export const REPORT_NAME = "import-report.csv";

const count = (n: number) => n.toLocaleString("en-US");

/** The answer: what was read, the counts, and what to do about the names that were not added. */
function summary(result: ImportResult, fileName: string): string {
  const { counts, whitelist, dryRun } = result;
  const file = `**${plainName(fileName)}** (${formats[result.format].file.reader.label}, ${count(result.lines.length)} name(s))`;
  const tally = [
    `${dryRun ? "would be added" : outcomeLabels.added}: ${count(counts.added)}`,
    `${outcomeLabels.already}: ${count(counts.already)}`,
    `${outcomeLabels.invalid}: ${count(counts.invalid)}`,
    `${outcomeLabels.denied}: ${count(counts.denied)}`,
    `${outcomeLabels.unchecked}: ${count(counts.unchecked)}`,
    ...(counts.refused > 0 ? [`${outcomeLabels.refused}: ${count(counts.refused)}`] : []),
  ].join(" · ");
  return [
    dryRun
      ? `🔎 Dry run of ${file} on **${plainName(whitelist.name)}** for <@${result.ownerId}>: nothing was changed.`
      : `📥 Imported ${file} into **${plainName(whitelist.name)}** for <@${result.ownerId}>.`,
    tally,
    ...(counts.unchecked > 0
      ? [
          `⏳ ${count(counts.unchecked)} name(s) could not be looked up, so nothing was stored for them: import the ` +
            "same file again later (what is already on the whitelist then reads “already there”).",
        ]
      : []),
    ...(result.grantFailures.length > 0
      ? [
          `I could not give <@${result.ownerId}> ${roleMentions(result.grantFailures.map((f) => f.roleId))} ` +
            "(details in the log channel); the nicks stand.",
        ]
      : []),
    `Every name and what became of it is in the attached \`${REPORT_NAME}\`.` +
      (dryRun
        ? " Run the command again without `dry-run` to import."
        : " Hand nicks over to their players with `/whitelist transfer`."),
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
    .setDescription("Import a whitelist.json, a nick list or an EasyWhitelist config.yml (whitelist staff)")
    .addStringOption(whitelistOption(true))
    .addAttachmentOption((option) =>
      option.setName("file").setDescription("The file, up to 1 MiB and 10,000 names").setRequired(true),
    )
    .addUserOption((option) =>
      option.setName("member").setDescription("Who the nicks belong to (default: you; hand over later)"),
    )
    .addBooleanOption((option) =>
      option.setName("dry-run").setDescription("Only report what would happen; change nothing"),
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
    await answer(interaction, {
      content: summary(result, fileName),
      files: [{ attachment: Buffer.from(renderImportReport(result)), name: REPORT_NAME }],
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
