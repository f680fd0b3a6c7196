import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { requireManager } from "../../../registration/rules.ts";
import { expiresIn } from "../../expiry.ts";
import { answer, deferAnswer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { typedCommand } from "../../localize.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { expiresInOption, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist guest whitelist nick note [expires]` (managers): whitelists a player who is not on the Discord server
 * (a friend, a streamer's guest, a console player). The entry is tied to the manager, marked a guest with the note,
 * granted no role and counted against nobody's limit (docs/decisions.md, Players without Discord).
 */
export const guest = {
  data: new SlashCommandSubcommandBuilder()
    .setName("guest")
    .setDescription(commandDescription("whitelist guest"))
    .addStringOption(whitelistOption(true))
    .addStringOption((option) =>
      option
        .setName("nick")
        .setDescription(commandDescription("whitelist guest nick"))
        .setRequired(true)
        .setMaxLength(40),
    )
    .addStringOption((option) =>
      option
        .setName("note")
        .setDescription(commandDescription("whitelist guest note"))
        .setRequired(true)
        .setMaxLength(200),
    )
    .addStringOption((option) =>
      option
        .setName("expires")
        .setDescription(commandDescription("whitelist guest expires"))
        .setMaxLength(20),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actor);
    const expiresInSeconds = expiresInOption(interaction.options);
    // The nick may be looked up at Mojang or GeyserMC.
    await deferAnswer(interaction);
    const { entry } = await context.services.registration.addGuest({
      guildId,
      whitelist: whitelist.id,
      nick: interaction.options.getString("nick", true),
      note: interaction.options.getString("note", true),
      actor,
      expiresIn: expiresInSeconds,
    });
    const words = await memberWords(interaction, context);
    const expiry = expiresIn(words, entry);
    await answer(
      interaction,
      [
        words.t("staff.guest.done", {
          nick: plainName(entry.nick),
          whitelist: plainName(whitelist.name),
          note: plainName(entry.note ?? ""),
        }),
        words.t("staff.guest.noRoles"),
        ...(expiry ? [words.t("staff.guest.expires", { when: expiry })] : []),
        words.t("staff.guest.undo", {
          remove: typedCommand(words, "whitelist remove", { whitelist: whitelist.name, nick: entry.nick }),
          transfer: typedCommand(words, "whitelist transfer", { nick: entry.nick }),
        }),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
