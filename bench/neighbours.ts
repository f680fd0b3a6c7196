/**
 * What shares a hobby host with the service: the game server. `cpu` is two busy loops (`stress-ng --cpu 2`, from
 * Debian's `stress-ng`); `disk` is its autosave, a loop writing 64 MB to a temp file and flushing it with fsync, as a
 * world save does (bench/neighbours/disk-writer.ts). A bench starts them before what it measures and stops them
 * after; each also stops by itself after the time it was given, so a bench that dies leaves nothing running long.
 */
import { closeSync, fsyncSync, openSync, rmSync, writeSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { join } from "node:path";

/** The neighbours a bench may run beside the service. */
export type Neighbour = "cpu" | "disk";

/** Neighbours running: `stop` ends them and removes the disk writer's file. */
export type Neighbours = {
  kinds: Neighbour[];
  /** Rounds of 64 MB the disk writer flushed so far (0 without it). */
  flushed(): number;
  stop(): Promise<void>;
};

/** `--neighbours cpu,disk` (or "" / "none") as a list, or an error naming the option. */
export function parseNeighbours(value: string | undefined): Neighbour[] {
  if (value === undefined || value === "" || value === "none") return [];
  const kinds = value.split(",").map((kind) => kind.trim());
  for (const kind of kinds) {
    if (kind !== "cpu" && kind !== "disk")
      throw new Error(`--neighbours: cpu, disk or both (cpu,disk), not ${kind}`);
  }
  return [...new Set(kinds)] as Neighbour[];
}

/** How far a bench raises its own priority (nice) above the neighbours and the service: see raisePriority. */
export const PRIORITY_RAISE = 10;

/**
 * Raises this process's priority by PRIORITY_RAISE (root only), for a bench whose own part does not run on the
 * host (a monitor's probes, a sandbox Discord) and must not be starved by the neighbours. Returns the prefix that
 * starts a command at the host's ordinary priority (`nice -n 10`), for the service and the neighbours, or null
 * when the raise was refused (the figures then include the bench's own starvation: say so).
 */
export function raisePriority(): string[] | null {
  try {
    setPriority(getPriority() - PRIORITY_RAISE);
    return ["nice", "-n", String(PRIORITY_RAISE)];
  } catch {
    return null;
  }
}

const DISK_WRITER = join(import.meta.dir, "neighbours", "disk-writer.ts");

/**
 * Starts the neighbours (`dir`: a temp directory on the service's file system, where the disk writer writes),
 * each stopping by itself after `boundMs`. Throws when `cpu` is asked and stress-ng is missing. `prefix`: put
 * before each command (`nice -n 10`, for a bench that raised its own priority: see hostPriority in launch-day.ts).
 */
export function startNeighbours(
  kinds: Neighbour[],
  dir: string,
  boundMs: number,
  prefix: string[] = [],
): Neighbours {
  const children: Bun.Subprocess[] = [];
  const seconds = Math.max(1, Math.ceil(boundMs / 1000));
  let rounds = 0;
  const file = join(dir, "autosave.bin");
  if (kinds.includes("cpu")) {
    if (!Bun.which("stress-ng"))
      throw new Error("--neighbours cpu needs stress-ng: apt-get install -y stress-ng");
    children.push(
      Bun.spawn([...prefix, "stress-ng", "--cpu", "2", "--timeout", `${seconds}s`, "--quiet"], {
        stdin: "ignore",
        stdout: "ignore",
        stderr: "inherit",
      }),
    );
  }
  if (kinds.includes("disk")) {
    // Written once up front, so the first round already overwrites a file as a world save does.
    const fd = openSync(file, "w");
    writeSync(fd, Buffer.alloc(1 << 20));
    fsyncSync(fd);
    closeSync(fd);
    const writer = Bun.spawn(
      [...prefix, process.execPath, DISK_WRITER, file, "64", String(Date.now() + boundMs)],
      {
        stdin: "ignore",
        stdout: "pipe",
        stderr: "inherit",
      },
    );
    children.push(writer);
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of writer.stdout) rounds += decoder.decode(chunk).split("flushed").length - 1;
    })();
  }
  return {
    kinds,
    flushed: () => rounds,
    async stop() {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      await Promise.all(children.map((child) => child.exited));
      rmSync(file, { force: true });
    },
  };
}
