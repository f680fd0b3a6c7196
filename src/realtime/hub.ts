import type { Server, ServerWebSocket } from "bun";
import type { EventBus } from "../events/bus.ts";
import type { EventLog } from "../events/log.ts";
import { eventMessage, type SocketConnected } from "../events/model.ts";
import type { KeyService, Principal } from "../keys/service.ts";
import type { Logger } from "../shared/logger.ts";

/** Close codes of the event socket (DESIGN.md §8). */
export const CloseCode = {
  shuttingDown: 1001,
  policy: 1008,
  keyRevoked: 4001,
  resumeUnusable: 4002,
} as const;

/** What each open socket carries: its key's scope and the handlers Elysia's Bun adapter dispatches to. */
export type SocketData = {
  principal: Principal;
  /** The resume cursor from `?after=`, or null for live events only. */
  after: number | null;
  /** Client messages in the current flood window, and when that window started. */
  received: number;
  windowStart: number;
  open(ws: EventSocket): void;
  message(ws: EventSocket, message: string | Buffer): void;
  close(ws: EventSocket, code: number, reason: string): void;
};

/** An open event socket. */
export type EventSocket = ServerWebSocket<SocketData>;

/** Limits on what a client may send: nothing is needed, so little is tolerated. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;
const MAX_CLIENT_MESSAGES_PER_WINDOW = 20;
const FLOOD_WINDOW_MS = 10_000;
const REPLAY_PAGE = 1000;

/** The pub/sub topic a key listens on: its whitelist, or its whole guild. Each socket has exactly one. */
export const topicOf = (principal: Pick<Principal, "guildId" | "whitelistId">) =>
  principal.whitelistId === null ? `guild:${principal.guildId}` : `whitelist:${principal.whitelistId}`;

/**
 * The WebSocket side of real-time delivery: replays stored events on resume, then relays committed changes
 * through Bun's native pub/sub (one serialisation and one publish per topic, whatever the subscriber count).
 * Revoking a key closes its sockets with 4001 at once; shutdown closes them all with 1001.
 */
export function createHub(deps: {
  events: EventLog;
  bus: EventBus;
  keys: KeyService;
  logger: Logger;
  clock: { now(): number };
}) {
  const { events, logger, clock } = deps;
  const byKey = new Map<string, Set<EventSocket>>();
  let server: Server<SocketData> | undefined;

  const send = (ws: EventSocket, payload: unknown) => ws.send(JSON.stringify(payload));

  /** Sends the stored events after `after` in the socket's scope; false when the cursor is unusable. */
  function replay(ws: EventSocket, after: number): boolean {
    const { oldest, latest } = events.bounds();
    const lost = after > latest || (oldest === null ? after < latest : after < oldest - 1);
    if (lost) return false;
    for (let cursor = after; ; ) {
      const page = events.listAfter(cursor, ws.data.principal, REPLAY_PAGE);
      for (const event of page) ws.send(eventMessage(event));
      if (page.length < REPLAY_PAGE) return true;
      cursor = Number(page[page.length - 1]?.id);
    }
  }

  const handlers: Pick<SocketData, "open" | "message" | "close"> = {
    open(ws) {
      const { principal, after } = ws.data;
      const connected: SocketConnected = {
        type: "connected",
        guildId: principal.guildId,
        scope: { whitelistId: principal.whitelistId },
      };
      send(ws, connected);
      // Replay and subscribe run in one synchronous step: no commit can land between them, so the client sees
      // every event exactly once (the bus publishes synchronously right after each commit).
      if (after !== null && !replay(ws, after)) {
        send(ws, { type: "resync" });
        ws.close(CloseCode.resumeUnusable, "resume cursor unusable: re-fetch the entries");
        return;
      }
      ws.subscribe(topicOf(principal));
      const sockets = byKey.get(principal.keyId) ?? new Set<EventSocket>();
      byKey.set(principal.keyId, sockets.add(ws));
    },
    message(ws, message) {
      const now = clock.now();
      if (now - ws.data.windowStart > FLOOD_WINDOW_MS) {
        ws.data.windowStart = now;
        ws.data.received = 0;
      }
      ws.data.received++;
      if (message.length > MAX_CLIENT_MESSAGE_BYTES) ws.close(CloseCode.policy, "message too large");
      else if (ws.data.received > MAX_CLIENT_MESSAGES_PER_WINDOW)
        ws.close(CloseCode.policy, "too many messages");
    },
    close(ws) {
      const sockets = byKey.get(ws.data.principal.keyId);
      sockets?.delete(ws);
      if (sockets?.size === 0) byKey.delete(ws.data.principal.keyId);
    },
  };

  deps.bus.subscribe(({ event }) => {
    if (!server) return;
    const text = eventMessage(event);
    server.publish(`guild:${event.guildId}`, text);
    server.publish(`whitelist:${event.whitelistId}`, text);
  });

  deps.keys.onRevoked((keyId) => {
    const sockets = byKey.get(keyId);
    if (!sockets) return;
    byKey.delete(keyId);
    for (const ws of sockets) {
      ws.unsubscribe(topicOf(ws.data.principal));
      ws.close(CloseCode.keyRevoked, "key revoked");
    }
    logger.info("closed sockets of a revoked key", { keyId, sockets: sockets.size });
  });

  return {
    /** The per-socket data for an authenticated upgrade. */
    socketData(principal: Principal, after: number | null): SocketData {
      return { principal, after, received: 0, windowStart: clock.now(), ...handlers };
    },
    /** Gives the hub the server whose pub/sub it publishes through (after listen). */
    attach(running: Server<SocketData>) {
      server = running;
    },
    /** How many sockets are open. */
    size(): number {
      let total = 0;
      for (const sockets of byKey.values()) total += sockets.size;
      return total;
    },
    /** Closes every socket (server shutting down: 1001). */
    closeAll(code: number = CloseCode.shuttingDown, reason = "server shutting down") {
      for (const sockets of byKey.values()) for (const ws of sockets) ws.close(code, reason);
      byKey.clear();
    },
  };
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
