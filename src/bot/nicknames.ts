import {
  type Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type GuildMember,
  type PartialGuildMember,
  RateLimitError,
  type REST,
  RESTJSONErrorCodes,
  Routes,
} from "discord.js";
import { inEnglish } from "../i18n/english.ts";
import type { MemberNames, NicknameGateway, NicknameOutcome } from "../nicknames/model.ts";
import { nicknameBlock, nicknameBlockText } from "../setup/checks.ts";
import { guildSnapshot } from "./guild-snapshot.ts";
import { retryAfterOf } from "./rate-limits.ts";
import type { GatewayView } from "./roles.ts";

/**
 * How long the bot trusts its own change over the gateway's view of a member: the member update Discord sends
 * after a change comes a moment after the change's answer.
 */
const OWN_CHANGES_MS = 60_000;

/**
 * How long the bot waits for Discord's member update of its own change, to tell whether a change of the member's
 * reached Discord first (the update comes within milliseconds; without it, the change is taken as it stands).
 */
const ECHO_MS = 5_000;

/**
 * Follows a member's nicknames as Discord's member updates bring them, from before the bot's change is sent until
 * the update of that change (`nick`) arrives. Discord sends updates in the order it applied the changes, so a
 * nickname other than `before` and `nick` seen first is the member's own, applied before the bot's: the bot's
 * overwrote it. Resolves with that nickname, or undefined (nothing overtook it, or no update within ECHO_MS).
 */
function followEcho(
  client: Client,
  guildId: string,
  userId: string,
  before: string | null,
  nick: string | null,
) {
  let seen: { nick: string | null } | undefined;
  let settle: ((value: { nick: string | null } | undefined) => void) | undefined;
  const settled = new Promise<{ nick: string | null } | undefined>((resolve) => {
    settle = resolve;
  });
  const listener = (_old: GuildMember | PartialGuildMember, member: GuildMember) => {
    if (member.guild.id !== guildId || member.id !== userId) return;
    if (member.nickname === nick) settle?.(seen);
    else if (member.nickname !== before) seen = { nick: member.nickname };
  };
  client.on(Events.GuildMemberUpdate, listener);
  const timer = setTimeout(() => settle?.(undefined), ECHO_MS);
  timer.unref();
  return {
    /** The member's own nickname the bot's change overwrote, if any (see above). */
    async overwritten(): Promise<{ nick: string | null } | undefined> {
      try {
        return await settled;
      } finally {
        this.stop();
      }
    },
    stop() {
      clearTimeout(timer);
      client.off(Events.GuildMemberUpdate, listener);
    },
  };
}

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

  const current: NicknameGateway["current"] = async (guildId, userId) => {
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
  };

  return {
    current,

    async set(guildId, userId, nick, expected) {
      const member = cached(guildId, userId);
      // What the bot sees now, its own recent change laid over the gateway's view (as `current` reads it).
      const before = member ? ((await current(guildId, userId))?.nick ?? null) : null;
      // The member renamed themselves since the change was decided (during a rate limit's wait, say): theirs stays.
      if (member && before !== expected) return { done: false, changed: before };
      // Refused for certain (the owner, a role too high, no Manage Nicknames): not asked. Discord counts every 403
      // towards the invalid requests it bans a bot for, and each registration would cost one.
      const guild = member?.guild;
      const snapshot = guild ? guildSnapshot(guild) : undefined;
      const block =
        snapshot && member && nicknameBlock(snapshot, { userId, roleIds: [...member.roles.cache.keys()] });
      if (snapshot && block)
        return { done: false, refusal: block, reason: inEnglish(nicknameBlockText(snapshot, block)) };
      // Followed from before the request goes: the member's own change may reach Discord, and its update the bot,
      // before Discord answers this one.
      const client = gateway.client();
      const echo = member && client ? followEcho(client, guildId, userId, member.nickname, nick) : undefined;
      try {
        await rest.patch(Routes.guildMember(guildId, userId), {
          body: { nick },
          reason: "whitelist-sync: nickname follows the Minecraft name",
        });
      } catch (error) {
        echo?.stop();
        if (error instanceof RateLimitError) {
          return { done: false, laterMs: retryAfterOf(error, gateway.heldUntil()) };
        }
        if (error instanceof DiscordAPIError) return refusal(guildId, userId, error);
        return { done: false, refusal: "other", reason: `Discord could not be reached (${String(error)})` };
      }
      if (own.size >= 1_000) {
        for (const [member, change] of own) if (Date.now() - change.at > OWN_CHANGES_MS) own.delete(member);
      }
      own.set(key(guildId, userId), { before: member?.nickname ?? null, after: nick, at: Date.now() });
      const overtaken = await echo?.overwritten();
      return overtaken ? { done: true, overwrote: overtaken.nick } : { done: true };
    },
  };
}
