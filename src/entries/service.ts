import type { Store, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import type { RankMappings } from "../whitelists/ranks.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import { createAdditions } from "./additions.ts";
import type { EventBus } from "./bus.ts";
import { createChangeKit } from "./change-kit.ts";
import type { EventLog } from "./event-log.ts";
import { createEntryGroups } from "./groups.ts";
import { createChangesInPlace } from "./in-place.ts";
import type { EntryOrigin, Origin, RoleFailure } from "./model.ts";
import { createEntryReads } from "./reads.ts";
import { createRemovals } from "./removals.ts";
import { entriesInGuild, entryByKey } from "./rows.ts";

/**
 * What storing an entry takes; the registration rules (docs/decisions.md, Registration rules) run before this.
 */
export type NewEntry = {
  whitelistId: string;
  nick: string;
  uuid: string | null;
  premium: boolean;
  /** Bedrock: the gamertag the nick is spelled from, and its XUID. */
  gamertag?: string | null;
  xuid?: string | null;
  /** When the entry is removed by itself (ms since the epoch); none: never. */
  expiresAt?: number | null;
  /** Its owner has proven the account (docs/decisions.md, Proof of ownership); none: false. */
  verified?: boolean;
  /** Awaiting proof at first join: when it is removed unless proven (ms since the epoch); none: nothing to prove. */
  proofDueAt?: number | null;
  /** A player without Discord (`userId`: the staff member adding them), with staff's note; none: a member's. */
  guest?: boolean;
  note?: string | null;
  userId: string;
  addedBy: string;
  origin: EntryOrigin;
  grantedRoleIds?: string[];
  /** Its groups are not given: they are read from the whitelist's rank mappings when it is stored (groups.ts). */
  groups?: never;
  /** Roles that could not be granted: not stored, carried to the change's subscribers (the log channel). */
  grantFailures?: readonly RoleFailure[];
};

/** What removing an entry takes. */
export type Removal = {
  whitelistId: string;
  /** Matched case-insensitively; on a Bedrock whitelist also by gamertag (see `findTyped`). */
  nick: string;
  origin: Origin;
  /** The Discord user removing it, or null (API key, member leaving). */
  actorId?: string | null;
  /** For API removals: the link key used, and its name. */
  keyId?: string | null;
  keyName?: string | null;
  /** Why, as the API's caller said (`?reason=`): carried by the event and shown in the log channel. */
  reason?: string | null;
};

/** An entry changed in place: its new nick and, for Bedrock, its UUID and XUID. */
export type EntryChange = { id: number; nick: string; uuid: string | null; xuid: string | null };

/** Entries of whitelists, each change recorded as an event in the same transaction. */
export type EntryService = ReturnType<typeof createEntryService>;

/** Runs inside a change's transaction before it writes: throws to refuse the change (nothing is written). */
export type Guard = (tx: Tx) => Promise<void> | void;

/**
 * Creates the entry service over one store: its reads (reads.ts) and its changes, additions (additions.ts), removals
 * (removals.ts) and changes in place (in-place.ts), made with one kit (change-kit.ts), and the groups entries carry
 * (groups.ts), which follow the whitelists' rank `mappings` and their owners' roles.
 */
export function createEntryService(deps: {
  store: Store;
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
  mappings: RankMappings;
}) {
  const { store, clock, write, whitelists, events, bus, mappings } = deps;
  const { db, tables } = store;
  const { entries, whitelists: whitelistTable } = tables;

  const findByKey = entryByKey(db, entries);
  const inGuild = entriesInGuild(db, entries, whitelistTable);
  const groups = createEntryGroups({ clock, write, whitelists, events, bus, mappings, tables, db, inGuild });
  // Each change writes its row and its event in one transaction, then publishes the event once committed.
  const kit = createChangeKit({ clock, write, whitelists, events, bus, entries, findByKey, groups });
  const additions = createAdditions(kit, db);
  const inPlace = createChangesInPlace(kit);
  const removals = createRemovals(kit, inPlace.settlePending, db);
  return {
    ...createEntryReads({ db, entries, whitelistTable, findByKey, inGuild }),
    ...additions,
    ...removals,
    ...inPlace,
    publish: kit.publish,
    /** The groups entries carry: their owners' roles stored, and each change of groups with its event. */
    groups,
  };
}
