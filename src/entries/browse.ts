import { and, asc, eq, gt, gte, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import type { EntryRecord } from "./model.ts";
import { toEntry } from "./rows.ts";

/** Which entries a browse shows by their state: all, verified, awaiting proof at first join, or expiring. */
export const entryFilters = ["all", "verified", "awaiting-proof", "expiring"] as const;
/** One of the filters. */
export type EntryFilter = (typeof entryFilters)[number];

/** Which entries a browse shows by their kind: premium Java accounts, offline ones, Bedrock players, guests. */
export const entryKinds = ["any", "premium", "offline", "bedrock", "guest"] as const;
/** One of the kinds. */
export type EntryKind = (typeof entryKinds)[number];

/** A page asked of a whitelist's entries: a nick prefix, a filter, a kind, and where the last page ended. */
export type EntryQuery = {
  whitelistId: string;
  /** Nicks starting with this, in any letter case (empty: every nick). */
  prefix: string;
  filter: EntryFilter;
  kind: EntryKind;
  /** The comparison key of the last nick of the page before (keyset paging); none for the first page. */
  after: string | null;
  limit: number;
};

/** A page of entries, by nick, and the key the next page starts after (null: this is the last). */
export type EntryPage = { entries: EntryRecord[]; next: string | null };

/**
 * Browsing a whitelist's entries a page at a time (the dashboard's entries page): by nick, each page a range of the
 * (whitelist, nick key) index that starts after the last page's nick, so the 1,000th page costs what the first does
 * (keyset paging; bench/dashboard.ts measures a 100,000-entry whitelist). A prefix narrows the same range.
 */
export function createEntryBrowser(store: Store) {
  const {
    db,
    tables: { entries },
  } = store;

  const filterOf: Record<EntryFilter, SQL | undefined> = {
    all: undefined,
    verified: eq(entries.verified, true),
    "awaiting-proof": isNotNull(entries.proofDueAt),
    expiring: isNotNull(entries.expiresAt),
  };
  const kindOf: Record<EntryKind, SQL | undefined> = {
    any: undefined,
    premium: eq(entries.premium, true),
    offline: and(eq(entries.premium, false), isNull(entries.gamertag), eq(entries.guest, false)),
    bedrock: isNotNull(entries.gamertag),
    guest: eq(entries.guest, true),
  };

  return {
    /** One page of a whitelist's entries (see EntryQuery), by nick. */
    async page(query: EntryQuery): Promise<EntryPage> {
      const prefix = query.prefix.trim() === "" ? null : nickKey(query.prefix.trim());
      const rows = await db
        .select()
        .from(entries)
        .where(
          and(
            eq(entries.whitelistId, query.whitelistId),
            query.after === null ? undefined : gt(entries.nickKey, query.after),
            prefix === null ? undefined : gte(entries.nickKey, prefix),
            prefix === null ? undefined : lt(entries.nickKey, keyPrefixEnd(prefix)),
            filterOf[query.filter],
            kindOf[query.kind],
          ),
        )
        .orderBy(asc(entries.nickKey))
        .limit(query.limit + 1);
      const more = rows.length > query.limit;
      const page = (more ? rows.slice(0, query.limit) : rows).map(toEntry);
      return { entries: page, next: more ? (rows[query.limit - 1]?.nickKey ?? null) : null };
    },
  };
}

/** Browsing entries a page at a time (see createEntryBrowser). */
export type EntryBrowser = ReturnType<typeof createEntryBrowser>;
