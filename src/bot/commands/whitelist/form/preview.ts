import { SlashCommandSubcommandBuilder } from "discord.js";
import { requireManager } from "../../../../registration/rules.ts";
import { DomainError } from "../../../../shared/errors.ts";
import { formModal } from "../../../forms.ts";
import { actingMember } from "../../../members.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * `/whitelist form preview whitelist` (whitelist staff): opens the form as members see it; what staff type in is
 * shown back as a request's post would show it, and nothing is stored (src/bot/modals/form.ts).
 */
export const preview = {
  data: new SlashCommandSubcommandBuilder()
    .setName("preview")
    .setDescription("Open a whitelist's form as members see it; nothing is sent (whitelist staff)")
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actingMember(interaction));
    if (whitelist.form.length === 0) {
      throw new DomainError(
        "invalid-input",
        `${whitelist.name} has no form yet: add a question with /whitelist form set.`,
      );
    }
    await interaction.showModal(formModal(whitelist, { preview: true }));
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
