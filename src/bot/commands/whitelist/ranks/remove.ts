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

/**
 * `/whitelist ranks remove whitelist group [role|members]` (Manage Server): nobody is in the group through that
 * mapping any more (without `role` or `members`, through any). The whitelist's nicks are regrouped at once.
 */
export const remove = {
  data: holderOptions(
    new SlashCommandSubcommandBuilder()
      .setName("remove")
      .setDescription(commandDescription("whitelist ranks remove"))
      .addStringOption(whitelistOption(true))
      .addStringOption((option) =>
        option
          .setName("group")
          .setDescription(commandDescription("whitelist ranks remove group"))
          .setRequired(true)
          .setMaxLength(MAX_GROUP_LENGTH),
      ),
    "remove",
  ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const holder = holderOf(interaction, true);
    await deferAnswer(interaction);
    const done = await context.services.ranks.unmap({
      whitelistId: whitelist.id,
      guildId,
      group: interaction.options.getString("group", true),
      ...(holder === null ? {} : { roleId: holder }),
      actorId: actor.userId,
    });
    const words = await memberWords(interaction, context);
    const where = { group: done.group, whitelist: plainName(whitelist.name) };
    if (done.removed.length === 0) {
      await answer(
        interaction,
        done.holder === null
          ? words.t("ranks.noneRemoved", where)
          : words.t("ranks.noneRemoved.holder", { ...where, holder: describeHolder(words, done.holder) }),
      );
      return;
    }
    const holders = done.removed.map((mapping) => mapping.roleId);
    const said = await publicWords(interaction, context);
    await context.log.post(guildId, {
      embeds: [
        rankEditEmbed(said, {
          action: "unmapped",
          whitelist: whitelist.name,
          group: done.group,
          holders,
          changed: done.changed.length,
          actorId: actor.userId,
        }),
      ],
    });
    await answer(
      interaction,
      [
        words.t("ranks.removed", {
          ...where,
          holders: holders.map((roleId) => describeHolder(words, roleId)).join(", "),
        }),
        words.t("ranks.changed", { count: done.changed.length }),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
