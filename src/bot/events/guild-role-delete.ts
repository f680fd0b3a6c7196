import { Events, GatewayIntentBits } from "discord.js";
import type { Listener } from "../context.ts";
import { onRoleDelete } from "./role-changes.ts";

/**
 * A role was deleted (Server Members only: the bot cannot ask about its former holders without it): the owners
 * on whitelists requiring it are checked.
 */
export const guildRoleDelete = {
  event: Events.GuildRoleDelete,
  intent: GatewayIntentBits.GuildMembers,
  failure: "could not check the holders of a deleted role",
  run: (role, context) => onRoleDelete(role, context),
} satisfies Listener<Events.GuildRoleDelete>;
