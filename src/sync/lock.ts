import { open, readFile, stat, unlink, utimes } from "node:fs/promises";
import { hostname } from "node:os";
import type { Clock } from "../shared/clock.ts";
import { ExitCode, SyncStopError } from "./errors.ts";

/** Where an output file's lock lives. */
export const lockPath = (out: string) => `${out}.lock`;

/** How often a holder touches its lock, and how old an untouched lock of another host must be to be stale. */
const HEARTBEAT_MS = 60_000;
const STALE_MS = 5 * HEARTBEAT_MS;

/**
 * The locks this process holds: a lock naming this pid is another agent of this process when listed here, else
 * the lock of an earlier process that had the same pid (a container restarted as pid 1).
 */
const heldHere = new Set<string>();

/** What a lock file says. */
type Holder = { pid: number; host: string; since: string };

/** What the lock takes from outside (tests: another host, a process that is gone, a clock). */
export type LockDeps = {
  host?: string;
  pid?: number;
  /** Whether a process of this host runs (`kill -0`). */
  isAlive?: (pid: number) => boolean;
  clock: Clock;
};

const isAliveHere = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * One agent per file: two agents writing one file (for different whitelists, or the same agent started twice)
 * make it flip between their lists with no warning. The agent takes `<out>.lock` (created exclusively) holding
 * its pid, host and start, and touches it every minute. A lock left behind is taken over: on this host when its
 * process is gone (or is this very process: a container restarted as pid 1), on another host (a shared disk)
 * once untouched for 5 minutes; `tookOver` then says whose it was, since when and why it was free, for the log (a
 * lock taken without a word hid that an agent had been killed, and a wrongly freed lock would go unseen).
 * Otherwise the agent stops (78) saying who holds the file.
 */
export async function acquireLock(out: string, deps: LockDeps) {
  const path = lockPath(out);
  const self: Holder = {
    pid: deps.pid ?? process.pid,
    host: deps.host ?? hostname(),
    since: new Date(deps.clock.now()).toISOString(),
  };
  const isAlive = deps.isAlive ?? isAliveHere;

  /**
   * The holder of a lock found, while they may still run; else it is free to take, and `stale` says whose it was and
   * why (null: gone already, nothing to say).
   */
  async function staleness(): Promise<Holder | { stale: string | null }> {
    let holder: Partial<Holder> = {};
    let modified: number;
    try {
      holder = JSON.parse(await readFile(path, "utf8")) as Partial<Holder>;
    } catch {
      // Being written by an agent starting this very moment, or garbage: its age decides.
    }
    try {
      modified = (await stat(path)).mtimeMs;
    } catch {
      return { stale: null };
    }
    const complete = typeof holder.pid === "number" && typeof holder.host === "string";
    const touched = new Date(modified).toISOString();
    const whose = complete
      ? `pid ${holder.pid} on ${holder.host} (started ${holder.since ?? "at an unknown time"}, last touched ${touched})`
      : `an unreadable lock (last touched ${touched})`;
    if (complete && holder.host === self.host) {
      if (holder.pid === self.pid) {
        return heldHere.has(path)
          ? (holder as Holder)
          : { stale: `${whose}: its pid is this process's, an earlier run's (a container restarted)` };
      }
      return isAlive(holder.pid as number)
        ? (holder as Holder)
        : { stale: `${whose}: no process ${holder.pid} runs on this host any more` };
    }
    const untouchedMs = deps.clock.now() - modified;
    if (untouchedMs > STALE_MS) {
      return {
        stale: `${whose}: untouched for ${Math.floor(untouchedMs / 60_000)} min, where a running agent touches it every minute`,
      };
    }
    return complete ? (holder as Holder) : { pid: 0, host: "another host", since: "a moment ago" };
  }

  let tookOver: string | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(path, "wx", 0o644);
      try {
        await handle.writeFile(`${JSON.stringify(self)}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new SyncStopError(
          `cannot create ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the agent ` +
            `needs to write beside ${out}`,
          ExitCode.failure,
        );
      }
      const holder = await staleness();
      if ("stale" in holder && attempt === 0) {
        await unlink(path).catch(() => {});
        if (holder.stale !== null) tookOver = `took over ${path} from ${holder.stale}`;
        continue;
      }
      const who = "stale" in holder ? "another agent" : `pid ${holder.pid} on ${holder.host}`;
      const since = "stale" in holder ? "" : `, since ${holder.since}`;
      throw new SyncStopError(
        `another whitelist-sync agent keeps ${out} current (${who}${since}; ${path}): two agents on one file ` +
          "overwrite each other's lists. Run one agent per file, giving it every whitelist the file holds " +
          `(--whitelist survival,bedrock); if no agent runs there any more, delete ${path}`,
        ExitCode.config,
      );
    }
  }

  heldHere.add(path);
  const heartbeat = setInterval(() => {
    const now = new Date(deps.clock.now());
    void utimes(path, now, now).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** Whose lock was taken over, since when and why it was free (for the log); null: there was none. */
    tookOver,
    /** Gives the file up (only a lock that is still this agent's is removed). */
    async release(): Promise<void> {
      clearInterval(heartbeat);
      heldHere.delete(path);
      try {
        const holder = JSON.parse(await readFile(path, "utf8")) as Partial<Holder>;
        if (holder.pid === self.pid && holder.host === self.host && holder.since === self.since)
          await unlink(path);
      } catch {
        // Gone already, or someone else's now.
      }
    },
  };
}
