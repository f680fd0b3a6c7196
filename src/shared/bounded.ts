/**
 * Runs `work` over every item with at most `limit` calls in flight, and resolves with each outcome in the
 * items' order (like Promise.allSettled): one failure neither stops the others nor loses their answers. For
 * remote APIs that must not get a whole list at once (Mojang's bulk lookup, GeyserMC).
 */
export async function settleBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: "fulfilled", value: await work(items[index] as T, index) };
      } catch (reason) {
        outcomes[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return outcomes;
}
