import { VERSION } from "../../version.ts";
import { TransientError } from "../errors.ts";
import type { TlsTrust } from "./trust.ts";

/**
 * The agent's client of a Minecraft server's management API (docs/sync.md, Management API): JSON-RPC 2.0 over a
 * WebSocket, the secret in `Authorization: Bearer`, one parameter per method given by position. Our own rather
 * than npm mc-server-management (which runs under Bun and in the compiled binary, and is the devDependency the
 * sandbox's fake is held to) because the agent must trust the server's certificate by a CA file or a pinned
 * fingerprint checked before the secret is sent, tell a refused secret (401) from a server that is down, and
 * reconnect on its own backoff.
 */

/** The upgrade was answered with an HTTP status instead of 101: 401 is a refused secret. */
export class HandshakeRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server answered a call with a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** A notification: its method and its one parameter (undefined when it has none). */
export type Notification = { method: string; param: unknown };

/** How long a call may wait for its answer before the connection is taken for dead. */
const CALL_TIMEOUT_MS = 15_000;
/** How long the handshake (TCP, TLS, upgrade) may take. */
const CONNECT_TIMEOUT_MS = 15_000;

/** An open connection to the management API. */
export type RpcConnection = {
  /** Calls a method with its parameter (none: `undefined`); rejects with RpcError, or TransientError when cut. */
  call(method: string, param?: unknown): Promise<unknown>;
  /** Resolves once the connection closed, with why. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

/** The HTTP status in Bun's description of a refused upgrade ("Expected 101 status code: 401"), or null. */
export function refusedStatus(message: string): number | null {
  const match = /Expected 101 status code: (\d{3})/.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * Opens the connection: resolves once upgraded, rejects with HandshakeRefused (an HTTP status instead of the
 * upgrade) or TransientError (no answer, TLS refused, cut). Notifications go to `onNotification` in order.
 */
export function connectRpc({
  url,
  secret,
  trust,
  onNotification,
}: {
  url: string;
  secret: string;
  trust: TlsTrust | null;
  onNotification: (notification: Notification) => void;
}): Promise<RpcConnection> {
  const socket = new WebSocket(url, {
    headers: { authorization: `Bearer ${secret}`, "user-agent": `whitelist-sync-agent/${VERSION}` },
    ...(trust ? { tls: trust } : {}),
  } as unknown as string[]);
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; timer: Timer }
  >();
  let nextId = 1;
  let failure = "";
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event) => {
      for (const call of pending.values()) {
        clearTimeout(call.timer);
        call.reject(new TransientError(`the management connection to ${url} closed (${event.code})`));
      }
      pending.clear();
      resolve({ code: event.code, reason: event.reason });
    });
  });
  socket.addEventListener("error", (event) => {
    failure = (event as ErrorEvent).message || "connection failed";
  });
  socket.addEventListener("message", (event) => {
    let message: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
    try {
      message = JSON.parse(String((event as MessageEvent).data));
    } catch {
      return;
    }
    if (typeof message.method === "string" && message.id === undefined) {
      const params = message.params;
      const param = Array.isArray(params)
        ? params[0]
        : params && typeof params === "object"
          ? Object.values(params)[0]
          : undefined;
      onNotification({ method: message.method, param });
      return;
    }
    const call = typeof message.id === "number" ? pending.get(message.id) : undefined;
    if (!call) return;
    pending.delete(message.id as number);
    clearTimeout(call.timer);
    const error = message.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (error && typeof error === "object") {
      const text = typeof error.data === "string" ? error.data : String(error.message);
      call.reject(new RpcError(Number(error.code), text, error.data));
    } else call.resolve(message.result);
  });

  const connection: RpcConnection = {
    call(method, param) {
      if (socket.readyState !== WebSocket.OPEN) {
        return Promise.reject(new TransientError(`the management connection to ${url} is not open`));
      }
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new TransientError(`${url} did not answer ${method} in ${CALL_TIMEOUT_MS / 1000} s`));
          socket.close(1000, "no answer");
        }, CALL_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", id, method, params: param === undefined ? [] : [param] }),
        );
      });
    },
    closed,
    close() {
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN)
        socket.close(1000, "");
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new TransientError(`${url} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`));
    }, CONNECT_TIMEOUT_MS);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      resolve(connection);
    });
    void closed.then(() => {
      clearTimeout(timer);
      const status = refusedStatus(failure);
      if (status !== null) reject(new HandshakeRefused(status, `${url} answered ${status} to the upgrade`));
      else reject(new TransientError(`cannot reach the management API at ${url} (${failure || "closed"})`));
    });
  });
}
