import { SlashCommandSubcommandBuilder } from "discord.js";
import { WORDING_MAX } from "../../../guilds/texts.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { chosenText, nameOf, preview, textOption } from "./shared.ts";

/**
 * `/texts set text wording` (Manage Server): staff's own wording of a text members read, checked before it is
 * stored (its placeholders must be the text's), then shown with sample values.
 */
export const set = {
  data: new SlashCommandSubcommandBuilder()
    .setName("set")
    .setDescription(commandDescription("texts set"))
    .addStringOption(textOption)
    .addStringOption((option) =>
      option
        .setName("wording")
        .setDescription(commandDescription("texts set wording"))
        .setRequired(true)
        .setMaxLength(WORDING_MAX),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const key = chosenText(interaction);
    const stored = await context.services.texts.set(
      guildId,
      key,
      interaction.options.getString("wording", true),
      actor.userId,
    );
    context.logger.info("text reworded", { guildId, key, actorId: actor.userId });
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      words.t("texts.saved", {
        name: nameOf(words, key),
        preview: await preview(interaction, context, key, stored),
      }),
    );
  },
} satisfies Subcommand;
