import type { Server, ServerWebSocket } from "bun";
import type { EventBus } from "../entries/bus.ts";
import { cursorState, type EventLog } from "../entries/event-log.ts";
import { CloseCode, eventMessage, RevokedReason, type SocketConnected } from "../entries/events.ts";
import type { AgentStatusStore } from "../keys/agent-status.ts";
import type { KeyService, Principal } from "../keys/service.ts";
import type { Logger } from "../shared/logger.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import { createStatusRecorder, type SocketReports } from "./agent-status.ts";

/**
 * What each open socket carries: its key's scope and its handlers, to which the server hands its WebSocket events
 * (src/api/front.ts; Elysia's adapter when the app listens itself, in tests).
 */
export type SocketData = {
  principal: Principal;
  /** The resume cursor from `?after=`, or null for live events only. */
  after: number | null;
  /** Whether it is sent `entry.groups` events (`readsGroups`): every client but a `sync` agent from before them. */
  groups: boolean;
  /** Client messages in the current flood window, and when that window started. */
  received: number;
  windowStart: number;
  /** Its agent's status reports (./agent-status.ts). */
  reports: SocketReports;
  /** The replay still sending stored events to this socket, if any (see `createReplays`). */
  replay?: Replay;
  open(ws: EventSocket): void;
  message(ws: EventSocket, message: string | Buffer): void;
  drain(ws: EventSocket): void;
  close(ws: EventSocket, code: number, reason: string): void;
};

/** A socket's catch-up on stored events: where it stands, and whether it waits for the socket to drain. */
type Replay = { ws: EventSocket; cursor: number; draining: boolean };

/** An open event socket. */
export type EventSocket = ServerWebSocket<SocketData>;

/** Limits on what a client may send: nothing is needed, so little is tolerated. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;
const MAX_CLIENT_MESSAGES_PER_WINDOW = 20;
const FLOOD_WINDOW_MS = 10_000;
/** Stored events read and sent in one turn of the event loop, for one socket. */
const REPLAY_SLICE = 200;
/** A replay pauses while its socket has this much unsent, and goes on when the client has read it. */
const REPLAY_BUFFER_BYTES = 256 * 1024;

/** The pub/sub topic a key listens on: its whitelist, or its whole guild. Each socket has exactly one. */
export const topicOf = (principal: Pick<Principal, "guildId" | "whitelistId">) =>
  principal.whitelistId === null ? `guild:${principal.guildId}` : `whitelist:${principal.whitelistId}`;

/** The topic beside it that carries `entry.groups`, for the sockets that read them. */
const groupsTopic = (topic: string) => `${topic}+groups`;

/** The product the `sync` agent names itself by in the handshake (src/sync/socket.ts). */
const AGENT = "whitelist-sync-agent/";

/**
 * Whether a socket is sent `entry.groups` (docs/api.md, Events): every client, except a `sync` agent whose
 * `User-Agent` does not say it reads them, `(entry.groups)`. Agents released before them closed the socket on an
 * `entry.*` type they did not know and fetched the whole list again, losing the `--on-add` commands of what changed
 * meanwhile: a rank change must not cost them that. Any other consumer ignores a type it does not know.
 */
export function readsGroups(userAgent: string | null): boolean {
  return !userAgent?.startsWith(AGENT) || userAgent.includes("(entry.groups)");
}

/**
 * The WebSocket side of real-time delivery: replays stored events on resume, then relays committed changes
 * through Bun's native pub/sub (one serialisation and one publish per topic, whatever the subscriber count).
 * Revoking a key closes its sockets with 4001 at once; shutdown closes them all with 1001.
 */
export function createHub(deps: {
  events: EventLog;
  bus: EventBus;
  keys: KeyService;
  /** Where agents' statuses are recorded (docs/api.md, The agent's status). */
  agentStatus: AgentStatusStore;
  logger: Logger;
  clock: { now(): number };
  /** Told of sockets opening and closing and of the frames sent (metrics); none by default. */
  observer?: Observer;
}) {
  const { events, logger, clock } = deps;
  const observer = deps.observer ?? noObserver;
  // Counting the frames of a live event asks Bun for each topic's subscribers: only when something counts.
  const countLive = deps.observer !== undefined;
  const byKey = new Map<string, Set<EventSocket>>();
  let server: Server<SocketData> | undefined;
  const statuses = createStatusRecorder({ store: deps.agentStatus, clock, logger });

  const send = (ws: EventSocket, payload: unknown) => {
    observer.socketMessages("control", 1);
    return ws.send(JSON.stringify(payload));
  };

  /** Whether a cursor can be resumed from: not older than the retention, not from another database. */
  const usable = async (after: number) => cursorState(after, await events.bounds()) === "usable";

  /** The client must re-fetch: tell it, and close with 4002. */
  const resync = (ws: EventSocket) => {
    send(ws, { type: "resync" });
    ws.close(CloseCode.resumeUnusable, "resume cursor unusable: re-fetch the entries");
  };

  /** Subscribes a socket to live events: from here on, what commits reaches it through pub/sub. */
  const goLive = (ws: EventSocket) => {
    const topic = topicOf(ws.data.principal);
    ws.subscribe(topic);
    if (ws.data.groups) ws.subscribe(groupsTopic(topic));
  };

  /**
   * Resumes (`?after=`) replay stored events in slices of REPLAY_SLICE, one slice at a time shared by all of
   * them, so hundreds of resumes at once never hold up a health check or a read. A replay pauses while its
   * socket has REPLAY_BUFFER_BYTES unsent and stops when the socket is gone. Each slice reads the log only up to
   * the id the bus has published through; a slice that comes back short, with nothing published and nothing
   * stored meanwhile, is the end: the socket subscribes in that same synchronous step, so the events after it
   * come live, none falls between the replay and the live feed, and none comes twice.
   */
  const queue: Replay[] = [];
  let pumping = false;
  const schedule = () => {
    if (pumping || queue.length === 0) return;
    pumping = true;
    setImmediate(pump);
  };
  async function pump(): Promise<void> {
    const replay = queue.shift();
    if (replay) {
      try {
        await step(replay);
      } catch (error) {
        logger.warn("resume failed: the event log could not be read", { error: String(error) });
        if (replay.ws.readyState === 1)
          replay.ws.close(CloseCode.internal, "the event log could not be read");
      }
    }
    pumping = false;
    schedule();
  }
  const step = async (replay: Replay) => {
    const { ws } = replay;
    if (ws.readyState !== 1) return;
    if (ws.getBufferedAmount() > REPLAY_BUFFER_BYTES) {
      replay.draining = true; // `drain` puts it back in the queue
      return;
    }
    // A cursor from another database, or one pruning passed while the replay waited long for its client.
    if (!(await usable(replay.cursor))) return resync(ws);
    const published = deps.bus.published();
    const through = await deps.bus.through();
    const slice = await events.listAfter(replay.cursor, ws.data.principal, REPLAY_SLICE, through);
    const still = await deps.bus.through();
    if (ws.readyState !== 1 || ws.data.replay !== replay) return;
    const sent = ws.data.groups ? slice : slice.filter((event) => event.type !== "entry.groups");
    for (const event of sent) ws.send(eventMessage(event));
    observer.socketMessages("replay", sent.length);
    replay.cursor = Number(slice[slice.length - 1]?.id ?? replay.cursor);
    if (slice.length < REPLAY_SLICE && still === through && deps.bus.published() === published) {
      ws.data.replay = undefined;
      goLive(ws);
    } else {
      queue.push(replay);
    }
  };

  const handlers: Pick<SocketData, "open" | "message" | "drain" | "close"> = {
    open(ws) {
      observer.socketOpened();
      const { principal, after } = ws.data;
      const connected: SocketConnected = {
        type: "connected",
        guildId: principal.guildId,
        scope: { whitelistId: principal.whitelistId },
      };
      send(ws, connected);
      // Known to revocation and shutdown at once, live or still replaying.
      const sockets = byKey.get(principal.keyId) ?? new Set<EventSocket>();
      byKey.set(principal.keyId, sockets.add(ws));
      if (after === null) {
        goLive(ws);
        return;
      }
      ws.data.replay = { ws, cursor: after, draining: false };
      queue.push(ws.data.replay);
      schedule();
    },
    drain(ws) {
      const replay = ws.data.replay;
      if (!replay?.draining) return;
      replay.draining = false;
      queue.push(replay);
      schedule();
    },
    message(ws, message) {
      const now = clock.now();
      if (now - ws.data.windowStart > FLOOD_WINDOW_MS) {
        ws.data.windowStart = now;
        ws.data.received = 0;
      }
      ws.data.received++;
      if (isOversized(message)) ws.close(CloseCode.policy, "message too large");
      else if (ws.data.received > MAX_CLIENT_MESSAGES_PER_WINDOW)
        ws.close(CloseCode.policy, "too many messages");
      else if (statuses.take(ws.data.principal.keyId, ws.data.reports, message) === "refused")
        ws.close(CloseCode.policy, "malformed status");
    },
    close(ws) {
      observer.socketClosed();
      statuses.closed(ws.data.principal.keyId, ws.data.reports);
      // A replay ends with its socket: no more reading of the log for it.
      const replay = ws.data.replay;
      if (replay && queue.includes(replay)) queue.splice(queue.indexOf(replay), 1);
      ws.data.replay = undefined;
      const sockets = byKey.get(ws.data.principal.keyId);
      sockets?.delete(ws);
      if (sockets?.size === 0) byKey.delete(ws.data.principal.keyId);
    },
  };

  deps.bus.subscribe(({ event }) => {
    if (!server) return;
    const text = eventMessage(event);
    const topic = (name: string) => (event.type === "entry.groups" ? groupsTopic(name) : name);
    const guildTopic = topic(`guild:${event.guildId}`);
    const whitelistTopic = topic(`whitelist:${event.whitelistId}`);
    server.publish(guildTopic, text);
    server.publish(whitelistTopic, text);
    if (countLive) {
      observer.socketMessages(
        "event",
        server.subscriberCount(guildTopic) + server.subscriberCount(whitelistTopic),
      );
    }
  });

  deps.keys.onRevoked((keyId, reason) => {
    const sockets = byKey.get(keyId);
    if (!sockets) return;
    byKey.delete(keyId);
    for (const ws of sockets) {
      const topic = topicOf(ws.data.principal);
      ws.unsubscribe(topic);
      ws.unsubscribe(groupsTopic(topic));
      ws.close(CloseCode.keyRevoked, RevokedReason[reason]);
    }
    logger.info("closed sockets of a revoked key", { keyId, reason, sockets: sockets.size });
  });

  return {
    /** The per-socket data for an authenticated upgrade; `groups`: see `readsGroups`. */
    socketData(principal: Principal, after: number | null, groups = true): SocketData {
      const reports = statuses.socket();
      return { principal, after, groups, received: 0, windowStart: clock.now(), reports, ...handlers };
    },
    /** Gives the hub the server whose pub/sub it publishes through (after listen). */
    attach(running: Server<SocketData>) {
      server = running;
    },
    /** Replays in progress: `running` take turns reading the log, `paused` wait for their client to read. */
    replays(): { running: number; paused: number } {
      let paused = 0;
      for (const sockets of byKey.values()) for (const ws of sockets) if (ws.data.replay?.draining) paused++;
      return { running: queue.length, paused };
    },
    /** How many sockets are open. */
    size(): number {
      let total = 0;
      for (const sockets of byKey.values()) total += sockets.size;
      return total;
    },
    /**
     * Closes every socket (server shutting down: 1001); resolves once their agents are recorded disconnected,
     * before the store closes.
     */
    async closeAll(code: number = CloseCode.shuttingDown, reason = "server shutting down"): Promise<void> {
      for (const sockets of byKey.values()) {
        for (const ws of sockets) {
          statuses.closed(ws.data.principal.keyId, ws.data.reports);
          ws.close(code, reason);
        }
      }
      byKey.clear();
      await statuses.settled();
    },
  };
}

/** Whether a client message is over MAX_CLIENT_MESSAGE_BYTES, counted in bytes (a string's length is not). */
function isOversized(message: string | Buffer): boolean {
  if (typeof message !== "string") return message.byteLength > MAX_CLIENT_MESSAGE_BYTES;
  // A UTF-16 unit is at most 3 bytes of UTF-8: short messages are judged without encoding them.
  if (message.length * 3 <= MAX_CLIENT_MESSAGE_BYTES) return false;
  return Buffer.byteLength(message) > MAX_CLIENT_MESSAGE_BYTES;
}

/** The hub type. */
export type Hub = ReturnType<typeof createHub>;

/** Bun WebSocket settings: pings keep clients honest, slow readers are cut off at a bounded buffer. */
export const websocketOptions = {
  /** A client that answers nothing (not even pings) for this many seconds is dropped. */
  idleTimeout: 60,
  sendPings: true,
  /** Frames above this are refused by Bun itself; smaller ones above 4 KB close with 1008 here. */
  maxPayloadLength: 64 * 1024,
  /** A reader this far behind is cut off instead of growing memory. */
  backpressureLimit: 1024 * 1024,
  closeOnBackpressureLimit: true,
  perMessageDeflate: false,
} as const;
