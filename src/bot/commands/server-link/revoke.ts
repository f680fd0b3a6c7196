import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { linkKeyEmbed } from "../../log-channel.ts";
import { plainName } from "../../text.ts";
import type { Subcommand } from "../subcommands.ts";
import { linkIdOption, scopeOf, suggestLinks } from "./shared.ts";

/** `/server-link revoke id` (Manage Server): the key stops working at once (REST 401, sockets closed 4001). */
export const revoke = {
  data: new SlashCommandSubcommandBuilder()
    .setName("revoke")
    .setDescription(commandDescription("server-link revoke"))
    .addStringOption(linkIdOption),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    // The log post may take longer than Discord's 3 s to acknowledge.
    await deferAnswer(interaction);
    const key = await context.services.keys.revoke(guildId, interaction.options.getString("id", true).trim());
    const said = await publicWords(interaction, context);
    await context.log.post(guildId, {
      embeds: [linkKeyEmbed(said, "revoked", key, await scopeOf(said, key, context.services), actor.userId)],
    });
    context.logger.info("link key revoked", { guildId, keyId: key.id, actorId: actor.userId });
    const words = await memberWords(interaction, context);
    await answer(interaction, words.t("staff.link.revokedDone", { name: plainName(key.name), id: key.id }));
  },

  autocomplete: suggestLinks,
} satisfies Subcommand;
