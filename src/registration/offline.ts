import { inEnglish } from "../i18n/english.ts";
import { text } from "../i18n/messages.ts";
import type { DiscordPorts } from "./model.ts";

const OFFLINE_TEXT = text("log.roleReason.offline");
const OFFLINE = inEnglish(OFFLINE_TEXT);

/**
 * The Discord ports of a service running without a bot: no role can be changed and no request posted, each
 * failure saying why. Registration is a Discord feature, so nothing calls these but a removal through the API
 * of a nick whose roles an earlier bot granted: its revert fails, is logged, and the entry goes regardless.
 */
export const offlineDiscord: DiscordPorts = {
  roles: {
    async grant(_guildId, _userId, roleIds) {
      return { granted: [], failed: roleIds.map((roleId) => ({ roleId, reason: OFFLINE_TEXT })) };
    },
    async revoke(_guildId, _userId, roleIds) {
      return { revoked: [], failed: roleIds.map((roleId) => ({ roleId, reason: OFFLINE_TEXT })) };
    },
    async rolesOf() {
      return undefined;
    },
  },
  board: {
    async post() {
      throw new Error(OFFLINE);
    },
  },
  nicknames: {
    // Nobody's nickname can be read: nothing is changed, and nothing recorded as refused.
    async current() {
      return undefined;
    },
    async set() {
      return { done: false, refusal: "other", reason: OFFLINE };
    },
  },
};
