import { SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../i18n/commands.ts";
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
    .setDescription(commandDescription("link"))
    .addStringOption((option) =>
      option.setName("code").setDescription(commandDescription("link code")).setMaxLength(20),
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
        // A proof bounded to one whitelist linked nothing to register elsewhere.
        ...(linked.link
          ? [
              words.t("link.next", {
                command: typedCommand(words, "register", { nick: linked.account.name }),
              }),
            ]
          : []),
      ].join("\n"),
    );
  },
} satisfies Command;
