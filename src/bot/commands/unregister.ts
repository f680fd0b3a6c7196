import { SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../i18n/commands.ts";
import type { Command } from "../context.ts";
import { answer, memberWords } from "../interaction/answer.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { actingMember } from "../members.ts";
import { plainName } from "../text.ts";
import { nickOption, suggestNicks } from "./nick-option.ts";
import { whitelistFromOption, whitelistOption } from "./options.ts";

/** `/unregister nick [whitelist]`: removes one of your nicks (staff: anyone's); granted roles are taken back. */
export const unregister = {
  data: new SlashCommandBuilder()
    .setName("unregister")
    .setDescription(commandDescription("unregister"))
    .addStringOption(nickOption(commandDescription("unregister nick")))
    .addStringOption(whitelistOption(false, commandDescription("unregister whitelist")))
    .toJSON(),

  async execute(interaction, context) {
    const { entry, whitelist } = await context.services.registration.unregister({
      guildId: requireGuildId(interaction),
      whitelist: (await whitelistFromOption(interaction, context, "channel")).id,
      nick: interaction.options.getString("nick", true),
      actor: actingMember(interaction),
    });
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      words.t("unregister.done", {
        removed: words.t("public.removed", {
          nick: plainName(entry.nick),
          whitelist: plainName(whitelist.name),
        }),
        owner:
          entry.userId === interaction.user.id
            ? ""
            : words.t("unregister.owner", { owner: `<@${entry.userId}>` }),
      }),
    );
  },

  /** Suggests whitelists, and for `nick` your own nicks (staff: the nicks of the whitelists they manage). */
  autocomplete: suggestNicks("entries"),
} satisfies Command;
