import type { ChatInputCommandInteraction, SlashCommandSubcommandBuilder } from "discord.js";
import { choiceName, commandDescription } from "../../../../i18n/commands.ts";
import { text } from "../../../../i18n/messages.ts";
import { pseudoRoles } from "../../../../whitelists/ranks.ts";
import { DiscordRefusal } from "../../../errors.ts";

/**
 * The options naming who is in a group: `role` (any role, a managed one included; @everyone means everyone on the
 * whitelist) or `members` (`everyone` on the whitelist, guests included, or its `verified` accounts).
 */
export function holderOptions(builder: SlashCommandSubcommandBuilder, command: "add" | "remove") {
  return builder
    .addRoleOption((option) =>
      option.setName("role").setDescription(commandDescription(`whitelist ranks ${command} role`)),
    )
    .addStringOption((option) =>
      option
        .setName("members")
        .setDescription(commandDescription(`whitelist ranks ${command} members`))
        .addChoices(...pseudoRoles.map((value) => ({ name: choiceName(`* members ${value}`), value }))),
    );
}

/**
 * Who the options name: a role's id or a pseudo-role, or null when neither is given and `optional`. Both at once is
 * refused, and neither when one is needed.
 */
export function holderOf(interaction: ChatInputCommandInteraction, optional: boolean): string | null {
  const role = interaction.options.getRole("role");
  const members = interaction.options.getString("members");
  if (role && members) throw new DiscordRefusal("invalid-input", text("ranks.oneHolder"));
  if (!role && !members && !optional) throw new DiscordRefusal("invalid-input", text("ranks.oneHolder"));
  return role?.id ?? members;
}
