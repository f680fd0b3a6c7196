import type { APIEmbed } from "discord.js";
import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";
import { denialDetailsEmbed, entryEmbed } from "./lookup-text.ts";

/** Discord's limit on embeds in one message. */
const MAX_EMBEDS = 10;

/**
 * `/whitelist whois nick [whitelist]`: who holds a nick, on the whitelist given or on every whitelist of the
 * server: owner, who added it, when, how and its expiry. Managers of a whitelist see any nick on it (and its
 * denial); a member sees their own nicks.
 */
export const whois = {
  data: new SlashCommandSubcommandBuilder()
    .setName("whois")
    .setDescription(commandDescription("whitelist whois"))
    .addStringOption(nickOption(commandDescription("whitelist whois nick")))
    .addStringOption(whitelistOption(false, commandDescription("whitelist whois whitelist"))),

  async execute(interaction, context) {
    const result = await context.services.lookups.whois({
      guildId: requireGuildId(interaction),
      whitelist: (await whitelistFromOption(interaction, context, "every"))?.id,
      nick: interaction.options.getString("nick", true),
      actor: actingMember(interaction),
    });
    const words = await memberWords(interaction, context);
    const embeds: APIEmbed[] = [
      ...result.found.map(({ entry, whitelist }) => entryEmbed(words, entry, whitelist)),
      ...result.denied.map(({ denial, whitelist }) => denialDetailsEmbed(words, denial, whitelist)),
    ];
    const nick = result.found[0]?.entry.nick ?? result.denied[0]?.denial.nick ?? result.nick;
    const where = result.found.map(({ whitelist }) => `**${plainName(whitelist.name)}**`).join(", ");
    await answer(interaction, {
      content: [
        result.found.length > 0
          ? words.t("staff.whois.found", { nick: plainName(nick), whitelists: where })
          : words.t("staff.whois.none", { nick: plainName(nick) }),
        ...(result.hidden > 0 ? [words.t("staff.whois.hidden", { count: result.hidden })] : []),
        ...(embeds.length > MAX_EMBEDS
          ? [words.t("staff.whois.more", { count: embeds.length - MAX_EMBEDS })]
          : []),
      ].join("\n"),
      embeds: embeds.slice(0, MAX_EMBEDS),
    });
  },

  autocomplete: suggestNicks("entries"),
} satisfies Subcommand;
