import { Events } from "discord.js";
import type { Listener } from "../context.ts";
import { guildUp } from "./guild-up.ts";

/** A guild is available: in the session just opened, or back after a Discord outage (see `guildUp`). */
export const guildAvailable = {
  event: Events.GuildAvailable,
  run: (guild, context) => guildUp(guild, context),
} satisfies Listener<Events.GuildAvailable>;
