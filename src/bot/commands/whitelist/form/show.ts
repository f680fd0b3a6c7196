import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { requireGuildId } from "../../../interaction/preconditions.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";
import { describeForm } from "./describe.ts";

/** `/whitelist form show whitelist`: the form's questions and where members answer them (anyone may look). */
export const show = {
  data: new SlashCommandSubcommandBuilder()
    .setName("show")
    .setDescription(commandDescription("whitelist form show"))
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const days = await context.services.guilds.formRetentionDays(guildId);
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      [
        ...describeForm(words, whitelist),
        ...(whitelist.form.length > 0 ? [words.t("form.show.kept", { count: days })] : []),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
