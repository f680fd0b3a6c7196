import type { Subprocess } from "bun";

/** What a child process left once it exited: its exit code and everything it wrote to stdout and stderr. */
export type Ended = { code: number; stdout: string; stderr: string };

/** How `runToEnd` spawns a command: Bun.spawn's own options but the pipes, and what it adds. */
export type RunOptions = {
  cwd?: string;
  /** The child's whole environment (Bun.spawn's default, this process's, when left out). */
  env?: Record<string, string | undefined>;
  /** Written to the child's stdin, which is then closed; without it stdin is /dev/null. */
  input?: string;
  /**
   * Killed (SIGKILL) once this long has passed: a child that wrongly keeps running ends anyway, and what it wrote is
   * still returned (its code then is 137, or whatever the kill left).
   */
  limitMs?: number;
  /** Told the child as soon as it is spawned (a file's set of children it kills when its tests end). */
  spawned?: (child: Subprocess) => void;
};

/**
 * Spawns `command` with stdout and stderr piped, and resolves once it has exited and both pipes are read to their
 * end. Both are read while it runs, so a chatty child never blocks on a full pipe.
 */
export async function runToEnd(command: string[], options: RunOptions = {}): Promise<Ended> {
  const { input, limitMs, spawned, ...spawnOptions } = options;
  const child = Bun.spawn(command, {
    ...spawnOptions,
    stdin: input === undefined ? "ignore" : "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  spawned?.(child);
  const timer = limitMs === undefined ? undefined : setTimeout(() => child.kill(9), limitMs);
  try {
    if (input !== undefined && child.stdin) {
      child.stdin.write(input);
      await child.stdin.end();
    }
    const [code, stdout, stderr] = await Promise.all([
      child.exited,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ]);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
