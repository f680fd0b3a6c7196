import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
import { MAX_GROUP_LENGTH } from "../../../../whitelists/ranks.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../../interaction/preconditions.ts";
import { describeHolder, rankEditEmbed } from "../../../ranks.ts";
import { plainName } from "../../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";
import { holderOf, holderOptions } from "./holder.ts";
import { rolesUnseen } from "./list.ts";

/**
 * `/whitelist ranks add whitelist group role|members` (Manage Server): the holders of a role (or everyone on the
 * whitelist, or its verified accounts) are in a game group. Every nick of the whitelist is regrouped at once, and the
 * log channel gets one post saying how many changed.
 */
export const add = {
  data: holderOptions(
    new SlashCommandSubcommandBuilder()
      .setName("add")
      .setDescription(commandDescription("whitelist ranks add"))
      .addStringOption(whitelistOption(true))
      .addStringOption((option) =>
        option
          .setName("group")
          .setDescription(commandDescription("whitelist ranks add group"))
          .setRequired(true)
          .setMaxLength(MAX_GROUP_LENGTH),
      ),
    "add",
  ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const holder = holderOf(interaction, false) as string;
    // Every nick of the whitelist is regrouped in the same write: a large one may take longer than Discord waits.
    await deferAnswer(interaction);
    const done = await context.services.ranks.map({
      whitelistId: whitelist.id,
      guildId,
      roleId: holder,
      group: interaction.options.getString("group", true),
      actorId: actor.userId,
    });
    const words = await memberWords(interaction, context);
    const where = {
      holder: describeHolder(words, done.mapping.roleId),
      group: done.mapping.group,
      whitelist: plainName(whitelist.name),
    };
    if (done.added) {
      const said = await publicWords(interaction, context);
      await context.log.post(guildId, {
        embeds: [
          rankEditEmbed(said, {
            action: "mapped",
            whitelist: whitelist.name,
            group: done.mapping.group,
            holders: [done.mapping.roleId],
            changed: done.changed.length,
            actorId: actor.userId,
          }),
        ],
      });
    }
    await answer(
      interaction,
      [
        words.t(done.added ? "ranks.added" : "ranks.addedAgain", where),
        ...(done.added ? [words.t("ranks.changed", { count: done.changed.length })] : []),
        ...rolesUnseen(words, context, done.mapping.roleId),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
