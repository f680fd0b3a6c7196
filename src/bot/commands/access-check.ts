import type { ChatInputCommandInteraction } from "discord.js";
import type { WhitelistEdit } from "../../registration/edit-whitelist.ts";
import type { BotContext } from "../context.ts";
import { reconcileMembers } from "../events/reconcile.ts";
import { deferAnswer, memberWords } from "../interaction/answer.ts";

/**
 * After staff changed what a whitelist's nicks need (its required roles, or `on-role-loss`) so that its nicks follow
 * roles (`recheckOwners`, src/registration/edit-whitelist.ts): the owners are checked at once, as the bot would at its
 * next start (docs/decisions.md, Access follows roles), rather than at some later reconnect. Returns the line telling
 * staff what that did (in their language), or null.
 */
export async function checkAccessNow(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  edit: Pick<WhitelistEdit, "after" | "recheckOwners">,
): Promise<string | null> {
  if (!edit.recheckOwners) return null;
  const { after } = edit;
  const words = await memberWords(interaction, context);
  if (!context.intents.serverMembers) return words.t("access.rolesUnseen");
  const owners = await context.services.registration.ownersFollowingRoles(after.id);
  if (owners.length === 0) return null;
  await deferAnswer(interaction);
  const guild = interaction.guild ?? (await interaction.client.guilds.fetch(after.guildId));
  const { roleLost } = await reconcileMembers(guild, context, owners);
  return roleLost === 0 ? words.t("access.allHold") : words.t("access.removed", { count: roleLost });
}
