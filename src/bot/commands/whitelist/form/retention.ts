import { SlashCommandSubcommandBuilder } from "discord.js";
import { FORM_RETENTION_DAYS } from "../../../../guilds/service.ts";
import { answer } from "../../answer.ts";
import { requireGuildId, requireManageGuild } from "../../preconditions.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * `/whitelist form retention [days]` (Manage Server): how long the server keeps form answers once their request
 * is decided (or their registration made); without `days`, what it is now. Applies at once to answers kept already.
 */
export const retention = {
  data: new SlashCommandSubcommandBuilder()
    .setName("retention")
    .setDescription("How many days form answers are kept once decided (Manage Server)")
    .addIntegerOption((option) =>
      option
        .setName("days")
        .setDescription(
          `0-${FORM_RETENTION_DAYS.max} (0: only while a request waits; default ${FORM_RETENTION_DAYS.default})`,
        )
        .setMinValue(0)
        .setMaxValue(FORM_RETENTION_DAYS.max),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const days = interaction.options.getInteger("days");
    const { guilds } = context.services;
    if (days === null) {
      const kept = await guilds.formRetentionDays(guildId);
      await answer(interaction, `Form answers are kept ${kept} day(s) once their request is decided.`);
      return;
    }
    await guilds.setFormRetention(guildId, days);
    await answer(
      interaction,
      days === 0
        ? "✅ Form answers are kept only while their request waits for staff; decided ones go at once."
        : `✅ Form answers are kept ${days} day(s) once their request is decided (or the registration made), ` +
            "then deleted; this applies to answers kept already. They also go when the member leaves or the " +
            "nick is removed.",
    );
  },
} satisfies Subcommand;
