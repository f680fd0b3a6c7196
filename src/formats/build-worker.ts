// The build worker's entry point: a thread of its own, with its own heap, that reads a large whitelist's entries
// through its own read-only connection to the SQLite file and builds its formats, so that neither the read's
// garbage nor the builds' is collected on the service's event loop (docs/architecture.md, Formats kept per
// whitelist; the service's side: src/formats/worker-reads.ts). A compiled binary has it as an entry point of its
// own (.ci/compile.ts).
import { Database } from "bun:sqlite";
import { setPriority } from "node:os";
import { useSqlite } from "../db/client.ts";
import type { SqliteStore } from "../db/store.ts";
import { createSnapshotRead } from "../entries/reads.ts";
import { noSlices, runAtOnce } from "../shared/slices.ts";
import { packBuilt } from "./handover.ts";
import { building, type FormatSource, summing } from "./whitelist-formats.ts";
import type { WorkerReply, WorkerRequest } from "./worker-protocol.ts";

declare const self: Worker;

/**
 * This thread's niceness (Linux: per thread; the service's own thread keeps its own): beside a game server's busy
 * cores the event loop, woken for a request, should not also wait for the CPU behind the builds. 5, not more: at
 * nice 10 the first reads took 29 s beside eight busy loops (a sync agent's request gives up at 30 s), at 5 some 12
 * (docs/performance.md, First reads in a worker).
 */
const WORKER_NICE = 5;
try {
  setPriority(WORKER_NICE);
} catch {
  // Not allowed here (another system): the builds share the CPU evenly.
}

let store: SqliteStore | null = null;
let read: ReturnType<typeof createSnapshotRead> | null = null;
/** The reads builds may still ask for, by the id the service gave them. */
const held = new Map<number, FormatSource>();

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => self.postMessage(message, transfer);

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case "read": {
      if (!store) {
        // Read-only: this thread never writes, and never holds a write lock the service's writer would wait for.
        store = useSqlite(new Database(request.file, { readonly: true }));
        read = createSnapshotRead(store.db, store.tables.entries);
      }
      const snapshot = await (read as NonNullable<typeof read>)(
        request.whitelistId,
        noSlices,
        Number.POSITIVE_INFINITY,
      );
      if (!snapshot) throw new Error("the read stopped short");
      const { entries, through } = snapshot;
      held.set(request.id, { entries, through, sum: runAtOnce(summing(entries)) });
      reply({ type: "read", id: request.id });
      return;
    }
    case "build": {
      const source = held.get(request.read);
      if (!source) throw new Error(`read ${request.read} is not held`);
      const { parts, transfer } = packBuilt(runAtOnce(building(request.format, source)));
      reply({ type: "built", id: request.id, parts }, transfer);
      // The build's garbage collected now, on this thread (the service's never waits for it): what the process
      // holds right after its first reads is then the read and the formats, not 20-30 MB of a build's leftovers.
      Bun.gc(true);
      return;
    }
    case "release":
      held.delete(request.read);
      return;
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  handle(request).catch((error: unknown) => {
    if (request.type === "release") return;
    reply({
      type: "failed",
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  });
};
