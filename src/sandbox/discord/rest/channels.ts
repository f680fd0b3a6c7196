import {
  type APIAllowedMentions,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import {
  addReaction,
  createMessage,
  deleteMessage,
  editMessage,
  type MessageContent,
  removeReaction,
} from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, json, noContent, readBody } from "../http.ts";
import { channelPayload, messagePayload } from "../payloads.ts";
import { channelPermissions } from "../permissions.ts";
import { route } from "../router.ts";
import type { SandboxChannel, SandboxMember, SandboxMessage } from "../state.ts";
import { requestSizeError } from "./limits.ts";
import { completeMessage, isEmpty, readMessageChanges } from "./message-input.ts";
import { nonceOf } from "./nonces.ts";

const botMember = (ctx: SandboxContext) => ctx.state.members.get(ctx.state.bot.id) as SandboxMember;

/** The bot may do `permission` in `channel` (its overwrites counted); ephemeral messages are invisible to channel routes. */
const botMay = (ctx: SandboxContext, channel: SandboxChannel, permission: bigint) =>
  (channelPermissions(ctx.state, botMember(ctx), channel) & permission) === permission;

/** The channel a message is in (found: its route looked it up first). */
const channelOf = (ctx: SandboxContext, message: SandboxMessage) =>
  ctx.state.channels.get(message.channelId) as SandboxChannel;

/**
 * The channel in the path, if the bot may see it: without View Channel Discord answers 50001 Missing Access to
 * anything about the channel (reading it, posting, editing, reacting).
 */
function findChannel(ctx: SandboxContext, id: string): SandboxChannel | Response {
  const channel = ctx.state.channels.get(id);
  if (!channel) return DiscordErrors.unknownChannel();
  return botMay(ctx, channel, PermissionFlagsBits.ViewChannel) ? channel : DiscordErrors.missingAccess();
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

/**
 * What the bot may post in `channel`, as Discord decides it (docs.discord.com, Create Message: "embeds require Embed
 * Links, files require Attach Files"): files without Attach Files are refused (50013); embeds without Embed Links
 * are dropped, and a message left with nothing to read is refused as Discord refuses it (50013). Null: allowed.
 */
function withoutEmbedsUnlessAllowed(
  ctx: SandboxContext,
  channel: SandboxChannel,
  changes: Partial<MessageContent>,
  uploads: number,
): Partial<MessageContent> | Response {
  if (uploads > 0 && !botMay(ctx, channel, PermissionFlagsBits.AttachFiles)) {
    return DiscordErrors.missingPermissions();
  }
  if (!changes.embeds?.length || botMay(ctx, channel, PermissionFlagsBits.EmbedLinks)) return changes;
  return { ...changes, embeds: [] };
}

/**
 * The message a reply refers to (`message_reference`), as Discord checks it: Read Message History first (403 160002),
 * then a message that exists in the channel: else 400 50035 MESSAGE_REFERENCE_UNKNOWN_MESSAGE, unless
 * `fail_if_not_exists` is false, when the message is posted as a plain one (null). Undefined: no reference.
 */
function referenceOf(
  ctx: SandboxContext,
  channel: SandboxChannel,
  reference: unknown,
): string | null | undefined | Response {
  if (typeof reference !== "object" || reference === null) return undefined;
  const { message_id: messageId, fail_if_not_exists: failIfNotExists } = reference as Record<string, unknown>;
  if (!botMay(ctx, channel, PermissionFlagsBits.ReadMessageHistory))
    return DiscordErrors.replyWithoutHistory();
  const referenced = typeof messageId === "string" ? ctx.state.messages.get(messageId) : undefined;
  if (
    referenced &&
    referenced.channelId === channel.id &&
    (referenced.flags & MessageFlags.Ephemeral) === 0
  ) {
    return referenced.id;
  }
  return failIfNotExists === false ? null : DiscordErrors.unknownReference();
}

/** Channels and messages the bot posts, edits, deletes and reacts to. */
export const channelRoutes = [
  route("GET", "/channels/:channel", ({ ctx, params }) => {
    const channel = findChannel(ctx, params.channel);
    return channel instanceof Response ? channel : json(channelPayload(ctx.state, channel));
  }),
  route("GET", "/channels/:channel/messages", ({ ctx, params, url }) => {
    const channel = findChannel(ctx, params.channel);
    if (channel instanceof Response) return channel;
    // Discord answers no messages at all to a reader without Read Message History (Get Channel Messages).
    if (!botMay(ctx, channel, PermissionFlagsBits.ReadMessageHistory)) return json([]);
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
    if (!botMay(ctx, channel, PermissionFlagsBits.SendMessages)) return DiscordErrors.missingPermissions();
    const tooLarge = requestSizeError(request);
    if (tooLarge) return tooLarge;
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const read = await readMessageChanges(body, [], ctx.state.nextId);
    if (read instanceof Response) return read;
    const changes = withoutEmbedsUnlessAllowed(ctx, channel, read, body.files.size);
    if (changes instanceof Response) return changes;
    const content = completeMessage({ ...changes, flags: (changes.flags ?? 0) & ~MessageFlags.Ephemeral });
    // An embed-only message without Embed Links: Discord answers Missing Permissions rather than "empty".
    if (content instanceof Response)
      return read.embeds?.length ? DiscordErrors.missingPermissions() : content;
    const referenceId = referenceOf(ctx, channel, body.json.message_reference);
    if (referenceId instanceof Response) return referenceId;
    const nonce = nonceOf(body.json);
    if (nonce instanceof Response) return nonce;
    // A retry of a post that already went through answers that post, and makes none (nonces.ts).
    const enforced = nonce !== undefined && body.json.enforce_nonce === true;
    const earlier = enforced ? ctx.nonces.earlier(ctx.state.bot.id, nonce) : undefined;
    if (earlier !== undefined) {
      const message = ctx.state.messages.get(earlier);
      return message ? toJson(ctx, message) : DiscordErrors.unknownMessage();
    }
    const allowed = body.json.allowed_mentions;
    const allowedMentions =
      typeof allowed === "object" && allowed !== null ? (allowed as APIAllowedMentions) : null;
    const created = createMessage(ctx, {
      ...content,
      channelId: channel.id,
      author: ctx.state.bot,
      allowedMentions,
      ...(referenceId ? { type: MessageType.Reply, referenceId } : {}),
    });
    if (enforced) ctx.nonces.remember(ctx.state.bot.id, nonce, created.id);
    return toJson(ctx, created);
  }),
  route("GET", "/channels/:channel/messages/:message", ({ ctx, params }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    // Reading one message needs Read Message History as well (Get Channel Message).
    if (!botMay(ctx, channelOf(ctx, message), PermissionFlagsBits.ReadMessageHistory)) {
      return DiscordErrors.missingAccess();
    }
    return toJson(ctx, message);
  }),
  route("PATCH", "/channels/:channel/messages/:message", async ({ ctx, params, request }) => {
    const message = findMessage(ctx, params.channel, params.message);
    if (message instanceof Response) return message;
    if (message.author.id !== ctx.state.bot.id) return DiscordErrors.otherAuthor();
    const tooLarge = requestSizeError(request);
    if (tooLarge) return tooLarge;
    const body = await readBody(request);
    if (body instanceof Response) return body;
    const read = await readMessageChanges(body, message.attachments, ctx.state.nextId);
    if (read instanceof Response) return read;
    const changes = withoutEmbedsUnlessAllowed(ctx, channelOf(ctx, message), read, body.files.size);
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
    // Create Reaction: Read Message History always; Add Reactions unless the emoji is on the message already.
    const channel = channelOf(ctx, message);
    const first = !message.reactions.includes(params.emoji);
    if (
      !botMay(ctx, channel, PermissionFlagsBits.ReadMessageHistory) ||
      (first && !botMay(ctx, channel, PermissionFlagsBits.AddReactions))
    ) {
      return DiscordErrors.missingPermissions();
    }
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
