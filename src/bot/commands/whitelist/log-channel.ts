import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { colours } from "../../log-channel.ts";
import { serverWarnings } from "../../setup-warnings.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist log-channel [channel]` (Manage Server): where changes, requests and failures are posted. */
export const logChannel = {
  data: new SlashCommandSubcommandBuilder()
    .setName("log-channel")
    .setDescription(commandDescription("whitelist log-channel"))
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription(commandDescription("whitelist log-channel channel"))
        .addChannelTypes(ChannelType.GuildText),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const channelId = interaction.options.getChannel("channel")?.id ?? null;
    await context.services.guilds.setLogChannel(guildId, channelId);
    context.logger.info("log channel set", { guildId, channelId, actorId: actor.userId });
    const words = await memberWords(interaction, context);
    if (channelId === null) {
      await answer(interaction, words.t("staff.logChannel.off"));
      return;
    }
    // Posting once proves the bot may write there, before anything important depends on it. The post may take
    // longer than Discord's 3 s to acknowledge. It is public: in the server's language.
    await deferAnswer(interaction);
    const said = await publicWords(interaction, context);
    const posted = await context.log.post(guildId, {
      embeds: [
        {
          title: said.t("log.channel.title"),
          description: said.t("log.channel", { member: `<@${actor.userId}>` }),
          color: colours.info,
        },
      ],
    });
    // What the post cannot prove (files for exports) or what else stands in the way, from the same checks doctor runs.
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(guildId));
    await answer(
      interaction,
      [
        words.t(posted ? "staff.logChannel.set" : "staff.logChannel.failed", { channel: `<#${channelId}>` }),
        ...(await serverWarnings(guild, context.services, words)),
      ].join("\n"),
    );
  },
} satisfies Subcommand;
