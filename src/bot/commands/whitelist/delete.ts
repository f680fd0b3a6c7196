import { SlashCommandSubcommandBuilder } from "discord.js";
import {
  deletedNicks,
  linkKeyEmbed,
  requestCancelledMessage,
  whitelistDeletedEmbed,
} from "../../log-channel.ts";
import { tellMember } from "../../notify.ts";
import { codeSpan, plainName } from "../../text.ts";
import { answer, deferAnswer } from "../answer.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import { requireGuildId, requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist delete whitelist [confirm]` (Manage Server). Without `confirm:True` it only says what would go.
 * With it, one transaction (src/registration/deletion.ts): every nick is removed with its `entry.removed` event
 * (roles reverted, the log told; the keys' own subscribers hear each one), then the keys limited to the
 * whitelist are revoked (401, sockets closed with 4001), then the whitelist and its requests go.
 */
export const deleteWhitelist = {
  data: new SlashCommandSubcommandBuilder()
    .setName("delete")
    .setDescription("Delete a whitelist, its nicks and the link keys limited to it (Manage Server)")
    .addStringOption(whitelistOption(true))
    .addBooleanOption((option) =>
      option
        .setName("confirm")
        .setDescription("True to really delete; without it you only see what would go"),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const { entries, keys, deletion } = context.services;
    if (interaction.options.getBoolean("confirm") !== true) {
      const nicks = await entries.list(whitelist.id);
      const scopedKeys = (await keys.list(guildId)).filter(
        (key) => key.whitelistId === whitelist.id && key.revokedAt === null,
      );
      await answer(
        interaction,
        `Deleting **${plainName(whitelist.name)}** removes its ${nicks.length} nick(s) (roles given for them are taken ` +
          `back), drops its pending requests and revokes ${scopedKeys.length} link key(s) limited to it. ` +
          `Nothing changed yet: run ${codeSpan(`/whitelist delete whitelist:${whitelist.name} confirm:True`)} to go ahead.`,
      );
      return;
    }
    await deferAnswer(interaction);
    const { removed, revoked, cancelled } = await deletion.deleteWhitelist(whitelist.id, actor.userId);
    // Requests that were waiting for staff: their posts lose their buttons, their requesters are told.
    for (const request of cancelled) {
      if (request.requestMessageId) {
        await context.log.edit(
          guildId,
          request.requestMessageId,
          requestCancelledMessage(request, `staff deleted **${plainName(whitelist.name)}**`),
        );
      }
      await tellMember(
        interaction.client,
        context,
        {
          channelId: whitelist.channelId,
          userId: request.userId,
          content:
            `<@${request.userId}> your request for **${plainName(request.nick)}** on **${plainName(whitelist.name)}** was cancelled: ` +
            "staff deleted that whitelist.",
        },
        { requestId: request.id },
      );
    }
    // One post for the whole deletion: its removals are not posted one by one (they are marked bulk).
    const nicks = deletedNicks(whitelist, removed);
    await context.log.post(guildId, {
      embeds: [
        whitelistDeletedEmbed(
          whitelist,
          { nicks: removed.length, keys: revoked.length },
          actor.userId,
          nicks.text,
        ),
        ...revoked.map((key) =>
          linkKeyEmbed("revoked", key, `whitelist **${plainName(whitelist.name)}**`, actor.userId),
        ),
      ].slice(0, 10),
      ...(nicks.file ? { files: [nicks.file] } : {}),
    });
    context.logger.info("whitelist deleted", {
      guildId,
      whitelistId: whitelist.id,
      nicks: removed.length,
      keys: revoked.length,
      actorId: actor.userId,
    });
    await answer(
      interaction,
      `🗑️ Deleted **${plainName(whitelist.name)}**: ${removed.length} nick(s) removed, ${revoked.length} link key(s) revoked. ` +
        "Game servers using a server-wide key get 404 for it from now on; create a new one with `/whitelist create`.",
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
