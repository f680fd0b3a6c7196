import { type Static, t } from "elysia";
import { Entry, type Origin, origins } from "./model.ts";

/**
 * The kinds of change: an entry added, an entry removed, and its owner's groups changed with the entry staying
 * (docs/api.md, Events). A consumer that knows only the first two ignores `entry.groups`: it never reads as a removal.
 */
export const eventTypes = ["entry.added", "entry.removed", "entry.groups"] as const;

/** What each origin means, as the document describes `origin` (every one: the type makes sure). */
const originMeaning: Record<Origin, string> = {
  discord: "the member themselves",
  staff: "a manager: an addition, removal, approval or import for someone, a whitelist deleted",
  api: "a link key",
  "member-left": "the member left the guild",
  "role-lost": "the member no longer holds any of the whitelist's required roles",
  expired: "the entry's time ran out",
  renamed: "a premium account's new name at Mojang: a removal of the old nick, then an addition of the new",
  roles: "the owner's Discord roles changed (a role gained or lost): `entry.groups` only",
  system:
    "the service itself: a stored nick respelled or its UUID found, as a removal and an addition; a nick " +
    "removed because another member proved they own its account; a nick removed because its owner was banned on " +
    "Discord (with the reason `banned on Discord`)",
};

/** A change as WebSocket subscribers and webhook receivers get it (docs/api.md, Events). */
export const EntryEvent = t.Object(
  {
    id: t.String({
      description: "The event id: a monotonic integer as a string, usable as a resume cursor",
      examples: ["42"],
    }),
    type: t.UnionEnum(eventTypes, {
      description:
        "`entry.added`, `entry.removed`, or `entry.groups`: the entry stays and only its owner's groups changed " +
        "(ignore it if you follow the list of nicks alone)",
    }),
    guildId: t.String({ description: "The Discord guild; receivers should check it is their own" }),
    whitelistId: t.String(),
    whitelistName: t.String(),
    entry: Entry,
    userId: t.Optional(
      t.String({
        description:
          "The Discord user the entry belongs to (their id), at the time of the change; absent from events " +
          "stored before it was published, and from a guest's (a player without Discord whom staff added)",
        examples: ["300000000000000001"],
      }),
    ),
    groupsAdded: t.Optional(
      t.Array(t.String(), {
        description: "`entry.groups` only: the groups the entry's owner joined (sorted)",
        examples: [["trusted"]],
      }),
    ),
    groupsRemoved: t.Optional(
      t.Array(t.String(), {
        description: "`entry.groups` only: the groups the entry's owner left (sorted)",
        examples: [[]],
      }),
    ),
    origin: t.UnionEnum(origins, {
      description: origins.map((origin) => `\`${origin}\` (${originMeaning[origin]})`).join(", "),
    }),
    reason: t.Optional(
      t.String({
        description:
          "`entry.removed` through the API's DELETE with `?reason=`: why, as the caller gave it; `banned on " +
          "Discord` for a nick removed because its owner was banned",
        examples: ["banned on the game server: griefing"],
      }),
    ),
    timestamp: t.String({
      format: "date-time",
      description: "ISO 8601 UTC with milliseconds",
      examples: ["2026-11-22T10:15:30.123Z"],
    }),
  },
  { title: "EntryEvent" },
);

/** A published change. */
export type EntryEvent = Static<typeof EntryEvent>;

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

/** The first message on the event socket: the key's guild and scope. */
export const SocketConnected = t.Object(
  {
    type: t.Literal("connected"),
    guildId: t.String(),
    scope: t.Object({
      whitelistId: t.Union([t.String(), t.Null()], {
        description: "The key's whitelist, or null for the whole guild",
      }),
    }),
  },
  { title: "SocketConnected" },
);

/** The `connected` message. */
export type SocketConnected = Static<typeof SocketConnected>;

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
