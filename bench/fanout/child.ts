/**
 * Bench helper: a child process of `bench/fanout.ts` (or `bench/soak.ts`) speaking a line protocol: one JSON
 * message with a `type` per stdout line (`protocol.ts` for fan-out), commands on stdin, with a bounded wait
 * for each expected message. A message `{"type":"error","message":…}` fails every wait. Every child is
 * registered in `children` until it has exited, so the coordinator can kill what is left on any exit path.
 */
import type { Subprocess } from "bun";
import { type ChildMessage, readLines } from "./protocol.ts";

/** What every message of a child's protocol has. */
type Message = { type: string };

/** Children still running, by pid. */
const children = new Map<number, { kill(): void }>();

/** Kills every child still running (SIGKILL: used on error and exit paths, where nothing is measured). */
export function killChildren(): void {
  for (const child of children.values()) child.kill();
}

type Waiter<M extends Message> = {
  type: M["type"];
  resolve(message: M): void;
  reject(error: Error): void;
  timer: Timer;
};

/**
 * A spawned child: stdin for commands, stdout parsed as protocol messages `M` (fan-out's by default), stderr
 * passed through.
 */
export class Child<M extends Message = ChildMessage> {
  private readonly process: Subprocess<"pipe", "pipe", "inherit">;
  private readonly queue: M[] = [];
  private readonly waiters = new Set<Waiter<M>>();
  /** Set once the child reported an error or exited: every pending and later wait rejects with it. */
  private failure: Error | undefined;

  /** Spawns `bun <script> ...args` with `env` added to ours. */
  constructor(
    readonly name: string,
    script: string,
    args: string[],
    options: { env?: Record<string, string> } = {},
  ) {
    this.process = Bun.spawn({
      cmd: [process.execPath, script, ...args],
      env: { ...process.env, ...options.env },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    });
    children.set(this.process.pid, this);
    void readLines(this.process.stdout, (line) => this.receive(line));
    void this.process.exited.then((code) => {
      children.delete(this.process.pid);
      this.fail(new Error(`${this.name} exited with ${code}`));
    });
  }

  /** The child's process id. */
  get pid(): number {
    return this.process.pid;
  }

  /** Sends one command line. */
  send(command: string): void {
    if (this.process.killed || this.process.exitCode !== null) return;
    this.process.stdin.write(`${command}\n`);
    void this.process.stdin.flush();
  }

  /** The next message of `type` (earlier messages of other types stay queued); rejects after `timeoutMs`. */
  next<T extends M["type"]>(type: T, timeoutMs: number): Promise<Extract<M, { type: T }>> {
    const index = this.queue.findIndex((message) => message.type === type);
    if (index !== -1) {
      const [message] = this.queue.splice(index, 1);
      return Promise.resolve(message as Extract<M, { type: T }>);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const waiter: Waiter<M> = {
        type,
        resolve: resolve as (message: M) => void,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`${this.name}: no "${type}" message within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Asks the child to stop and waits for it to exit; kills it if it has not after `timeoutMs`. */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.send("stop");
    const timer = setTimeout(() => this.kill(), timeoutMs);
    await this.process.exited;
    clearTimeout(timer);
  }

  /** Kills the child at once. */
  kill(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill("SIGKILL");
  }

  private receive(line: string): void {
    let message: M;
    try {
      message = JSON.parse(line) as M;
    } catch {
      process.stderr.write(`[${this.name}] ${line}\n`);
      return;
    }
    if (message.type === "error") {
      this.fail(new Error(`${this.name}: ${(message as { message?: unknown }).message}`));
      return;
    }
    for (const waiter of this.waiters) {
      if (waiter.type !== message.type) continue;
      this.waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(message);
      return;
    }
    this.queue.push(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(this.failure);
    }
    this.waiters.clear();
  }
}
