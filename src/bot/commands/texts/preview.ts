import { SlashCommandSubcommandBuilder } from "discord.js";
import { checkWording, placeholdersOf, WORDING_MAX } from "../../../guilds/texts.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { chosenText, nameOf, preview, textOption } from "./shared.ts";

/**
 * `/texts preview text [wording]` (Manage Server): a text as members read it now, or as `wording` would make it
 * (checked as `set` checks it, nothing stored), with sample values and the placeholders it may use.
 */
export const previewText = {
  data: new SlashCommandSubcommandBuilder()
    .setName("preview")
    .setDescription(commandDescription("texts preview"))
    .addStringOption(textOption)
    .addStringOption((option) =>
      option
        .setName("wording")
        .setDescription(commandDescription("texts preview wording"))
        .setMaxLength(WORDING_MAX),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const key = chosenText(interaction);
    const typed = interaction.options.getString("wording");
    const wording = typed === null ? undefined : checkWording(key, typed);
    const words = await memberWords(interaction, context);
    const reworded = (await context.services.texts.overridesOf(guildId))[key] !== undefined;
    const said = await context.words.public(guildId, interaction.guildLocale);
    const source =
      wording !== undefined || reworded
        ? words.t("texts.source.custom")
        : words.t("texts.source.default", { language: said.t("language.name") });
    await answer(
      interaction,
      words.t("texts.preview", {
        name: nameOf(words, key),
        source,
        preview: await preview(interaction, context, key, wording),
        allowed: placeholdersOf(key)
          .map((name) => `\`{${name}}\``)
          .join(", "),
      }),
    );
  },
} satisfies Subcommand;
