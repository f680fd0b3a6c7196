import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runToEnd } from "./run.ts";

/** The repository's root directory. */
export const ROOT = join(import.meta.dir, "..", "..");

/** The run a test process belongs to: the runner's, else the parallel run's coordinator, else this process. */
const runId = () =>
  process.env.WLS_TEST_RUN ?? String(process.env.BUN_TEST_WORKER_ID ? process.ppid : process.pid);

/**
 * The compiled binary to test: WLS_BINARY when it names one built beforehand (CI builds once), otherwise
 * dist/whitelist-sync, built by `bun run build` at most once per test run: the first process of the run that needs
 * it builds under a lock (dist/.build.lock) and notes the run in dist/whitelist-sync.run; the others wait and reuse.
 */
export async function compiledBinary(): Promise<string> {
  const prebuilt = process.env.WLS_BINARY;
  if (prebuilt && existsSync(prebuilt)) return prebuilt;
  const binary = join(ROOT, "dist", "whitelist-sync");
  const builtFor = `${binary}.run`;
  const release = await lock(join(ROOT, "dist", ".build.lock"));
  try {
    if (existsSync(binary) && existsSync(builtFor) && readFileSync(builtFor, "utf8") === runId())
      return binary;
    const { code, stdout, stderr } = await runToEnd([process.execPath, "run", "build"], { cwd: ROOT });
    if (code !== 0) throw new Error(`bun run build failed with ${code}:\n${stdout}${stderr}`);
    writeFileSync(builtFor, runId());
    return binary;
  } finally {
    release();
  }
}

/**
 * Takes a lock between the test processes of a run (a file holding the pid of the one that made it), waiting while
 * another holds it; one whose holder is gone is taken over. Resolves with the release.
 */
async function lock(path: string): Promise<() => void> {
  mkdirSync(dirname(path), { recursive: true });
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    } catch {
      // Released meanwhile: try again.
    }
    if (holder > 0 && !alive(holder)) rmSync(path, { force: true });
    // Another process is building: the end of its build ends the wait (seconds; a look every 100 ms costs nothing).
    else await Bun.sleep(100);
  }
}

/** Whether a process runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** An environment free of the developer's or CI's own settings, so only what a test sets applies. */
export const cleanEnv = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  ...extra,
});

/** A log line as JSON, or the raw text of a line that is not (a crash message, say). */
export const parseLine = (line: string): Record<string, unknown> => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { raw: line };
  }
};

/** Yields a byte stream's lines as they arrive. */
export async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    yield* lines;
  }
  if (pending) yield pending;
}
