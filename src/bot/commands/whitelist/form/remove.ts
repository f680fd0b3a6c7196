import { SlashCommandSubcommandBuilder } from "discord.js";
import { FORM_LIMITS, withoutQuestion } from "../../../../whitelists/form.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { requireManageGuild } from "../../../interaction/preconditions.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";
import { describeForm } from "./describe.ts";

/** `/whitelist form remove whitelist number` (Manage Server): removes one question; those after it move up. */
export const remove = {
  data: new SlashCommandSubcommandBuilder()
    .setName("remove")
    .setDescription("Remove a question from a whitelist's form (Manage Server)")
    .addStringOption(whitelistOption(true))
    .addIntegerOption((option) =>
      option
        .setName("number")
        .setDescription("Which question, 1-5")
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(FORM_LIMITS.questions),
    ),

  async execute(interaction, context) {
    requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const form = withoutQuestion(whitelist.form, interaction.options.getInteger("number", true));
    const updated = await context.services.whitelists.update(whitelist.id, { form });
    const words = await memberWords(interaction, context);
    await answer(interaction, describeForm(words, updated).join("\n"));
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
