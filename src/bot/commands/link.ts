import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../context.ts";
import { answer, memberWords } from "../interaction/answer.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { typedCommand } from "../localize.ts";
import { actingMember } from "../members.ts";
import { describeLinked, howToProve, linkedLine } from "../proof.ts";

/**
 * `/link [code]`: with the code the link server showed, links that Java account to you on this server (proven
 * yours; one domain call); without one, says where to join for a code and lists the accounts you linked here.
 */
export const link = {
  data: new SlashCommandBuilder()
    .setName("link")
    .setDescription("Prove a Minecraft Java account is yours: the code the link server showed you")
    .addStringOption((option) =>
      option
        .setName("code")
        .setDescription(
          "The code shown when you joined the link server, e.g. K7QX-29MD (none: how to get one)",
        )
        .setMaxLength(20),
    )
    .toJSON(),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const member = actingMember(interaction);
    const code = interaction.options.getString("code");
    const words = await memberWords(interaction, context);
    if (code === null) {
      const links = await context.services.linking.linksOf(guildId, member.userId);
      await answer(
        interaction,
        [
          words.t("link.how", { how: howToProve(words, context.linkAddress, words.t("link.how.then")) }),
          links.length === 0
            ? words.t("link.none")
            : words.t("link.list", {
                accounts: links.map((account) => `• ${linkedLine(words, account)}`).join("\n"),
              }),
        ].join("\n"),
      );
      return;
    }
    const linked = await context.services.linking.link({ guildId, member, code });
    await answer(
      interaction,
      [
        ...describeLinked(words, linked),
        words.t("link.next", { command: typedCommand(words, "register", { nick: linked.account.name }) }),
      ].join("\n"),
    );
  },
} satisfies Command;
