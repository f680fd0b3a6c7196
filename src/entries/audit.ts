import type { Logger } from "../shared/logger.ts";
import type { EventBus } from "./bus.ts";

/** The line each kind of change is logged as. */
const lines = {
  "entry.added": "nick added",
  "entry.removed": "nick removed",
  "entry.groups": "groups changed",
} as const;

/**
 * The one audit log of entries: a line for every addition, removal and change of groups, whatever made it (a
 * member, staff, a link key through the API, a member leaving, a whitelist deleted, a role), once. Returns the
 * unsubscribe.
 */
export function logEntryChanges({ bus, logger }: { bus: EventBus; logger: Logger }): () => void {
  return bus.subscribe(({ event, entry, actorId, keyName, remote }) => {
    // A change made on another replica is logged there.
    if (remote) return;
    logger.info(lines[event.type], {
      guildId: event.guildId,
      whitelistId: event.whitelistId,
      nick: event.entry.nick,
      userId: entry.userId,
      origin: event.origin,
      actorId,
      key: keyName ?? undefined,
      ...(event.type === "entry.groups"
        ? { groupsAdded: event.groupsAdded?.join(","), groupsRemoved: event.groupsRemoved?.join(",") }
        : {}),
      eventId: event.id,
    });
  });
}
