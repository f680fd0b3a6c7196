import { join } from "node:path";
import { tempDir } from "./services.ts";

const ROOT = join(import.meta.dir, "..", "..");

/**
 * `whitelist-sync demo` as a child process in a temp directory of its own (its HOME too): the compiled binary when CI
 * built one (WLS_BINARY), otherwise the sources. `env` adds to PATH, HOME and PORT=0; stdout and stderr are piped.
 */
export function spawnDemo(prefix: string, env: Readonly<Record<string, string>> = {}) {
  const command = process.env.WLS_BINARY
    ? [process.env.WLS_BINARY, "demo"]
    : [process.execPath, join(ROOT, "src", "main.ts"), "demo"];
  const dir = tempDir(prefix);
  const child = Bun.spawn(command, {
    cwd: dir.path,
    env: { PATH: process.env.PATH ?? "", HOME: dir.path, PORT: "0", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return {
    child,
    /** Ends the demo (`signal`, SIGTERM unless given), waits for it to exit and removes its directory. */
    async stop(signal: NodeJS.Signals | number = "SIGTERM") {
      child.kill(signal);
      await child.exited;
      dir.cleanup();
    },
  };
}

/**
 * What the demo prints up to its tour's end ("Press Ctrl+C to stop."), read from `stdout`; a demo that exits first
 * throws with what it printed and its stderr.
 */
export async function readTour(
  child: { stdout: ReadableStream<Uint8Array>; stderr: ReadableStream<Uint8Array> },
  done: (text: string) => boolean = (text) => text.includes("Press Ctrl+C to stop."),
): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    text += decoder.decode(chunk);
    if (done(text)) return text;
  }
  throw new Error(
    `the demo exited before printing its tour: ${text}\n${await new Response(child.stderr).text()}`,
  );
}
