/**
 * What the game-server benchmarks share (bench/game.ts, bench/ranks.ts, bench/management.ts): the real service on
 * a temp SQLite file, a game server's RCON (npm rcon-server, nobody here wrote it) recording when each command
 * arrives, and a waiter that wakes on each thing heard instead of polling.
 */
import { join } from "node:path";
import { type CommandRequest, RCONServer } from "rcon-server";
import { loadConfig } from "../src/config.ts";
import { startService } from "../src/server.ts";
import { silentLogger } from "../src/shared/logger.ts";

/** Resolves when `check` holds, re-checked whenever `wake` is called. */
export function waiter() {
  const waiting = new Set<() => void>();
  return {
    wake: () => {
      for (const check of [...waiting]) check();
    },
    until(check: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const test = () => {
          if (!check()) return;
          waiting.delete(test);
          resolve();
        };
        waiting.add(test);
        test();
      });
    },
  };
}

/** The service on `dir`/wls.db, on 127.0.0.1 port 0, its rate limit out of the way and its log silent. */
export const startBenchService = (dir: string) =>
  startService(
    loadConfig({
      DATABASE_PATH: join(dir, "wls.db"),
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "silent",
    }),
    { logger: silentLogger },
  );

/**
 * A game server's RCON on 127.0.0.1 port 0: each command is pushed to `commands` with the moment `now()` gave when
 * it arrived, answered by `answer` (an empty answer by default, as a vanilla server gives for most), then `heard` woken.
 */
export async function startRcon(options: {
  password: string;
  now: () => number;
  heard: { wake(): void };
  answer?: (command: string) => string;
}) {
  const rcon = new RCONServer({ port: 0, host: "127.0.0.1", password: options.password });
  const commands: { body: string; at: number }[] = [];
  rcon.on("commandRequest", (request: CommandRequest) => {
    commands.push({ body: request.body, at: options.now() });
    request.resolve(options.answer?.(request.body) ?? "");
    options.heard.wake();
  });
  await new Promise<void>((resolve) => {
    rcon.on("listening", () => resolve());
    rcon.connect();
  });
  const address = rcon.getSocketServer().address();
  return {
    commands,
    port: typeof address === "object" && address ? address.port : 0,
    /** Drops its connections and stops listening. */
    async close(): Promise<void> {
      for (const connected of rcon.getConnectedSockets()) connected.destroy();
      await new Promise<void>((resolve) => rcon.getSocketServer().close(() => resolve()));
    },
  };
}
