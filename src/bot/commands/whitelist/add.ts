import { SlashCommandSubcommandBuilder } from "discord.js";
import type { RoleFailure } from "../../../entries/model.ts";
import { commandDescription } from "../../../i18n/commands.ts";
import { requireManager } from "../../../registration/rules.ts";
import { expiresIn } from "../../expiry.ts";
import { answer, deferAnswer, memberWords } from "../../interaction/answer.ts";
import { fetchGuildMember } from "../../interaction/guild-member.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { typedCommand } from "../../localize.ts";
import { actingMember } from "../../members.ts";
import { roleMentions } from "../../mentions.ts";
import { nicknameWarning } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { expiresInOption, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist add whitelist member nick [expires]` (managers): registers a nick for a member, in any mode and
 * without the required-role gate (origin `staff`); every other rule applies, and the whitelist's roles are
 * granted. With `expires` (`30m`, `12h`, `7d`) the nick goes by itself after that long; without, it stays.
 */
export const add = {
  data: new SlashCommandSubcommandBuilder()
    .setName("add")
    .setDescription(commandDescription("whitelist add"))
    .addStringOption(whitelistOption(true))
    .addUserOption((option) =>
      option.setName("member").setDescription(commandDescription("whitelist add member")).setRequired(true),
    )
    .addStringOption((option) =>
      option
        .setName("nick")
        .setDescription(commandDescription("whitelist add nick"))
        .setRequired(true)
        .setMaxLength(40),
    )
    .addStringOption((option) =>
      option.setName("expires").setDescription(commandDescription("whitelist add expires")).setMaxLength(20),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actor);
    const expiresInSeconds = expiresInOption(interaction.options);
    await deferAnswer(interaction);
    const member = await fetchGuildMember(interaction, interaction.options.getUser("member", true).id);
    const { entry, roles } = await context.services.registration.register({
      guildId,
      whitelist: whitelist.id,
      member,
      actor,
      nick: interaction.options.getString("nick", true),
      origin: "staff",
      expiresIn: expiresInSeconds,
    });
    const words = await memberWords(interaction, context);
    const expiry = expiresIn(words, entry);
    /** The answer; `failures`: roles Discord refused, once known (the nick is stored before they are given). */
    const added = (failures: RoleFailure[]) =>
      [
        words.t("staff.add.done", {
          nick: plainName(entry.nick),
          whitelist: plainName(whitelist.name),
          member: `<@${member.userId}>`,
        }),
        ...(expiry ? [words.t("staff.add.expires", { when: expiry })] : []),
        ...(failures.length > 0
          ? [words.t("staff.add.rolesRefused", { roles: roleMentions(failures.map((f) => f.roleId)) })]
          : []),
        ...(interaction.guild ? nicknameWarning(words, interaction.guild, whitelist, member) : []),
        words.t("staff.add.undo", {
          command: typedCommand(words, "whitelist remove", { whitelist: whitelist.name, nick: entry.nick }),
        }),
      ].join("\n");
    await answer(interaction, added([]));
    const failures = await roles.failures;
    if (failures.length > 0) await answer(interaction, added(failures));
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
