import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
  SlashCommandSubcommandGroupBuilder,
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

/** A group of subcommands (`/whitelist form set|show|…`): its name and description, and its subcommands. */
export type SubcommandGroup = {
  group: (builder: SlashCommandSubcommandGroupBuilder) => SlashCommandSubcommandGroupBuilder;
  subcommands: Subcommand[];
};

/** Where a subcommand sits: `<group> <name>`, or its name alone outside a group. */
const pathOf = (group: string | null, name: string) => (group === null ? name : `${group} ${name}`);

/**
 * Assembles a command from its subcommands and groups of them: their definitions, and routing by
 * `getSubcommandGroup()` and `getSubcommand()`.
 */
export function withSubcommands(
  builder: SlashCommandBuilder,
  parts: (Subcommand | SubcommandGroup)[],
): Command {
  const byPath = new Map<string, Subcommand>();
  for (const part of parts) {
    if ("data" in part) {
      builder.addSubcommand(part.data);
      byPath.set(pathOf(null, part.data.name), part);
      continue;
    }
    builder.addSubcommandGroup((group) => {
      const built = part.group(group);
      for (const subcommand of part.subcommands) {
        built.addSubcommand(subcommand.data);
        byPath.set(pathOf(built.name, subcommand.data.name), subcommand);
      }
      return built;
    });
  }
  const find = (options: ChatInputCommandInteraction["options"] | AutocompleteInteraction["options"]) =>
    byPath.get(pathOf(options.getSubcommandGroup(false), options.getSubcommand()));
  return {
    data: builder.toJSON(),
    async execute(interaction, context) {
      const subcommand = find(interaction.options);
      if (!subcommand) {
        throw new DomainError("invalid-input", text("common.unknownSubcommand"));
      }
      await subcommand.execute(interaction, context);
    },
    async autocomplete(interaction, context) {
      const subcommand = find(interaction.options);
      if (subcommand?.autocomplete) await subcommand.autocomplete(interaction, context);
      else await interaction.respond([]);
    },
  };
}
