import { randomBytes } from "node:crypto";
import { open, readFile, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** A file's bytes, or null when it does not exist. */
export async function readIfExists(path: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** How long a file someone else writes must stay the same before it is taken as read whole. */
export const SETTLE_MS = 100;
/** How many times it is read (a `SETTLE_MS` apart) before the reader gives up on it until later. */
const SETTLE_READS = 5;

/** A file that could not be read whole now (someone is saving it): not acted on; tried again later. */
export class FileBusyError extends Error {}

/**
 * A file another program writes in place (a game server saving banned-players.json, a plugin its config.yml:
 * emptied, then written in pieces), read until two reads `SETTLE_MS` apart agree, so a save under way ends in
 * between; `first` is what was read already. `settle` waits (real time unless tests finish the save in it).
 * Throws FileBusyError when the file still changes after a few reads.
 */
export async function readSettled(
  path: string,
  first: Uint8Array | null,
  settle: (ms: number) => Promise<void>,
): Promise<Uint8Array | null> {
  let previous = first;
  for (let read = 0; read < SETTLE_READS; read++) {
    await settle(SETTLE_MS);
    const next = await readIfExists(path);
    if (next === previous || (next !== null && previous !== null && sameBytes(next, previous))) return next;
    previous = next;
  }
  throw new FileBusyError(`${path} kept changing while it was read`);
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  return a !== null && b !== null && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** The path a write must replace: the target of a symlink (so the link survives), else the path itself. */
async function target(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path;
  }
}

/**
 * Replaces a file's content so a reader sees the old bytes or the new ones, never a mix or an empty file:
 * the bytes go to a temp file in the same directory (rename is atomic only within one file system), which is
 * fsynced before the rename (otherwise a crash could leave the new name pointing at empty data) and given the
 * old file's mode and, where permitted, its owner (the game server must still read it). The directory is
 * fsynced after, so the rename itself survives a crash.
 */
export async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const file = await target(path);
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const previous = await stat(file).catch(() => null);
  const handle = await open(temp, "wx", previous ? previous.mode & 0o7777 : 0o666);
  try {
    try {
      await handle.writeFile(bytes);
      // open() applies the umask; the old mode is restored exactly.
      if (previous) {
        await handle.chmod(previous.mode & 0o7777);
        await handle.chown(previous.uid, previous.gid).catch(() => {});
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await replaceWithRetry(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
}

/** Errors of a rename onto a file another program holds open on Windows (without sharing delete). */
const HELD_OPEN = new Set(["EPERM", "EBUSY", "EACCES"]);
/** Waits between attempts: about 4 s in all, enough for a game server to finish reading the file. */
const RETRY_DELAYS_MS = [10, 20, 40, 80, 160, 320, 500, 750, 1000, 1000];

/**
 * Renames `from` onto `to`, replacing it. On Windows the rename fails while another program (the game server
 * reading whitelist.json) has `to` open without sharing delete: it is tried again a few times, then the error is
 * thrown. `to` is never removed first, so it always holds the old bytes or the new ones, never nothing.
 */
export async function replaceWithRetry(
  from: string,
  to: string,
  options: {
    rename?: (from: string, to: string) => Promise<void>;
    sleep?: (ms: number) => Promise<void>;
    delaysMs?: readonly number[];
    /** Only Windows refuses to replace an open file; elsewhere such an error is real and thrown at once. */
    platform?: NodeJS.Platform;
  } = {},
): Promise<void> {
  const { rename: move = rename, sleep = Bun.sleep, delaysMs = RETRY_DELAYS_MS } = options;
  const retries = (options.platform ?? process.platform) === "win32";
  for (let attempt = 0; ; attempt++) {
    try {
      await move(from, to);
      return;
    } catch (error) {
      const delay = delaysMs[attempt];
      const held = HELD_OPEN.has((error as NodeJS.ErrnoException).code ?? "");
      if (!retries || delay === undefined || !held) throw error;
      await sleep(delay);
    }
  }
}

/** Flushes a directory entry change to disk; some platforms cannot open directories, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here (e.g. Windows); the rename is still atomic, only its durability is the OS's.
  }
}
