import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { scriptLines } from "../../../shared/script-lines.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { accessOf, linkKeyEmbed } from "../../log-channel.ts";
import { plainName } from "../../text.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";
import { scopeOf } from "./shared.ts";

/**
 * `/server-link create name [whitelist] [may-remove]` (Manage Server): a link key for a game server or integration,
 * limited to one whitelist or the whole server, read-only with `may-remove:False` (docs/api.md, Read-only keys).
 * The reply carries the lines `Link id: <id>` and `Key: <key>`, shown once.
 */
export const create = {
  data: new SlashCommandSubcommandBuilder()
    .setName("create")
    .setDescription(commandDescription("server-link create"))
    .addStringOption((option) =>
      option
        .setName("name")
        .setDescription(commandDescription("server-link create name"))
        .setRequired(true)
        .setMaxLength(64),
    )
    .addStringOption(whitelistOption(false, commandDescription("server-link create whitelist")))
    .addBooleanOption((option) =>
      option.setName("may-remove").setDescription(commandDescription("server-link create may-remove")),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context, "every");
    // The key is shown only in the answer: acknowledge within Discord's 3 s before the store and the log post,
    // which may take longer, so a slow Discord cannot leave a key created and never shown.
    await deferAnswer(interaction);
    const { key, plaintext } = await context.services.keys.create({
      guildId,
      name: interaction.options.getString("name", true),
      whitelistId: whitelist?.id ?? null,
      mayRemove: interaction.options.getBoolean("may-remove") ?? true,
      createdBy: actor.userId,
    });
    const words = await memberWords(interaction, context);
    const said = await publicWords(interaction, context);
    const scope = await scopeOf(words, key, context.services);
    await context.log.post(guildId, {
      embeds: [linkKeyEmbed(said, "created", key, await scopeOf(said, key, context.services), actor.userId)],
    });
    context.logger.info("link key created", {
      guildId,
      keyId: key.id,
      whitelistId: key.whitelistId,
      mayRemove: key.mayRemove,
      actorId: actor.userId,
    });
    await answer(
      interaction,
      [
        words.t("staff.link.created", { name: plainName(key.name), scope, access: accessOf(words, key) }),
        scriptLines.linkId.line(key.id),
        scriptLines.key.line(plaintext),
        words.t("staff.link.howToUse", { key: plaintext, url: context.apiUrl }),
        words.t("staff.link.next", {
          next: words.t(key.mayRemove ? "staff.link.next.remove" : "staff.link.next.read"),
          id: key.id,
        }),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
