import {
  type APIApplicationCommandOptionChoice,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from "discord-api-types/v10";
import { createMessage, deleteMessage, editMessage, type MessageContent } from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, formError, json, noContent, type RequestBody, readBody } from "../http.ts";
import type { TrackedInteraction } from "../interactions.ts";
import { messagePayload } from "../payloads.ts";
import { route } from "../router.ts";
import { snowflakeTime } from "../snowflake.ts";
import type { SandboxMessage } from "../state.ts";
import { checkChoices, createFormErrors, LIMITS, requestSizeError, tokenExpired } from "./limits.ts";
import { completeMessage, isEmpty, readMessageChanges } from "./message-input.ts";
import { readModal } from "./modals.ts";

const invalidType = () =>
  DiscordErrors.invalidFormBody(
    formError(["type"], "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid response type"),
  );

/** A message the bot posts as the answer to an interaction (reply, deferred placeholder or follow-up). */
function answerMessage(
  ctx: SandboxContext,
  tracked: TrackedInteraction,
  content: MessageContent,
): SandboxMessage {
  return createMessage(ctx, {
    ...content,
    channelId: tracked.channelId,
    author: ctx.state.bot,
    type:
      tracked.type === InteractionType.ApplicationCommand
        ? MessageType.ChatInputCommand
        : MessageType.Default,
    webhookId: ctx.state.applicationId,
    interaction: {
      id: tracked.id,
      type: tracked.type,
      name: tracked.name,
      userId: tracked.userId,
      interactedMessageId: tracked.sourceMessageId,
      triggeredBy: tracked.triggeredBy && {
        id: tracked.triggeredBy.id,
        type: tracked.triggeredBy.type,
        name: tracked.triggeredBy.name,
        userId: tracked.triggeredBy.userId,
        interactedMessageId: tracked.triggeredBy.sourceMessageId,
      },
    },
  });
}

/** Applies the callback; the Response is an error, else the message the callback produced (if any). */
async function applyCallback(
  ctx: SandboxContext,
  tracked: TrackedInteraction,
  type: unknown,
  data: Record<string, unknown>,
  body: RequestBody,
): Promise<Response | SandboxMessage | null> {
  // A modal opened from a component carries that component's message: it may update it too.
  const component =
    tracked.type === InteractionType.MessageComponent || tracked.type === InteractionType.ModalSubmit;
  const autocomplete = tracked.type === InteractionType.ApplicationCommandAutocomplete;
  if (autocomplete !== (type === InteractionResponseType.ApplicationCommandAutocompleteResult)) {
    return invalidType();
  }
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource: {
      const changes = await readMessageChanges({ ...body, json: data }, [], ctx.state.nextId);
      if (changes instanceof Response) return changes;
      const content = completeMessage(changes);
      if (content instanceof Response) return content;
      const message = answerMessage(ctx, tracked, content);
      tracked.originalMessageId = message.id;
      tracked.settle({ kind: "message", messageId: message.id, deferred: false });
      return message;
    }
    case InteractionResponseType.DeferredChannelMessageWithSource: {
      const flags =
        (typeof data.flags === "number" ? data.flags & MessageFlags.Ephemeral : 0) | MessageFlags.Loading;
      const message = answerMessage(ctx, tracked, {
        content: "",
        embeds: [],
        components: [],
        attachments: [],
        flags,
      });
      tracked.originalMessageId = message.id;
      tracked.deferred = true;
      return message;
    }
    case InteractionResponseType.DeferredMessageUpdate:
    case InteractionResponseType.UpdateMessage: {
      const source = tracked.sourceMessageId ? ctx.state.messages.get(tracked.sourceMessageId) : undefined;
      if (!component || !source) return invalidType();
      tracked.originalMessageId = source.id;
      if (type === InteractionResponseType.DeferredMessageUpdate) {
        tracked.deferred = true;
        return null;
      }
      const changes = await readMessageChanges({ ...body, json: data }, source.attachments, ctx.state.nextId);
      if (changes instanceof Response) return changes;
      const { flags: _flags, ...rest } = changes;
      if (isEmpty({ ...source, ...rest })) return DiscordErrors.emptyMessage();
      editMessage(ctx, source, rest);
      tracked.settle({ kind: "message", messageId: source.id, deferred: false });
      return source;
    }
    case InteractionResponseType.ApplicationCommandAutocompleteResult: {
      const choices = Array.isArray(data.choices)
        ? (data.choices as APIApplicationCommandOptionChoice[])
        : [];
      const errors = createFormErrors();
      checkChoices(errors, ["data", "choices"], choices);
      const invalid = errors.tree();
      if (invalid) return DiscordErrors.invalidFormBody(invalid);
      tracked.settle({ kind: "choices", choices });
      return null;
    }
    case InteractionResponseType.Modal: {
      // Not available for MODAL_SUBMIT (nor PING), and an autocomplete answers with choices only.
      if (autocomplete || tracked.type === InteractionType.ModalSubmit) return invalidType();
      const modal = readModal(data);
      if ("errors" in modal) return DiscordErrors.invalidFormBody(modal.errors);
      tracked.modal = modal;
      tracked.settle({ kind: "modal", modal: data, interactionId: tracked.id });
      return null;
    }
    default:
      return invalidType();
  }
}

/** How long ago Discord sent the interaction, on the sandbox's clock. */
const ageOf = (ctx: SandboxContext, tracked: TrackedInteraction) =>
  ctx.state.clock.now() - snowflakeTime(tracked.id);

/**
 * The interaction of a webhook path (application id + interaction token): Unknown Webhook when there is none,
 * Invalid Webhook Token once its 15 minutes are over.
 */
function findByToken(ctx: SandboxContext, app: string, token: string): TrackedInteraction | Response {
  const tracked = ctx.interactions.byToken(token);
  if (!tracked || app !== ctx.state.applicationId) return DiscordErrors.unknownWebhook();
  return ageOf(ctx, tracked) > LIMITS.tokenLifetimeMs ? tokenExpired() : tracked;
}

/**
 * Whether a callback may still be made: 40060 when the interaction was already acknowledged, 10062 when it
 * comes more than 3 s after the interaction was sent (the member saw "The application did not respond"; the
 * control API is told so at once).
 */
function acknowledgeable(ctx: SandboxContext, tracked: TrackedInteraction): Response | null {
  const age = ageOf(ctx, tracked);
  if (tracked.acknowledged) {
    return age > LIMITS.tokenLifetimeMs
      ? DiscordErrors.unknownInteraction()
      : DiscordErrors.alreadyAcknowledged();
  }
  if (age <= LIMITS.acknowledgeMs) return null;
  ctx.logger.debug("sandbox discord interaction acknowledged too late", { interaction: tracked.id, age });
  tracked.settle({ kind: "expired", lateByMs: age - LIMITS.acknowledgeMs });
  return DiscordErrors.unknownInteraction();
}

/** The message `@original` or an id names within an interaction's answers. */
function answerOf(ctx: SandboxContext, tracked: TrackedInteraction, id: string): SandboxMessage | Response {
  const messageId = id === "@original" ? tracked.originalMessageId : id;
  const known =
    messageId !== null &&
    (messageId === tracked.originalMessageId || tracked.followUpIds.includes(messageId));
  const message = known ? ctx.state.messages.get(messageId) : undefined;
  return message ?? DiscordErrors.unknownMessage();
}

const toJson = (ctx: SandboxContext, message: SandboxMessage) =>
  json(messagePayload(ctx.state, ctx.url, message));

/** Interaction callbacks and the interaction webhook (edit reply, follow-ups); authenticated by token. */
export const interactionRoutes = [
  route(
    "POST",
    "/interactions/:id/:token/callback",
    async ({ ctx, params, request, url }) => {
      const tracked = ctx.interactions.byId(params.id);
      if (!tracked || tracked.token !== params.token) return DiscordErrors.unknownInteraction();
      const refused = acknowledgeable(ctx, tracked) ?? requestSizeError(request);
      if (refused) return refused;
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const { type } = body.json;
      const data = (body.json.data ?? {}) as Record<string, unknown>;
      const result = await applyCallback(ctx, tracked, type, data, body);
      if (result instanceof Response) return result;
      tracked.acknowledged = true;
      ctx.logger.debug("sandbox discord interaction answered", {
        interaction: tracked.id,
        type: Number(type),
      });
      if (url.searchParams.get("with_response") !== "true") return noContent();
      const message =
        result ?? (tracked.originalMessageId ? ctx.state.messages.get(tracked.originalMessageId) : null);
      return json({
        interaction: {
          id: tracked.id,
          type: tracked.type,
          ...(message
            ? {
                response_message_id: message.id,
                response_message_loading: (message.flags & MessageFlags.Loading) !== 0,
                response_message_ephemeral: (message.flags & MessageFlags.Ephemeral) !== 0,
              }
            : {}),
        },
        resource: {
          type: type as InteractionResponseType,
          ...(message ? { message: messagePayload(ctx.state, ctx.url, message) } : {}),
        },
      } satisfies RESTPostAPIInteractionCallbackWithResponseResult);
    },
    { auth: false },
  ),
  route(
    "POST",
    "/webhooks/:app/:token",
    async ({ ctx, params, request, url }) => {
      const tracked = findByToken(ctx, params.app, params.token);
      if (tracked instanceof Response) return tracked;
      if (!tracked.acknowledged) return DiscordErrors.unknownWebhook();
      const tooLarge = requestSizeError(request);
      if (tooLarge) return tooLarge;
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const changes = await readMessageChanges(body, [], ctx.state.nextId);
      if (changes instanceof Response) return changes;
      const content = completeMessage(changes);
      if (content instanceof Response) return content;
      const message = answerMessage(ctx, tracked, content);
      tracked.followUpIds.push(message.id);
      // A follow-up is what the user sees after "thinking…" when the bot never edits the reply.
      if (tracked.deferred) tracked.settle({ kind: "message", messageId: message.id, deferred: true });
      return url.searchParams.get("wait") === "true" ? toJson(ctx, message) : noContent();
    },
    { auth: false },
  ),
  route(
    "GET",
    "/webhooks/:app/:token/messages/:message",
    ({ ctx, params }) => {
      const tracked = findByToken(ctx, params.app, params.token);
      if (tracked instanceof Response) return tracked;
      const message = answerOf(ctx, tracked, params.message);
      return message instanceof Response ? message : toJson(ctx, message);
    },
    { auth: false },
  ),
  route(
    "PATCH",
    "/webhooks/:app/:token/messages/:message",
    async ({ ctx, params, request }) => {
      const tracked = findByToken(ctx, params.app, params.token);
      if (tracked instanceof Response) return tracked;
      const message = answerOf(ctx, tracked, params.message);
      if (message instanceof Response) return message;
      const tooLarge = requestSizeError(request);
      if (tooLarge) return tooLarge;
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const changes = await readMessageChanges(body, message.attachments, ctx.state.nextId);
      if (changes instanceof Response) return changes;
      const { flags: _flags, ...rest } = changes;
      if (isEmpty({ ...message, ...rest })) return DiscordErrors.emptyMessage();
      editMessage(ctx, message, { ...rest, flags: message.flags & ~MessageFlags.Loading });
      if (message.id === tracked.originalMessageId && tracked.deferred) {
        tracked.settle({ kind: "message", messageId: message.id, deferred: true });
      }
      return toJson(ctx, message);
    },
    { auth: false },
  ),
  route(
    "DELETE",
    "/webhooks/:app/:token/messages/:message",
    ({ ctx, params }) => {
      const tracked = findByToken(ctx, params.app, params.token);
      if (tracked instanceof Response) return tracked;
      const message = answerOf(ctx, tracked, params.message);
      if (message instanceof Response) return message;
      deleteMessage(ctx, message);
      return noContent();
    },
    { auth: false },
  ),
];
