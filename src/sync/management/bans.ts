import type { Clock } from "../../shared/clock.ts";
import { banHolds, removalReason } from "../bans.ts";
import type { AgentCore } from "../fetch.ts";

/** A ban as the management API gives one (`user_ban`: `expires` ISO 8601, absent for a ban that never ends). */
type UserBan = {
  player?: { id?: unknown; name?: unknown };
  reason?: unknown;
  source?: unknown;
  expires?: unknown;
};

/** How a ban is known again across restarts (kept in `<state>.cursor`, beside the file mode's). */
const banKey = (ban: UserBan) =>
  `api|${String(ban.player?.id)}|${String(ban.source ?? "")}|${String(ban.reason ?? "")}|${String(ban.expires ?? "")}`;

/**
 * `--ban-sync` in management mode: the server notifies each ban (`bans/added`), and the agent reads the ban list when
 * it (re)connects; each new ban still in force removes the banned player's nick (matched by UUID: a ban through the
 * API always names the player's UUID; `banHolds`) from every whitelist the agent follows, through the API's DELETE
 * with the ban's reason, once (src/sync/bans.ts does the same from banned-players.json).
 */
export function createGameBans(core: AgentCore, { clock }: { clock: Clock }) {
  return {
    /** Acts on bans; `all`: this is the server's whole list (handled bans no longer in it are forgotten). */
    async banned(list: unknown[], all = false): Promise<void> {
      const handled = new Set(core.state.bans);
      const bans = list.filter((ban): ban is UserBan => typeof ban === "object" && ban !== null);
      for (const ban of bans) {
        const key = banKey(ban);
        const expires = typeof ban.expires === "string" ? Date.parse(ban.expires) : Number.NaN;
        if (handled.has(key) || expires <= clock.now()) continue;
        const uuid = typeof ban.player?.id === "string" ? ban.player.id : null;
        const name = typeof ban.player?.name === "string" ? ban.player.name : null;
        const reason = removalReason({ reason: ban.reason, source: ban.source });
        for (const { whitelist, entry } of core.listed.find((e) => banHolds(e, uuid, name))) {
          if (await core.api.remove(whitelist, entry.nick, reason)) {
            core.report({ type: "banned", nick: entry.nick, whitelist: whitelist.name, reason });
          }
        }
        handled.add(key);
      }
      const keys = all ? new Set(bans.map(banKey)) : null;
      core.state.bans = [...handled].filter(
        (key) => !key.startsWith("api|") || keys === null || keys.has(key),
      );
    },
  };
}
