import type { ChatInputCommandInteraction } from "discord.js";
import { followsRoles } from "../../registration/rules.ts";
import type { Whitelist } from "../../whitelists/model.ts";
import type { BotContext } from "../context.ts";
import { reconcileMembers } from "../events/reconcile.ts";
import { deferAnswer } from "./answer.ts";

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * After staff changed what a whitelist's nicks need (its required roles, or `on-role-loss`): when its nicks now
 * follow roles, the owners are checked at once, as the bot would at its next start (docs/decisions.md, Access
 * follows roles), rather than at some later reconnect. Returns the line telling staff what that did, or null.
 */
export async function checkAccessNow(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  before: Whitelist,
  after: Whitelist,
): Promise<string | null> {
  const changed =
    !sameSet(before.requiredRoleIds, after.requiredRoleIds) || before.onRoleLoss !== after.onRoleLoss;
  if (!changed || !followsRoles(after)) return null;
  if (!context.intents.serverMembers) {
    return (
      "⚠️ Discord does not let me see members' roles (the Server Members Intent is off), so members without a " +
      "required role keep their nicks until removed by hand."
    );
  }
  const owners = await context.services.registration.ownersFollowingRoles(after.id);
  if (owners.length === 0) return null;
  await deferAnswer(interaction);
  const guild = interaction.guild ?? (await interaction.client.guilds.fetch(after.guildId));
  const { roleLost } = await reconcileMembers(guild, context, owners);
  return roleLost === 0
    ? "Every member with a nick on it holds one of its required roles."
    : `${roleLost} nick(s) of members holding none of its required roles were removed (origin role lost).`;
}
