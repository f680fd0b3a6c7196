import type { EntryView, Origin } from "./model.ts";

/**
 * The kinds of change: an entry added, an entry removed, and its owner's groups changed with the entry staying
 * (docs/api.md, Events). A consumer that knows only the first two ignores `entry.groups`: it never reads as a removal.
 */
export const eventTypes = ["entry.added", "entry.removed", "entry.groups"] as const;

/**
 * A change as WebSocket subscribers and webhook receivers get it (docs/api.md, Events). Its schema, with what each
 * field means, is the API's (src/api/schemas/event.ts).
 */
export type EntryEvent = {
  /** The event id: a monotonic integer as a string. */
  id: string;
  type: EventType;
  guildId: string;
  whitelistId: string;
  whitelistName: string;
  entry: EntryView;
  userId?: string;
  groupsAdded?: string[];
  groupsRemoved?: string[];
  origin: Origin;
  reason?: string;
  /** ISO 8601 UTC with milliseconds. */
  timestamp: string;
};

/** The groups an `entry.groups` event's entry was in before it: those it is in now, less those joined, plus those left. */
export function groupsBefore(event: EntryEvent): string[] {
  const added = new Set(event.groupsAdded ?? []);
  const before = new Set(event.entry.groups.filter((group) => !added.has(group)));
  for (const group of event.groupsRemoved ?? []) before.add(group);
  // Group names are ASCII (src/whitelists/ranks.ts): UTF-16 order is code point order.
  return [...before].sort();
}

/** The bytes of an event, the same for WebSocket subscribers and webhook receivers. */
export const eventMessage = (event: EntryEvent): string => JSON.stringify(event);
/** One of the event types. */
export type EventType = (typeof eventTypes)[number];

/** The first message on the event socket: the key's guild and scope (its schema: src/api/schemas/event.ts). */
export type SocketConnected = {
  type: "connected";
  guildId: string;
  /** The key's whitelist, or null for the whole guild. */
  scope: { whitelistId: string | null };
};

/** Close codes of the event socket (docs/api.md). */
export const CloseCode = {
  shuttingDown: 1001,
  policy: 1008,
  /** The server could not go on (the event log could not be read): reconnect with the same cursor later. */
  internal: 1011,
  keyRevoked: 4001,
  resumeUnusable: 4002,
} as const;

/** The reasons a 4001 close carries: a client tells a revoked key from a deleted whitelist by them. */
export const RevokedReason = {
  revoked: "key revoked",
  "whitelist-deleted": "whitelist deleted",
} as const;
