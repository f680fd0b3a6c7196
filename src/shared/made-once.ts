/** A value made at its first use (see `madeOnce`). */
export type MadeOnce<T> = {
  /** The value, made at the first call: concurrent first calls share one making; a making that failed is tried again. */
  get(): Promise<T>;
  /** The value if it was made, without waiting. */
  made(): T | undefined;
};

/**
 * A value made only when first needed (a module loaded, a client or document built), so a start does not pay for
 * it (docs/performance.md, Start and memory): one making however many ask at once, and a failed one (a module
 * that did not load) made again at the next use rather than remembered.
 */
export function madeOnce<T>(make: () => Promise<T>): MadeOnce<T> {
  let value: { made: T } | undefined;
  let making: Promise<T> | undefined;
  return {
    get() {
      making ??= make().then(
        (made) => {
          value = { made };
          return made;
        },
        (error: unknown) => {
          making = undefined;
          throw error;
        },
      );
      return making;
    },
    made: () => value?.made,
  };
}
