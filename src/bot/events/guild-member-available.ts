import { Events, GatewayIntentBits } from "discord.js";
import type { Listener } from "../context.ts";
import { onMemberRoles } from "./role-changes.ts";

/** A member the bot had not cached became available (Server Members only): their access is checked. */
export const guildMemberAvailable = {
  event: Events.GuildMemberAvailable,
  intent: GatewayIntentBits.GuildMembers,
  failure: "could not check a member's roles",
  run: (member, context) => (member.partial ? undefined : onMemberRoles(member, context)),
} satisfies Listener<Events.GuildMemberAvailable>;
