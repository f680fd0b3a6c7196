import {
  type APIAllowedMentions,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  GatewayDispatchEvents,
  MessageFlags,
  MessageType,
} from "discord-api-types/v10";
import type { SandboxContext } from "./context.ts";
import { memberPayload, messageEventPayload, parseEmoji, userPayload } from "./payloads.ts";
import type {
  SandboxAttachment,
  SandboxMember,
  SandboxMessage,
  SandboxMessageInteraction,
  SandboxRole,
  SandboxUser,
} from "./state.ts";

/** What a message says: the part a create or an edit sets. */
export type MessageContent = {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: SandboxAttachment[];
  flags: number;
};

/** A new message: its content plus who posts it where. */
export type NewMessage = MessageContent & {
  channelId: string;
  author: SandboxUser;
  type?: MessageType;
  webhookId?: string | null;
  interaction?: SandboxMessageInteraction | null;
  allowedMentions?: APIAllowedMentions | null;
  /** The message it replies to, in the same channel. */
  referenceId?: string | null;
};

const isEphemeral = (message: SandboxMessage) => (message.flags & MessageFlags.Ephemeral) !== 0;

/** Stores a message and, unless it is ephemeral, dispatches MESSAGE_CREATE (also for the bot's own). */
export function createMessage(ctx: SandboxContext, input: NewMessage): SandboxMessage {
  const { state } = ctx;
  const message: SandboxMessage = {
    id: state.nextId(),
    channelId: input.channelId,
    author: input.author,
    content: input.content,
    embeds: input.embeds,
    components: input.components,
    attachments: input.attachments,
    reactions: [],
    flags: input.flags,
    type: input.type ?? MessageType.Default,
    createdAt: state.clock.now(),
    editedAt: null,
    webhookId: input.webhookId ?? null,
    interaction: input.interaction ?? null,
    referenceId: input.referenceId ?? null,
    ...mentions(input.content),
    allowedMentions: input.allowedMentions ?? null,
  };
  state.messages.set(message.id, message);
  if (isEphemeral(message)) return message;
  const channel = state.channels.get(message.channelId);
  if (channel) channel.lastMessageId = message.id;
  ctx.gateway.dispatch(GatewayDispatchEvents.MessageCreate, messageEventPayload(state, ctx.url, message));
  return message;
}

/** Changes a message and dispatches MESSAGE_UPDATE unless it is ephemeral. */
export function editMessage(
  ctx: SandboxContext,
  message: SandboxMessage,
  changes: Partial<MessageContent>,
): SandboxMessage {
  Object.assign(message, changes, { editedAt: ctx.state.clock.now() });
  Object.assign(message, mentions(message.content));
  if (!isEphemeral(message)) {
    ctx.gateway.dispatch(
      GatewayDispatchEvents.MessageUpdate,
      messageEventPayload(ctx.state, ctx.url, message),
    );
  }
  return message;
}

/** Deletes a message and dispatches MESSAGE_DELETE unless it was ephemeral. */
export function deleteMessage(ctx: SandboxContext, message: SandboxMessage): void {
  ctx.state.messages.delete(message.id);
  if (isEphemeral(message)) return;
  ctx.gateway.dispatch(GatewayDispatchEvents.MessageDelete, {
    id: message.id,
    channel_id: message.channelId,
    guild_id: ctx.state.guild.id,
  });
}

/** Adds a reaction by `user` and dispatches MESSAGE_REACTION_ADD; false when it was already there. */
export function addReaction(
  ctx: SandboxContext,
  message: SandboxMessage,
  user: SandboxUser,
  emoji: string,
): boolean {
  if (message.reactions.includes(emoji)) return false;
  message.reactions.push(emoji);
  const member = ctx.state.members.get(user.id);
  ctx.gateway.dispatch(GatewayDispatchEvents.MessageReactionAdd, {
    user_id: user.id,
    channel_id: message.channelId,
    message_id: message.id,
    guild_id: ctx.state.guild.id,
    ...(member ? { member: memberPayload(member) } : {}),
    message_author_id: message.author.id,
    emoji: parseEmoji(emoji),
    burst: false,
    burst_colors: [],
    type: 0,
  });
  return true;
}

/** Removes the bot's reaction; false when there was none. */
export function removeReaction(
  ctx: SandboxContext,
  message: SandboxMessage,
  user: SandboxUser,
  emoji: string,
): boolean {
  const index = message.reactions.indexOf(emoji);
  if (index < 0) return false;
  message.reactions.splice(index, 1);
  ctx.gateway.dispatch(GatewayDispatchEvents.MessageReactionRemove, {
    user_id: user.id,
    channel_id: message.channelId,
    message_id: message.id,
    guild_id: ctx.state.guild.id,
    emoji: parseEmoji(emoji),
    burst: false,
    type: 0,
  });
  return true;
}

/** Sets a member's roles and dispatches GUILD_MEMBER_UPDATE when they changed. */
export function setMemberRoles(ctx: SandboxContext, member: SandboxMember, roleIds: string[]): boolean {
  const next = [...new Set(roleIds)].filter((id) => id !== ctx.state.guild.id);
  const same = next.length === member.roleIds.length && next.every((id) => member.roleIds.includes(id));
  if (same) return false;
  member.roleIds = next;
  dispatchMemberUpdate(ctx, member);
  return true;
}

/** Dispatches GUILD_MEMBER_UPDATE with the member as it is now. */
export function dispatchMemberUpdate(ctx: SandboxContext, member: SandboxMember): void {
  ctx.gateway.dispatch(GatewayDispatchEvents.GuildMemberUpdate, {
    guild_id: ctx.state.guild.id,
    ...memberPayload(member),
    avatar: null,
    banner: null,
  });
}

/**
 * Deletes a role as a server admin does: it leaves the guild and every member who held it, and only GUILD_ROLE_DELETE
 * is dispatched. Discord sends its holders no GUILD_MEMBER_UPDATE; a bot learns their roles by asking again.
 */
export function deleteRole(ctx: SandboxContext, role: SandboxRole): void {
  const { state } = ctx;
  state.roles.delete(role.id);
  for (const member of state.members.values()) {
    member.roleIds = member.roleIds.filter((id) => id !== role.id);
  }
  ctx.gateway.dispatch(GatewayDispatchEvents.GuildRoleDelete, { guild_id: state.guild.id, role_id: role.id });
}

/** Adds a member (a returning user keeps their user object) and dispatches GUILD_MEMBER_ADD. */
export function addMember(
  ctx: SandboxContext,
  input: { id: string; username: string; roleIds: string[] },
): SandboxMember {
  const { state } = ctx;
  const user = state.users.get(input.id) ?? { id: input.id, username: input.username, bot: false };
  user.username = input.username;
  state.users.set(user.id, user);
  const member: SandboxMember = {
    user,
    roleIds: [...new Set(input.roleIds)],
    nick: null,
    joinedAt: new Date(state.clock.now()).toISOString(),
  };
  state.members.set(user.id, member);
  ctx.gateway.dispatch(GatewayDispatchEvents.GuildMemberAdd, {
    guild_id: state.guild.id,
    ...memberPayload(member),
  });
  return member;
}

/** Removes a member and dispatches GUILD_MEMBER_REMOVE. */
export function removeMember(ctx: SandboxContext, member: SandboxMember): void {
  ctx.state.members.delete(member.user.id);
  ctx.gateway.dispatch(GatewayDispatchEvents.GuildMemberRemove, {
    guild_id: ctx.state.guild.id,
    user: userPayload(member.user),
  });
}

/**
 * Bans a user as a moderator does (`PUT /guilds/{g}/bans/{u}`): a member is removed too. Discord sends
 * GUILD_BAN_ADD and then GUILD_MEMBER_REMOVE (discord.py issue 58, from the gateway's log); `removeFirst` sends
 * them the other way round, so a bot is tested for either order. False when the user was banned already.
 */
export function banUser(
  ctx: SandboxContext,
  user: SandboxUser,
  options: { reason: string | null; removeFirst?: boolean },
): boolean {
  const { state } = ctx;
  if (state.bans.has(user.id)) return false;
  state.bans.set(user.id, { reason: options.reason });
  const member = state.members.get(user.id);
  const ban = () =>
    ctx.gateway.dispatch(GatewayDispatchEvents.GuildBanAdd, {
      guild_id: state.guild.id,
      user: userPayload(user),
    });
  if (member && options.removeFirst) removeMember(ctx, member);
  ban();
  if (member && !options.removeFirst) removeMember(ctx, member);
  return true;
}

/** Lifts a ban (`DELETE /guilds/{g}/bans/{u}`) and dispatches GUILD_BAN_REMOVE; false when there was none. */
export function unbanUser(ctx: SandboxContext, user: SandboxUser): boolean {
  if (!ctx.state.bans.delete(user.id)) return false;
  ctx.gateway.dispatch(GatewayDispatchEvents.GuildBanRemove, {
    guild_id: ctx.state.guild.id,
    user: userPayload(user),
  });
  return true;
}

/** A member changes their own server nickname (null: back to none) and GUILD_MEMBER_UPDATE is dispatched. */
export function setOwnNick(ctx: SandboxContext, member: SandboxMember, nick: string | null): void {
  member.nick = nick;
  dispatchMemberUpdate(ctx, member);
}

/** User and role mentions in a message's text (`<@id>`, `<@!id>`, `<@&id>`). */
function mentions(content: string): { mentionIds: string[]; mentionRoleIds: string[] } {
  const ids = (pattern: RegExp) => [
    ...new Set([...content.matchAll(pattern)].map((match) => match[1] ?? "")),
  ];
  return { mentionIds: ids(/<@!?(\d+)>/g), mentionRoleIds: ids(/<@&(\d+)>/g) };
}
