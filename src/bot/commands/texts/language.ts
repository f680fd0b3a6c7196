import { SlashCommandSubcommandBuilder } from "discord.js";
import { choiceName, commandDescription } from "../../../i18n/commands.ts";
import { languages, ownNames, pickLanguage } from "../../../i18n/languages.ts";
import { wordsFor } from "../../../i18n/words.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { oneOf } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** The choice that gives the language back to Discord's server setting. */
const DISCORD = "discord";

/**
 * `/texts language language` (Manage Server): the language of what everyone reads here (the log channel, approval
 * posts, message-mode replies), or `discord`: the server's language in Discord. Members' own answers keep
 * following their Discord language.
 */
export const language = {
  data: new SlashCommandSubcommandBuilder()
    .setName("language")
    .setDescription(commandDescription("texts language"))
    .addStringOption((option) =>
      option
        .setName("language")
        .setDescription(commandDescription("texts language language"))
        .setRequired(true)
        .addChoices(
          { name: choiceName("texts language language discord"), value: DISCORD },
          ...languages.map((value) => ({ name: ownNames[value], value })),
        ),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const chosen = oneOf(
      [DISCORD, ...languages],
      interaction.options.getString("language", true),
      "language",
    );
    await context.services.guilds.setLanguage(guildId, chosen === DISCORD ? null : chosen);
    context.logger.info("guild language set", { guildId, language: chosen, actorId: actor.userId });
    const words = await memberWords(interaction, context);
    const now = wordsFor(
      chosen === DISCORD ? pickLanguage(interaction.guild?.preferredLocale, interaction.guildLocale) : chosen,
    );
    await answer(
      interaction,
      words.t(chosen === DISCORD ? "texts.language.discord" : "texts.language.set", {
        language: now.t("language.name"),
      }),
    );
  },
} satisfies Subcommand;
