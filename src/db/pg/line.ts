import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the write line is doing now: set while a write's work runs (src/db/pg/writer.ts), and seen by every call it
 * makes, its reads through `db` too (a whitelist, the deny list), whatever it awaits in between.
 */
const line = new AsyncLocalStorage<true>();

/** Runs a write's work on the write line: the reads it makes outside its transaction take the line's connections. */
export const onTheLine = <T>(work: () => Promise<T>): Promise<T> => line.run(true, work);

/** Whether the caller is a write's work, which every other write of the replica waits for. */
export const isOnTheLine = (): boolean => line.getStore() === true;

/**
 * Connections of the pool kept for the write line (docs/architecture.md, PostgreSQL's round trips): the writer's two
 * transactions (one working, the next waiting for the lock) and the reads their work makes outside them. On the
 * shared pool those waited in Bun's queue behind every read of a burst (300 members' checks at once), and every
 * other write waited for them in turn.
 */
export const LINE_CONNECTIONS = 3;

/**
 * How a pool of `size` connections is shared: the line's own, and the rest for every other call. A pool too small
 * to spare them (fewer than twice as many) is shared by all, as before.
 */
export function splitPool(size: number): { line: number; rest: number } {
  return size >= 2 * LINE_CONNECTIONS
    ? { line: LINE_CONNECTIONS, rest: size - LINE_CONNECTIONS }
    : { line: 0, rest: size };
}
