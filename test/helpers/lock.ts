import { join } from "node:path";

const FIXTURE = join(import.meta.dir, "..", "db", "fixtures", "lock-holder.ts");

/** Another process holding the database's write lock (BEGIN IMMEDIATE) until `release` is called. */
export type LockHolder = { release(): Promise<void> };

/**
 * Starts a second process that takes the write lock of the SQLite file at `path` and keeps it until released,
 * as a backup or a `sqlite3` shell would; resolves once the lock is held. The process never outlives the test:
 * `release` (or the test's own cleanup calling it) ends it.
 */
export async function holdWriteLock(path: string): Promise<LockHolder> {
  const child = Bun.spawn([process.execPath, FIXTURE, path], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("locked\n")) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`the lock holder exited (${await child.exited}) before taking the lock`);
    seen += value;
  }
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        child.stdin.write("release\n");
        await child.stdin.end();
        await child.exited;
        lines.releaseLock();
      })();
      return released;
    },
  };
}
