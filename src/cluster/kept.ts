// Settings that change rarely and are read for every registration (a guild's whitelists, its wordings, a
// whitelist's deny list) are kept in memory, one cache per concern, each dropped by the one service that writes
// them once its change commits, and on PostgreSQL by every other replica when the database tells it of the
// commit (drizzle/pg/0014_notify_settings.sql; docs/architecture.md, Settings kept in memory).

/** What each replica keeps, by what its key is: a guild's whitelists and wordings, a whitelist's deny list. */
export const keptKinds = ["whitelists", "texts", "denials"] as const;

/** One of the caches of settings. */
export type KeptKind = (typeof keptKinds)[number];

/** What may drop what a cache keeps: the service's own writes, and the replica hearing of another's. */
export type Droppable = {
  /** Drops what is kept for `key`: the next read goes to the store. A read under way now is not kept. */
  drop(key: string): void;
  /** Drops everything (a replica that may have missed notices: src/cluster/replica.ts). */
  dropAll(): void;
};

/** Values read from the store once per key and kept until dropped. */
export type Kept<V> = Droppable & {
  /** The value for `key`: kept, or read once however many ask at the same time. */
  get(key: string): Promise<V>;
};

/**
 * A cache of `load(key)`. Readers asking at the same time share one read (a burst of 300 registrations in one
 * guild reads its whitelists once). A read that was under way when its key was dropped still answers those who
 * asked before the drop (they asked before the change was known here) but is not kept, so no value read before a
 * change outlives the drop that change causes. A failed read is not kept either.
 */
export function kept<V>(load: (key: string) => Promise<V>): Kept<V> {
  const slots = new Map<string, Promise<V>>();
  return {
    get(key) {
      const found = slots.get(key);
      if (found) return found;
      const reading = load(key);
      slots.set(key, reading);
      reading.catch(() => {
        if (slots.get(key) === reading) slots.delete(key);
      });
      return reading;
    },
    drop(key) {
      slots.delete(key);
    },
    dropAll() {
      slots.clear();
    },
  };
}

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
