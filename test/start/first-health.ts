import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SEED, TOKEN } from "../bot/world.ts";

/**
 * Test helper (test/start/bot-steps.ts, rest-later.ts): starts the service with its bot against the sandbox Discord
 * in this process (a fresh one: its module registry holds nothing of the bot yet), on a database named `name` in
 * the directory of the process's first argument, and asks `/health` the moment the API listens. `probe` (whether a
 * module is loaded) is read as the API listens, as the first answer arrives, and once the start is over; the
 * caller prints what it needs, then stops both.
 */
export async function startWithBot<T>(name: string, probe: () => T) {
  const sandbox = await startSandboxDiscord({ port: 0, seed: SEED, token: TOKEN });
  const config = loadConfig({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: sandbox.apiUrl,
    // Loopback only: nothing here looks a player up, and nothing may reach for a real hostname.
    MOJANG_API_URL: sandbox.apiUrl,
    MOJANG_SESSION_URL: sandbox.apiUrl,
    GEYSER_API_URL: sandbox.apiUrl,
    RENAME_CHECK_DAYS: "0",
    DATABASE_PATH: join(process.argv[2] ?? ".", name),
    HOST: "127.0.0.1",
    PORT: "0",
  });
  let listening: T | undefined;
  let first: ReturnType<typeof firstHealth<T>> | undefined;
  const running = await startService(config, {
    fastIdentify: true,
    logger: silentLogger,
    onListening: (url) => {
      listening = probe();
      first = firstHealth(url, probe);
    },
  });
  const started = probe();
  return {
    listening: listening as T,
    first: await (first as ReturnType<typeof firstHealth<T>>),
    started,
    running,
    async stop() {
      await running.stop();
      await sandbox.stop();
    },
  };
}

/**
 * Asks `/health` over a socket of this process's own event loop
 * (Bun.connect), not through `fetch`, whose client runs on a thread of its own: on a starved CPU that thread could
 * be scheduled only after the whole start, and the request then arrive once everything had loaded. `probe` runs
 * when the answer's first bytes arrive, on the same loop as the service's steps.
 */
export function firstHealth<T>(
  url: string,
  probe: () => T,
): Promise<{ status: number; gateway: string; probed: T }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = "";
    let probed: T | undefined;
    Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        open(socket) {
          socket.write(`GET /health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
        },
        data(_socket, bytes) {
          if (probed === undefined) probed = probe();
          text += bytes.toString();
        },
        close() {
          const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
          const body = text.slice(text.indexOf("\r\n\r\n") + 4);
          try {
            const gateway = (JSON.parse(body) as { gateway: string }).gateway;
            resolve({ status, gateway, probed: probed as T });
          } catch (error) {
            reject(new Error(`not a /health answer: ${JSON.stringify(text)} (${String(error)})`));
          }
        },
        error(_socket, error) {
          reject(error);
        },
      },
    }).catch(reject);
  });
}
