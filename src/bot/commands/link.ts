import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../context.ts";
import { actingMember } from "../members.ts";
import { describeLinked, howToProve, linkedLine } from "../proof.ts";
import { codeSpan } from "../text.ts";
import { answer } from "./answer.ts";
import { requireGuildId } from "./preconditions.ts";

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
    if (code === null) {
      const links = await context.services.linking.linksOf(guildId, member.userId);
      await answer(
        interaction,
        [
          `To link a Minecraft Java account: ${howToProve(context.linkAddress, "type `/link code:<code>` here")}`,
          links.length === 0
            ? "You have no linked account on this server yet."
            : `Your linked accounts here:\n${links.map((account) => `• ${linkedLine(account)}`).join("\n")}`,
        ].join("\n"),
      );
      return;
    }
    const linked = await context.services.linking.link({ guildId, member, code });
    const { name } = linked.account;
    await answer(
      interaction,
      [
        ...describeLinked(linked),
        `Put it on a whitelist with ${codeSpan(`/register nick:${name}`)}: no need to join again. \`/unlink\` forgets it.`,
      ].join("\n"),
    );
  },
} satisfies Command;
