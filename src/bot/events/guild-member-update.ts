import { Events, GatewayIntentBits } from "discord.js";
import type { Listener } from "../context.ts";
import { onMemberRoles, rolesChanged } from "./role-changes.ts";

/**
 * A member changed (Server Members only: without it Discord sends no member updates): when their roles did, or
 * the bot had not cached them before, their access is checked (docs/decisions.md, Access follows roles).
 */
export const guildMemberUpdate = {
  event: Events.GuildMemberUpdate,
  intent: GatewayIntentBits.GuildMembers,
  failure: "could not check a member's roles",
  run: (before, after, context) =>
    before.partial || rolesChanged(before, after) ? onMemberRoles(after, context) : undefined,
} satisfies Listener<Events.GuildMemberUpdate>;
