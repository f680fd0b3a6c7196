import {
  DiscordAPIError,
  GatewayIntentBits,
  type GuildMember,
  RateLimitError,
  type REST,
  RESTJSONErrorCodes,
  Routes,
} from "discord.js";
import { inEnglish } from "../i18n/english.ts";
import type { MemberNames, NicknameGateway, NicknameOutcome } from "../nicknames/model.ts";
import { nicknameBlock, nicknameBlockText } from "../setup/checks.ts";
import { retryAfterOf } from "./rate-limits.ts";
import type { GatewayView } from "./roles.ts";
import { guildSnapshot } from "./setup-warnings.ts";

/**
 * How long the bot trusts its own change over the gateway's view of a member: the member update Discord sends
 * after a change comes a moment after the change's answer.
 */
const OWN_CHANGES_MS = 60_000;

/** The names a member goes by, as the nickname rules read them. */
const namesOf = (member: GuildMember): MemberNames => ({
  nick: member.nickname,
  name: member.user.globalName ?? member.user.username,
});

/** The raw member Discord answers (`GET /guilds/{g}/members/{u}`), as far as the names go. */
type RawMember = { nick?: string | null; user: { username: string; global_name?: string | null } };

/**
 * The NicknameGateway over Discord's REST API: `Modify Guild Member` with `nick` (Manage Nicknames; the owner and
 * members at or above the bot's highest role are refused with 50013, told apart here by the setup rule,
 * `nicknameBlock`). A member's names come from the gateway's cache while the Server Members intent keeps it
 * current (with the bot's own change laid over it until Discord's member update brings it), else from a request.
 * A wait discord.js hands back (a member edit always is) comes back as `laterMs`.
 */
export function createDiscordNicknames(rest: REST, gateway: GatewayView): NicknameGateway {
  /** The bot's recent changes: the nickname it set, over what the cache showed before. */
  const own = new Map<string, { before: string | null; after: string | null; at: number }>();
  const key = (guildId: string, userId: string) => `${guildId}:${userId}`;

  const cached = (guildId: string, userId: string): GuildMember | undefined => {
    const client = gateway.client();
    if (!client?.options.intents.has(GatewayIntentBits.GuildMembers)) return undefined;
    return client.guilds.cache.get(guildId)?.members.cache.get(userId);
  };

  const refusal = (guildId: string, userId: string, error: DiscordAPIError): NicknameOutcome => {
    if (error.code === RESTJSONErrorCodes.UnknownMember) {
      return { done: false, refusal: "gone", reason: "the member is no longer in the server" };
    }
    if (error.code !== RESTJSONErrorCodes.MissingPermissions) {
      return { done: false, refusal: "other", reason: `Discord refused (${error.code}: ${error.message})` };
    }
    const guild = gateway.client()?.guilds.cache.get(guildId);
    const member = guild?.members.cache.get(userId);
    const snapshot = guild ? guildSnapshot(guild) : undefined;
    const block =
      snapshot && nicknameBlock(snapshot, { userId, roleIds: [...(member?.roles.cache.keys() ?? [])] });
    return block && snapshot
      ? { done: false, refusal: block, reason: inEnglish(nicknameBlockText(snapshot, block)) }
      : {
          done: false,
          refusal: "other",
          reason:
            "Discord refused (50013): I lack Manage Nicknames, or their highest role is at or above mine",
        };
  };

  return {
    async current(guildId, userId) {
      const member = cached(guildId, userId);
      if (member) {
        const names = namesOf(member);
        const mine = own.get(key(guildId, userId));
        if (mine && Date.now() - mine.at < OWN_CHANGES_MS && names.nick === mine.before) {
          return { ...names, nick: mine.after };
        }
        own.delete(key(guildId, userId));
        return names;
      }
      try {
        const raw = (await rest.get(Routes.guildMember(guildId, userId))) as RawMember;
        return { nick: raw.nick ?? null, name: raw.user.global_name ?? raw.user.username };
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return null;
        return undefined;
      }
    },

    async set(guildId, userId, nick) {
      const member = cached(guildId, userId);
      const before = member?.nickname ?? null;
      // Refused for certain (the owner, a role too high, no Manage Nicknames): not asked. Discord counts every 403
      // towards the invalid requests it bans a bot for, and each registration would cost one.
      const guild = member?.guild;
      const snapshot = guild ? guildSnapshot(guild) : undefined;
      const block =
        snapshot && member && nicknameBlock(snapshot, { userId, roleIds: [...member.roles.cache.keys()] });
      if (snapshot && block)
        return { done: false, refusal: block, reason: inEnglish(nicknameBlockText(snapshot, block)) };
      try {
        await rest.patch(Routes.guildMember(guildId, userId), {
          body: { nick },
          reason: "whitelist-sync: nickname follows the Minecraft name",
        });
      } catch (error) {
        if (error instanceof RateLimitError) {
          return { done: false, laterMs: retryAfterOf(error, gateway.heldUntil()) };
        }
        if (error instanceof DiscordAPIError) return refusal(guildId, userId, error);
        return { done: false, refusal: "other", reason: `Discord could not be reached (${String(error)})` };
      }
      if (own.size >= 1_000) {
        for (const [member, change] of own) if (Date.now() - change.at > OWN_CHANGES_MS) own.delete(member);
      }
      own.set(key(guildId, userId), { before, after: nick, at: Date.now() });
      return { done: true };
    },
  };
}
