import type { Text } from "../i18n/messages.ts";

/**
 * A nick on a whitelist, as the API lists it and every event carries it. Its schema, with what each field means,
 * is the API's (src/api/schemas/entry.ts; docs/architecture.md, Layers): the services need only the type.
 */
export type EntryView = {
  nick: string;
  uuid: string | null;
  premium: boolean;
  /** ISO 8601 UTC, or null: never. */
  expiresAt: string | null;
  verified: boolean;
  gamertag?: string;
  proofDueAt?: string;
  groups: string[];
};

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
 * `proofDueAt`: awaiting proof only). The API's list writes the same JSON without the object on a first build
 * (src/formats/json.ts; test/formats/json-write.test.ts holds them to agree on every field).
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

/** What any format (src/formats/) shows of an entry, and the id that orders the API's list. */
export type SnapshotEntry = Pick<
  EntryRecord,
  "id" | "nick" | "uuid" | "premium" | "expiresAt" | "verified" | "gamertag" | "proofDueAt"
> & { groups: readonly string[] };

/**
 * Entries read one at a time, as the formats are built from them: an array, or a large read's columns
 * (src/entries/columns.ts), whose `at` returns one object refilled by each call.
 */
export type SnapshotEntries = { readonly length: number; at(index: number): SnapshotEntry | undefined };

/**
 * A whitelist's entries as the formats are built from them, in no particular order; and the last event id the
 * read includes.
 */
export type EntrySnapshot = { entries: SnapshotEntries; through: number };
