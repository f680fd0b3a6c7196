import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { text } from "../../../i18n/messages.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { typedCommand } from "../../localize.ts";
import { deletedNicks } from "../../log-changes.ts";
import { linkKeyEmbed, requestCancelledMessage, whitelistDeletedEmbed } from "../../log-channel.ts";
import { tellMember } from "../../notify.ts";
import { plainName } from "../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
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
    .setDescription(commandDescription("whitelist delete"))
    .addStringOption(whitelistOption(true))
    .addBooleanOption((option) =>
      option.setName("confirm").setDescription(commandDescription("whitelist delete confirm")),
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
      const words = await memberWords(interaction, context);
      await answer(
        interaction,
        words.t("staff.delete.preview", {
          whitelist: plainName(whitelist.name),
          nicks: text("log.count.nicks", { count: nicks.length }),
          keys: text("log.count.keys", { count: scopedKeys.length }),
          command: typedCommand(words, "whitelist delete", { whitelist: whitelist.name, confirm: "True" }),
        }),
      );
      return;
    }
    await deferAnswer(interaction);
    const { removed, revoked, cancelled } = await deletion.deleteWhitelist(whitelist.id, actor.userId);
    const said = await publicWords(interaction, context);
    // Requests that were waiting for staff: their posts lose their buttons, their requesters are told.
    for (const request of cancelled) {
      if (request.requestMessageId) {
        await context.log.edit(
          guildId,
          request.requestMessageId,
          requestCancelledMessage(
            said,
            request,
            said.t("log.request.cancelled.deleted", { whitelist: plainName(whitelist.name) }),
          ),
        );
      }
      await tellMember(
        interaction.client,
        context,
        {
          channelId: whitelist.channelId,
          userId: request.userId,
          content: said.t("approval.cancelled", {
            member: `<@${request.userId}>`,
            nick: plainName(request.nick),
            whitelist: plainName(whitelist.name),
          }),
        },
        { requestId: request.id },
      );
    }
    // One post for the whole deletion: its removals are not posted one by one (they are marked bulk).
    const nicks = deletedNicks(said, whitelist, removed);
    await context.log.post(guildId, {
      embeds: [
        whitelistDeletedEmbed(
          said,
          whitelist,
          { nicks: removed.length, keys: revoked.length },
          actor.userId,
          nicks.text,
        ),
        ...revoked.map((key) =>
          linkKeyEmbed(
            said,
            "revoked",
            key,
            said.t("log.scope.whitelist", { whitelist: plainName(whitelist.name) }),
            actor.userId,
          ),
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
    const words = await memberWords(interaction, context);
    await answer(
      interaction,
      words.t("staff.delete.done", {
        whitelist: plainName(whitelist.name),
        nicks: text("log.count.nicks", { count: removed.length }),
        keys: text("log.count.keys", { count: revoked.length }),
      }),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
