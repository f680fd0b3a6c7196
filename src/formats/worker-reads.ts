// Large whitelists read and built on the build worker's thread (src/formats/build-worker.ts): its heap, not the
// service's, holds the read's rows and the builds' garbage, so their collections never pause the event loop that
// answers `/health` (docs/performance.md, First reads in a worker). The service's thread only adopts each format's
// chunks, handed over rather than copied (handover.ts), and the format cache applies what changed since the read
// began, as it does for a read of its own (src/formats/cache.ts).
import { resolve } from "node:path";
import type { Store } from "../db/store.ts";
import type { EntrySnapshot } from "../entries/model.ts";
import type { Slices } from "../shared/slices.ts";
import { builtHere, type ReadForFormats, type SourceRead } from "./cache.ts";
import { unpackBuilt } from "./handover.ts";
import { traced } from "./slice-trace.ts";
import type { WorkerReply, WorkerRequest } from "./worker-protocol.ts";

/**
 * Entries a whitelist holds past which it is read and built on the worker: a smaller one is read here (a few pages,
 * a few milliseconds in slices), where starting the worker (its modules loaded, 30-150 ms) would cost more.
 */
export const WORKER_FROM = 2_000;

/** How long the worker lives once it holds no read and is asked for nothing (ms): then its memory is let go. */
export const WORKER_IDLE_MS = 1_000;

/** Starts the build worker (tests: one that fails, to see the reads fall back). */
export type StartWorker = () => Worker;

/**
 * Where the worker's entry point is. In a compiled binary the code runs from chunks at the root of its embedded
 * files, beside the main entry point (src/main.ts's folder), and the worker is `formats/build-worker.ts` from there
 * (an entry point of its own: .ci/compile.ts); from the sources, beside this file.
 */
const WORKER_URL = /\$bunfs|~BUN/.test(import.meta.url)
  ? new URL("./formats/build-worker.ts", Bun.pathToFileURL(Bun.main))
  : new URL("./build-worker.ts", import.meta.url);

const startBuildWorker: StartWorker = () => new Worker(WORKER_URL, { smol: true });

/** The SQLite file a worker can open read-only, or null (PostgreSQL, or a store in memory): no worker then. */
export function workerFile(store: Store): string | null {
  if (store.kind !== "sqlite") return null;
  const file = store.client.filename;
  return file === "" || file === ":memory:" ? null : resolve(file);
}

/**
 * Reads whitelists for their formats: those over `from` entries on the build worker (started when first needed,
 * ended once idle for `idleMs`), others here; here too when there is no `file` or the worker cannot be used (it
 * failed to start or to read: each read it failed is made again here).
 */
export function createWorkerReads({
  file,
  loadUpTo,
  from = WORKER_FROM,
  idleMs = WORKER_IDLE_MS,
  start = startBuildWorker,
  onUnusable = () => {},
}: {
  file: string | null;
  /** Reads a whitelist's entries here, in slices, or null past `atMost` of them. */
  loadUpTo: (whitelistId: string, atMost: number, slices: Slices) => Promise<EntrySnapshot | null>;
  from?: number;
  idleMs?: number;
  start?: StartWorker;
  /** Told once, when the worker turns out unusable (the service logs it: reads go on, here). */
  onUnusable?: (error: unknown) => void;
}): ReadForFormats {
  let worker: Worker | null = null;
  let usable = file !== null;
  let nextId = 1;
  let held = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;
  const pending = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  >();

  const unusable = (error: unknown) => {
    if (usable) onUnusable(error);
    usable = false;
  };
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  /** Ends the worker after `idleMs` once nothing is asked of it and it holds no read. */
  const settle = () => {
    if (idle) clearTimeout(idle);
    idle = null;
    if (worker && pending.size === 0 && held === 0) idle = setTimeout(stop, idleMs).unref();
  };
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    held = 0;
  };
  const connect = (): Worker => {
    if (worker) return worker;
    let started: Worker;
    try {
      started = start();
    } catch (error) {
      unusable(error);
      throw error;
    }
    // Never what keeps the process alive.
    started.unref();
    started.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === "failed") waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
      settle();
    };
    // It could not load (an entry point the binary lacks) or broke outside a request: reads are made here after.
    started.onerror = (event: ErrorEvent) => {
      unusable(event.message);
      if (worker === started) stop();
      failAll(new Error(`the build worker failed: ${event.message}`));
    };
    worker = started;
    return started;
  };
  const ask = (request: Exclude<WorkerRequest, { type: "release" }>): Promise<WorkerReply> =>
    new Promise((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      settle();
      connect().postMessage(request);
    });

  /** A read held on the worker, as `id`, while `worker` lives. */
  const readThere = (id: number, there: Worker): SourceRead => {
    let released = false;
    return {
      async build(format) {
        const reply = await ask({ type: "build", id: nextId++, read: id, format });
        if (reply.type !== "built") throw new Error(`the build worker answered ${reply.type} to a build`);
        return unpackBuilt(format, reply.parts);
      },
      release() {
        if (released) return;
        released = true;
        if (worker !== there) return;
        held--;
        there.postMessage({ type: "release", read: id } satisfies WorkerRequest);
        settle();
      },
    };
  };

  return async (whitelistId, slices) => {
    // Begun in a slice of its own, as a read here is (cache.ts, readHere).
    const reading = traced(slices, "read");
    await reading.pause();
    if (usable) {
      const small = await loadUpTo(whitelistId, from, reading);
      if (small) return builtHere(small, slices);
      const id = nextId++;
      try {
        const there = connect();
        await ask({ type: "read", id, file: file as string, whitelistId });
        held++;
        settle();
        return readThere(id, there);
      } catch {
        // Read here instead (a store that failed the worker fails this read too, and says why).
      }
    }
    return builtHere(
      (await loadUpTo(whitelistId, Number.POSITIVE_INFINITY, reading)) as EntrySnapshot,
      slices,
    );
  };
}
