import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  GuildMember,
  type GuildMember as GuildMemberType,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
} from "discord.js";
import type { Member } from "../registration/model.ts";

type GuildInteraction =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | AutocompleteInteraction
  | ModalSubmitInteraction;

/** The acting member as the domain rules see them: id, current roles, Manage Server. */
export function actingMember(interaction: GuildInteraction): Member {
  const member = interaction.member;
  const roleIds = !member
    ? []
    : member instanceof GuildMember
      ? [...member.roles.cache.keys()]
      : member.roles;
  return {
    userId: interaction.user.id,
    roleIds: roleIds.filter((id) => id !== interaction.guildId),
    canManageGuild: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
  };
}

/** The roles a guild member holds as the bot knows them, @everyone left out (a deleted role is gone at once). */
export function roleIdsOf(member: GuildMemberType): string[] {
  return [...member.roles.cache.keys()].filter((id) => id !== member.guild.id);
}

/** A fetched guild member as the domain rules see them. */
export function memberOf(member: GuildMemberType): Member {
  return {
    userId: member.id,
    roleIds: roleIdsOf(member),
    canManageGuild: member.permissions.has(PermissionFlagsBits.ManageGuild),
  };
}
