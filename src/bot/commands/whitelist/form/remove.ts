import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
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
    .setDescription(commandDescription("whitelist form remove"))
    .addStringOption(whitelistOption(true))
    .addIntegerOption((option) =>
      option
        .setName("number")
        .setDescription(commandDescription("whitelist form remove number"))
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
