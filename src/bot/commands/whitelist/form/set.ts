import { SlashCommandSubcommandBuilder } from "discord.js";
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
    .setDescription("Set a question of a whitelist's form (Manage Server)")
    .addStringOption(whitelistOption(true))
    .addIntegerOption((option) =>
      option
        .setName("number")
        .setDescription("Which question, 1-5 (past the last: a new one at the end)")
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(FORM_LIMITS.questions),
    )
    .addStringOption((option) =>
      option
        .setName("question")
        .setDescription("What members read above the box")
        .setRequired(true)
        .setMaxLength(FORM_LIMITS.label),
    )
    .addStringOption((option) =>
      option
        .setName("style")
        .setDescription("One line (default) or a paragraph")
        .addChoices(
          { name: "short: one line", value: "short" },
          { name: "paragraph: several lines", value: "paragraph" },
        ),
    )
    .addBooleanOption((option) =>
      option.setName("required").setDescription("Whether it must be answered (default: yes)"),
    )
    .addIntegerOption((option) =>
      option
        .setName("min-length")
        .setDescription("The fewest characters an answer takes (default 0)")
        .setMinValue(0)
        .setMaxValue(FORM_LIMITS.length),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-length")
        .setDescription("The most characters (default: 100 for a line, 1000 for a paragraph)")
        .setMinValue(1)
        .setMaxValue(FORM_LIMITS.length),
    )
    .addStringOption((option) =>
      option
        .setName("hint")
        .setDescription("Grey text in the empty box, e.g. an example answer")
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
