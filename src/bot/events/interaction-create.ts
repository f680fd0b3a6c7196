import { Events } from "discord.js";
import type { Listener } from "../context.ts";

/** A slash command, an autocomplete or a button: routed by src/bot/interactions.ts, which answers every failure. */
export const interactionCreate = {
  event: Events.InteractionCreate,
  run(interaction, context) {
    // Not tracked: a command answers in its own time; `settled()` waits for gateway work only.
    void context.handleInteraction(interaction);
  },
} satisfies Listener<Events.InteractionCreate>;
