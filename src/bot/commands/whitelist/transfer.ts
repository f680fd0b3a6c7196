import { SlashCommandSubcommandBuilder } from "discord.js";
import { transferEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentions } from "../../mentions.ts";
import { nicknameWarning } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { answer, deferAnswer } from "../answer.ts";
import { fetchGuildMember } from "../guild-member.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistOption } from "../options.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist transfer nick member [whitelist]` (managers): hands a nick over to another member, typically one
 * imported under the manager's name. The roles follow; nothing changes for game servers.
 */
export const transfer = {
  data: new SlashCommandSubcommandBuilder()
    .setName("transfer")
    .setDescription("Hand a nick over to another member (whitelist staff)")
    .addStringOption(nickOption("The nick, in any letter case"))
    .addUserOption((option) =>
      option.setName("member").setDescription("Who the nick belongs to from now on").setRequired(true),
    )
    .addStringOption(
      whitelistOption(false, "Which whitelist (default: the one of this channel, or the server's only one)"),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    await deferAnswer(interaction);
    const member = await fetchGuildMember(interaction, interaction.options.getUser("member", true).id);
    const { entry, whitelist, previousOwnerId, wasGuest, grantFailures, revertFailures } =
      await context.services.transfers.transfer({
        guildId,
        whitelist: interaction.options.getString("whitelist"),
        channelId: interaction.channelId,
        nick: interaction.options.getString("nick", true),
        member,
        actor,
      });
    await answer(
      interaction,
      [
        `🔀 **${plainName(entry.nick)}** on **${plainName(whitelist.name)}** now belongs to <@${member.userId}> ` +
          (wasGuest
            ? `(it was a guest of <@${previousOwnerId}>'s). Game servers see no change.`
            : `(it was <@${previousOwnerId}>'s). Game servers see no change.`),
        ...(grantFailures.length > 0
          ? [
              `I could not give them ${roleMentions(grantFailures.map((f) => f.roleId))}; the nick is theirs regardless.`,
            ]
          : []),
        ...(revertFailures.length > 0
          ? [
              `I could not take ${roleMentions(revertFailures.map((f) => f.roleId))} back from <@${previousOwnerId}>; ` +
                "remove it by hand if they should not keep it.",
            ]
          : []),
        ...(interaction.guild ? nicknameWarning(interaction.guild, whitelist, member) : []),
      ].join("\n"),
    );
    await context.log.post(guildId, {
      embeds: [
        transferEmbed({
          whitelist,
          nick: entry.nick,
          from: previousOwnerId,
          to: member.userId,
          actorId: actor.userId,
          wasGuest,
        }),
      ],
    });
  },

  autocomplete: suggestNicks("staff-entries"),
} satisfies Subcommand;
