import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { chosenText, nameOf, preview, textOption } from "./shared.ts";

/** `/texts reset text` (Manage Server): forgets staff's wording; members read the default, in their language. */
export const reset = {
  data: new SlashCommandSubcommandBuilder()
    .setName("reset")
    .setDescription(commandDescription("texts reset"))
    .addStringOption(textOption),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const key = chosenText(interaction);
    const had = await context.services.texts.reset(guildId, key);
    if (had) context.logger.info("text reset", { guildId, key, actorId: actor.userId });
    const words = await memberWords(interaction, context);
    const name = nameOf(words, key);
    await answer(
      interaction,
      had
        ? words.t("texts.reset", { name, preview: await preview(interaction, context, key) })
        : words.t("texts.reset.none", { name }),
    );
  },
} satisfies Subcommand;
