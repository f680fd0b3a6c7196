import type { Clock } from "../shared/clock.ts";
import { createBanSync } from "./bans.ts";
import type { AgentCore } from "./fetch.ts";
import type { GameServer } from "./game-server.ts";
import type { WatchFile } from "./watch.ts";

/**
 * What the agent follows beside its event socket, once the file is written: the file itself (drift: someone
 * else changed it) and, with `--ban-sync`, the game server's banned-players.json. Returns the stop.
 */
export function watchFiles(
  core: AgentCore,
  {
    watch,
    gameServer,
    persist,
    clock,
    retrying,
    settle = (ms) => Bun.sleep(ms),
  }: {
    watch: WatchFile;
    gameServer: GameServer | null;
    persist: () => Promise<void>;
    clock: Clock;
    retrying: <T>(attempt: () => Promise<T>) => Promise<T>;
    /** Waits between two reads of a file someone else may be saving; real time unless a test finishes the save. */
    settle?: (ms: number) => Promise<void>;
  },
): () => void {
  const { options, output, report, signal } = core;

  /**
   * The file changed and the agent did not change it: the list is written again (saying what someone else added
   * or removed, keeping what they added with `--keep-foreign`), and the server reloads it when it changed.
   */
  async function recheck(): Promise<void> {
    try {
      if (core.merged === null || signal.aborted || !(await output.changedElsewhere())) return;
      const { written } = await output.write(core.merged);
      if (written) gameServer?.changed();
      await persist();
      report({ type: "synced", after: core.state.after, entries: core.merged.size, written });
    } catch (error) {
      report({ type: "warning", message: (error as Error).message });
    }
  }

  const stops = [watch(options.out, () => void recheck())];
  if (options.bannedPlayers !== null) {
    const bans = createBanSync(core, { path: options.bannedPlayers, clock, retrying, settle });
    const check = async () => {
      try {
        if (signal.aborted) return;
        await bans.check();
        await persist();
      } catch (error) {
        report({ type: "warning", message: `reading the bans: ${(error as Error).message}` });
      }
    };
    stops.push(watch(options.bannedPlayers, () => void check()));
    void check();
  }
  return () => {
    for (const stop of stops) stop();
  };
}
