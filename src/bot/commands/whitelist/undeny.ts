import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { requireManager } from "../../../registration/rules.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { denialEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist undeny whitelist nick` (managers): lifts a denial; nothing is added back. */
export const undeny = {
  data: new SlashCommandSubcommandBuilder()
    .setName("undeny")
    .setDescription(commandDescription("whitelist undeny"))
    .addStringOption(whitelistOption(true))
    .addStringOption(nickOption(commandDescription("whitelist undeny nick"))),

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
    await context.log.post(guildId, {
      embeds: [
        denialEmbed(await publicWords(interaction, context), "allowed", denial, whitelist, actor.userId),
      ],
    });
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      words.t("staff.undeny.done", { nick: plainName(denial.nick), whitelist: plainName(whitelist.name) }),
    );
  },

  autocomplete: suggestNicks("denied"),
} satisfies Subcommand;
