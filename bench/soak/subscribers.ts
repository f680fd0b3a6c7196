/**
 * Bench helper: one subscriber process of `bench/soak.ts`, holding WebSocket subscribers (Bun's `WebSocket`,
 * the Authorization header in the handshake) for the whole run and checking, as events arrive, that every
 * socket gets the same events exactly once and in order.
 *
 * How it checks without keeping a list per socket: the ids form one sequence in the order the first socket
 * to get each event got it; every socket keeps only its position in that sequence. An id that is not the
 * next one in the sequence for that socket (a gap, a duplicate, another order) is a mismatch, counted with
 * the first few as examples; the coordinator compares the sequence itself with the events the service
 * stored, so "every socket at the end of the sequence, no mismatch" means every socket saw exactly those.
 *
 * Commands on stdin (so the key never shows in a process listing), one per line: `connect <SubscriberOptions
 * as JSON>` opens `count` sockets `batch` at a time (each batch waits for every socket's `connected`), then
 * prints `ready`; `status` prints a `SubscriberStatus`; `report` prints a `SubscriberReport` with the whole
 * sequence; `stop` or the end of stdin exits (so this never outlives the coordinator). A socket closing or
 * failing does not stop the run: it is counted and reported, and the coordinator's checks fail on it.
 * Not meant to be run by hand.
 *
 * Usage: bun bench/soak/subscribers.ts
 */
import { readLines } from "../fanout/protocol.ts";

/** What a subscriber process is given with its `connect` command. */
export type SubscriberOptions = {
  url: string;
  authorization: string;
  count: number;
  /** Sockets opened at once during the connect phase. */
  batch: number;
};

/** Where the sockets of one process stand. */
export type SubscriberStatus = {
  type: "status";
  /** Distinct events seen so far (the length of the sequence). */
  events: number;
  /** Open sockets that have not yet received the latest event of the sequence. */
  behind: number;
  mismatches: number;
  closed: number;
};

/** Everything one process saw, for the coordinator's checks. */
export type SubscriberReport = Omit<SubscriberStatus, "type"> & {
  type: "report";
  /** Event ids in the order the sockets received them. */
  ids: number[];
  sockets: number;
  /** Sequence entries whose id is not above the previous one. */
  orderViolations: number;
  /** Messages after `connected` that were not events (a `resync`, say). */
  unexpected: number;
  /** The first few problems, in words. */
  problems: string[];
};

/** Everything a subscriber process prints. */
export type SubscriberMessage =
  | { type: "started" }
  | { type: "ready"; seconds: number }
  | SubscriberStatus
  | SubscriberReport
  | { type: "error"; message: string };

const ID_FIELD = '"id":"';
const CONNECT = "connect ";
const MAX_PROBLEMS = 10;

/** The event ids in first-arrival order, and where each sits in it. */
const sequence: number[] = [];
const indexOf = new Map<number, number>();
/** Per socket: how far along the sequence it is, and whether it is still open. */
let positions = new Int32Array(0);
let open = new Uint8Array(0);
let mismatches = 0;
let orderViolations = 0;
let unexpected = 0;
let closed = 0;
const problems: string[] = [];
let stopping = false;

const emit = (message: SubscriberMessage): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

const problem = (text: string): void => {
  if (problems.length < MAX_PROBLEMS) problems.push(text);
};

function onEvent(socket: number, text: string): void {
  const start = text.indexOf(ID_FIELD) + ID_FIELD.length;
  if (start < ID_FIELD.length) {
    unexpected++;
    problem(`socket ${socket}: unexpected message ${text.slice(0, 120)}`);
    return;
  }
  const id = Number(text.slice(start, text.indexOf('"', start)));
  const position = positions[socket] ?? 0;
  if (position < sequence.length && sequence[position] === id) {
    positions[socket] = position + 1;
    return;
  }
  if (position === sequence.length && !indexOf.has(id)) {
    // The first socket to get this event: it extends the sequence.
    const previous = sequence[sequence.length - 1];
    if (previous !== undefined && id <= previous) {
      orderViolations++;
      problem(`event ${id} arrived after event ${previous}`);
    }
    indexOf.set(id, sequence.length);
    sequence.push(id);
    positions[socket] = position + 1;
    return;
  }
  mismatches++;
  const at = indexOf.get(id);
  const expected = sequence[position];
  if (at === undefined || at < position) {
    // A duplicate, or an event the others got earlier: the socket stays where it was.
    problem(
      `socket ${socket}: got event ${id} ${at === undefined ? "out of order" : "again"}, expected ${expected}`,
    );
    return;
  }
  // Events position..at-1 never reached this socket: skip them, so later events still line up.
  problem(`socket ${socket}: missed ${at - position} event(s) from ${expected}, got ${id}`);
  positions[socket] = at + 1;
}

/** Opens one socket; resolves on its `connected` message. */
function connect({ url, authorization }: SubscriberOptions, socket: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { authorization } });
    let connected = false;
    ws.onmessage = (event) => {
      const text = event.data as string;
      if (connected) return onEvent(socket, text);
      if (!text.includes('"type":"connected"')) {
        unexpected++;
        problem(`socket ${socket}: first message was ${text.slice(0, 120)}`);
      }
      connected = true;
      open[socket] = 1;
      resolve();
    };
    ws.onclose = (event) => {
      if (stopping) return;
      if (open[socket]) closed++;
      open[socket] = 0;
      problem(`socket ${socket}: closed with ${event.code} ${event.reason} (connected: ${connected})`);
      if (!connected) emit({ type: "error", message: `socket ${socket} could not connect (${event.code})` });
    };
  });
}

async function connectAll(options: SubscriberOptions): Promise<void> {
  positions = new Int32Array(options.count);
  open = new Uint8Array(options.count);
  const started = performance.now();
  for (let first = 0; first < options.count && !stopping; first += options.batch) {
    const last = Math.min(options.count, first + options.batch);
    await Promise.all(Array.from({ length: last - first }, (_, i) => connect(options, first + i)));
  }
  emit({ type: "ready", seconds: (performance.now() - started) / 1000 });
}

function status(): SubscriberStatus {
  let behind = 0;
  for (let socket = 0; socket < positions.length; socket++) {
    if (open[socket] && (positions[socket] ?? 0) < sequence.length) behind++;
  }
  return { type: "status", events: sequence.length, behind, mismatches, closed };
}

if (import.meta.main) {
  const exit = () => {
    stopping = true;
    // The kernel closes the sockets; closing them one by one here would only slow the run's end down.
    process.exit(0);
  };
  void readLines(
    Bun.stdin.stream(),
    (command) => {
      if (command.startsWith(CONNECT)) {
        void connectAll(JSON.parse(command.slice(CONNECT.length)) as SubscriberOptions);
      } else if (command === "status") emit(status());
      else if (command === "report") {
        emit({
          ...status(),
          type: "report",
          ids: sequence,
          sockets: positions.length,
          orderViolations,
          unexpected,
          problems,
        });
      } else if (command === "stop") exit();
    },
    exit,
  );
  process.on("SIGTERM", exit);
  emit({ type: "started" });
}
