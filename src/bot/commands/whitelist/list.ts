import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { text } from "../../../i18n/messages.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { fitLines, plainName } from "../../text.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist list`: every whitelist of the server with its id, channel, kind, mode and size (anyone). */
export const list = {
  data: new SlashCommandSubcommandBuilder()
    .setName("list")
    .setDescription(commandDescription("whitelist list")),

  async execute(interaction, context) {
    const all = await context.services.whitelists.listForGuild(requireGuildId(interaction));
    const words = await memberWords(interaction, context);
    if (all.length === 0) {
      await answer(interaction, words.t("staff.list.none"));
      return;
    }
    const lines: string[] = [];
    for (const wl of all) {
      const nicks = (await context.services.entries.list(wl.id)).length;
      lines.push(
        words.t("staff.list.item", {
          name: plainName(wl.name),
          id: wl.id,
          channel: `<#${wl.channelId}>`,
          nickType: wl.nickType,
          mode: wl.registrationMode,
          nicks: text("log.count.nicks", { count: nicks }),
          closed: wl.enabled ? "" : words.t("staff.list.closed"),
        }),
      );
    }
    const listed = fitLines(words, words.t("staff.list.header", { count: all.length }), lines);
    await answer(interaction, `${listed}\n${words.t("staff.list.footer")}`);
  },
} satisfies Subcommand;
