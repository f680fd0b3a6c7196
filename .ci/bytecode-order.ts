/**
 * `bun run build:profile`: records the service's bytecode-order profile (.ci/compile.ts, BYTECODE_ORDER) from a real
 * start. The service is built without a profile, then run as `serve` against the sandbox Discord (a process of its
 * own, bench/soak/sandbox.ts, so the profile holds none of its code) with BUN_BYTECODE_ORDER_OUT: its first
 * `/health`, its bot logged in and ready, then a few requests (the API's app is built at the first that needs it),
 * and SIGTERM, at whose exit Bun writes the functions the run used. Commit the file it writes; `bun run build`,
 * `bun run release` and the Containerfile build with it. bench/start.ts records one for its baseline the same way.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { Child, killChildren } from "../bench/fanout/child.ts";
import { baseEnv, withTimeout } from "../bench/lib.ts";
import type { SandboxMessage } from "../bench/soak/sandbox.ts";
import { BYTECODE_ORDER, compile, currentCommit, ROOT } from "./compile.ts";

const TIMEOUT_MS = 30_000;

/** A loopback port free a moment ago. */
function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** Resolves once a line of the child's standard output matches; the rest of it is read and dropped. */
export async function lineOf(stdout: ReadableStream<Uint8Array>, matches: (line: string) => boolean) {
  const decoder = new TextDecoder();
  const reader = stdout.getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`exited before it was ready: ${text.slice(-2000)}`);
    text += decoder.decode(value, { stream: true });
    const lines = text.split("\n");
    text = lines.pop() ?? "";
    if (lines.some(matches)) break;
  }
  void (async () => {
    while (!(await reader.read()).done);
  })();
}

/**
 * Starts `binary serve` with `env` in a fresh directory, waits for `/health` 200 and for the line `ready` matches
 * (the bot logged in), asks each of `paths`, then stops it with SIGTERM; Bun writes the profile to `out` as it
 * exits. Throws when the program does not start, or exits without writing it.
 */
export async function recordBytecodeOrder(options: {
  binary: string;
  out: string;
  env: Record<string, string>;
  ready: (line: string) => boolean;
  paths: string[];
}): Promise<void> {
  const cwd = mkdtempSync(join(dirname(options.out), ".record-"));
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  rmSync(options.out, { force: true });
  const child = Bun.spawn([options.binary, "serve"], {
    cwd,
    env: {
      ...baseEnv(),
      ...options.env,
      HOME: cwd,
      HOST: "127.0.0.1",
      PORT: String(port),
      BUN_BYTECODE_ORDER_OUT: options.out,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const stderr = new Response(child.stderr).text();
  try {
    const health = (async () => {
      for (;;) {
        const answer = await fetch(`${url}/health`).catch(() => undefined);
        await answer?.arrayBuffer();
        if (answer?.status === 200) return;
        await Bun.sleep(5);
      }
    })();
    await withTimeout(
      Promise.all([health, lineOf(child.stdout, options.ready)]),
      TIMEOUT_MS,
      `${options.binary} did not start within ${TIMEOUT_MS} ms`,
    );
    for (const path of options.paths) await (await fetch(`${url}${path}`)).arrayBuffer();
    child.kill("SIGTERM");
    const code = await withTimeout(child.exited, TIMEOUT_MS, `${options.binary} did not stop`);
    if (code !== 0 || !existsSync(options.out)) {
      throw new Error(`${options.binary} exited ${code} without a profile:\n${await stderr}`);
    }
  } finally {
    child.kill("SIGKILL");
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** The sandbox Discord in a process of its own, and the settings that point a program at it. */
export async function sandboxDiscord(): Promise<{ env: Record<string, string>; stop(): void }> {
  const sandbox = new Child<SandboxMessage>("sandbox", join(ROOT, "bench", "soak", "sandbox.ts"), [], {
    env: baseEnv(),
  });
  const hello = await sandbox.next("hello", TIMEOUT_MS);
  let stopped = false;
  return {
    env: {
      DISCORD_TOKEN: hello.token,
      DISCORD_API_URL: hello.discordApiUrl,
      MOJANG_API_URL: hello.mojangUrl,
      MOJANG_SESSION_URL: hello.mojangUrl,
      LOG_FORMAT: "json",
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      sandbox.send("stop");
      killChildren();
    },
  };
}

/** The service's "started" log line, which follows its bot's READY. */
export const serviceStarted = (line: string) => line.includes('"msg":"whitelist-sync started"');

if (import.meta.main) {
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, "dist", ".profile-"));
  const sandbox = await sandboxDiscord();
  try {
    const binary = join(dir, "whitelist-sync");
    await compile({ target: "host", outfile: binary, commit: currentCommit(), bytecodeOrder: null });
    const out = join(dir, "whitelist-sync.order");
    // A start's first requests: the health checks, then one the API's app answers (no key: 401).
    const paths = ["/health", "/api/v1/health", "/api/v1/whitelists"];
    await recordBytecodeOrder({ binary, out, env: sandbox.env, ready: serviceStarted, paths });
    mkdirSync(dirname(BYTECODE_ORDER), { recursive: true });
    copyFileSync(out, BYTECODE_ORDER);
    // Bun writes it for its owner alone; it is a source file like any other.
    chmodSync(BYTECODE_ORDER, 0o644);
    const kib = (statSync(BYTECODE_ORDER).size / 1024).toFixed(0);
    console.log(
      `recorded ${BYTECODE_ORDER} (${kib} KiB): commit it; bun run build lays the bytecode out by it`,
    );
  } finally {
    sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
