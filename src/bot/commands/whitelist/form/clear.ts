import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { requireManageGuild } from "../../../interaction/preconditions.ts";
import { plainName } from "../../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * `/whitelist form clear whitelist` (Manage Server): removes every question: members register without a form.
 * Answers given already stay as long as the server keeps them (`/whitelist form retention`).
 */
export const clear = {
  data: new SlashCommandSubcommandBuilder()
    .setName("clear")
    .setDescription(commandDescription("whitelist form clear"))
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    await context.services.whitelists.update(whitelist.id, { form: [] });
    const words = await memberWords(interaction, context);
    await answer(interaction, words.t("form.cleared", { whitelist: plainName(whitelist.name) }));
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
