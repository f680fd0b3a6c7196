import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  GatewayIntentBits,
  RESTJSONErrorCodes,
} from "discord.js";
import { text } from "../../i18n/messages.ts";
import type { Member } from "../../registration/model.ts";
import { DiscordRefusal } from "../errors.ts";
import { memberOf } from "../members.ts";
import { requireGuildId } from "./preconditions.ts";

/**
 * Another member of the interaction's guild as they are now (roles and Manage Server): from the gateway's cache
 * when the bot has the Server Members intent (Discord then sends every change of a member, so the cache is
 * current and asking costs a call for nothing), else fetched from Discord. A user who is not (any more) in the
 * server is a domain refusal, not a crash.
 */
export async function fetchGuildMember(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  userId: string,
): Promise<Member> {
  const guildId = requireGuildId(interaction);
  const guild = interaction.guild ?? (await interaction.client.guilds.fetch(guildId));
  const cached = interaction.client.options.intents.has(GatewayIntentBits.GuildMembers)
    ? guild.members.cache.get(userId)
    : undefined;
  if (cached) return memberOf(cached);
  try {
    // Forced: without the intent the cache may be stale, and the rules need the member's roles as they are now.
    return memberOf(await guild.members.fetch({ user: userId, force: true }));
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) {
      throw new DiscordRefusal("invalid-input", text("error.memberUnknown", { userId }));
    }
    throw error;
  }
}
