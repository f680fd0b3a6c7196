import { nickKey } from "../nicks/key.ts";
import { createBackoff, type Sleep } from "./backoff.ts";
import type { GameConsole } from "./console.ts";
import type { SyncEvent } from "./report.ts";

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
 * What changed, for the game server: whether the file was written (then it reloads), nicks added and removed,
 * and the commands the changes call for.
 */
export type FileChange = {
  reload?: boolean;
  added?: readonly string[];
  removed?: readonly string[];
  commands?: readonly string[];
};

/**
 * Tells the game server about file changes through its console: the reload command after each change
 * (`whitelist reload`, `easywl reload`, `allowlist reload`, or the one given), then `kick` for removed nicks
 * when asked, then the `--on-add`/`--on-remove` commands, in the order their changes came. Commands run one at a
 * time; changes that arrive meanwhile fold into the next round (one reload for many changes). A failure is
 * reported and tried again after a backoff (1 s doubling to 60 s), or at once when another change comes, until
 * it runs; a command that ran is never sent twice. Stopping leaves what did not run to the caller's `pending()`.
 */
export function createGameServer({
  console,
  reloadCommand,
  kickRemoved,
  report,
  sleep,
  signal,
  random,
  onSettled = () => {},
}: {
  console: GameConsole;
  /** Run after each change; null runs none (kicks and commands only). */
  reloadCommand: string | null;
  kickRemoved: boolean;
  report: (event: SyncEvent) => void;
  /** Waits between tries (tests release them by hand); the agent's signal ends them. */
  sleep: Sleep;
  signal: AbortSignal;
  random?: () => number;
  /** Called after every round that emptied the queue (the agent stores that nothing is pending). */
  onSettled?: () => void;
}) {
  const backoff = createBackoff({ random });
  let reloadPending = false;
  /** Nicks still to kick, by nick key (a nick re-added before its kick ran is not kicked). */
  const kicks = new Map<string, string>();
  /** `--on-add`/`--on-remove` commands still to run, in order. */
  const commands: string[] = [];
  let running: Promise<void> | null = null;
  let closing = false;
  /** Ends the wait between tries early: a new change tries again at once. */
  let wake: AbortController | null = null;

  const hasWork = () => reloadPending || kicks.size > 0 || commands.length > 0;

  /** Sends one command; reports it once it ran. */
  async function send(command: string): Promise<void> {
    await console.send(command);
    report({ type: "command", command, console: console.label });
  }

  /** One round of what is queued; each command leaves the queue once it ran, so a failure resumes after it. */
  async function round(): Promise<void> {
    if (reloadPending) {
      reloadPending = false;
      if (reloadCommand) {
        try {
          await send(reloadCommand);
        } catch (error) {
          reloadPending = true;
          throw error;
        }
      }
    }
    for (const [key, nick] of kicks) {
      const command = kickCommand(nick);
      if (command) await send(command);
      else
        report({ type: "warning", message: `not kicking ${JSON.stringify(nick)}: not a safe player name` });
      kicks.delete(key);
    }
    while (commands.length > 0) {
      await send(commands[0] as string);
      commands.shift();
    }
  }

  async function flush(): Promise<void> {
    let failures = 0;
    while (hasWork() && !closing && !signal.aborted) {
      try {
        await round();
        if (failures > 0) report({ type: "console-back", console: console.label, attempts: failures + 1 });
        failures = 0;
        backoff.reset();
        if (!hasWork()) onSettled();
      } catch (error) {
        failures++;
        const wait = backoff.next();
        report({
          type: "command-failed",
          console: console.label,
          error: (error as Error).message,
          retryInMs: wait,
        });
        wake = new AbortController();
        await sleep(wait, AbortSignal.any([signal, wake.signal]));
        wake = null;
      }
    }
  }

  const start = () => {
    if (running) {
      wake?.abort();
      return;
    }
    running = flush().finally(() => {
      running = null;
    });
  };

  return {
    /** Queues a reload (when the file was written), kicks and commands; returns at once. */
    changed({ reload = true, added = [], removed = [], commands: more = [] }: FileChange = {}): void {
      if (reload) reloadPending = true;
      for (const nick of added) kicks.delete(nickKey(nick));
      if (kickRemoved) for (const nick of removed) kicks.set(nickKey(nick), nick);
      commands.push(...more);
      start();
    },
    /** Queues commands left from a previous run (the resume state), without a reload of their own. */
    restore(pending: readonly string[]): void {
      if (pending.length === 0) return;
      commands.push(...pending);
      start();
    },
    /** The commands that have not run yet, in order (the resume state keeps them). */
    pending(): string[] {
      return [...commands];
    },
    /**
     * The file was written: runs the reload (and what is queued) now, once, and throws its failure instead of
     * trying again (for `--once`, which has no next change).
     */
    async runNow(): Promise<void> {
      await this.idle();
      reloadPending = true;
      await round();
    },
    /** Resolves when no round is running. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /** Stops trying (what did not run stays in `pending()`), waits for the command under way, and closes. */
    async close(): Promise<void> {
      closing = true;
      wake?.abort();
      await this.idle();
      await console.close();
    },
  };
}

/** The game server as the agent tells it about changes. */
export type GameServer = ReturnType<typeof createGameServer>;
