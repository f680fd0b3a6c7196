/**
 * What the benchmark programs share: statistics, printing, timeouts, the environment of their children and the
 * CPU time of processes.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The q-quantile (0..1) of the values, nearest rank (the p99 of 20 values is the largest); NaN for none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The median: the middle value, or the mean of the two middle ones; NaN for none. */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A number with `digits` decimals, or "—" when there is none (NaN, an infinite ratio). */
export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "—");

/** A whole number with thousands separators: 12,345. */
export const grouped = (value: number) => Math.round(value).toLocaleString("en-US");

/**
 * Columns padded to their widest cell, two spaces apart: the first left-aligned, the others (numbers)
 * right-aligned; each line starts with `indent`.
 */
export function table(rows: string[][], indent = ""): string {
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? "").length));
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, column) => (column === 0 ? cell.padEnd(width(0)) : cell.padStart(width(column))))
          .join("  ")
          .trimEnd(),
    )
    .join("\n");
}

/** `promise`, or a rejection with `message` once `ms` passed without it settling. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A minimal environment for a child process, so nothing inherited (a DISCORD_TOKEN, say) changes what runs. */
export function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp" };
}

/** The CPU time (user + system, every thread) of these processes so far, in ms, from /proc (Linux). */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // After the parenthesised command name (it may hold spaces): utime is field 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile: its time is lost with it.
    }
  }
  // USER_HZ: Linux fixes it at 100 per second whatever the kernel's HZ.
  return ticks * 10;
}

/**
 * The pid of the PostgreSQL server started with `port=<port>` (its postmaster), from /proc (Linux): other servers may
 * run beside it. Throws when there is none.
 */
export function postmaster(port: string): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (command.includes("postgres") && command.includes(`port=${port}\0`)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error(`no PostgreSQL server on port ${port}`);
}

/** A process and its children (a PostgreSQL server's postmaster and its backends), from /proc (Linux). */
export function withChildren(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return [pid, ...children];
}

/** src/main.ts, which the benches run as a child process with `serve`. */
const MAIN = new URL("../src/main.ts", import.meta.url).pathname;

/**
 * `whitelist-sync serve` from source as a child (pushed onto `children`, for the bench to kill), on any free
 * loopback port with JSON logs and no rate limit to speak of, plus `env`; resolves with its URL and process id once
 * it logged its start, and keeps draining its output so it never blocks on a full pipe.
 */
export async function serveChild(
  env: Record<string, string>,
  children: Bun.Subprocess[],
): Promise<{ url: string; pid: number }> {
  const child = Bun.spawn([process.execPath, MAIN, "serve"], {
    env: {
      ...baseEnv(),
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_FORMAT: "json",
      RATE_LIMIT_PER_MINUTE: "1000000",
      ...env,
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  children.push(child);
  const reader = child.stdout.getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("a server exited before it started");
    text += new TextDecoder().decode(value);
    const started = text.split("\n").find((line) => line.includes('"whitelist-sync started"'));
    if (started) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return { url: JSON.parse(started).url as string, pid: child.pid };
    }
  }
}
