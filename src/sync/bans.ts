import type { Player } from "../formats/spec.ts";
import { nickKey } from "../nicks/key.ts";
import { offlineUuid } from "../nicks/uuid.ts";
import type { Clock } from "../shared/clock.ts";
import type { AgentCore } from "./fetch.ts";
import { readIfExists, readSettled } from "./file.ts";

/**
 * `--ban-sync`: the game server's bans reach the whitelist. The agent reads the server's `banned-players.json`
 * (vanilla's and Paper's: `[{"uuid", "name", "created", "source", "expires", "reason"}]`, dates as
 * `yyyy-MM-dd HH:mm:ss Z`, `expires` "forever" or a date) whenever it changes, and removes each newly banned
 * player's nick (matched as `banHolds` says) from the whitelists it follows through the API's DELETE, with the ban's reason, so roles are
 * reverted and staff see it in the log channel. Each ban acts once (kept in `<out>.cursor` by uuid and time): a
 * nick staff register again afterwards stays. A pardon changes nothing on Discord.
 */

/** A ban as the file holds it. */
type Ban = {
  uuid?: unknown;
  name?: unknown;
  created?: unknown;
  source?: unknown;
  expires?: unknown;
  reason?: unknown;
};

/** The longest reason the API takes. */
const MAX_REASON = 200;

/** A date of banned-players.json (`2026-11-22 12:00:00 +0000`), or NaN. */
export function banDate(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text.trim());
  return match ? Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`) : Number.NaN;
}

/** How a ban is known again: its player and when it was made. */
const banKey = (ban: Ban) => `${String(ban.uuid ?? ban.name)}|${String(ban.created ?? "")}`;

/** The reason sent with the removal: the ban's, one line of at most 200 characters, and who banned. */
export function removalReason(ban: Ban): string {
  const said = typeof ban.reason === "string" && ban.reason.trim() !== "" ? `: ${ban.reason.trim()}` : "";
  const by = typeof ban.source === "string" && ban.source !== "" ? ` (by ${ban.source})` : "";
  const text = `banned on the game server${said}${by}`.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ");
  return text.length <= MAX_REASON ? text : `${text.slice(0, MAX_REASON - 1)}…`;
}

/** The UUID a game server knows a player by (Mojang's, Floodgate's, or the offline one). */
export const serverUuid = (player: Player) =>
  player.uuid ?? (player.gamertag == null ? offlineUuid(player.nick) : null);

/**
 * Whether a ban of the player with this UUID (null: the ban names none) and name is on `entry`: by UUID when both
 * have one (a ban whose UUID is another's is not this entry's, even under the same name: a renamed account, an
 * offline player using a premium name), by name only where either side has no UUID.
 */
export function banHolds(entry: Player, uuid: string | null, name: string | null): boolean {
  const held = serverUuid(entry);
  if (uuid !== null && held !== null) return held.toLowerCase() === uuid.toLowerCase();
  return name !== null && nickKey(entry.nick) === nickKey(name);
}

/** The bans of a file still in force at `now` (null: not a list of bans). */
export function activeBans(bytes: Uint8Array, now: number): Ban[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return (parsed as (Ban | null)[]).filter((ban): ban is Ban => {
    if (typeof ban !== "object" || ban === null) return false;
    if (typeof ban.uuid !== "string" && typeof ban.name !== "string") return false;
    const expires = typeof ban.expires === "string" ? ban.expires : "forever";
    return expires === "forever" || !(banDate(expires) <= now);
  });
}

/** Starts acting on the server's bans; `check` reads the file now (at start, and when it changes). */
export function createBanSync(
  core: AgentCore,
  {
    path,
    clock,
    retrying,
    settle,
  }: {
    path: string;
    clock: Clock;
    retrying: <T>(attempt: () => Promise<T>) => Promise<T>;
    /** Waits between two reads of a file the server may be saving (`readSettled`). */
    settle: (ms: number) => Promise<void>;
  },
) {
  let checking: Promise<void> = Promise.resolve();
  let unreadable = false;

  async function checkNow(): Promise<void> {
    let bytes = await readIfExists(path);
    if (bytes === null) return;
    let bans = activeBans(bytes, clock.now());
    if (bans === null) {
      // The server saves the file in place (emptied, then written in pieces): what is not a list yet may be a
      // save under way, so it is read again until it stays the same.
      bytes = await readSettled(path, bytes, settle);
      if (bytes === null) return;
      bans = activeBans(bytes, clock.now());
    }
    if (bans === null) {
      // Read again on its next change; said once.
      if (!unreadable) core.report({ type: "warning", message: `${path} is not a list of bans: not read` });
      unreadable = true;
      return;
    }
    unreadable = false;
    const handled = new Set(core.state.bans);
    const inFile = new Set(bans.map(banKey));
    for (const ban of bans) {
      const key = banKey(ban);
      if (handled.has(key)) continue;
      const uuid = typeof ban.uuid === "string" ? ban.uuid : null;
      const name = typeof ban.name === "string" ? ban.name : null;
      const holders = core.listed.find((entry) => banHolds(entry, uuid, name));
      const reason = removalReason(ban);
      for (const { whitelist, entry } of holders) {
        const removed = await retrying(() => core.api.remove(whitelist, entry.nick, reason));
        if (removed) core.report({ type: "banned", nick: entry.nick, whitelist: whitelist.name, reason });
      }
      handled.add(key);
      core.state.bans = [...handled].filter((k) => inFile.has(k));
    }
    core.state.bans = [...handled].filter((k) => inFile.has(k));
  }

  return {
    /** Reads the bans and acts on new ones; checks run one after the other. */
    check(): Promise<void> {
      const next = checking.then(checkNow);
      checking = next.catch(() => {});
      return next;
    },
  };
}
