import { loadConfig } from "../../src/config.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { type Clock, manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";

/** A WebSocket test client that records every message and how the socket closed. */
export type TestSocket = {
  messages: Record<string, unknown>[];
  /** The same messages as the text frames that carried them. */
  frames: string[];
  /** Resolves with the first message matching the predicate (already received or future). */
  waitFor(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves once `count` messages have arrived. */
  waitForCount(count: number): Promise<void>;
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  raw: WebSocket;
  close(): void;
};

/** Opens the event socket with a key (or a raw Authorization header value). */
export function openSocket(baseUrl: string, auth: string | null, query = ""): TestSocket {
  const url = `${baseUrl.replace(/^http/, "ws")}/api/v1/ws${query}`;
  const headers: Record<string, string> = {};
  if (auth !== null) headers.authorization = auth.startsWith("wls_") ? `Bearer ${auth}` : auth;
  // Bun's WebSocket client accepts handshake headers.
  const raw = new WebSocket(url, { headers } as unknown as string[]);
  const messages: Record<string, unknown>[] = [];
  const frames: string[] = [];
  const waiters = new Set<() => void>();
  raw.onmessage = (event) => {
    frames.push(String(event.data));
    messages.push(JSON.parse(String(event.data)));
    for (const wake of waiters) wake();
  };
  const opened = new Promise<void>((resolve, reject) => {
    raw.onopen = () => resolve();
    raw.onerror = () => reject(new Error("socket error before open"));
  });
  opened.catch(() => {});
  let isClosed = false;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    raw.onclose = (event) => {
      isClosed = true;
      resolve({ code: event.code, reason: event.reason });
      for (const wake of waiters) wake();
    };
  });
  const until = (check: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      if (isClosed) return reject(new Error(`socket closed; got ${JSON.stringify(messages)}`));
      const wake = () => {
        if (check()) resolve();
        else if (isClosed) reject(new Error(`socket closed; got ${JSON.stringify(messages)}`));
        else return;
        waiters.delete(wake);
      };
      waiters.add(wake);
    });
  return {
    messages,
    frames,
    raw,
    opened,
    closed,
    async waitFor(predicate) {
      await until(() => messages.some(predicate));
      return messages.find(predicate) as Record<string, unknown>;
    },
    waitForCount: (count) => until(() => messages.length >= count),
    close: () => raw.close(),
  };
}

/** Starts the real service on port 0 over a database file, with a manual clock by default. */
export async function startTestService(
  databasePath: string,
  env: Record<string, string> = {},
  clock: Clock = manualClock(Date.UTC(2026, 10, 22, 12)),
): Promise<RunningService> {
  const config = loadConfig({
    DATABASE_PATH: databasePath,
    HOST: "127.0.0.1",
    PORT: "0",
    RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "silent",
    ...env,
  });
  return startService(config, { logger: silentLogger, clock });
}
