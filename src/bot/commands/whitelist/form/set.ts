import { SlashCommandSubcommandBuilder } from "discord.js";
import { choiceName, commandDescription } from "../../../../i18n/commands.ts";
import {
  DEFAULT_MAX_LENGTH,
  FORM_LIMITS,
  questionStyles,
  withQuestion,
} from "../../../../whitelists/form.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { requireManageGuild } from "../../../interaction/preconditions.ts";
import { oneOf, suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";
import { describeForm } from "./describe.ts";

/**
 * `/whitelist form set whitelist number question [style] [required] [min-length] [max-length] [hint]` (Manage
 * Server): sets one question of the whitelist's form; a number past the last adds one at the end. Discord's
 * limits are the options' own (45 characters, 1-5, 0-4000), and the form's rules check the rest.
 */
export const set = {
  data: new SlashCommandSubcommandBuilder()
    .setName("set")
    .setDescription(commandDescription("whitelist form set"))
    .addStringOption(whitelistOption(true))
    .addIntegerOption((option) =>
      option
        .setName("number")
        .setDescription(commandDescription("whitelist form set number"))
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(FORM_LIMITS.questions),
    )
    .addStringOption((option) =>
      option
        .setName("question")
        .setDescription(commandDescription("whitelist form set question"))
        .setRequired(true)
        .setMaxLength(FORM_LIMITS.label),
    )
    .addStringOption((option) =>
      option
        .setName("style")
        .setDescription(commandDescription("whitelist form set style"))
        .addChoices(
          { name: choiceName("whitelist form set style short"), value: "short" },
          { name: choiceName("whitelist form set style paragraph"), value: "paragraph" },
        ),
    )
    .addBooleanOption((option) =>
      option.setName("required").setDescription(commandDescription("whitelist form set required")),
    )
    .addIntegerOption((option) =>
      option
        .setName("min-length")
        .setDescription(commandDescription("whitelist form set min-length"))
        .setMinValue(0)
        .setMaxValue(FORM_LIMITS.length),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-length")
        .setDescription(commandDescription("whitelist form set max-length"))
        .setMinValue(1)
        .setMaxValue(FORM_LIMITS.length),
    )
    .addStringOption((option) =>
      option
        .setName("hint")
        .setDescription(commandDescription("whitelist form set hint"))
        .setMaxLength(FORM_LIMITS.placeholder),
    ),

  async execute(interaction, context) {
    requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const { options } = interaction;
    const style = oneOf(questionStyles, options.getString("style") ?? "short", "style");
    const form = withQuestion(whitelist.form, options.getInteger("number", true), {
      label: options.getString("question", true).trim(),
      style,
      required: options.getBoolean("required") ?? true,
      minLength: options.getInteger("min-length") ?? 0,
      maxLength: options.getInteger("max-length") ?? DEFAULT_MAX_LENGTH[style],
      placeholder: options.getString("hint")?.trim() || null,
    });
    const updated = await context.services.whitelists.update(whitelist.id, { form });
    const words = await memberWords(interaction, context);
    await answer(interaction, [...describeForm(words, updated), words.t("form.setNote")].join("\n"));
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
