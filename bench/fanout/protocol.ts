/**
 * Bench helper: what `bench/fanout.ts` and its children say to each other. Every child prints one JSON object
 * per line on stdout (logs go to stderr) and reads one command per line on stdin; a closed stdin means the
 * coordinator is gone, so the child exits: no child outlives the run, even if the coordinator is killed.
 */
import { heapStats } from "bun:jsc";

/** A server child (real service or bare baseline) is listening and seeded. */
export type ServerHello = {
  type: "hello";
  url: string;
  /** The whole Authorization header value clients send in the handshake. */
  authorization: string;
  /** The path clients open the socket on. */
  socketPath: string;
  /** Real service only: the whitelist the removals hit, and its nicks in the order to remove them. */
  whitelistId?: string;
  nicks?: string[];
};

/** A server child ran a full GC; the coordinator then reads its RSS (once settled). */
export type GcReport = {
  type: "gc";
  /** Sockets the server itself counts as open. */
  sockets: number;
  /** The JS heap after the collection. */
  heapBytes: number;
};

/** A server child's event bus has just run its listeners (the hub's publish among them) at `at`. */
export type Published = { type: "published"; at: number };

/** Everything a server child prints. */
export type ServerMessage = ServerHello | GcReport | Published;

/** What a client child is given with its `connect` command (JSON). */
export type ClientOptions = {
  url: string;
  authorization: string;
  count: number;
  /** Sockets in flight at once during the connect phase. */
  batch: number;
};

/** Everything a client child prints. */
export type ClientMessage =
  /** Started; waits for `connect`. */
  | { type: "started" }
  /** Every socket has received its `connected` message. */
  | { type: "ready" }
  /** Event `id` reached the last of this child's sockets at `at` (`wallClock()`); `bytes` is its size. */
  | { type: "event"; id: string; at: number; bytes: number }
  /** Answer to `clock` (servers answer it too): this child's `wallClock()` when it read the command. */
  | { type: "clock"; at: number }
  /** A socket failed or closed: the run's figures would be wrong, so the coordinator stops. */
  | { type: "error"; message: string };

/** Every message type that any child prints. */
export type ChildMessage = ServerMessage | ClientMessage;

/**
 * High-resolution wall-clock time in ms: `performance.timeOrigin` is the process start on the system clock,
 * so this is comparable across processes on one machine (the coordinator also measures and removes the
 * residual offset of each child with a `clock` round trip).
 */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** Writes one protocol message as a JSON line. */
export const emit = (message: ChildMessage): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

/** Calls `onLine` for each line of the stream, then `onEnd` once it closes. */
export async function readLines(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
  onEnd: () => void = () => {},
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line !== "") onLine(line);
      newline = pending.indexOf("\n");
    }
  }
  if (pending.trim() !== "") onLine(pending.trim());
  onEnd();
}

/**
 * The control loop of a server child: `gc` runs a full collection and answers a `GcReport`, `clock` answers
 * with the current time; `stop` or the end of stdin stops the server and exits.
 */
export function serveControl(server: { sockets(): number; stop(): Promise<void> }): void {
  const stop = () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  void readLines(
    Bun.stdin.stream(),
    (command) => {
      if (command === "gc") {
        // Twice: the first pass can leave objects only the second one finds unreachable (finalizers).
        Bun.gc(true);
        Bun.gc(true);
        emit({ type: "gc", sockets: server.sockets(), heapBytes: heapStats().heapSize });
      } else if (command === "clock") emit({ type: "clock", at: wallClock() });
      else if (command === "stop") stop();
    },
    stop,
  );
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
