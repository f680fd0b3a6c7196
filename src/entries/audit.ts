import type { Logger } from "../shared/logger.ts";
import type { EventBus } from "./bus.ts";

/**
 * The one audit log of entries: a line for every addition and removal, whatever made it (a member, staff, a
 * link key through the API, a member leaving, a whitelist deleted), once. Returns the unsubscribe.
 */
export function logEntryChanges({ bus, logger }: { bus: EventBus; logger: Logger }): () => void {
  return bus.subscribe(({ event, entry, actorId, keyName, remote }) => {
    // A change made on another replica is logged there.
    if (remote) return;
    logger.info(event.type === "entry.added" ? "nick added" : "nick removed", {
      guildId: event.guildId,
      whitelistId: event.whitelistId,
      nick: event.entry.nick,
      userId: entry.userId,
      origin: event.origin,
      actorId,
      key: keyName ?? undefined,
      eventId: event.id,
    });
  });
}
