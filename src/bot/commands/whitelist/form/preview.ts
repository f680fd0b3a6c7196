import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
import { text } from "../../../../i18n/messages.ts";
import { requireManager } from "../../../../registration/rules.ts";
import { DomainError } from "../../../../shared/errors.ts";
import { formModal } from "../../../forms.ts";
import { memberWords } from "../../../interaction/answer.ts";
import { actingMember } from "../../../members.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * `/whitelist form preview whitelist` (whitelist staff): opens the form as members see it (in staff's own
 * language); what staff type in is shown back as a request's post would show it, and nothing is stored
 * (src/bot/modals/form.ts).
 */
export const preview = {
  data: new SlashCommandSubcommandBuilder()
    .setName("preview")
    .setDescription(commandDescription("whitelist form preview"))
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actingMember(interaction));
    if (whitelist.form.length === 0) {
      throw new DomainError("invalid-input", text("form.preview.none", { whitelist: whitelist.name }));
    }
    await interaction.showModal(
      formModal(await memberWords(interaction, context), whitelist, { preview: true }),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
