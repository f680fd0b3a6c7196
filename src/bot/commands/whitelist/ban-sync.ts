import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { BANNED_REASON } from "../../../registration/deny.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { serverWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist ban-sync enabled` (Manage Server): whether a Discord ban denies the banned member's nicks on the
 * server's whitelists, and their unban lifts those denials (docs/decisions.md, Bans).
 */
export const banSync = {
  data: new SlashCommandSubcommandBuilder()
    .setName("ban-sync")
    .setDescription(commandDescription("whitelist ban-sync"))
    .addBooleanOption((option) =>
      option
        .setName("enabled")
        .setDescription(commandDescription("whitelist ban-sync enabled"))
        .setRequired(true),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const on = interaction.options.getBoolean("enabled", true);
    await context.services.guilds.setBanSync(guildId, on);
    context.logger.info("ban sync set", { guildId, on, actorId: actor.userId });
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(guildId));
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      [
        // The denials' reason is stored as it is, whatever the language: it is quoted, not translated.
        on ? words.t("banSync.on", { reason: plainName(BANNED_REASON) }) : words.t("banSync.off"),
        ...(on ? await serverWarnings(guild, context.services, words) : []),
      ].join("\n"),
    );
  },
} satisfies Subcommand;
