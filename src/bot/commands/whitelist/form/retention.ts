import { SlashCommandSubcommandBuilder } from "discord.js";
import { FORM_RETENTION_DAYS } from "../../../../guilds/service.ts";
import { commandDescription } from "../../../../i18n/commands.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../../interaction/preconditions.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * `/whitelist form retention [days]` (Manage Server): how long the server keeps form answers once their request
 * is decided (or their registration made); without `days`, what it is now. Applies at once to answers kept already.
 */
export const retention = {
  data: new SlashCommandSubcommandBuilder()
    .setName("retention")
    .setDescription(commandDescription("whitelist form retention"))
    .addIntegerOption((option) =>
      option
        .setName("days")
        .setDescription(commandDescription("whitelist form retention days"))
        .setMinValue(0)
        .setMaxValue(FORM_RETENTION_DAYS.max),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const days = interaction.options.getInteger("days");
    const { guilds } = context.services;
    const words = await memberWords(interaction, context);
    if (days === null) {
      const kept = await guilds.formRetentionDays(guildId);
      await answer(interaction, words.t("form.retention.now", { count: kept }));
      return;
    }
    await guilds.setFormRetention(guildId, days);
    await answer(
      interaction,
      days === 0 ? words.t("form.retention.zero") : words.t("form.retention.set", { count: days }),
    );
  },
} satisfies Subcommand;
