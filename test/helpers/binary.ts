import { existsSync } from "node:fs";
import { join } from "node:path";

/** The repository's root directory. */
export const ROOT = join(import.meta.dir, "..", "..");

/**
 * The compiled binary to test: WLS_BINARY when it names one built beforehand (CI builds once), otherwise
 * `bun run build` makes dist/whitelist-sync first.
 */
export async function compiledBinary(): Promise<string> {
  const prebuilt = process.env.WLS_BINARY;
  if (prebuilt && existsSync(prebuilt)) return prebuilt;
  const build = Bun.spawn([process.execPath, "run", "build"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([
    build.exited,
    new Response(build.stdout).text(),
    new Response(build.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`bun run build failed with ${code}:\n${out}${err}`);
  return join(ROOT, "dist", "whitelist-sync");
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
