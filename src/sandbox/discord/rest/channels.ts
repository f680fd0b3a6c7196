import { type APIAllowedMentions, MessageFlags, PermissionFlagsBits } from "discord-api-types/v10";
import { addReaction, createMessage, deleteMessage, editMessage, removeReaction } from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, json, noContent, readBody } from "../http.ts";
import { channelPayload, messagePayload } from "../payloads.ts";
import { channelPermissions } from "../permissions.ts";
import { route } from "../router.ts";
import type { SandboxChannel, SandboxMember, SandboxMessage } from "../state.ts";
import { requestSizeError } from "./limits.ts";
import { completeMessage, isEmpty, readMessageChanges } from "./message-input.ts";

const botMember = (ctx: SandboxContext) => ctx.state.members.get(ctx.state.bot.id) as SandboxMember;

/** The bot may do `permission` in `channel` (its overwrites counted); ephemeral messages are invisible to channel routes. */
const botMay = (ctx: SandboxContext, channel: SandboxChannel, permission: bigint) =>
  (channelPermissions(ctx.state, botMember(ctx), channel) & permission) === permission;

/** The channel a message is in (found: its route looked it up first). */
const channelOf = (ctx: SandboxContext, message: SandboxMessage) =>
  ctx.state.channels.get(message.channelId) as SandboxChannel;

function findChannel(ctx: SandboxContext, id: string): SandboxChannel | Response {
  return ctx.state.channels.get(id) ?? DiscordErrors.unknownChannel();
}

function findMessage(ctx: SandboxContext, channelId: string, id: string): SandboxMessage | Response {
  const channel = findChannel(ctx, channelId);
  if (channel instanceof Response) return channel;
  const message = ctx.state.messages.get(id);
  const visible =
    message && message.channelId === channelId && (message.flags & MessageFlags.Ephemeral) === 0;
  return visible ? message : DiscordErrors.unknownMessage();
}

const toJson = (ctx: SandboxContext, message: SandboxMessage) =>
  json(messagePayload(ctx.state, ctx.url, message));

/** Channels and messages the bot posts, edits, deletes and reacts to. */
export const channelRoutes = [
  route("GET", "/channels/:channel", ({ ctx, params }) => {
    const channel = findChannel(ctx, params.channel);
    return channel instanceof Response ? channel : json(channelPayload(ctx.state, channel));
  }),
  route("GET", "/channels/:channel/messages", ({ ctx, params, url }) => {
    const channel = findChannel(ctx, params.channel);
    if (channel instanceof Response) return channel;
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 50) || 50, 1), 100);
    const messages = [...ctx.state.messages.values()]
      .filter((message) => message.channelId === channel.id && (message.flags & MessageFlags.Ephemeral) === 0)
      .reverse()
      .slice(0, limit);
    return json(messages.map((message) => messagePayload(ctx.state, ctx.url, message)));
  }),
  route("POST", "/channels/:channel/messages", async ({ ctx, params, request }) => {
    const channel = findChannel(ctx, params.channel);
    if (channel instanceof Response) return channel;
    if (!botMay(ctx, channel, PermissionFlagsBits.ViewChannel)) return DiscordErrors.missingAccess();
    if (!botMay(ctx, channel, PermissionFlagsBits.SendMessages)) return DiscordErrors.missingPermissions();
    const tooLarge = requestSizeError(request);
    if (tooLarge) return tooLarge;
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const changes = await readMessageChanges(body, [], ctx.state.nextId);
    if (changes instanceof Response) return changes;
    const content = completeMessage({ ...changes, flags: (changes.flags ?? 0) & ~MessageFlags.Ephemeral });
    if (content instanceof Response) return content;
    const allowed = body.json.allowed_mentions;
    const allowedMentions =
      typeof allowed === "object" && allowed !== null ? (allowed as APIAllowedMentions) : null;
    return toJson(
      ctx,
      createMessage(ctx, { ...content, channelId: channel.id, author: ctx.state.bot, allowedMentions }),
    );
  }),
  route("GET", "/channels/:channel/messages/:message", ({ ctx, params }) => {
    const message = findMessage(ctx, params.channel, params.message);
    return message instanceof Response ? message : toJson(ctx, message);
  }),
  route("PATCH", "/channels/:channel/messages/:message", async ({ ctx, params, request }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    if (message.author.id !== ctx.state.bot.id) return DiscordErrors.otherAuthor();
    const tooLarge = requestSizeError(request);
    if (tooLarge) return tooLarge;
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const changes = await readMessageChanges(body, message.attachments, ctx.state.nextId);
    if (changes instanceof Response) return changes;
    const { flags: _flags, ...rest } = changes;
    if (isEmpty({ ...message, ...rest })) return DiscordErrors.emptyMessage();
    return toJson(ctx, editMessage(ctx, message, rest));
  }),
  route("DELETE", "/channels/:channel/messages/:message", ({ ctx, params }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    const own = message.author.id === ctx.state.bot.id;
    if (!own && !botMay(ctx, channelOf(ctx, message), PermissionFlagsBits.ManageMessages))
      return DiscordErrors.missingPermissions();
    deleteMessage(ctx, message);
    return noContent();
  }),
  route("PUT", "/channels/:channel/messages/:message/reactions/:emoji/@me", ({ ctx, params }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    if (!botMay(ctx, channelOf(ctx, message), PermissionFlagsBits.AddReactions))
      return DiscordErrors.missingPermissions();
    if (params.emoji.trim() === "") return DiscordErrors.unknownEmoji();
    addReaction(ctx, message, ctx.state.bot, params.emoji);
    return noContent();
  }),
  route("DELETE", "/channels/:channel/messages/:message/reactions/:emoji/@me", ({ ctx, params }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    removeReaction(ctx, message, ctx.state.bot, params.emoji);
    return noContent();
  }),
  route("POST", "/channels/:channel/typing", ({ ctx, params }) => {
    const channel = findChannel(ctx, params.channel);
    return channel instanceof Response ? channel : noContent();
  }),
];
