import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist remove whitelist nick` (its owner or a manager): removes a nick; granted roles are taken back. */
export const remove = {
  data: new SlashCommandSubcommandBuilder()
    .setName("remove")
    .setDescription(commandDescription("whitelist remove"))
    .addStringOption(whitelistOption(true))
    .addStringOption(nickOption(commandDescription("* nick"))),

  async execute(interaction, context) {
    const whitelist = await whitelistFromOption(interaction, context);
    const { entry } = await context.services.registration.unregister({
      guildId: requireGuildId(interaction),
      whitelist: whitelist.id,
      nick: interaction.options.getString("nick", true),
      actor: actingMember(interaction),
    });
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      words.t("staff.remove.done", {
        removed: words.t("public.removed", {
          nick: plainName(entry.nick),
          whitelist: plainName(whitelist.name),
        }),
        owner: `<@${entry.userId}>`,
      }),
    );
  },

  autocomplete: suggestNicks("entries"),
} satisfies Subcommand;
