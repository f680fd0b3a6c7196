import type { AutocompleteInteraction, SlashCommandStringOption } from "discord.js";
import type { NickSource } from "../../registration/lookups.ts";
import type { BotContext } from "../context.ts";
import { actingMember } from "../members.ts";
import { suggestWhitelists } from "./options.ts";

/**
 * Adds a `nick` option that may name a nick already stored (or denied), with autocomplete. Options that only
 * take a new nick (`/register`, `/whitelist add`) have none: nothing stored could be what is meant there.
 * Suggestions never restrict what may be typed.
 */
export function nickOption(description: string) {
  return (option: SlashCommandStringOption) =>
    option
      .setName("nick")
      .setDescription(description)
      .setRequired(true)
      .setMaxLength(40)
      .setAutocomplete(true);
}

/**
 * The autocomplete of a command with a `nick` option (`source`: entries, or denials) and a `whitelist` one:
 * while `nick` is typed, the nicks the look-ups suggest (managers: the whitelist's; members: their own), on the
 * whitelist already chosen if any; while `whitelist` is typed, the whitelists.
 */
export function suggestNicks(source: NickSource) {
  return async (interaction: AutocompleteInteraction, context: BotContext): Promise<void> => {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "nick" || !interaction.guildId) {
      await suggestWhitelists(interaction, context);
      return;
    }
    const suggestions = await context.services.lookups.suggest({
      guildId: interaction.guildId,
      whitelist: interaction.options.getString("whitelist"),
      typed: focused.value,
      actor: actingMember(interaction),
      source,
    });
    await interaction.respond(
      suggestions.map(({ nick, whitelist }) => ({ name: `${nick} (${whitelist.name})`, value: nick })),
    );
  };
}
