import { SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../i18n/commands.ts";
import type { Command } from "../context.ts";
import { answer, memberWords } from "../interaction/answer.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { actingMember } from "../members.ts";
import { plainName } from "../text.ts";

/**
 * `/unlink [account] [member]`: forgets a Java account you linked on this server (Manage Server: another member's).
 * Their nicks stay on the whitelists.
 */
export const unlink = {
  data: new SlashCommandBuilder()
    .setName("unlink")
    .setDescription(commandDescription("unlink"))
    .addStringOption((option) =>
      option.setName("account").setDescription(commandDescription("unlink account")).setMaxLength(40),
    )
    .addUserOption((option) => option.setName("member").setDescription(commandDescription("unlink member")))
    .toJSON(),

  async execute(interaction, context) {
    const actor = actingMember(interaction);
    const userId = interaction.options.getUser("member")?.id ?? actor.userId;
    const gone = await context.services.linking.unlink({
      guildId: requireGuildId(interaction),
      actor,
      userId,
      account: interaction.options.getString("account"),
    });
    const words = await memberWords(interaction, context);
    const whom = userId === actor.userId ? words.t("unlink.you") : `<@${userId}>`;
    await answer(interaction, words.t("unlink.done", { account: plainName(gone.name), whom }));
  },
} satisfies Command;
