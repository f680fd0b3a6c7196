import { type Static, t } from "elysia";
import {
  type EntryEvent as EntryEventType,
  eventTypes,
  type SocketConnected as SocketConnectedType,
} from "../../entries/events.ts";
import { type Origin, origins } from "../../entries/model.ts";
import { Entry } from "./entry.ts";
import type { Same } from "./same.ts";

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

true satisfies Same<Static<typeof EntryEvent>, EntryEventType>;

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

true satisfies Same<Static<typeof SocketConnected>, SocketConnectedType>;
