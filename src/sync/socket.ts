import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { VERSION } from "../version.ts";

// The fields the agent needs from an event; others (origin, timestamp, future ones) are ignored.
const EntryChange = Type.Object({
  id: Type.String({ pattern: "^(0|[1-9][0-9]{0,15})$" }),
  type: Type.Union([
    Type.Literal("entry.added"),
    Type.Literal("entry.removed"),
    Type.Literal("entry.groups"),
  ]),
  guildId: Type.String(),
  whitelistId: Type.String(),
  whitelistName: Type.String(),
  entry: Type.Object({
    nick: Type.String({ minLength: 1 }),
    uuid: Type.Union([Type.String(), Type.Null()]),
    premium: Type.Boolean(),
    gamertag: Type.Optional(Type.String({ minLength: 1 })),
    proofDueAt: Type.Optional(Type.String()),
    /** The owner's game groups (docs/api.md, Events); events older than ranks carry none. */
    groups: Type.Optional(Type.Array(Type.String())),
  }),
  userId: Type.Optional(Type.String()),
});

/** An `entry.added` / `entry.removed` / `entry.groups` event, as far as the agent reads it. */
export type EntryChange = Static<typeof EntryChange>;

/** The `connected` message: the key's guild, and the whitelist it is limited to (null: guild-wide). */
export type Hello = { guildId: string; limitedTo: string | null };

/** How a socket session ended. */
export type SessionEnd = {
  code: number;
  reason: string;
  /** Whether the handshake succeeded (false: the server refused or could not be reached). */
  opened: boolean;
  /** The server sent `{"type":"resync"}`: the resume cursor is unusable. */
  resync: boolean;
  /** An event could not be read, so later ones cannot be trusted to apply cleanly: re-fetch. */
  unreadable: boolean;
  /** The client's description of a failed connection, when there was one. */
  error: string | null;
};

/** Close code the agent uses when it gives up on a session itself. */
const CLIENT_CLOSE = 1000;

/** Starts a timer; returns its cancel function. Injected so tests fire timers instead of waiting. */
export type SetTimer = (fire: () => void, ms: number) => () => void;

/** The real timer; it never keeps the process alive by itself. */
export const realSetTimer: SetTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * How long a socket may stay silent (no event, no ping) before it is taken for dead. The service pings a quiet
 * socket about every 30 s; without this, a connection cut without a FIN (a NAT timeout, a crashed host)
 * would leave the agent waiting forever on a socket that will never speak again.
 */
export const SILENCE_MS = 180_000;

/**
 * One connection to `GET /ws`: events are queued as they arrive and taken in batches, so events that come in
 * while the agent is busy (fetching, writing) wait instead of being lost, and a burst is applied in one write.
 */
export function openEventSocket({
  url,
  key,
  setTimer = realSetTimer,
}: {
  url: string;
  key: string;
  setTimer?: SetTimer;
}) {
  const socket = new WebSocket(url, {
    // `(entry.groups)`: this agent reads changes of groups; the service sends them to no agent that does not say so
    // (src/realtime/hub.ts, readsGroups).
    headers: {
      authorization: `Bearer ${key}`,
      "user-agent": `whitelist-sync-agent/${VERSION} (entry.groups)`,
    },
  });
  const queue: EntryChange[] = [];
  let wake: (() => void) | null = null;
  let opened = false;
  let resync = false;
  let unreadable = false;
  let error: string | null = null;
  let finished = false;

  let onConnected: (hello: Hello | null) => void = () => {};
  const connected = new Promise<Hello | null>((resolve) => {
    onConnected = resolve;
  });
  let onEnded: (end: SessionEnd) => void = () => {};
  const ended = new Promise<SessionEnd>((resolve) => {
    onEnded = resolve;
  });
  const notify = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  let silent = false;
  let cancelWatchdog = () => {};
  const heardFrom = () => {
    cancelWatchdog();
    cancelWatchdog = setTimer(() => {
      silent = true;
      // No close handshake with a peer that may be gone: drop the connection (close event 1006).
      socket.terminate();
    }, SILENCE_MS);
  };

  socket.onopen = () => {
    opened = true;
    heardFrom();
  };
  socket.addEventListener("ping", heardFrom);
  socket.onerror = (event) => {
    error = (event as ErrorEvent).message || "connection failed";
  };
  socket.onmessage = (event) => {
    heardFrom();
    if (unreadable || typeof event.data !== "string") return;
    let message: { type?: unknown; guildId?: unknown; scope?: { whitelistId?: unknown } };
    try {
      message = JSON.parse(event.data);
    } catch {
      message = { type: "unreadable" };
    }
    if (message.type === "connected" && typeof message.guildId === "string") {
      const limitedTo = message.scope?.whitelistId;
      onConnected({ guildId: message.guildId, limitedTo: typeof limitedTo === "string" ? limitedTo : null });
    } else if (message.type === "resync") {
      resync = true;
    } else if (Value.Check(EntryChange, message)) {
      queue.push(message);
      notify();
    } else if (message.type === "unreadable" || String(message.type).startsWith("entry.")) {
      unreadable = true;
      socket.close(CLIENT_CLOSE, "unreadable event");
    }
    // Other message types are newer than this agent and carry nothing it needs.
  };
  socket.onclose = (event) => {
    finished = true;
    cancelWatchdog();
    onConnected(null);
    const reason = silent ? `silent for ${SILENCE_MS / 1000} s` : event.reason;
    onEnded({ code: event.code, reason, opened, resync, unreadable, error });
    notify();
  };

  return {
    /** Resolves with the `connected` message (the server has subscribed this socket), or null if it closed first. */
    connected,
    /** Resolves once the socket has closed. */
    ended,
    /** Every event queued so far, waiting for at least one; null once the socket closed and the queue is empty. */
    async take(): Promise<EntryChange[] | null> {
      while (queue.length === 0 && !finished) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      return queue.length === 0 ? null : queue.splice(0);
    },
    /** Sends a message of the agent's (its status: src/sync/status-report.ts); false when the socket is not open. */
    send(text: string): boolean {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(text);
      return true;
    },
    /** Closes the socket (the agent is stopping, or gives up on this session). */
    close(): void {
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
        socket.close(CLIENT_CLOSE, "agent closing");
      }
    },
  };
}

/** One socket session. */
export type EventSession = ReturnType<typeof openEventSocket>;
