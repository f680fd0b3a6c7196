import type { AutocompleteInteraction, SlashCommandStringOption } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Words } from "../../../i18n/words.ts";
import type { LinkKeyView } from "../../../keys/service.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { mayManageGuild } from "../../interaction/preconditions.ts";
import { plainName } from "../../text.ts";

/** Adds the `id` option naming a link; active links are suggested as "name (id)". */
export function linkIdOption(option: SlashCommandStringOption) {
  return option
    .setName("id")
    .setDescription(commandDescription("* id"))
    .setRequired(true)
    .setAutocomplete(true)
    .setMaxLength(32);
}

/** Suggests the guild's active links to members with Manage Server (nobody else may use them). */
export async function suggestLinks(interaction: AutocompleteInteraction, context: BotContext): Promise<void> {
  if (!interaction.guildId || !mayManageGuild(interaction)) {
    await interaction.respond([]);
    return;
  }
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const links = (await context.services.keys.list(interaction.guildId))
    .filter((key) => key.revokedAt === null)
    .filter((key) => key.id.toLowerCase().includes(typed) || key.name.toLowerCase().includes(typed));
  await interaction.respond(
    links.slice(0, 25).map((key) => ({ name: `${key.name} (${key.id})`, value: key.id })),
  );
}

/** What a link reaches, in words: "whitelist **survival**" or "the whole server". */
export async function scopeOf(
  words: Words,
  key: Pick<LinkKeyView, "whitelistId">,
  services: BotServices,
): Promise<string> {
  if (key.whitelistId === null) return words.t("log.scope.server");
  const whitelist = await services.whitelists.get(key.whitelistId);
  return whitelist
    ? words.t("log.scope.whitelist", { whitelist: plainName(whitelist.name) })
    : words.t("log.scope.deleted");
}
