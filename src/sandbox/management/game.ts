import { canonicalUuid } from "./validate.ts";

/**
 * The game behind the fake management server: who is online, the allowlist, operators, bans, settings and the
 * profiles the server can look up. Each change is told to `notify` as the server's notification (the real server
 * notifies every change of these lists, whoever made it: the API, an in-game command, the console). The rules are
 * the server's (the Minecraft Wiki's protocol page; what mc-server-management's tests, run against a real server,
 * expect; and the server's own AllowlistService, BanlistService and PlayerService): a player given to the API is
 * looked up by `id` when it has one (the name is then ignored), else by name, and one the server cannot find is left
 * out without an error; lists answer `{id, name}` of every entry; a removal from the allowlist kicks players no
 * longer listed only when `enforce-allowlist` is on.
 */

/** A player as the API shows one (both fields always set in what the server answers). */
export type NameAndId = { id: string; name: string };
/** A player as the API takes one: either field may be missing. */
export type PlayerRef = { id?: string; name?: string };
/** An operator as the server keeps one. */
export type Op = { player: NameAndId; permissionLevel: number; bypassesPlayerLimit: boolean };
/** A ban as the server keeps one (`expires` ISO 8601; `source` "Management server" when the API gave none). */
export type Ban = { player: NameAndId; reason?: string; source: string; expires?: string };
/** A kick as the player saw it: who, and the message on their screen. */
export type Kick = { player: NameAndId; message: string; at: number };

/** The message a kicked player reads when the kick named none (the game's `multiplayer.disconnect.kicked`). */
export const DEFAULT_KICK_MESSAGE = "Kicked by an operator";
/** What a player no longer on the allowlist reads (`multiplayer.disconnect.not_whitelisted`). */
export const NOT_ALLOWLISTED_MESSAGE = "You are not white-listed on this server!";
/** What a banned player reads (`multiplayer.disconnect.banned`). */
export const BANNED_MESSAGE = "You are banned from this server.";
/** The source of a ban the API gave none (BanlistService.BAN_SOURCE). */
export const API_BAN_SOURCE = "Management server";

const key = (id: string) => canonicalUuid(id);

/** Creates the game; `notify(method, param?)` hears every change. */
export function createGame(notify: (method: string, param?: unknown) => void, now: () => number) {
  /** The profiles the server can find: its user cache and, standing in for Mojang's session service, these. */
  const profiles = new Map<string, NameAndId>();
  const online = new Map<string, NameAndId>();
  const allowlist = new Map<string, NameAndId>();
  const ops = new Map<string, Op>();
  const bans = new Map<string, Ban>();
  const kicks: Kick[] = [];
  const settings: Record<string, unknown> = {
    autosave: true,
    difficulty: "easy",
    enforce_allowlist: false,
    use_allowlist: true,
    max_players: 20,
    pause_when_empty_seconds: 60,
    player_idle_timeout: 0,
    allow_flight: false,
    motd: "A Minecraft Server",
    spawn_protection_radius: 16,
    force_game_mode: false,
    game_mode: "survival",
    view_distance: 10,
    simulation_distance: 10,
    accept_transfers: false,
    status_heartbeat_interval: 0,
    operator_user_permission_level: 4,
    hide_online_players: false,
    status_replies: true,
    entity_broadcast_range: 100,
  };

  /** A player the server can find: by id (the name ignored), else by name (any letter case); null: not found. */
  function lookUp(ref: PlayerRef): NameAndId | null {
    if (ref.id !== undefined) return profiles.get(key(ref.id)) ?? null;
    if (ref.name === undefined) return null;
    const wanted = ref.name.toLowerCase();
    return [...profiles.values()].find((p) => p.name.toLowerCase() === wanted) ?? null;
  }

  /** An online player by id, else by name (PlayerService.getServerPlayer). */
  function onlinePlayer(ref: PlayerRef): NameAndId | null {
    if (ref.id !== undefined) return online.get(key(ref.id)) ?? null;
    if (ref.name === undefined) return null;
    const wanted = ref.name.toLowerCase();
    return [...online.values()].find((p) => p.name.toLowerCase() === wanted) ?? null;
  }

  /** A player leaves the game (answers whether they were in it). */
  function leave(player: NameAndId): boolean {
    if (!online.delete(key(player.id))) return false;
    notify("minecraft:notification/players/left", player);
    return true;
  }

  /** The server disconnects a player, who reads `message`. */
  function disconnect(player: NameAndId, message: string): void {
    if (!online.has(key(player.id))) return;
    // Recorded before the notification, which wakes whoever waits for the kick.
    kicks.push({ player, message, at: now() });
    leave(player);
  }

  const allowlistAdd = (player: NameAndId) => {
    if (allowlist.has(key(player.id))) return;
    allowlist.set(key(player.id), player);
    notify("minecraft:notification/allowlist/added", player);
  };
  const allowlistRemove = (player: NameAndId) => {
    const held = allowlist.get(key(player.id));
    if (!held) return;
    allowlist.delete(key(player.id));
    notify("minecraft:notification/allowlist/removed", held);
  };
  /** With enforce-allowlist on (and the allowlist used), players no longer listed leave; operators stay. */
  function kickUnlisted(): void {
    if (!(settings.enforce_allowlist && settings.use_allowlist)) return;
    for (const player of [...online.values()]) {
      if (!allowlist.has(key(player.id)) && !ops.has(key(player.id)))
        disconnect(player, NOT_ALLOWLISTED_MESSAGE);
    }
  }

  const banAdd = (ban: Ban) => {
    bans.set(key(ban.player.id), ban);
    notify("minecraft:notification/bans/added", banView(ban));
    const player = online.get(key(ban.player.id));
    if (player) disconnect(player, BANNED_MESSAGE);
  };
  const banRemove = (player: NameAndId) => {
    const held = bans.get(key(player.id));
    if (!held) return;
    bans.delete(key(player.id));
    notify("minecraft:notification/bans/removed", held.player);
  };
  const banView = (ban: Ban) => ({
    player: ban.player,
    ...(ban.reason === undefined ? {} : { reason: ban.reason }),
    source: ban.source,
    ...(ban.expires === undefined ? {} : { expires: ban.expires }),
  });
  const opView = (op: Op) => ({ ...op });

  return {
    settings,
    kicks,
    lookUp,
    onlinePlayer,
    leave,
    disconnect,
    kickUnlisted,
    allowlistAdd,
    allowlistRemove,
    banAdd,
    banRemove,
    /** The profile the server finds for this player from now on (its user cache, or Mojang's). */
    addProfile(player: NameAndId): NameAndId {
      const profile = { id: key(player.id), name: player.name };
      profiles.set(profile.id, profile);
      return profile;
    },
    allowlist: () => [...allowlist.values()],
    online: () => [...online.values()],
    isOnline: (id: string) => online.has(key(id)),
    bans: () => [...bans.values()].map(banView),
    ops: () => [...ops.values()].map(opView),
    isBanned: (id: string) => bans.has(key(id)),
    isOp: (id: string) => ops.has(key(id)),
    isAllowlisted: (id: string) => allowlist.has(key(id)),
    opAdd(op: Op): void {
      ops.set(key(op.player.id), op);
      notify("minecraft:notification/operators/added", opView(op));
    },
    opRemove(player: NameAndId): void {
      const held = ops.get(key(player.id));
      if (!held) return;
      ops.delete(key(player.id));
      notify("minecraft:notification/operators/removed", opView(held));
    },
    /** A player logs in: they are in the server's user cache from now on; answers why they are refused, or null. */
    join(player: NameAndId): string | null {
      const profile = { id: key(player.id), name: player.name };
      profiles.set(profile.id, profile);
      if (bans.has(profile.id)) return BANNED_MESSAGE;
      if (settings.use_allowlist && !allowlist.has(profile.id) && !ops.has(profile.id))
        return NOT_ALLOWLISTED_MESSAGE;
      if (online.has(profile.id)) return null;
      online.set(profile.id, profile);
      notify("minecraft:notification/players/joined", profile);
      return null;
    },
  };
}

/** The game of a fake server. */
export type Game = ReturnType<typeof createGame>;
