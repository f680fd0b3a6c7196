import { ChannelType, type Guild, OverwriteType } from "discord.js";
import type { GuildSnapshot } from "../setup/permissions.ts";

/**
 * The server as the setup checks see it (src/setup), read from discord.js's cache: roles by their position in
 * Discord's list, text channels with their permission overwrites, and the bot's own roles. A module of its own:
 * the REST client's ports, made before the API listens, read it without loading the setup warnings' texts.
 */
export function guildSnapshot(guild: Guild): GuildSnapshot {
  const me = guild.members.me;
  return {
    id: guild.id,
    name: guild.name,
    ownerId: guild.ownerId,
    botId: guild.client.user.id,
    botRoleIds: me ? [...me.roles.cache.keys()] : [],
    roles: [...guild.roles.cache.values()].map((role) => ({
      id: role.id,
      name: role.name,
      position: role.rawPosition,
      permissions: role.permissions.bitfield,
      managed: role.managed,
    })),
    channels: [...guild.channels.cache.values()]
      .filter(
        (channel) => channel.type === ChannelType.GuildText || channel.type === ChannelType.GuildAnnouncement,
      )
      .map((channel) => ({
        id: channel.id,
        name: channel.name,
        overwrites:
          "permissionOverwrites" in channel
            ? [...channel.permissionOverwrites.cache.values()].map((overwrite) => ({
                id: overwrite.id,
                type: overwrite.type === OverwriteType.Member ? (1 as const) : (0 as const),
                allow: overwrite.allow.bitfield,
                deny: overwrite.deny.bitfield,
              }))
            : [],
      })),
  };
}
