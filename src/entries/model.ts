import { type Static, t } from "elysia";
import type { Text } from "../i18n/messages.ts";
import { UUID_PATTERN } from "../nicks/uuid.ts";

/** A nick on a whitelist, as the API and every event publish it. */
export const Entry = t.Object(
  {
    nick: t.String({
      description:
        "The player nick, stored spelling; a Bedrock player's is the name Floodgate gives them in game " +
        "(prefix, gamertag cut to 16 characters, spaces as `_` by default)",
      examples: ["Notch"],
    }),
    // A pattern, not `format: uuid`: Floodgate's UUIDs are version 0 (src/nicks/uuid.ts).
    uuid: t.Union([t.String({ pattern: UUID_PATTERN }), t.Null()], {
      description:
        "The premium account's UUID (dashed, lower case), or a Bedrock player's Floodgate UUID " +
        "(`00000000-0000-0000-` and the XUID in hex, version 0); null for other nicks, and for a Bedrock one " +
        "whose XUID GeyserMC has not told yet",
      examples: ["069a79f4-44e9-4726-a5be-fca90e38aaf5"],
    }),
    premium: t.Boolean({ description: "True for premium (Mojang/Microsoft) accounts" }),
    expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()], {
      description: "When the entry is removed by itself (origin `expired`), ISO 8601 UTC; null: never",
      examples: [null],
    }),
    verified: t.Boolean({
      description:
        "True when its owner proved they control the account (they joined the link endpoint with it and typed " +
        "the code it showed in Discord); false for every other entry, staff additions of unproven accounts included",
    }),
    gamertag: t.Optional(
      t.String({
        description:
          "Bedrock entries only: the Xbox gamertag as registered, with its spaces (`nick` is Floodgate's " +
          "spelling of it). What a Bedrock Dedicated Server's allowlist.json lists",
        examples: ["Alex Pocket"],
      }),
    ),
    proofDueAt: t.Optional(
      t.String({
        format: "date-time",
        description:
          "Entries awaiting proof at first join only (a whitelist with `proof: first-join`): when the entry is " +
          "removed (origin `expired`) unless its owner proves the account by then. The game server's agent asks " +
          "such a player for proof when they join (`POST /whitelists/{id}/proof-codes`); ISO 8601 UTC",
        examples: ["2026-11-23T12:00:00.000Z"],
      }),
    ),
    groups: t.Array(t.String(), {
      description:
        "The game groups its owner is in now (`/whitelist ranks`: the whitelist's Discord roles mapped to groups, " +
        "and the groups of everyone on it and of verified accounts), sorted, each once; empty without a mapping. " +
        "A change of groups alone comes as an `entry.groups` event",
      examples: [["member", "trusted"]],
    }),
  },
  { title: "Entry" },
);

/** The public view of an entry. */
export type EntryView = Static<typeof Entry>;

/** Who caused a change: the public `origin` of every event. */
export const origins = [
  "discord",
  "api",
  "member-left",
  "staff",
  "system",
  "role-lost",
  "expired",
  "renamed",
  "roles",
] as const;
/** One of the origins. */
export type Origin = (typeof origins)[number];

/**
 * The origin of what a member does with their own nick by themselves (registers it, removes it), as opposed to
 * staff doing it for them. It is `discord` on the wire (events, webhooks) and in the store, a name kept from
 * when Discord was the only way a member acted.
 */
export const BY_MEMBER = "discord" satisfies Origin;

/** Who stored an entry: the member themselves (`BY_MEMBER`) or staff for them. */
export type EntryOrigin = typeof BY_MEMBER | "staff";

/** An entry as stored, with its owner and the roles the bot granted for it. */
export type EntryRecord = Omit<EntryView, "expiresAt" | "gamertag" | "proofDueAt" | "groups"> & {
  id: number;
  whitelistId: string;
  userId: string;
  addedBy: string;
  origin: EntryOrigin;
  grantedRoleIds: string[];
  /** Bedrock entries: the gamertag the nick is spelled from, and its XUID (null until GeyserMC told it). */
  gamertag: string | null;
  xuid: string | null;
  createdAt: number;
  /** When it is removed by itself (ms since the epoch), or null. */
  expiresAt: number | null;
  /** Premium entries: when Mojang was last asked for the account's current name, or null. */
  nameCheckedAt: number | null;
  /** Awaiting proof at first join: when it is removed unless proven (ms since the epoch); null: nothing to prove. */
  proofDueAt: number | null;
  /**
   * A player without Discord added by staff (docs/decisions.md, Players without Discord): `userId` is the staff
   * member who added them, and `note` says who they are. Counted against nobody's limit, kept when that member
   * leaves, never granted roles, never naming anyone's nickname.
   */
  guest: boolean;
  note: string | null;
  /** The game groups its owner is in now (src/entries/groups.ts): sorted, each once. */
  groups: string[];
};

/**
 * The public view of a stored entry: what the API lists and every event carries (`gamertag`: Bedrock only;
 * `proofDueAt`: awaiting proof only).
 */
export const toEntryView = (
  entry: Pick<EntryRecord, "nick" | "uuid" | "premium" | "expiresAt" | "verified"> & {
    gamertag?: string | null;
    proofDueAt?: number | null;
    groups?: readonly string[];
  },
): EntryView => ({
  nick: entry.nick,
  uuid: entry.uuid,
  premium: entry.premium,
  expiresAt: entry.expiresAt === null ? null : new Date(entry.expiresAt).toISOString(),
  verified: entry.verified,
  ...(entry.gamertag == null ? {} : { gamertag: entry.gamertag }),
  ...(entry.proofDueAt == null ? {} : { proofDueAt: new Date(entry.proofDueAt).toISOString() }),
  groups: [...(entry.groups ?? [])],
});

/** A role the bot could not grant or revoke for an entry, with a reason a human can act on. */
export type RoleFailure = { roleId: string; reason: Text };

/**
 * A whitelist's entries as the formats (src/formats/) are built from them, in no particular order: what any format
 * shows of each; and the last event id the read includes.
 */
export type EntrySnapshot = {
  entries: readonly Pick<
    EntryRecord,
    "id" | "nick" | "uuid" | "premium" | "expiresAt" | "verified" | "gamertag" | "proofDueAt" | "groups"
  >[];
  through: number;
};
