import { type Client, type ClientEvents, Guild } from "discord.js";
import type { Listener, ListenerContext } from "./context.ts";

/**
 * Wires listeners on a connection (one `client.on` each), skipping those whose intent it lacks. The work a
 * listener returns is tracked, and its failure logged with the listener's `failure` and the event's guild; a
 * listener that throws at once is logged the same way, and never reaches discord.js.
 */
export function listen(
  client: Client,
  listeners: readonly Listener<keyof ClientEvents>[],
  context: ListenerContext,
) {
  for (const listener of listeners) {
    if (listener.intent !== undefined && !client.options.intents.has(listener.intent)) continue;
    client.on(listener.event, (...args) => {
      let work: unknown;
      try {
        work = listener.run(...args, context);
      } catch (error) {
        work = Promise.reject(error);
      }
      if (!(work instanceof Promise)) return;
      const failure = listener.failure ?? `the ${listener.event} listener failed`;
      context.track(work, failure, { guildId: guildIdOf(args[0]) });
    });
  }
}

/** The guild an event concerns, for the log: the guild itself, or the guild of a member or a role. */
const guildIdOf = (subject: unknown): string | undefined =>
  subject instanceof Guild ? subject.id : (subject as { guild?: { id?: string } } | null)?.guild?.id;
