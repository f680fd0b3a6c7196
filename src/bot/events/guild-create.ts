import { Events } from "discord.js";
import type { Listener } from "../context.ts";
import { guildUp } from "./guild-up.ts";

/** The bot joined a guild (see `guildUp`). */
export const guildCreate = {
  event: Events.GuildCreate,
  run: (guild, context) => guildUp(guild, context),
} satisfies Listener<Events.GuildCreate>;
