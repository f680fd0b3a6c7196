import {
  type APIAllowedMentions,
  type APIApplicationCommand,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type MessageType,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import type { Clock } from "../../shared/clock.ts";
import { DEFAULT_PRIVILEGED_INTENTS, type PrivilegedIntentSwitches } from "./portal.ts";
import { createSnowflakes } from "./snowflake.ts";

/** The guild the sandbox starts with. Role `permissions` are decimal bitfields; later roles sit higher. */
export type SandboxSeed = {
  /** `preferredLocale`: the server's language in Discord (Server Settings → Community), en-US unless given. */
  guild: { id: string; name: string; ownerId: string; preferredLocale?: string };
  bot: { id: string; username: string };
  /** `managed`: a role an integration owns (a bot's own role, a booster role): nobody can grant it. */
  roles: { id: string; name: string; permissions?: string; position?: number; managed?: boolean }[];
  channels: { id: string; name: string; type?: "text" }[];
  /**
   * `locale`: the language the member's Discord client is set to (en-US unless given); `nick`: their server
   * nickname (none unless given).
   */
  members: { id: string; username: string; roleIds: string[]; locale?: string; nick?: string | null }[];
  applicationId?: string;
  /** false: the bot was never invited to the guild (it is no member; READY lists no guild). Default true. */
  botJoined?: boolean;
};

/**
 * A Discord user known to the sandbox. `locale`: the language their client is set to, which Discord sends as
 * `locale` on every interaction they make (unset: en-US).
 */
export type SandboxUser = { id: string; username: string; bot: boolean; locale?: string };

/** The locale Discord sends for a user or guild that chose none here: Discord's default. */
export const DEFAULT_LOCALE = "en-US";

/** A guild member: the user plus guild-specific data. */
export type SandboxMember = { user: SandboxUser; roleIds: string[]; nick: string | null; joinedAt: string };

/** A guild role; `position` orders the hierarchy (0 is @everyone). */
export type SandboxRole = {
  id: string;
  name: string;
  permissions: string;
  position: number;
  managed: boolean;
};

/** A channel's permission overwrite for a role (`type` 0) or a member (1), as Discord stores it. */
export type SandboxOverwrite = { id: string; type: 0 | 1; allow: string; deny: string };

/** A guild text channel. */
export type SandboxChannel = {
  id: string;
  name: string;
  position: number;
  lastMessageId: string | null;
  overwrites: SandboxOverwrite[];
};

/** A file attached to a message, with its bytes. */
export type SandboxAttachment = {
  id: string;
  filename: string;
  contentType: string;
  description: string | null;
  bytes: Uint8Array;
};

/** The interaction a message answers, as Discord records it on the message. */
export type SandboxMessageInteraction = {
  id: string;
  type: number;
  name: string;
  userId: string;
  /** For a component interaction: the message whose component was used. */
  interactedMessageId?: string | null;
  /** For a modal's submission: the command or component interaction the modal answered. */
  triggeredBy?: Omit<SandboxMessageInteraction, "triggeredBy"> | null;
};

/** A message in a channel, including ephemeral interaction replies (only their recipient sees those). */
export type SandboxMessage = {
  id: string;
  channelId: string;
  author: SandboxUser;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: SandboxAttachment[];
  reactions: string[];
  flags: number;
  type: MessageType;
  createdAt: number;
  editedAt: number | null;
  webhookId: string | null;
  interaction: SandboxMessageInteraction | null;
  /** The message this one replies to (its `message_reference`), kept when that message is deleted; null: none. */
  referenceId: string | null;
  mentionIds: string[];
  mentionRoleIds: string[];
  /** The `allowed_mentions` the bot sent with the message, as sent (who it may ping); null when none. */
  allowedMentions: APIAllowedMentions | null;
};

/** Everything the sandbox Discord knows; REST, gateway and control API all read and change this. */
export type SandboxState = {
  applicationId: string;
  /** The application's privileged intents as switched on in the developer portal (4014 on IDENTIFY otherwise). */
  privilegedIntents: PrivilegedIntentSwitches;
  /** The shard count `GET /gateway/bot` recommends (a bot in very many servers gets more than one). */
  recommendedShards: number;
  /** `preferredLocale`: the server's language (Discord's `preferred_locale`, `guild_locale` of interactions). */
  guild: { id: string; name: string; ownerId: string; preferredLocale: string };
  bot: SandboxUser;
  roles: Map<string, SandboxRole>;
  channels: Map<string, SandboxChannel>;
  members: Map<string, SandboxMember>;
  /** The guild's bans by user id, with the reason given (a banned user may have been a member or not). */
  bans: Map<string, { reason: string | null }>;
  /** Every user ever seen, members who left included. */
  users: Map<string, SandboxUser>;
  messages: Map<string, SandboxMessage>;
  /**
   * Files members attached to slash commands (an attachment option), by id: Discord keeps them as ephemeral
   * attachments on its CDN, apart from any message, and the interaction names them in `resolved.attachments`.
   */
  uploads: Map<string, SandboxAttachment>;
  /** Registered application commands by id; guild commands carry `guild_id`. */
  commands: Map<string, APIApplicationCommand>;
  nextId: () => string;
  clock: Clock;
};

/** Permissions of a fresh @everyone role. */
export const DEFAULT_EVERYONE_PERMISSIONS = (
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.ChangeNickname
).toString();

/** Builds the state from a seed; throws on a seed that references unknown roles. */
export function createSandboxState(seed: SandboxSeed, clock: Clock): SandboxState {
  const nextId = createSnowflakes(clock);
  const now = new Date(clock.now()).toISOString();
  const roles = new Map<string, SandboxRole>();
  const everyone = seed.roles.find((role) => role.id === seed.guild.id);
  roles.set(seed.guild.id, {
    id: seed.guild.id,
    name: "@everyone",
    permissions: everyone?.permissions ?? DEFAULT_EVERYONE_PERMISSIONS,
    position: 0,
    managed: false,
  });
  seed.roles
    .filter((role) => role.id !== seed.guild.id)
    .forEach((role, index) => {
      roles.set(role.id, {
        id: role.id,
        name: role.name,
        permissions: role.permissions ?? "0",
        position: role.position ?? index + 1,
        managed: role.managed ?? false,
      });
    });
  const channels = new Map<string, SandboxChannel>();
  seed.channels.forEach((channel, position) => {
    channels.set(channel.id, {
      id: channel.id,
      name: channel.name,
      position,
      lastMessageId: null,
      overwrites: [],
    });
  });
  const bot: SandboxUser = { id: seed.bot.id, username: seed.bot.username, bot: true };
  const users = new Map<string, SandboxUser>([[bot.id, bot]]);
  const members = new Map<string, SandboxMember>();
  for (const seeded of seed.members) {
    const unknown = seeded.roleIds.find((id) => !roles.has(id));
    if (unknown !== undefined) {
      throw new Error(`sandbox seed: member ${seeded.id} has unknown role ${unknown}`);
    }
    const user: SandboxUser =
      seeded.id === bot.id
        ? bot
        : {
            id: seeded.id,
            username: seeded.username,
            bot: false,
            ...(seeded.locale ? { locale: seeded.locale } : {}),
          };
    users.set(user.id, user);
    members.set(user.id, { user, roleIds: [...seeded.roleIds], nick: seeded.nick ?? null, joinedAt: now });
  }
  if (seed.botJoined === false) members.delete(bot.id);
  else if (!members.has(bot.id)) members.set(bot.id, { user: bot, roleIds: [], nick: null, joinedAt: now });
  return {
    applicationId: seed.applicationId ?? seed.bot.id,
    privilegedIntents: { ...DEFAULT_PRIVILEGED_INTENTS },
    recommendedShards: 1,
    guild: { ...seed.guild, preferredLocale: seed.guild.preferredLocale ?? DEFAULT_LOCALE },
    bot,
    roles,
    channels,
    members,
    bans: new Map(),
    users,
    messages: new Map(),
    uploads: new Map(),
    commands: new Map(),
    nextId,
    clock,
  };
}

/** The registered command of that name: the guild's first, then a global one. */
export function findCommand(state: SandboxState, name: string): APIApplicationCommand | undefined {
  const all = [...state.commands.values()].filter((command) => command.name === name);
  return (
    all.find((command) => command.guild_id === state.guild.id) ?? all.find((command) => !command.guild_id)
  );
}

/** The member's roles ordered from highest to lowest, @everyone excluded. */
export function memberRoles(state: SandboxState, member: SandboxMember): SandboxRole[] {
  return member.roleIds
    .map((id) => state.roles.get(id))
    .filter((role): role is SandboxRole => role !== undefined)
    .sort((a, b) => b.position - a.position);
}
