// What the service and its build worker say to each other (src/formats/worker-reads.ts, build-worker.ts).
import type { BuiltParts } from "./handover.ts";
import type { FormatName } from "./index.ts";

/** The service to the worker: read a whitelist (and hold the read as `id`), build a format from a read, let go. */
export type WorkerRequest =
  | { type: "read"; id: number; file: string; whitelistId: string }
  | { type: "build"; id: number; read: number; format: FormatName }
  | { type: "release"; read: number };

/** The worker to the service: a read held, a format built, or why a request failed. */
export type WorkerReply =
  | { type: "read"; id: number }
  | { type: "built"; id: number; parts: BuiltParts }
  | { type: "failed"; id: number; message: string };
