import { join } from "node:path";
import type { Subprocess } from "bun";
import { linesOf, parseLine } from "./binary.ts";
import { TEST_TIMEOUT_MS } from "./floors.ts";
import { tempDir } from "./services.ts";

/** How `spawnServe` starts the service. */
export type ServeOptions = {
  /** The subcommand: `serve` unless given (`start`, `demo`: their start-up checks are the same). */
  sub?: string;
  /**
   * Added to the environment, over what it starts with: PATH, HOME (the temp directory), HOST=127.0.0.1, PORT=0
   * and LOG_FORMAT=json. A variable given as `undefined` is left out. No DATABASE_PATH: the default `./data`, in
   * the temp directory.
   */
  env?: Record<string, string | undefined>;
  /** The Discord to log in to (a sandbox's, or a stand-in's): DISCORD_TOKEN and DISCORD_API_URL. None without. */
  discord?: { apiUrl: string; token: string };
  /**
   * Its working directory and HOME, prepared by the test (a file put there first), which removes it. Unless given,
   * a temp directory of its own, removed by `stopServes`.
   */
  dir?: string;
  /** The sources even when WLS_BINARY names a compiled binary (CI builds one; other tests then run it). */
  sources?: boolean;
  /** This executable, whatever WLS_BINARY says: a test of the compiled binary itself (compiledBinary()). */
  binary?: string;
  /**
   * Killed (SIGKILL) once this long has passed: a start that wrongly succeeds, or a wait that never ends, still
   * ends within the test's own limit. Half the suite's limit unless given (a fixed bound is what a busy machine
   * runs out of).
   */
  limitMs?: number;
};

/** How a child service ended: its exit code, and all it wrote to stdout (as text) and stderr. */
export type ServeExit = { exitCode: number; stdout: string; stderr: string };

/** A `serve` started by `spawnServe`, its standard output read as JSON log lines as they come. */
export type ServeChild = {
  child: Subprocess<"ignore", "pipe", "pipe">;
  /** Its working directory and HOME. */
  dir: string;
  /** The log lines read from stdout so far (by `until`, and all of them once `exit` resolved). */
  seen: Record<string, unknown>[];
  /** Reads log lines until one satisfies `match` and returns it; throws, with what it said, if the process ends first. */
  until(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Waits for the process to exit, stdout read to its end (the shutdown line too: never a closed pipe). */
  exit(): Promise<ServeExit>;
};

const ROOT = join(import.meta.dir, "..", "..");

/** The services `spawnServe` started and `stopServes` has not ended yet. */
const running = new Set<{ child: Subprocess; cleanup(): void }>();

/**
 * Starts `whitelist-sync serve` (or `options.sub`) as a child process in a temp directory of its own, listening on
 * a free loopback port: the compiled binary when CI built one (WLS_BINARY), otherwise the sources. The environment
 * is only what is listed at `ServeOptions.env` and what the test adds, never the developer's own. Both pipes are
 * read from the start, so a chatty child never blocks. `stopServes` (after each test: test/setup.ts) kills what is
 * still running and removes the directories.
 */
export function spawnServe(options: ServeOptions = {}): ServeChild {
  const { sub = "serve", discord, limitMs = TEST_TIMEOUT_MS / 2 } = options;
  const binary = options.binary ?? (options.sources ? undefined : process.env.WLS_BINARY);
  const command = binary ? [binary, sub] : [process.execPath, join(ROOT, "src", "main.ts"), sub];
  const dir = options.dir === undefined ? tempDir(`wls-${sub}-`) : { path: options.dir, cleanup() {} };
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    HOME: dir.path,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_FORMAT: "json",
    ...(discord ? { DISCORD_TOKEN: discord.token, DISCORD_API_URL: discord.apiUrl } : {}),
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = Bun.spawn(command, { cwd: dir.path, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  running.add({ child, cleanup: dir.cleanup });
  const timer = setTimeout(() => child.kill(9), limitMs);
  void child.exited.then(() => clearTimeout(timer));
  const stderr = new Response(child.stderr).text();
  // Read to its end whatever the test reads of its lines, as the text it was (`exit`).
  const [forLines, forText] = child.stdout.tee();
  const stdout = new Response(forText).text();
  const lines = linesOf(forLines);
  const seen: Record<string, unknown>[] = [];
  /** The next line of stdout, noted, or undefined at its end. */
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) return undefined;
    const line = parseLine(value);
    seen.push(line);
    return line;
  };
  return {
    child,
    dir: dir.path,
    seen,
    async until(match) {
      for (;;) {
        const line = await next();
        if (line === undefined)
          throw new Error(
            `the service exited (${await child.exited}) first: ${JSON.stringify(seen)} ${await stderr}`,
          );
        if (match(line)) return line;
      }
    },
    async exit() {
      while ((await next()) !== undefined) {}
      const [exitCode, out, err] = await Promise.all([child.exited, stdout, stderr]);
      return { exitCode, stdout: out, stderr: err };
    },
  };
}

/** Kills every service `spawnServe` started that is still running, waits for it to end and removes its directory. */
export async function stopServes(): Promise<void> {
  const services = [...running];
  running.clear();
  await Promise.all(
    services.map(async ({ child, cleanup }) => {
      child.kill(9);
      await child.exited;
      cleanup();
    }),
  );
}
