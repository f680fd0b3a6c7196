/**
 * A Map kept in order of use, the least recently used first: what a cache or a limiter bounded by evicting the
 * oldest needs. A JavaScript Map iterates in insertion order, so using a key means deleting and setting it again;
 * `use` skips that for the key used last (a client polling on its own, the common case: one look-up rather than
 * three, measured by bench/entries.ts), which this map remembers and forgets with its key.
 */
export class UseOrderedMap<K, V> {
  readonly #map = new Map<K, V>();
  /** The last key in `#map`'s order, when known (undefined after it was deleted: then `use` moves any key). */
  #newest: K | undefined;

  /** How many keys are held. */
  get size(): number {
    return this.#map.size;
  }

  /** The value of `key`, without counting it as used. */
  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  /** Whether `key` is held. */
  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Sets `key`'s value: a new key goes last (the most recently used), a held one keeps its place. */
  set(key: K, value: V): this {
    if (!this.#map.has(key)) this.#newest = key;
    this.#map.set(key, value);
    return this;
  }

  /** Makes a held key the most recently used, the last to be evicted (nothing for a key not held). */
  use(key: K): void {
    if (key === this.#newest) return;
    const value = this.#map.get(key);
    if (value === undefined && !this.#map.has(key)) return;
    this.#map.delete(key);
    this.#map.set(key, value as V);
    this.#newest = key;
  }

  /** Forgets `key`; true if it was held. */
  delete(key: K): boolean {
    if (key === this.#newest) this.#newest = undefined;
    return this.#map.delete(key);
  }

  /**
   * The keys, least recently used first: a live iterator of the Map underneath, which a key used or set later
   * reaches again at the end and a deleted key never (so one iterator kept across evictions finds the oldest).
   */
  keys(): MapIterator<K> {
    return this.#map.keys();
  }

  /** Calls `f` on each value and key, least recently used first; `f` may delete what it is given. */
  forEach(f: (value: V, key: K) => void): void {
    this.#map.forEach((value, key) => {
      f(value, key);
    });
  }
}
