import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../context.ts";
import { actingMember } from "../members.ts";
import { plainName } from "../text.ts";
import { answer } from "./answer.ts";
import { nickOption, suggestNicks } from "./nick-option.ts";
import { whitelistOption } from "./options.ts";
import { requireGuildId } from "./preconditions.ts";

/** `/unregister nick [whitelist]`: removes one of your nicks (staff: anyone's); granted roles are taken back. */
export const unregister = {
  data: new SlashCommandBuilder()
    .setName("unregister")
    .setDescription("Take a Minecraft nick off a whitelist")
    .addStringOption(nickOption("The nick to remove"))
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
      `🗑️ **${plainName(entry.nick)}** is no longer on **${plainName(whitelist.name)}**` +
        (entry.userId === interaction.user.id ? "" : ` (it belonged to <@${entry.userId}>)`) +
        ". Roles given for it are taken back. Register again any time with `/register`.",
    );
  },

  /** Suggests whitelists, and for `nick` your own nicks (staff: the nicks of the whitelists they manage). */
  autocomplete: suggestNicks("entries"),
} satisfies Command;
