import type { Droppable } from "../shared/kept.ts";

// What each replica keeps in memory and how another replica's change reaches it (docs/architecture.md, Replicas:
// Settings kept in memory): the database NOTIFYs `wls_settings` with `<kind>:<key>` at the commit of a change
// (drizzle/pg/0014_notify_settings.sql), and the replica drops that key from the cache of that kind.

/** What each replica keeps, by what its key is: a guild's whitelists and wordings, a whitelist's deny list. */
export const keptKinds = ["whitelists", "texts", "denials"] as const;

/** One of the caches of settings. */
export type KeptKind = (typeof keptKinds)[number];

/** The caches of a replica, by kind: what a notice drops. */
export type KeptHere = Record<KeptKind, Droppable>;

/**
 * A notice of `wls_settings` (`<kind>:<key>`, as the trigger sends it) read as what to drop; undefined for one this
 * version does not know (a newer replica's kind).
 */
export function readKeptNotice(payload: string): { kind: KeptKind; key: string } | undefined {
  const colon = payload.indexOf(":");
  const kind = payload.slice(0, colon);
  if (colon < 1 || !(keptKinds as readonly string[]).includes(kind)) return undefined;
  return { kind: kind as KeptKind, key: payload.slice(colon + 1) };
}
