import { type ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import { DomainError } from "../../../shared/errors.ts";
import type { WhitelistChanges } from "../../../whitelists/service.ts";
import { roleMentions } from "../../mentions.ts";
import { answer } from "../answer.ts";
import { oneOf, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import { requireGuildId, requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/** The three role lists of a whitelist, by the word the options use. */
const lists = {
  required: { field: "requiredRoleIds", label: "Required (one of them lets a member register)" },
  granted: { field: "grantedRoleIds", label: "Granted on registration" },
  manager: { field: "managerRoleIds", label: "Managers (add and remove anyone's nicks)" },
} as const;
type ListName = keyof typeof lists;
const listNames = Object.keys(lists) as ListName[];

/** A role option's id, refusing @everyone (every member holds it, so it cannot gate or be granted). */
function roleOption(interaction: ChatInputCommandInteraction, name: string, guildId: string): string | null {
  const role = interaction.options.getRole(name);
  if (!role) return null;
  if (role.id === guildId) {
    throw new DomainError("invalid-input", "@everyone cannot be used here; pick a real role.");
  }
  return role.id;
}

/**
 * `/whitelist roles whitelist [add-required] [remove-required] [add-granted] [remove-granted] [add-manager]
 * [remove-manager] [clear]` (Manage Server): edits the three role lists, one role per option (run it again for
 * more); `clear` empties one list first. Without options it shows the lists.
 */
export const roles = {
  data: (() => {
    const builder = new SlashCommandSubcommandBuilder()
      .setName("roles")
      .setDescription("Edit a whitelist's required, granted and manager roles (Manage Server)")
      .addStringOption(whitelistOption(true));
    for (const list of listNames) {
      builder
        .addRoleOption((option) =>
          option.setName(`add-${list}`).setDescription(`Add a role: ${lists[list].label}`),
        )
        .addRoleOption((option) =>
          option.setName(`remove-${list}`).setDescription(`Remove a role from the ${list} roles`),
        );
    }
    return builder.addStringOption((option) =>
      option
        .setName("clear")
        .setDescription("Empty one list (before any add)")
        .addChoices(...listNames.map((list) => ({ name: `${list} roles`, value: list }))),
    );
  })(),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const whitelist = whitelistFromOption(interaction, context);
    const clear = interaction.options.getString("clear");
    const cleared = clear === null ? null : oneOf(listNames, clear, "clear");
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
    const updated =
      Object.keys(changes).length > 0
        ? await context.services.whitelists.update(whitelist.id, changes)
        : whitelist;
    const me = interaction.guild?.members.me;
    const unreachable = updated.grantedRoleIds.filter((roleId) => {
      const role = interaction.guild?.roles.cache.get(roleId);
      return me && role && role.comparePositionTo(me.roles.highest) >= 0;
    });
    await answer(
      interaction,
      [
        `${Object.keys(changes).length > 0 ? "✅ Roles of" : "Roles of"} **${updated.name}**:`,
        ...listNames.map((list) => {
          const roleIds = updated[lists[list].field];
          return `• ${lists[list].label}: ${roleIds.length > 0 ? roleMentions(roleIds) : "none"}`;
        }),
        ...(unreachable.length > 0
          ? [
              `⚠️ I cannot give ${roleMentions(unreachable)}: it is not below my highest role. Move my role ` +
                "above it in Server Settings → Roles.",
            ]
          : []),
        "Change a list with `add-…`/`remove-…` (one role each), or empty it with `clear`.",
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
