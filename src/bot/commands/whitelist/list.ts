import { SlashCommandSubcommandBuilder } from "discord.js";
import { plainName } from "../../text.ts";
import { answer, fitLines } from "../answer.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/** `/whitelist list`: every whitelist of the server with its id, channel, kind, mode and size (anyone). */
export const list = {
  data: new SlashCommandSubcommandBuilder().setName("list").setDescription("List this server's whitelists"),

  async execute(interaction, context) {
    const all = await context.services.whitelists.listForGuild(requireGuildId(interaction));
    if (all.length === 0) {
      await answer(
        interaction,
        "This server has no whitelist yet. Staff create one with `/whitelist create`.",
      );
      return;
    }
    const lines: string[] = [];
    for (const wl of all) {
      const nicks = (await context.services.entries.list(wl.id)).length;
      lines.push(
        `• **${plainName(wl.name)}** (\`${wl.id}\`) in <#${wl.channelId}>: ${wl.nickType}, ${wl.registrationMode} mode, ` +
          `${nicks} nick(s)${wl.enabled ? "" : ", closed"}`,
      );
    }
    await answer(
      interaction,
      fitLines(`${all.length} whitelist(s):`, lines) +
        "\nDetails with `/whitelist show`; register with `/register`.",
    );
  },
} satisfies Subcommand;
