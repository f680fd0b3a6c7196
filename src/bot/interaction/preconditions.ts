// The bot's permission checks, each once (Sapphire-style preconditions: pure, throwing a domain error that
// src/bot/errors.ts words as the ephemeral answer). Configuration (creating, editing, deleting
// whitelists, their roles, the log channel, link keys) needs Manage Server; nicks and requests need a manager of
// the whitelist. The registration service re-checks its own rules (register, unregister, decide) anyway.

import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
} from "discord.js";
import { text } from "../../i18n/messages.ts";
import type { Member } from "../../registration/model.ts";
import { DomainError } from "../../shared/errors.ts";
import { actingMember } from "../members.ts";

type GuildAction = ChatInputCommandInteraction | ButtonInteraction | ModalSubmitInteraction;

/** The interaction's guild id; commands only run inside a server. */
export function requireGuildId(interaction: GuildAction): string {
  if (!interaction.inGuild()) {
    throw new DomainError("invalid-input", text("common.dmOnly"));
  }
  return interaction.guildId;
}

/** Whether the acting member holds Manage Server (autocomplete shows configuration only to them). */
export function mayManageGuild(interaction: GuildAction | AutocompleteInteraction): boolean {
  return actingMember(interaction).canManageGuild;
}

/** The acting member, who must hold Manage Server. */
export function requireManageGuild(interaction: GuildAction): Member {
  const member = actingMember(interaction);
  if (!member.canManageGuild) {
    throw new DomainError("not-manager", text("common.needsManageGuild"));
  }
  return member;
}
