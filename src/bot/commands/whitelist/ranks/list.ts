import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../../i18n/commands.ts";
import type { Words } from "../../../../i18n/words.ts";
import type { RankHolder } from "../../../../whitelists/ranks.ts";
import type { BotContext } from "../../../context.ts";
import { answer, memberWords } from "../../../interaction/answer.ts";
import { describeMappings } from "../../../ranks.ts";
import { plainName } from "../../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../../options.ts";
import type { Subcommand } from "../../subcommands.ts";

/**
 * The line saying that role changes go unseen, when a role is mapped and Discord withholds the Server Members
 * intent: the groups then follow the roles a member had when they registered (docs/decisions.md, Ranks).
 */
export function rolesUnseen(words: Words, context: Pick<BotContext, "intents">, ...holders: RankHolder[]) {
  const roles = holders.some((holder) => holder !== "everyone" && holder !== "verified");
  return roles && !context.intents.serverMembers ? [words.t("ranks.rolesUnseen")] : [];
}

/** `/whitelist ranks list whitelist`: which groups a whitelist maps, and who is in each. Anyone may read it. */
export const list = {
  data: new SlashCommandSubcommandBuilder()
    .setName("list")
    .setDescription(commandDescription("whitelist ranks list"))
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    const whitelist = await whitelistFromOption(interaction, context);
    const mappings = await context.services.ranks.list(whitelist.id);
    const words = await memberWords(interaction, context);
    const name = plainName(whitelist.name);
    await answer(
      interaction,
      mappings.length === 0
        ? words.t("ranks.list.none", { whitelist: name })
        : [
            words.t("ranks.list.header", { whitelist: name }),
            describeMappings(words, mappings, 1700),
            ...rolesUnseen(words, context, ...mappings.map((mapping) => mapping.roleId)),
            words.t("ranks.list.how"),
          ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
