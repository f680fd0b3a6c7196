import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { scriptLines } from "../../../shared/script-lines.ts";
import { hostOf } from "../../../webhooks/ssrf.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { webhookEmbed } from "../../log-channel.ts";
import type { Subcommand } from "../subcommands.ts";
import { linkIdOption, suggestLinks } from "./shared.ts";

/**
 * `/server-link webhook id [url]` (Manage Server): sets the link's webhook and shows its signing secret once
 * (`Signing secret: whsec_…`), or removes it when `url` is left out or empty.
 */
export const webhook = {
  data: new SlashCommandSubcommandBuilder()
    .setName("webhook")
    .setDescription(commandDescription("server-link webhook"))
    .addStringOption(linkIdOption)
    .addStringOption((option) =>
      option.setName("url").setDescription(commandDescription("server-link webhook url")).setMaxLength(2048),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const keyId = interaction.options.getString("id", true).trim();
    const url = interaction.options.getString("url")?.trim() ?? "";
    const key = async () =>
      (await context.services.keys.list(guildId)).find((candidate) => candidate.id === keyId);

    // Resolving the URL's host (SSRF guard) and the log post may take longer than Discord's 3 s to acknowledge.
    await deferAnswer(interaction);
    const said = await publicWords(interaction, context);
    const words = await memberWords(interaction, context);
    if (url === "") {
      await context.services.webhooks.clear(guildId, keyId);
      context.logger.info("webhook removed", { guildId, keyId, actorId: actor.userId });
      const cleared = await key();
      if (cleared)
        await context.log.post(guildId, {
          embeds: [webhookEmbed(said, "cleared", cleared, null, actor.userId)],
        });
      await answer(interaction, words.t("staff.webhook.removed", { id: keyId }));
      return;
    }

    const { secret } = await context.services.webhooks.set(guildId, keyId, url);
    const set = await key();
    const host = hostOf(url);
    // The host only: a webhook URL's path and query often carry a token.
    context.logger.info("webhook set", { guildId, keyId, host, actorId: actor.userId });
    if (set)
      await context.log.post(guildId, { embeds: [webhookEmbed(said, "set", set, host, actor.userId)] });
    await answer(
      interaction,
      [
        words.t("staff.webhook.set", { id: keyId, host }),
        scriptLines.signingSecret.line(secret),
        words.t("staff.webhook.verify"),
      ].join("\n"),
    );
  },

  autocomplete: suggestLinks,
} satisfies Subcommand;
