import { settings as settingSpecs } from "./document.ts";
import {
  API_BAN_SOURCE,
  type Ban,
  DEFAULT_KICK_MESSAGE,
  type Game,
  type NameAndId,
  type Op,
  type PlayerRef,
} from "./game.ts";

/**
 * What each method of the fake management server does with its (already checked) parameter, and answers: the
 * server's own services (AllowlistService, BanlistService, OperatorService, PlayerService, ServerStateService) as
 * their behaviour is known (game.ts says from where).
 */

type UserBanIn = { player: PlayerRef; reason?: string; source?: string; expires?: string };
type OperatorIn = { player: PlayerRef; permissionLevel?: number; bypassesPlayerLimit?: boolean };
type MessageIn = { literal?: string; translatable?: string; translatableParams?: string[] };
type KickIn = { player: PlayerRef; message?: MessageIn };

/** A message as the player reads it: the literal, or the translation key with its parameters. */
const messageText = (message: MessageIn | undefined): string | null =>
  message?.literal ??
  (message?.translatable === undefined
    ? null
    : [message.translatable, ...(message.translatableParams ?? [])].join(" "));

/** What the server does on stop: the fake's `stop` (notify, close the connections). */
export type MethodHooks = { stop(): void; version: { name: string; protocol: number } };

/** The handlers, by method name; a handler takes the parameter (undefined for a method without one). */
export function createHandlers(game: Game, hooks: MethodHooks): Record<string, (param: never) => unknown> {
  const found = (refs: PlayerRef[]) => refs.map(game.lookUp).filter((p): p is NameAndId => p !== null);

  const toBan = (ban: UserBanIn, player: NameAndId): Ban => ({
    player,
    ...(ban.reason === undefined ? {} : { reason: ban.reason }),
    source: ban.source ?? API_BAN_SOURCE,
    ...(ban.expires === undefined ? {} : { expires: ban.expires }),
  });
  const toOp = (op: OperatorIn, player: NameAndId): Op => ({
    player,
    permissionLevel: op.permissionLevel ?? (game.settings.operator_user_permission_level as number),
    bypassesPlayerLimit: op.bypassesPlayerLimit ?? false,
  });

  const handlers: Record<string, (param: never) => unknown> = {
    "minecraft:allowlist": () => game.allowlist(),
    "minecraft:allowlist/add": (add: PlayerRef[]) => {
      for (const player of found(add)) game.allowlistAdd(player);
      return game.allowlist();
    },
    "minecraft:allowlist/remove": (remove: PlayerRef[]) => {
      for (const player of found(remove)) game.allowlistRemove(player);
      game.kickUnlisted();
      return game.allowlist();
    },
    "minecraft:allowlist/set": (players: PlayerRef[]) => {
      const wanted = found(players);
      const ids = new Set(wanted.map((p) => p.id));
      for (const player of game.allowlist()) if (!ids.has(player.id)) game.allowlistRemove(player);
      for (const player of wanted) game.allowlistAdd(player);
      game.kickUnlisted();
      return game.allowlist();
    },
    "minecraft:allowlist/clear": () => {
      for (const player of game.allowlist()) game.allowlistRemove(player);
      return game.allowlist();
    },
    "minecraft:bans": () => game.bans(),
    "minecraft:bans/add": (add: UserBanIn[]) => {
      for (const ban of add) {
        const player = game.lookUp(ban.player);
        if (player) game.banAdd(toBan(ban, player));
      }
      return game.bans();
    },
    "minecraft:bans/remove": (remove: PlayerRef[]) => {
      for (const player of found(remove)) game.banRemove(player);
      return game.bans();
    },
    "minecraft:bans/set": (bans: UserBanIn[]) => {
      const wanted = bans.flatMap((ban) => {
        const player = game.lookUp(ban.player);
        return player ? [toBan(ban, player)] : [];
      });
      const ids = new Set(wanted.map((b) => b.player.id));
      for (const ban of game.bans()) if (!ids.has(ban.player.id)) game.banRemove(ban.player);
      for (const ban of wanted) if (!game.isBanned(ban.player.id)) game.banAdd(ban);
      return game.bans();
    },
    "minecraft:bans/clear": () => {
      for (const ban of game.bans()) game.banRemove(ban.player);
      return game.bans();
    },
    // The fake keeps no IP bans: the agent never touches them, and the lists answer as an empty server's would.
    "minecraft:ip_bans": () => [],
    "minecraft:ip_bans/add": () => [],
    "minecraft:ip_bans/remove": () => [],
    "minecraft:ip_bans/set": () => [],
    "minecraft:ip_bans/clear": () => [],
    "minecraft:operators": () => game.ops(),
    "minecraft:operators/add": (add: OperatorIn[]) => {
      for (const op of add) {
        const player = game.lookUp(op.player);
        if (player) game.opAdd(toOp(op, player));
      }
      return game.ops();
    },
    "minecraft:operators/remove": (remove: PlayerRef[]) => {
      for (const player of found(remove)) game.opRemove(player);
      return game.ops();
    },
    "minecraft:operators/set": (operators: OperatorIn[]) => {
      const wanted = operators.flatMap((op) => {
        const player = game.lookUp(op.player);
        return player ? [toOp(op, player)] : [];
      });
      const ids = new Set(wanted.map((o) => o.player.id));
      for (const op of game.ops()) if (!ids.has(op.player.id)) game.opRemove(op.player);
      for (const op of wanted) if (!game.isOp(op.player.id)) game.opAdd(op);
      return game.ops();
    },
    "minecraft:operators/clear": () => {
      for (const op of game.ops()) game.opRemove(op.player);
      return game.ops();
    },
    "minecraft:players": () => game.online(),
    "minecraft:players/kick": (kick: KickIn[]) => {
      const kicked: PlayerRef[] = [];
      for (const { player, message } of kick) {
        const target = game.onlinePlayer(player);
        if (!target) continue;
        game.disconnect(target, messageText(message) ?? DEFAULT_KICK_MESSAGE);
        // The server answers the player as it was given, not as it found them.
        kicked.push(player);
      }
      return kicked;
    },
    "minecraft:server/status": () => ({ started: true, players: game.online(), version: hooks.version }),
    "minecraft:server/save": () => true,
    "minecraft:server/stop": () => {
      hooks.stop();
      return true;
    },
    "minecraft:server/system_message": (message: { message: MessageIn; receivingPlayers?: PlayerRef[] }) =>
      messageText(message.message) !== null && message.receivingPlayers?.length !== 0,
    "minecraft:gamerules": () => [],
    "minecraft:gamerules/update": (rule: { key: string; value: string }) => ({
      key: rule.key,
      value: rule.value,
      type: /^\d+$/.test(rule.value) ? "integer" : "boolean",
    }),
  };
  for (const key of Object.keys(settingSpecs)) {
    handlers[`minecraft:serversettings/${key}`] = () => game.settings[key];
    handlers[`minecraft:serversettings/${key}/set`] = (value: unknown) => {
      game.settings[key] = value;
      if (key === "enforce_allowlist" || key === "use_allowlist") game.kickUnlisted();
      return value;
    };
  }
  return handlers;
}
