import { Rcon } from "rcon-client";
import { nickKey } from "../nicks/key.ts";
import type { SyncEvent } from "./report.ts";

/** Where the game server's RCON listens, and its password. */
export type RconTarget = { host: string; port: number; password: string };
/** An authenticated RCON connection. */
export type RconConnection = { send(command: string): Promise<string>; end(): Promise<void> };
/** Opens an authenticated connection (injected in tests). */
export type RconConnect = (target: RconTarget) => Promise<RconConnection>;

const RCON_TIMEOUT_MS = 5000;

/** Connects with rcon-client (Source RCON, as Minecraft speaks it). */
export const connectRcon: RconConnect = async ({ host, port, password }) => {
  const rcon = new Rcon({ host, port, password, timeout: RCON_TIMEOUT_MS });
  // rcon-client re-emits socket errors on an EventEmitter; with no listener they would crash the process.
  // They also reject the pending command, which is where the notifier sees them.
  rcon.on("error", () => {});
  await rcon.connect();
  return { send: (command) => rcon.send(command), end: () => rcon.end().catch(() => {}) };
};

/**
 * The `kick` command for a nick, or null when the nick holds characters a command could misread. Bedrock
 * nicks may hold spaces; Floodgate's default (`replace-spaces: true`) puts `_` in their place in game, and a
 * space would end the player argument (kicking someone else, with the rest as the reason).
 */
export function kickCommand(nick: string): string | null {
  const name = nick.replaceAll(" ", "_");
  return /^[.A-Za-z0-9_]{1,32}$/.test(name) ? `kick ${name}` : null;
}

/**
 * Tells the game server about file changes over RCON: `whitelist reload` after each change, then `kick` for
 * removed nicks when asked. Commands run one at a time on one reused connection; changes that arrive meanwhile
 * fold into the next round. A failure is reported and left pending for the next change: RCON never stops the
 * agent (the file, which is what matters, is already written).
 */
export function createRconNotifier({
  target,
  kickRemoved,
  report,
  connect = connectRcon,
}: {
  target: RconTarget;
  kickRemoved: boolean;
  report: (event: SyncEvent) => void;
  connect?: RconConnect;
}) {
  let connection: RconConnection | null = null;
  let reloadPending = false;
  /** Nicks still to kick, by nick key (a nick re-added before its kick ran is not kicked). */
  const kicks = new Map<string, string>();
  let running: Promise<void> | null = null;
  const address = `${target.host}:${target.port}`;

  async function runCommands(): Promise<void> {
    const commands: [command: string, key: string | null][] = [["whitelist reload", null]];
    for (const [key, nick] of kicks) {
      const command = kickCommand(nick);
      if (command) commands.push([command, key]);
      else {
        kicks.delete(key);
        report({ type: "warning", message: `not kicking ${JSON.stringify(nick)}: not a safe player name` });
      }
    }
    // A kept connection may have died with a game server restart: then one more try on a fresh one.
    for (let attempt = 0; ; attempt++) {
      const reused = connection !== null;
      try {
        connection ??= await connect(target);
        for (const [command, key] of commands) {
          await connection.send(command);
          if (key !== null) kicks.delete(key);
          report({ type: "rcon", command, address });
        }
        return;
      } catch (error) {
        const stale = connection;
        connection = null;
        await stale?.end().catch(() => {});
        if (!reused || attempt > 0) throw error;
      }
    }
  }

  async function flush(): Promise<void> {
    while (reloadPending) {
      reloadPending = false;
      try {
        await runCommands();
      } catch (error) {
        reloadPending = true;
        report({ type: "rcon-failed", address, error: (error as Error).message || String(error) });
        return;
      }
    }
  }

  return {
    /** Queues a reload (and kicks) after the file changed; returns at once. */
    afterChange({
      added = [],
      removed = [],
    }: {
      added?: readonly string[];
      removed?: readonly string[];
    } = {}) {
      reloadPending = true;
      for (const nick of added) kicks.delete(nickKey(nick));
      if (kickRemoved) for (const nick of removed) kicks.set(nickKey(nick), nick);
      running ??= flush().finally(() => {
        running = null;
      });
    },
    /** Resolves when no command is running. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /** Waits for the running round, then closes the connection. */
    async close(): Promise<void> {
      await this.idle();
      await connection?.end().catch(() => {});
      connection = null;
    },
  };
}

/** The RCON notifier type. */
export type RconNotifier = ReturnType<typeof createRconNotifier>;
