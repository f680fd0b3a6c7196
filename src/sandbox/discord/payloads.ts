import {
  type APIAttachment,
  type APIGuild,
  type APIGuildMember,
  type APIMessage,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type ChannelFlags,
  ChannelType,
  type GatewayGuildCreateDispatchData,
  type GatewayMessageCreateDispatchData,
  type GatewayReadyDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  type Locale,
  MessageReferenceType,
  type RoleFlags,
  type Snowflake,
  type UserFlags,
} from "discord-api-types/v10";
import { componentsAsAnswered, embedAsAnswered } from "./answered.ts";
import { applicationFlags } from "./portal.ts";
import type {
  SandboxAttachment,
  SandboxChannel,
  SandboxMember,
  SandboxMessage,
  SandboxMessageInteraction,
  SandboxRole,
  SandboxState,
  SandboxUser,
} from "./state.ts";

/** A user object. */
export function userPayload(user: SandboxUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: "0",
    global_name: user.bot ? null : user.username,
    avatar: null,
    // Discord's published contract lists these on every user object (no flags, no primary guild here).
    public_flags: 0 as UserFlags,
    flags: 0 as UserFlags,
    primary_guild: null,
    ...(user.bot ? { bot: true } : {}),
  };
}

/** A guild member object with its user. */
export function memberPayload(member: SandboxMember): APIGuildMember {
  return {
    user: userPayload(member.user),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: [...member.roleIds],
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A role object. */
export function rolePayload(role: SandboxRole): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions,
    managed: role.managed,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

/** A guild text channel object. */
export function channelPayload(state: SandboxState, channel: SandboxChannel): APITextChannel {
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    guild_id: state.guild.id,
    name: channel.name,
    position: channel.position,
    permission_overwrites: channel.overwrites.map((overwrite) => ({ ...overwrite })),
    nsfw: false,
    topic: null,
    parent_id: null,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0 as ChannelFlags,
  };
}

/** Roles sorted as Discord lists them (by position). */
function sortedRoles(state: SandboxState): APIRole[] {
  return [...state.roles.values()].sort((a, b) => a.position - b.position).map(rolePayload);
}

/** The guild object of `GET /guilds/{id}`. */
export function guildPayload(state: SandboxState): APIGuild {
  const firstChannel = [...state.channels.keys()][0] ?? null;
  return {
    id: state.guild.id,
    name: state.guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: state.guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: sortedRoles(state),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: firstChannel,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: state.guild.preferredLocale as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    max_members: 500_000,
    approximate_member_count: state.members.size,
    approximate_presence_count: 0,
    // Discord's published contract lists these on every guild it answers; the last two are not in APIGuild.
    region: "deprecated",
    widget_enabled: false,
    widget_channel_id: null,
    max_presences: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    ...{ home_header: null, nsfw: false },
    incidents_data: null,
  };
}

/**
 * The GUILD_CREATE data. As on Discord, `members` lists everyone only with the Guild Members intent;
 * otherwise just the bot's own member.
 */
export function guildCreatePayload(state: SandboxState, allMembers: boolean): GatewayGuildCreateDispatchData {
  const members = [...state.members.values()].filter(
    (member) => allMembers || member.user.id === state.bot.id,
  );
  const self = state.members.get(state.bot.id);
  return {
    ...guildPayload(state),
    joined_at: self?.joinedAt ?? new Date(state.clock.now()).toISOString(),
    large: false,
    unavailable: false,
    member_count: state.members.size,
    voice_states: [],
    members: members.map(memberPayload),
    channels: [...state.channels.values()].map((channel) => channelPayload(state, channel)),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** The READY data for a new session. */
export function readyPayload(
  state: SandboxState,
  sessionId: string,
  gatewayUrl: string,
  shard: [number, number] = [0, 1],
): GatewayReadyDispatchData {
  const flags = applicationFlags(state.privilegedIntents);
  return {
    v: 10,
    user: { ...userPayload(state.bot), verified: true, mfa_enabled: false },
    // A bot removed from the server (or never invited) starts with no guild at all; a shard, with its own only.
    guilds:
      state.members.has(state.bot.id) && shardOf(state.guild.id, shard[1]) === shard[0]
        ? [{ id: state.guild.id, unavailable: true }]
        : [],
    session_id: sessionId,
    resume_gateway_url: gatewayUrl,
    shard,
    application: { id: state.applicationId, flags, flags_new: String(flags) },
  };
}

/** The shard a guild's events go to among `count`, as Discord routes them: `(guild_id >> 22) % count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** An attachment object; `url` serves the bytes from the sandbox. */
export function attachmentPayload(baseUrl: string, attachment: SandboxAttachment): APIAttachment {
  const url = `${baseUrl}/_sandbox/attachments/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
  return {
    id: attachment.id,
    filename: attachment.filename,
    ...(attachment.description === null ? {} : { description: attachment.description }),
    content_type: attachment.contentType,
    size: attachment.bytes.byteLength,
    url,
    proxy_url: url,
  };
}

/** A message object as REST answers it. */
export function messagePayload(state: SandboxState, baseUrl: string, message: SandboxMessage): APIMessage {
  return {
    id: message.id,
    channel_id: message.channelId,
    author: userPayload(message.author),
    content: message.content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
    tts: false,
    mention_everyone: false,
    mentions: message.mentionIds.flatMap((id) => {
      const user = state.users.get(id);
      return user ? [userPayload(user)] : [];
    }),
    mention_roles: [...message.mentionRoleIds],
    attachments: message.attachments.map((attachment) => attachmentPayload(baseUrl, attachment)),
    embeds: message.embeds.map(embedAsAnswered),
    components: componentsAsAnswered(message.components),
    reactions: reactionsPayload(message),
    pinned: false,
    type: message.type,
    flags: message.flags,
    ...(message.webhookId === null
      ? {}
      : { webhook_id: message.webhookId, application_id: state.applicationId }),
    ...(message.interaction === null ? {} : interactionMetadata(state, message.interaction)),
    ...(message.referenceId === null ? {} : replyPayload(state, baseUrl, message, message.referenceId)),
  };
}

/**
 * What a reply carries: the reference, and the message it replies to as it is now (null once deleted), whose own
 * reference is not followed further (Discord nests one level).
 */
function replyPayload(
  state: SandboxState,
  baseUrl: string,
  message: SandboxMessage,
  referenceId: string,
): Pick<APIMessage, "message_reference" | "referenced_message"> {
  const referenced = state.messages.get(referenceId);
  return {
    message_reference: {
      type: MessageReferenceType.Default,
      message_id: referenceId,
      channel_id: message.channelId,
      guild_id: state.guild.id,
    },
    referenced_message: referenced
      ? messagePayload(state, baseUrl, { ...referenced, referenceId: null })
      : null,
  };
}

/** The MESSAGE_CREATE / MESSAGE_UPDATE data: the message plus guild id and the author's member. */
export function messageEventPayload(
  state: SandboxState,
  baseUrl: string,
  message: SandboxMessage,
): GatewayMessageCreateDispatchData {
  const member = state.members.get(message.author.id);
  const { user: _user, ...memberNoUser } = member ? memberPayload(member) : { user: undefined };
  return {
    ...messagePayload(state, baseUrl, message),
    guild_id: state.guild.id,
    channel_type: ChannelType.GuildText,
    ...(member && message.webhookId === null
      ? {
          member: {
            ...memberNoUser,
            joined_at: member.joinedAt,
          } as GatewayMessageCreateDispatchData["member"],
        }
      : {}),
  };
}

function reactionsPayload(message: SandboxMessage): APIMessage["reactions"] {
  const counts = new Map<string, number>();
  for (const emoji of message.reactions) counts.set(emoji, (counts.get(emoji) ?? 0) + 1);
  return [...counts].map(([emoji, count]) => ({
    count,
    count_details: { burst: 0, normal: count },
    me: true,
    me_burst: false,
    burst_colors: [],
    emoji: parseEmoji(emoji),
  }));
}

/** Parses a reaction emoji as the URL carries it: a unicode emoji or `name:id`. */
export function parseEmoji(emoji: string): { id: Snowflake | null; name: string | null } {
  const custom = /^<?a?:?([\w~-]+):(\d+)>?$/.exec(emoji);
  return custom ? { id: custom[2] ?? null, name: custom[1] ?? null } : { id: null, name: emoji };
}

function interactionMetadata(
  state: SandboxState,
  interaction: NonNullable<SandboxMessage["interaction"]>,
): Pick<APIMessage, "interaction_metadata" | "interaction"> {
  const user = state.users.get(interaction.userId) ?? {
    id: interaction.userId,
    username: "unknown",
    bot: false,
  };
  const metadata = (of: Omit<SandboxMessageInteraction, "triggeredBy">) => ({
    id: of.id,
    type: of.type,
    user: userPayload(state.users.get(of.userId) ?? { id: of.userId, username: "unknown", bot: false }),
    authorizing_integration_owners: { 0: state.guild.id },
    // A component interaction's metadata names the message whose component was used, as Discord's does.
    ...(of.interactedMessageId ? { interacted_message_id: of.interactedMessageId } : {}),
  });
  return {
    interaction_metadata: {
      ...metadata(interaction),
      // A modal's submission names the interaction the modal answered (a command's or a component's).
      ...(interaction.triggeredBy
        ? { triggering_interaction_metadata: metadata(interaction.triggeredBy) }
        : {}),
    } as APIMessage["interaction_metadata"],
    interaction: {
      id: interaction.id,
      type: interaction.type,
      name: interaction.name,
      user: userPayload(user),
    },
  };
}
