import { type FileFormatName, fileOf } from "../formats/index.ts";
import type { Player } from "../formats/spec.ts";

/**
 * Drift: what someone else did to the file since the agent last wrote it (the game server's `/whitelist add`,
 * EasyWhitelist's `/easywl add`, BDS's `allowlist add`, a hand edit). The agent remembers the players it wrote
 * (`WrittenRecord`, in `<out>.cursor`); a player the file lists that it did not write, and that no followed
 * whitelist holds, is foreign; a player it wrote that the file no longer lists was removed by someone else.
 */

/** How a file's player is told apart: the name the file lists, in any letter case (every format matches so). */
export function driftKey(format: FileFormatName, player: Player): string {
  const { nameOf } = fileOf(format);
  return (nameOf ? nameOf(player) : player.nick).toLowerCase();
}

/** What someone else changed: players added (foreign) and names of players the agent wrote, removed. */
export type Drift = { foreign: Player[]; removed: string[] };

/**
 * The drift of a file that lists `listed`, against the keys the agent last wrote (`written`; null: it never
 * wrote this file, so every player it would not write is foreign) and the players it writes now (`ours`).
 */
export function findDrift(
  format: FileFormatName,
  listed: readonly Player[],
  written: readonly string[] | null,
  ours: readonly Player[],
): Drift {
  const key = (player: Player) => driftKey(format, player);
  const wrote = new Set(written ?? []);
  const now = new Set(ours.map(key));
  const inFile = new Set<string>();
  const foreign: Player[] = [];
  for (const player of listed) {
    const k = key(player);
    if (inFile.has(k)) continue;
    inFile.add(k);
    if (!wrote.has(k) && !now.has(k)) foreign.push(player);
  }
  const removed = [...wrote].filter((k) => !inFile.has(k) && now.has(k));
  const names = new Map(ours.map((player) => [key(player), player.nick]));
  return { foreign, removed: removed.map((k) => names.get(k) ?? k) };
}
