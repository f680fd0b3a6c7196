import type { Clock } from "../shared/clock.ts";

/** How long a departure is remembered: far longer than any registration takes from its checks to its insert. */
const REMEMBERED_MS = 60 * 60_000;

/**
 * Members who left a guild, as the bot saw them go (and until they come back): a registration that was under
 * way when its member left must not commit after the departure removed their entries. In memory: a
 * registration never outlives the process, and on start the bot checks who left while it was away.
 */
export function createDepartures(clock: Clock) {
  const left = new Map<string, number>();
  const key = (guildId: string, userId: string) => `${guildId}:${userId}`;
  return {
    /** The member left the guild. */
    record(guildId: string, userId: string): void {
      const now = clock.now();
      for (const [known, at] of left) if (now - at > REMEMBERED_MS) left.delete(known);
      left.set(key(guildId, userId), now);
    },
    /** The member (re)joined the guild. */
    forget(guildId: string, userId: string): void {
      left.delete(key(guildId, userId));
    },
    /** Whether the member left and has not come back. */
    has(guildId: string, userId: string): boolean {
      return left.has(key(guildId, userId));
    },
  };
}

/** The departures type. */
export type Departures = ReturnType<typeof createDepartures>;
