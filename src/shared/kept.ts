// Values read from the store once per key and kept until dropped: the settings every registration reads and staff
// change rarely (docs/architecture.md, Replicas: Settings kept in memory). Each service that writes them drops a
// key once its change commits; on PostgreSQL the replica drops it too when another one's commit is told
// (src/cluster/kept.ts).

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
