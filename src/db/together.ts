/**
 * Awaits statements started together and resolves with their values in the order given; when any failed, rejects
 * with the first failure in that order, once every one has settled (so none is still on its way when the caller's
 * transaction rolls back). Started together, the statements of a transaction on PostgreSQL are pipelined on its
 * connection: one round trip for all, not one each, on the write line where every other write waits
 * (docs/architecture.md, PostgreSQL's round trips). On SQLite they run one after another as before.
 */
export async function together<T extends readonly unknown[] | []>(
  started: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(started);
  for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
