import { constants } from "node:fs";
import { open } from "node:fs/promises";
import {
  type AnswerReading,
  openRcon,
  type RconConnection,
  RconError,
  type RconTarget,
  rconAddress,
} from "./rcon-protocol.ts";

/**
 * Where the agent types console commands for the game server: RCON (Java servers), a named pipe the server's
 * console reads (a Bedrock Dedicated Server has no RCON: its console is its standard input), or a program it
 * runs for each command (`tmux send-keys`, `screen -X stuff`, `docker exec`).
 */
export type ConsoleSpec =
  | ({ kind: "rcon" } & RconTarget)
  | { kind: "fifo"; path: string }
  | { kind: "exec"; command: string };

/** A game server's console, as the agent uses it. */
export type GameConsole = {
  /** How messages name it: `RCON 127.0.0.1:25575`, `the named pipe /run/bds/console`, `` `tmux …` ``. */
  label: string;
  /**
   * Types one command; resolves with the server's answer where the console gives one (RCON), else null.
   * `reading`: how to tell where a long answer ends (RCON, see AnswerReading).
   */
  send(command: string, reading?: AnswerReading): Promise<string | null>;
  /** Whether `send` answers with what the server said (RCON), so the agent can read the player list. */
  answers: boolean;
  close(): Promise<void>;
};

/** Opens a logged-in RCON connection (injected in tests). */
export type RconConnect = (target: RconTarget) => Promise<RconConnection>;

/** Runs `/bin/sh -c command` (cmd.exe on Windows) with extra environment variables; resolves with its outcome. */
export type RunProgram = (
  command: string,
  env: Record<string, string>,
) => Promise<{ exitCode: number | null; stderr: string }>;

/** How long a console program may run before it is stopped and counted as failed. */
const PROGRAM_TIMEOUT_MS = 30_000;

/** The real program runner. */
export const runProgram: RunProgram = async (command, env) => {
  const argv =
    process.platform === "win32" ? ["cmd.exe", "/d", "/s", "/c", command] : ["/bin/sh", "-c", command];
  const child = Bun.spawn(argv, {
    env: { ...process.env, ...env },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
    timeout: PROGRAM_TIMEOUT_MS,
  });
  const [stderr, exitCode] = await Promise.all([new Response(child.stderr).text(), child.exited]);
  return { exitCode: child.signalCode ? null : exitCode, stderr };
};

/** A long program shown by its first 60 characters. */
const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** Opens the console a spec names; nothing connects until the first command. */
export function openConsole(
  spec: ConsoleSpec,
  deps: { rconConnect?: RconConnect; runProgram?: RunProgram } = {},
): GameConsole {
  if (spec.kind === "rcon") return rconConsole(spec, deps.rconConnect ?? ((target) => openRcon(target)));
  if (spec.kind === "fifo") return fifoConsole(spec.path);
  return programConsole(spec.command, deps.runProgram ?? runProgram);
}

/**
 * RCON on one reused connection. A kept connection may have died with a game server restart: then the command
 * is tried once more on a fresh one. A refused password is not tried again on this round. Commands from the
 * agent's parts (the game server's queue, the first-join proof's polls) take turns: one connection answers one
 * request at a time.
 */
function rconConsole(target: RconTarget, connect: RconConnect): GameConsole {
  const address = rconAddress(target);
  let connection: RconConnection | null = null;
  /** The command under way: the next waits for it, whatever its outcome. */
  let turn: Promise<unknown> = Promise.resolve();
  const sendNow = async (command: string, reading?: AnswerReading): Promise<string> => {
    for (let attempt = 0; ; attempt++) {
      const reused = connection !== null;
      try {
        connection ??= await connect(target);
        return await connection.send(command, reading);
      } catch (error) {
        const stale = connection;
        connection = null;
        await stale?.end().catch(() => {});
        const refused = error instanceof RconError && error.code === "password-refused";
        if (!reused || attempt > 0 || refused) {
          // RconError messages name the server already.
          if (error instanceof RconError) throw error;
          throw new Error(`RCON ${address}: ${(error as Error).message || String(error)}`);
        }
      }
    }
  };
  return {
    label: `RCON ${address}`,
    answers: true,
    send(command, reading) {
      const sent = turn.then(() => sendNow(command, reading));
      turn = sent.catch(() => {});
      return sent;
    },
    async close() {
      await turn;
      await connection?.end().catch(() => {});
      connection = null;
    },
  };
}

/**
 * A named pipe the server's console reads (systemd's `ListenFIFO=`, or `bedrock_server <> fifo`): each command
 * is one line, written in one `write` (a line shorter than PIPE_BUF, 4096 bytes, never interleaves with another
 * writer's). Opened without blocking, so a server that is not running (nothing reads the pipe) is a failure to
 * retry, not a hang; anything but a named pipe is refused rather than appended to.
 */
function fifoConsole(path: string): GameConsole {
  const label = `the named pipe ${path}`;
  return {
    label,
    answers: false,
    async send(command) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENXIO") throw new Error(`nothing reads ${label} (is the game server running?)`);
        if (code === "ENOENT")
          throw new Error(`${label} does not exist (mkfifo it, or start the server's unit)`);
        throw new Error(`cannot open ${label} (${code ?? (error as Error).message})`);
      }
      try {
        if (!(await handle.stat()).isFIFO())
          throw new Error(`${path} is not a named pipe: nothing was written`);
        await handle.write(`${command}\n`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") throw new Error(`${label} is full: the server does not read its console`);
        throw error;
      } finally {
        await handle.close();
      }
      return null;
    },
    async close() {},
  };
}

/**
 * A program run for each command, the command in `WLS_COMMAND` (a variable, never spliced into the program's
 * text, so no value can change what the shell runs): `tmux send-keys -t bds -l "$WLS_COMMAND" \; send-keys -t
 * bds Enter`. Exit status 0 is success; anything else, or running past 30 s, a failure to retry.
 */
function programConsole(program: string, run: RunProgram): GameConsole {
  const label = `\`${shortened(program)}\``;
  return {
    label,
    answers: false,
    async send(command) {
      const { exitCode, stderr } = await run(program, { WLS_COMMAND: command });
      if (exitCode === 0) return null;
      const said = stderr.trim().split("\n").at(-1)?.trim();
      const how = exitCode === null ? "was stopped after 30 s" : `exited with ${exitCode}`;
      throw new Error(`${label} ${how}${said ? `: ${shortened(said)}` : ""}`);
    },
    async close() {},
  };
}
