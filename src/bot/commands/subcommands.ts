import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
} from "discord.js";
import { text } from "../../i18n/messages.ts";
import { DomainError } from "../../shared/errors.ts";
import type { BotContext, Command } from "../context.ts";

/** One subcommand of a command (`/whitelist create`, `/server-link revoke`…), one per file. */
export type Subcommand = {
  data: SlashCommandSubcommandBuilder;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
};

/** Assembles a command from its subcommands: their definitions, and routing by `getSubcommand()`. */
export function withSubcommands(builder: SlashCommandBuilder, subcommands: Subcommand[]): Command {
  const byName = new Map(subcommands.map((subcommand) => [subcommand.data.name, subcommand]));
  for (const subcommand of subcommands) builder.addSubcommand(subcommand.data);
  return {
    data: builder.toJSON(),
    async execute(interaction, context) {
      const subcommand = byName.get(interaction.options.getSubcommand());
      if (!subcommand) {
        throw new DomainError("invalid-input", text("common.unknownSubcommand"));
      }
      await subcommand.execute(interaction, context);
    },
    async autocomplete(interaction, context) {
      const subcommand = byName.get(interaction.options.getSubcommand());
      if (subcommand?.autocomplete) await subcommand.autocomplete(interaction, context);
      else await interaction.respond([]);
    },
  };
}
