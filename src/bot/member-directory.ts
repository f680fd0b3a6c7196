import {
  type APIGuild,
  type APIGuildMember,
  type Client,
  DiscordAPIError,
  GatewayIntentBits,
  PermissionFlagsBits,
  REST,
  RESTJSONErrorCodes,
  Routes,
} from "discord.js";
import type { Member } from "../registration/model.ts";
import { memberOf } from "./members.ts";

/** How long a member read over REST (no gateway here) is taken as current: a few requests of one page view. */
const REST_FRESH_MS = 10_000;

/**
 * Who a person is in a guild now, as the bot reads it (the dashboard's port, docs/decisions.md, The dashboard): the
 * member with their roles and Manage Server, `null` when they are not in the guild, `undefined` when the bot cannot
 * tell (Discord unreachable). And names, for showing members without a call each.
 */
export type MemberDirectory = {
  member(guildId: string, userId: string): Promise<Member | null | undefined>;
  /** The display names the bot's cache holds for these users (those it does not know are left out). */
  names(guildId: string, userIds: readonly string[]): Map<string, string>;
  /** A role's name, as the gateway's cache holds it. */
  roleName(guildId: string, roleId: string): string | undefined;
  /** A channel's name, as the gateway's cache holds it. */
  channelName(guildId: string, channelId: string): string | undefined;
};

/** Manage Server from a member's roles as Discord computes a guild permission: owner and Administrator hold all. */
function managesGuild(guild: APIGuild, member: APIGuildMember, userId: string): boolean {
  if (guild.owner_id === userId) return true;
  const held = new Set([guild.id, ...member.roles]);
  let permissions = 0n;
  for (const role of guild.roles) if (held.has(role.id)) permissions |= BigInt(role.permissions);
  const wanted = PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageGuild;
  return (permissions & wanted) !== 0n;
}

/**
 * The member directory over the gateway's client when this process holds it: its cache with the Server Members
 * intent (Discord sends every change, so the cache is current), else a forced fetch, as `fetchGuildMember` does. A
 * process without the gateway (a replica that follows) reads the member and the guild's roles over REST with a
 * client of its own: reads change nothing, so they are not fenced as the leader's writes are.
 */
export function createMemberDirectory(options: {
  client(): Client | undefined;
  token: string;
  discordApiUrl?: string;
}): MemberDirectory {
  let rest: REST | undefined;
  const fresh = new Map<string, { at: number; member: Member | null }>();

  const overRest = async (guildId: string, userId: string): Promise<Member | null> => {
    const key = `${guildId}:${userId}`;
    const known = fresh.get(key);
    if (known && Date.now() - known.at < REST_FRESH_MS) return known.member;
    rest ??= new REST(options.discordApiUrl ? { api: options.discordApiUrl } : {}).setToken(options.token);
    let member: Member | null;
    try {
      const [guild, found] = (await Promise.all([
        rest.get(Routes.guild(guildId)),
        rest.get(Routes.guildMember(guildId, userId)),
      ])) as [APIGuild, APIGuildMember];
      member = {
        userId,
        roleIds: found.roles.filter((id) => id !== guildId),
        canManageGuild: managesGuild(guild, found, userId),
      };
    } catch (error) {
      if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember)) throw error;
      member = null;
    }
    if (fresh.size > 1000) fresh.clear();
    fresh.set(key, { at: Date.now(), member });
    return member;
  };

  return {
    async member(guildId, userId) {
      try {
        const client = options.client();
        const guild = client?.guilds.cache.get(guildId);
        if (!client || !guild) return await overRest(guildId, userId);
        const cached = client.options.intents.has(GatewayIntentBits.GuildMembers)
          ? guild.members.cache.get(userId)
          : undefined;
        if (cached) return memberOf(cached);
        return memberOf(await guild.members.fetch({ user: userId, force: true }));
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return null;
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownGuild) return null;
        return undefined;
      }
    },
    names(guildId, userIds) {
      const guild = options.client()?.guilds.cache.get(guildId);
      const names = new Map<string, string>();
      for (const id of userIds) {
        const name =
          guild?.members.cache.get(id)?.displayName ?? options.client()?.users.cache.get(id)?.username;
        if (name) names.set(id, name);
      }
      return names;
    },
    roleName: (guildId, roleId) => options.client()?.guilds.cache.get(guildId)?.roles.cache.get(roleId)?.name,
    channelName(guildId, channelId) {
      const channel = options.client()?.guilds.cache.get(guildId)?.channels.cache.get(channelId);
      return channel?.name;
    },
  };
}
