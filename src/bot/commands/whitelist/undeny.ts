import { SlashCommandSubcommandBuilder } from "discord.js";
import { requireManager } from "../../../registration/rules.ts";
import { denialEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { answer, deferAnswer } from "../answer.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist undeny whitelist nick` (managers): lifts a denial; nothing is added back. */
export const undeny = {
  data: new SlashCommandSubcommandBuilder()
    .setName("undeny")
    .setDescription("Allow a denied nick on a whitelist again (whitelist staff)")
    .addStringOption(whitelistOption(true))
    .addStringOption(nickOption("The denied nick")),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actor);
    // The log post may take longer than Discord's 3 s to acknowledge.
    await deferAnswer(interaction);
    const { denial } = await context.services.denials.undeny({
      guildId,
      whitelist: whitelist.id,
      nick: interaction.options.getString("nick", true),
      actor,
    });
    await context.log.post(guildId, { embeds: [denialEmbed("allowed", denial, whitelist, actor.userId)] });
    await answer(
      interaction,
      `✅ **${plainName(denial.nick)}** may be registered on **${plainName(whitelist.name)}** again. Nothing was added back: its ` +
        `owner registers it again with \`/register\`, or staff with \`/whitelist add\`.`,
    );
  },

  autocomplete: suggestNicks("denied"),
} satisfies Subcommand;
