import { Events } from "discord.js";
import type { Listener } from "../context.ts";

/** An error discord.js reports about the connection: logged (without a listener it would stop the process). */
export const clientError = {
  event: Events.Error,
  run(error, context) {
    context.logger.error("discord client error", { error: String(error) });
  },
} satisfies Listener<Events.Error>;
