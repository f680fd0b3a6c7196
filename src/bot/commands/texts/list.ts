import { SlashCommandSubcommandBuilder } from "discord.js";
import { rewordable } from "../../../guilds/texts.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { nameOf, preview } from "./shared.ts";

/** `/texts list` (Manage Server): the texts staff may reword, each as members read it now. */
export const list = {
  data: new SlashCommandSubcommandBuilder().setName("list").setDescription(commandDescription("texts list")),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const words = await memberWords(interaction, context);
    const overrides = await context.services.texts.overridesOf(guildId);
    const said = await context.words.public(guildId, interaction.guildLocale);
    const lines: string[] = [];
    for (const key of rewordable) {
      lines.push(
        words.t("texts.list.item", {
          name: nameOf(words, key),
          source:
            overrides[key] !== undefined
              ? words.t("texts.source.custom")
              : words.t("texts.source.default", { language: said.t("language.name") }),
          preview: await preview(interaction, context, key),
        }),
      );
    }
    await answer(interaction, words.t("texts.list", { texts: lines.join("\n") }));
  },
} satisfies Subcommand;
