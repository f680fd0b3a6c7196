/**
 * Bench helper: one client process of `bench/fanout.ts`, holding idle WebSocket subscribers (Bun's
 * `WebSocket`, Authorization header in the handshake, as the tests open them). Prints `started`; the
 * `connect <ClientOptions as JSON>` command (on stdin, so the key never shows in a process listing) opens
 * `count` sockets `batch` at a time (each batch waits for every socket's `connected` message, so the
 * server's accept queue is never overrun), then prints `ready`. For every event it counts the sockets that
 * received it and, when the last one has, prints the `wallClock()` time of that arrival. `clock` answers with
 * the current time (the coordinator's offset check); `stop` or the end of stdin exits. Any socket error or
 * close before `stop` is reported and makes the coordinator abort. Not meant to be run by hand.
 *
 * Usage: bun bench/fanout/clients.ts
 */
import { type ClientOptions, emit, readLines, wallClock } from "./protocol.ts";

const ID_FIELD = '"id":"';
const CONNECT = "connect ";

/** Sockets that have received each event id so far; an id is dropped once every socket has it. */
const arrivals = new Map<string, number>();
let total = 0;
let stopping = false;

const fail = (message: string) => {
  if (stopping) return;
  stopping = true;
  emit({ type: "error", message });
};

function onEvent(text: string): void {
  const start = text.indexOf(ID_FIELD) + ID_FIELD.length;
  if (start < ID_FIELD.length) {
    fail(`unexpected message: ${text.slice(0, 200)}`);
    return;
  }
  const id = text.slice(start, text.indexOf('"', start));
  const seen = (arrivals.get(id) ?? 0) + 1;
  if (seen < total) {
    arrivals.set(id, seen);
    return;
  }
  arrivals.delete(id);
  emit({ type: "event", id, at: wallClock(), bytes: text.length });
}

/** Opens one socket; resolves on its `connected` message. */
function open({ url, authorization }: ClientOptions, index: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { authorization } });
    let connected = false;
    ws.onmessage = (event) => {
      const text = event.data as string;
      if (connected) return onEvent(text);
      if (!text.includes('"type":"connected"')) return fail(`socket ${index}: first message was ${text}`);
      connected = true;
      resolve();
    };
    ws.onerror = () => fail(`socket ${index}: error (connected: ${connected})`);
    ws.onclose = (event) => fail(`socket ${index}: closed with ${event.code} ${event.reason}`);
  });
}

async function connectAll(options: ClientOptions): Promise<void> {
  total = options.count;
  for (let first = 0; first < options.count && !stopping; first += options.batch) {
    const last = Math.min(options.count, first + options.batch);
    await Promise.all(Array.from({ length: last - first }, (_, i) => open(options, first + i)));
  }
  if (!stopping) emit({ type: "ready" });
}

const exit = () => {
  stopping = true;
  // The kernel closes the sockets; closing thousands of them one by one here would only slow the run down.
  process.exit(0);
};

void readLines(
  Bun.stdin.stream(),
  (command) => {
    if (command.startsWith(CONNECT))
      void connectAll(JSON.parse(command.slice(CONNECT.length)) as ClientOptions);
    else if (command === "clock") emit({ type: "clock", at: wallClock() });
    else if (command === "stop") exit();
  },
  exit,
);
process.on("SIGTERM", exit);
emit({ type: "started" });
