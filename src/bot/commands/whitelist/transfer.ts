import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { fetchGuildMember } from "../../interaction/guild-member.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { transferEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentions } from "../../mentions.ts";
import { nicknameWarning } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist transfer nick member [whitelist]` (managers): hands a nick over to another member, typically one
 * imported under the manager's name. The roles follow; nothing changes for game servers.
 */
export const transfer = {
  data: new SlashCommandSubcommandBuilder()
    .setName("transfer")
    .setDescription(commandDescription("whitelist transfer"))
    .addStringOption(nickOption(commandDescription("* nick")))
    .addUserOption((option) =>
      option
        .setName("member")
        .setDescription(commandDescription("whitelist transfer member"))
        .setRequired(true),
    )
    .addStringOption(whitelistOption(false, commandDescription("whitelist transfer whitelist"))),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const named = await whitelistFromOption(interaction, context, "channel");
    await deferAnswer(interaction);
    const member = await fetchGuildMember(interaction, interaction.options.getUser("member", true).id);
    const { entry, whitelist, previousOwnerId, wasGuest, grantFailures, revertFailures } =
      await context.services.transfers.transfer({
        guildId,
        whitelist: named.id,
        nick: interaction.options.getString("nick", true),
        member,
        actor,
      });
    const words = await memberWords(interaction, context);
    const from = `<@${previousOwnerId}>`;
    await answer(
      interaction,
      [
        words.t(wasGuest ? "staff.transfer.doneGuest" : "staff.transfer.done", {
          nick: plainName(entry.nick),
          whitelist: plainName(whitelist.name),
          to: `<@${member.userId}>`,
          from,
        }),
        ...(grantFailures.length > 0
          ? [
              words.t("staff.transfer.grantFailed", {
                roles: roleMentions(grantFailures.map((f) => f.roleId)),
              }),
            ]
          : []),
        ...(revertFailures.length > 0
          ? [
              words.t("staff.transfer.revertFailed", {
                roles: roleMentions(revertFailures.map((f) => f.roleId)),
                from,
              }),
            ]
          : []),
        ...(interaction.guild ? nicknameWarning(words, interaction.guild, whitelist, member) : []),
      ].join("\n"),
    );
    await context.log.post(guildId, {
      embeds: [
        transferEmbed(await publicWords(interaction, context), {
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
