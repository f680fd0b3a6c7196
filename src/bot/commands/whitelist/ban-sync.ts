import { SlashCommandSubcommandBuilder } from "discord.js";
import { serverWarnings } from "../../setup-warnings.ts";
import { answer } from "../answer.ts";
import { requireGuildId, requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist ban-sync enabled` (Manage Server): whether a Discord ban denies the banned member's nicks on the
 * server's whitelists, and their unban lifts those denials (docs/decisions.md, Bans).
 */
export const banSync = {
  data: new SlashCommandSubcommandBuilder()
    .setName("ban-sync")
    .setDescription("Discord bans deny the banned member's nicks; unbans lift them (Manage Server)")
    .addBooleanOption((option) =>
      option
        .setName("enabled")
        .setDescription("True: bans reach the whitelists; false: they do not")
        .setRequired(true),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const on = interaction.options.getBoolean("enabled", true);
    await context.services.guilds.setBanSync(guildId, on);
    context.logger.info("ban sync set", { guildId, on, actorId: actor.userId });
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(guildId));
    await answer(
      interaction,
      [
        on
          ? "✅ Ban sync is on: when someone is banned from this server, every nick they held goes on the deny " +
            'list of its whitelist ("banned on Discord"), so no other account can register it; unbanning them ' +
            "lifts those denials (not the ones staff made). Bans made while I was offline are not seen."
          : "✅ Ban sync is off: bans only remove nicks as any departure does. Denials a ban made stay until that " +
            "member is unbanned, or staff lift them with `/whitelist undeny`.",
        ...(on ? await serverWarnings(guild, context.services) : []),
      ].join("\n"),
    );
  },
} satisfies Subcommand;
