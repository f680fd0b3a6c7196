import { closeSync, fdatasync, fstatSync, fsyncSync, openSync, statfsSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * What makes the SQLite store's commits durable without a flush on the event loop (docs/decisions.md, SQLite
 * settings). The writer's connection runs with `synchronous = NORMAL` and no automatic checkpoint, so a COMMIT only
 * appends to the WAL (in WAL mode NORMAL never leaves a corrupt database after a power cut, it only may lose the
 * last commits: sqlite.org/pragma.html#pragma_synchronous); then `flush` syncs the WAL on Bun's I/O threads, and the
 * writer acknowledges a write only once that flush is done. Checkpoints copy the WAL into the database file on a
 * thread of their own, with SQLite's own syncs around them (sqlite.org/wal.html, Checkpointing: "the main thread …
 * will never block on a sync operation").
 */
export type Durability = {
  /** Resolves once every commit made before the call is on disk; rejects when the file system refused the flush. */
  flush(): Promise<void>;
  /** Tells of `writes` more writes committed: a checkpoint follows once enough have gathered since the last one. */
  written(writes: number): void;
  /**
   * A checkpoint the next transaction must wait for, or undefined (nearly always). SQLite starts the WAL over only
   * when a write begins with every frame checkpointed, which a checkpoint running beside a steady stream of writes
   * never lets happen: once a checkpoint reports a WAL past WAL_LIMIT_FRAMES, the writer lets one finish alone.
   */
  catchingUp(): Promise<void> | undefined;
  /**
   * Grows the WAL's file by a step of zeros past its end, toward its room (WAL_ROOM_BYTES): true when it grew, false
   * once it has the room (or could not grow: a full disk). Only while holding the store's write lock with nothing
   * written in the transaction (the writer, between writes), so that nothing appends to the WAL meanwhile.
   */
  makeRoom(): boolean;
  /** Stops the checkpoints, waiting for one under way, and lets go of the WAL. */
  close(): Promise<void>;
  /** As `close`, without waiting (a checkpoint under way finishes on its thread). */
  closeNow(): void;
};

/** What the checkpointer's thread answers: `PRAGMA wal_checkpoint`'s row, or why it failed. */
type CheckpointOutcome =
  | { ok: true; result: { busy: number; log: number; checkpointed: number } }
  | { ok: false; error: string };

/** How a flush reaches the disk: `fdatasync(2)` of the WAL's descriptor, off the event loop (replaceable in tests). */
export type SyncFile = (fd: number) => Promise<void>;

/**
 * fdatasync(2) through node:fs's callback form, which Bun runs on its I/O threads: the WAL's bytes and what reading
 * them back needs (its size, when it grew), not its times. With fsync(2) a write's new mtime alone made ext4 commit
 * its journal at each flush, behind whatever else the machine's other programs had in it; PostgreSQL flushes its WAL
 * the same way on Linux (`wal_sync_method`'s default there) (docs/decisions.md, SQLite settings).
 */
export const syncFile: SyncFile = (fd) =>
  new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * Writes after which a checkpoint is asked for: a write appends a few pages to the WAL, so this keeps the WAL near
 * SQLite's own automatic threshold (1,000 pages) without reading its size.
 */
export const CHECKPOINT_EVERY_WRITES = 200;

/** Frames in the WAL (4 KiB pages) past which writes pause for a checkpoint: 16 MiB, four times SQLite's own. */
export const WAL_LIMIT_FRAMES = 4_000;

/**
 * The size the WAL's file is grown to ahead of SQLite's appends, in zeros: the WAL between checkpoints (some 200 writes
 * of 10-13 pages) and more. SQLite starts the WAL over at its beginning once a checkpoint copied all of it, and keeps
 * the file (no `journal_size_limit`): a commit then overwrites bytes the file holds already, and its flush need not
 * change the file's size or allocate it blocks. Without the room, every commit from a start to the WAL's first restart
 * (the first 200 writes) appended, and its flush waited for ext4 to commit its journal, behind whatever else the
 * machine's other programs had in it (docs/performance.md, Where a DELETE's time goes). SQLite reads a WAL up to its
 * first frame whose salt or checksum does not match its header's, so zeros past the last frame are never read as one
 * (sqlite.org/fileformat.html, The WAL file); PostgreSQL fills its WAL files with zeros the same way (`wal_init_zero`).
 */
export const WAL_ROOM_BYTES = 16 * 1024 * 1024;
/** Zeros written per step of `makeRoom`: its flush is short, and a write asked for meanwhile waits for it at most. */
const ROOM_STEP_BYTES = 1024 * 1024;
/** statfs(2)'s type of tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * The WAL's room for a store in `directory`: none on a file system in memory (tmpfs: the test suite's, a store that
 * does not outlive the machine), where a flush writes nothing and the zeros would only take memory.
 */
function roomIn(directory: string): number {
  try {
    return statfsSync(directory).type === TMPFS_MAGIC ? 0 : WAL_ROOM_BYTES;
  } catch {
    return WAL_ROOM_BYTES;
  }
}

/**
 * The checkpointer's thread: a connection of its own, opened for each checkpoint and closed after, runs a PASSIVE
 * checkpoint (never waits for readers or the writer) with SQLite's syncs (`synchronous = NORMAL`: the WAL before, the
 * database file after, before the WAL may be reused). A string, so the single executable needs no second entrypoint.
 */
const CHECKPOINTER = `
import { Database } from "bun:sqlite";
self.onmessage = ({ data: path }) => {
  let outcome;
  try {
    const db = new Database(path);
    try {
      db.run("PRAGMA synchronous = NORMAL");
      outcome = { ok: true, result: db.query("PRAGMA wal_checkpoint(PASSIVE)").get() };
    } finally {
      db.close();
    }
  } catch (error) {
    outcome = { ok: false, error: String(error) };
  }
  postMessage(outcome);
};
`;

/**
 * The durability of the store at `path`, once its WAL exists (after `journal_mode = WAL` and the migrations). Syncs
 * the directory once, so the WAL's own entry survives a power cut too. `onCheckpointError` hears of a checkpoint
 * that failed (the WAL then keeps growing until one succeeds).
 */
export function walDurability(
  path: string,
  options: {
    sync?: SyncFile;
    onCheckpointError?: (error: string) => void;
    /** Hears of each checkpoint done: frames in the WAL, and how many of them are in the database file now. */
    onCheckpoint?: (frames: { log: number; checkpointed: number }) => void;
    /** The size the WAL's file is grown to (default WAL_ROOM_BYTES, none on tmpfs; tests counting flushes: 0). */
    roomBytes?: number;
  } = {},
): Durability {
  const sync = options.sync ?? syncFile;
  // The WAL stays the same file while this process holds a connection: SQLite deletes it only when the last one
  // closes (or the journal mode changes), and a checkpoint that restarts it writes it in place.
  // Read-write: Windows flushes only a handle that may write (FlushFileBuffers); only zeros past SQLite's frames are
  // written through it (makeRoom).
  const wal = openSync(`${path}-wal`, "r+");
  // What was committed before (the migrations, with the writer's `synchronous = NORMAL`) is durable from here on.
  fsyncSync(wal);
  syncDirectory(dirname(path));
  let since = 0;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let overgrown = false;
  let closed = false;
  const roomBytes = options.roomBytes ?? roomIn(dirname(path));
  let roomMade = false;

  const checkpoint = (): Promise<void> => {
    if (!worker) {
      worker = new Worker(URL.createObjectURL(new Blob([CHECKPOINTER], { type: "text/javascript" })));
      // A command that is done exits without waiting for this thread.
      worker.unref();
    }
    const thread = worker;
    return new Promise<void>((resolve) => {
      thread.onmessage = ({ data }: MessageEvent<CheckpointOutcome>) => {
        if (data.ok) {
          overgrown = data.result.log > WAL_LIMIT_FRAMES;
          options.onCheckpoint?.(data.result);
        } else options.onCheckpointError?.(data.error);
        resolve();
      };
      // A thread that failed (it could not load, it ran out of memory) answers nothing: the checkpoint is over, and
      // the next one starts a new thread, so neither the writer nor a shutdown waits for it.
      thread.onerror = (event: ErrorEvent) => {
        options.onCheckpointError?.(event.message || "the checkpoint's thread failed");
        if (worker === thread) worker = undefined;
        thread.terminate();
        resolve();
      };
      thread.postMessage(path);
    }).then(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        running = checkpoint();
      } else {
        // The thread's memory (a JavaScript heap of its own) is not kept between checkpoints, minutes apart.
        worker?.terminate();
        worker = undefined;
      }
    });
  };

  const closeNow = () => {
    closed = true;
    worker?.terminate();
    worker = undefined;
    try {
      closeSync(wal);
    } catch {
      // Closed already.
    }
  };

  return {
    flush: () => sync(wal),
    written(writes) {
      since += writes;
      if (since < CHECKPOINT_EVERY_WRITES || closed) return;
      since = 0;
      if (running) again = true;
      else running = checkpoint();
    },
    makeRoom() {
      if (roomMade || closed) return false;
      try {
        const size = fstatSync(wal).size;
        const step = Math.min(ROOM_STEP_BYTES, roomBytes - size);
        if (step > 0) {
          writeSync(wal, new Uint8Array(step), 0, step, size);
          return true;
        }
      } catch {
        // No room on the disk for zeros (ENOSPC): the WAL grows as SQLite appends, and a commit that finds no room
        // either fails as any write does.
      }
      roomMade = true;
      return false;
    },
    catchingUp() {
      if (!overgrown || closed) return undefined;
      overgrown = false;
      running ??= checkpoint();
      return running;
    },
    async close() {
      closed = true;
      await running;
      closeNow();
    },
    closeNow,
  };
}

/** fsync(2) of a directory, so a file created in it stays after a power cut (Linux; elsewhere a no-op). */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory as a file; NTFS journals its metadata.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
