import { SlashCommandSubcommandBuilder } from "discord.js";
import { fileFormats, formats } from "../../../formats/index.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import { text } from "../../../i18n/messages.ts";
import { requireManager } from "../../../registration/rules.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { formatChoices, oneOf, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist export whitelist format` (managers): attaches the file a game server reads, byte for byte what
 * `GET /api/v1/whitelists/{id}/entries?format=` serves (the same format cache).
 */
export const exportWhitelist = {
  data: new SlashCommandSubcommandBuilder()
    .setName("export")
    .setDescription(commandDescription("whitelist export"))
    .addStringOption(whitelistOption(true))
    .addStringOption((option) =>
      option
        .setName("format")
        .setDescription(commandDescription("whitelist export format"))
        .setRequired(true)
        .addChoices(...formatChoices),
    ),

  async execute(interaction, context) {
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actingMember(interaction));
    const format = oneOf(fileFormats, interaction.options.getString("format", true), "format");
    const formatted = await context.services.formatCache.get(whitelist.id, format);
    const fileName = formats[format].file.name;
    const count = (await context.services.entries.list(whitelist.id)).length;
    const words = await memberWords(interaction, context);
    await answer(interaction, {
      content: words.t("staff.export.done", {
        whitelist: plainName(whitelist.name),
        file: fileName,
        nicks: text("log.count.nicks", { count }),
        url: `${context.apiUrl}/whitelists/${whitelist.id}/entries?format=${format}`,
      }),
      files: [{ attachment: Buffer.from(formatted.bytes), name: fileName }],
    });
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
