import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../context.ts";
import { actingMember } from "../members.ts";
import { answer } from "./answer.ts";
import { suggestWhitelists, whitelistOption } from "./options.ts";
import { requireGuildId } from "./preconditions.ts";

/** `/unregister nick [whitelist]`: removes one of your nicks (staff: anyone's); granted roles are taken back. */
export const unregister = {
  data: new SlashCommandBuilder()
    .setName("unregister")
    .setDescription("Take a Minecraft nick off a whitelist")
    .addStringOption((option) =>
      option
        .setName("nick")
        .setDescription("The nick to remove")
        .setRequired(true)
        .setMaxLength(40)
        .setAutocomplete(true),
    )
    .addStringOption(
      whitelistOption(false, "Which whitelist (default: the one of this channel, or the server's only one)"),
    )
    .toJSON(),

  async execute(interaction, context) {
    const { entry, whitelist } = await context.services.registration.unregister({
      guildId: requireGuildId(interaction),
      whitelist: interaction.options.getString("whitelist"),
      channelId: interaction.channelId,
      nick: interaction.options.getString("nick", true),
      actor: actingMember(interaction),
    });
    await answer(
      interaction,
      `🗑️ **${entry.nick}** is no longer on **${whitelist.name}**` +
        (entry.userId === interaction.user.id ? "" : ` (it belonged to <@${entry.userId}>)`) +
        ". Roles given for it are taken back. Register again any time with `/register`.",
    );
  },

  /** Suggests whitelists, and for `nick` the member's own nicks (on the chosen whitelist when one is given). */
  async autocomplete(interaction, context) {
    const focused = interaction.options.getFocused(true);
    if (focused.name !== "nick" || !interaction.guildId) {
      await suggestWhitelists(interaction, context);
      return;
    }
    const typed = focused.value.trim().toLowerCase();
    const chosen = interaction.options.getString("whitelist")?.trim();
    const wanted = chosen ? context.services.whitelists.find(interaction.guildId, chosen) : undefined;
    const nicks = context.services.registration
      .listMemberEntries(interaction.guildId, interaction.user.id)
      .filter(
        ({ entry, whitelist }) =>
          (!wanted || whitelist.id === wanted.id) && entry.nick.toLowerCase().includes(typed),
      )
      .slice(0, 25)
      .map(({ entry, whitelist }) => ({ name: `${entry.nick} (${whitelist.name})`, value: entry.nick }));
    await interaction.respond(nicks);
  },
} satisfies Command;
