import { type ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import { choiceName, commandDescription } from "../../../i18n/commands.ts";
import { text } from "../../../i18n/messages.ts";
import type { WhitelistChanges } from "../../../whitelists/service.ts";
import { DiscordRefusal } from "../../errors.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { roleMentions } from "../../mentions.ts";
import { whitelistWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { checkAccessNow } from "../access-check.ts";
import { oneOf, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import { describeRoleLimits, parseRoleLimit } from "../role-limit.ts";
import type { Subcommand } from "../subcommands.ts";

/** The three role lists of a whitelist, by the word the options use, with the key of what each is. */
const lists = {
  required: { field: "requiredRoleIds", label: "roles.list.required" },
  granted: { field: "grantedRoleIds", label: "roles.list.granted" },
  manager: { field: "managerRoleIds", label: "roles.list.manager" },
} as const;
type ListName = keyof typeof lists;
const listNames = Object.keys(lists) as ListName[];
/** What `clear` empties: one of the lists, or the nick limits by role. */
const clearable = [...listNames, "limits"] as const;

/** A role option's id, refusing @everyone (every member holds it, so it cannot gate or be granted). */
function roleOption(interaction: ChatInputCommandInteraction, name: string, guildId: string): string | null {
  const role = interaction.options.getRole(name);
  if (!role) return null;
  if (role.id === guildId) {
    throw new DiscordRefusal("invalid-input", text("roles.everyone"));
  }
  return role.id;
}

/**
 * `/whitelist roles whitelist [add-required] [remove-required] [add-granted] [remove-granted] [add-manager]
 * [remove-manager] [clear] [limit]` (Manage Server): edits the three role lists, one role per option (run it again
 * for more), and the nick limits by role (`limit:<role>=<n>`, `<role>=none` clears one); `clear` empties one list,
 * or every role limit, first. Without options it shows them. When the required roles change on a whitelist whose
 * nicks follow them, its members are checked at once.
 */
export const roles = {
  data: (() => {
    const builder = new SlashCommandSubcommandBuilder()
      .setName("roles")
      .setDescription(commandDescription("whitelist roles"))
      .addStringOption(whitelistOption(true));
    for (const list of listNames) {
      builder
        .addRoleOption((option) =>
          option.setName(`add-${list}`).setDescription(commandDescription(`whitelist roles add-${list}`)),
        )
        .addRoleOption((option) =>
          option
            .setName(`remove-${list}`)
            .setDescription(commandDescription(`whitelist roles remove-${list}`)),
        );
    }
    return builder
      .addStringOption((option) =>
        option
          .setName("clear")
          .addChoices(
            ...clearable.map((value) => ({ name: choiceName(`whitelist roles clear ${value}`), value })),
          )
          .setDescription(commandDescription("whitelist roles clear")),
      )
      .addStringOption((option) =>
        option.setName("limit").setDescription(commandDescription("whitelist roles limit")).setMaxLength(120),
      );
  })(),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const words = await memberWords(interaction, context);
    const whitelist = await whitelistFromOption(interaction, context);
    const clear = interaction.options.getString("clear");
    const cleared = clear === null ? null : oneOf(clearable, clear, "clear");
    const changes: WhitelistChanges = {};
    for (const list of listNames) {
      const { field } = lists[list];
      const added = roleOption(interaction, `add-${list}`, guildId);
      const removed = roleOption(interaction, `remove-${list}`, guildId);
      if (cleared !== list && added === null && removed === null) continue;
      const current = cleared === list ? [] : whitelist[field];
      const next = current.filter((roleId) => roleId !== removed);
      if (added !== null && !next.includes(added)) next.push(added);
      changes[field] = next;
    }
    const limit = interaction.options.getString("limit");
    if (cleared === "limits" || limit !== null) {
      const roleLimits = cleared === "limits" ? {} : { ...whitelist.roleLimits };
      if (limit !== null) {
        const guild = interaction.guild ?? (await interaction.client.guilds.fetch(guildId));
        const change = parseRoleLimit(limit, guild, whitelist.roleLimits);
        if (change.limit === null) delete roleLimits[change.roleId];
        else roleLimits[change.roleId] = change.limit;
      }
      changes.roleLimits = roleLimits;
    }
    const edit = await context.services.edits.editWhitelist({
      guildId,
      whitelistId: whitelist.id,
      actorId: interaction.user.id,
      changes,
    });
    const updated = edit.after;
    const checked = await checkAccessNow(interaction, context, edit);
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(updated.guildId));
    const warnings = await whitelistWarnings(
      guild,
      updated,
      context.services,
      context.intents.messageContent,
      words,
    );
    const changed = edit.changed.length > 0;
    await answer(
      interaction,
      [
        words.t(changed ? "roles.header.changed" : "roles.header", { whitelist: plainName(updated.name) }),
        ...listNames.map((list) => {
          const roleIds = updated[lists[list].field];
          return words.t("roles.line", {
            label: text(lists[list].label),
            roles: roleIds.length > 0 ? roleMentions(roleIds) : text("common.none"),
          });
        }),
        words.t("roles.limits", { limits: describeRoleLimits(words, updated, 1000) }),
        ...(checked ? [checked] : []),
        ...warnings,
        words.t("roles.how"),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
