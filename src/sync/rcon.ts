import { nickKey } from "../nicks/key.ts";
import { openRcon, type RconConnection, RconError, type RconTarget, rconAddress } from "./rcon-protocol.ts";
import type { SyncEvent } from "./report.ts";

export type { RconConnection, RconTarget } from "./rcon-protocol.ts";

/** Opens a logged-in connection (injected in tests). */
export type RconConnect = (target: RconTarget) => Promise<RconConnection>;

/** Connects with the agent's own Source RCON client (see rcon-protocol.ts for why not rcon-client). */
export const connectRcon: RconConnect = (target) => openRcon(target);

/** A failure as one line naming the server (RconError messages already do). */
function describeFailure(error: unknown, address: string): string {
  if (error instanceof RconError) return error.message;
  return `RCON ${address}: ${(error as Error).message || String(error)}`;
}

/**
 * The `kick` command for a nick, or null when the nick holds characters the command could misread. Nicks are
 * stored as the game names players, Bedrock ones as Floodgate does (its prefix, spaces as `_` by default). The
 * command reads a player name as an unquoted word (letters, digits and `_ - . +`): a space would end it, kicking
 * someone else with the rest as the reason, so a Bedrock name kept with spaces (`replace-spaces: false`) or a
 * prefix such as `*` is not kicked (its removal from the file still keeps the player out on their next join).
 */
export function kickCommand(nick: string): string | null {
  return /^[A-Za-z0-9_.+-]{1,16}$/.test(nick) ? `kick ${nick}` : null;
}

/**
 * Tells the game server about file changes over RCON: the reload command after each change (`whitelist reload`
 * for vanilla, `easywl reload` for EasyWhitelist, or the one given), then `kick` for removed nicks when asked.
 * Commands run one at a time on one reused connection; changes that arrive meanwhile fold into the next round.
 * A failure is reported and left pending for the next change: RCON never stops the long-running agent (the
 * file, which is what matters, is already written). A refused password ends the round before any command.
 */
export function createRconNotifier({
  target,
  reloadCommand,
  kickRemoved,
  report,
  connect = connectRcon,
}: {
  target: RconTarget;
  /** Run after each change; null runs none (kicks only). */
  reloadCommand: string | null;
  kickRemoved: boolean;
  report: (event: SyncEvent) => void;
  connect?: RconConnect;
}) {
  let connection: RconConnection | null = null;
  let reloadPending = false;
  /** Nicks still to kick, by nick key (a nick re-added before its kick ran is not kicked). */
  const kicks = new Map<string, string>();
  let running: Promise<void> | null = null;
  const address = rconAddress(target);

  async function runCommands(): Promise<void> {
    const commands: [command: string, key: string | null][] = reloadCommand ? [[reloadCommand, null]] : [];
    for (const [key, nick] of kicks) {
      const command = kickCommand(nick);
      if (command) commands.push([command, key]);
      else {
        kicks.delete(key);
        report({ type: "warning", message: `not kicking ${JSON.stringify(nick)}: not a safe player name` });
      }
    }
    if (commands.length === 0) return;
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
        const refused = error instanceof RconError && error.code === "password-refused";
        if (!reused || attempt > 0 || refused) throw error;
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
        report({ type: "rcon-failed", address, error: describeFailure(error, address) });
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
    /**
     * Runs the reload now and throws its failure as one line instead of keeping it for a next change (for
     * `--once`, which has none).
     */
    async runNow(): Promise<void> {
      await this.idle();
      try {
        await runCommands();
      } catch (error) {
        throw new Error(describeFailure(error, address));
      }
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
