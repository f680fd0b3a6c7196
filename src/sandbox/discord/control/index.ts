import {
  GatewayDispatchEvents,
  type GatewayInteractionCreateDispatchData,
  InteractionType,
  MessageFlags,
} from "discord-api-types/v10";
import {
  addMember,
  banUser,
  createMessage,
  deleteMessage,
  deleteRole,
  removeMember,
  setMemberRoles,
  setOwnNick,
  unbanUser,
} from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import type { TrackedInteraction } from "../interactions.ts";
import { DISCORD_LOCALES, isDiscordLocale } from "../locales.ts";
import { guildPayload } from "../payloads.ts";
import { submittedValues } from "../rest/modals.ts";
import { matchRoute, pathSegments, type Route, route } from "../router.ts";
import { findCommand, type SandboxMember } from "../state.ts";
import { channelControlRoutes } from "./channels.ts";
import { type CommandRequest, ControlRequestError } from "./command-options.ts";
import { gatewayRoutes } from "./gateway.ts";
import {
  commandInteraction,
  componentInteraction,
  findComponent,
  modalSubmitInteraction,
} from "./interaction-payloads.ts";
import { limitRoutes } from "./limits.ts";
import { rateLimitSettingRoutes } from "./rate-limit-settings.ts";
import { answerView, guildView, memberView, messageView } from "./views.ts";

const fail = (status: number, error: string) => json({ error }, status);

type Body = Record<string, unknown>;

async function readJson(request: Request): Promise<Body> {
  const body = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ControlRequestError("the body must be a JSON object");
  }
  return body as Body;
}

function text(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || value === "") {
    throw new ControlRequestError(`${key} must be a non-empty string`);
  }
  return value;
}

function optionalText(body: Body, key: string): string | null {
  return body[key] === undefined || body[key] === null ? null : text(body, key);
}

function idList(body: Body, key: string): string[] {
  const value = body[key];
  if (!Array.isArray(value) || value.some((id) => typeof id !== "string")) {
    throw new ControlRequestError(`${key} must be an array of ids`);
  }
  return value as string[];
}

/** A `locale` of the body: one of Discord's (an unknown one is refused, as Discord never sends it). */
function locale(body: Body): string {
  const value = body.locale;
  if (!isDiscordLocale(value)) {
    throw new ControlRequestError(`locale must be one of Discord's: ${[...DISCORD_LOCALES].join(", ")}`);
  }
  return value;
}

function member(ctx: SandboxContext, userId: string): SandboxMember {
  const found = ctx.state.members.get(userId);
  if (!found) throw new ControlRequestError(`user ${userId} is not a member of the guild`, 404);
  return found;
}

function knownRoles(ctx: SandboxContext, roleIds: string[]): string[] {
  const unknown = roleIds.find((id) => !ctx.state.roles.has(id));
  if (unknown !== undefined) throw new ControlRequestError(`unknown role ${unknown}`, 404);
  return roleIds;
}

/** Sends the interaction to the bot and waits (bounded) for its answer. */
async function run(
  ctx: SandboxContext,
  tracked: TrackedInteraction,
  payload: GatewayInteractionCreateDispatchData,
): Promise<Response> {
  if (ctx.gateway.stats().sessions === 0) return fail(503, "no bot is connected to the sandbox gateway");
  ctx.gateway.dispatch(GatewayDispatchEvents.InteractionCreate, payload);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    // Unref'd: a control call still waiting must not keep a stopping process alive.
    timer = setTimeout(() => resolve(null), ctx.interactionTimeoutMs).unref();
  });
  const answer = await Promise.race([tracked.answer, timeout]);
  clearTimeout(timer);
  if (!answer) {
    const state = tracked.deferred ? "deferred but never edited its reply" : "did not answer";
    return fail(504, `the bot ${state} within ${ctx.interactionTimeoutMs} ms (${tracked.name})`);
  }
  if (answer.kind === "expired") {
    const late = `${answer.lateByMs} ms after Discord's 3 s, which refused it (10062 Unknown interaction)`;
    return fail(504, `the bot acknowledged ${late} (${tracked.name})`);
  }
  return json(answerView(ctx.state, answer));
}

const routes: Route[] = [
  route("POST", "/interactions", async ({ ctx, request }) => {
    const body = await readJson(request);
    const invoker = member(ctx, text(body, "userId"));
    const channelId = optionalText(body, "channelId") ?? [...ctx.state.channels.keys()][0] ?? "";
    const channel = ctx.state.channels.get(channelId);
    if (!channel) throw new ControlRequestError(`unknown channel ${channelId}`, 404);
    const name = text(body, "command");
    const command = findCommand(ctx.state, name);
    if (!command) throw new ControlRequestError(`the bot has not registered /${name}`, 404);
    const options = body.options ?? {};
    if (typeof options !== "object" || options === null || Array.isArray(options)) {
      throw new ControlRequestError("options must be an object keyed by option name");
    }
    const commandRequest: CommandRequest = {
      command,
      subcommandGroup: optionalText(body, "subcommandGroup"),
      subcommand: optionalText(body, "subcommand"),
      options: options as Record<string, unknown>,
      focused: optionalText(body, "focused") ?? (body.autocomplete === true ? true : null),
    };
    const id = ctx.state.nextId();
    const tracked = ctx.interactions.open({
      id,
      type:
        commandRequest.focused === null
          ? InteractionType.ApplicationCommand
          : InteractionType.ApplicationCommandAutocomplete,
      channelId: channel.id,
      userId: invoker.user.id,
      name,
    });
    const payload = commandInteraction(ctx, { id, token: tracked.token }, invoker, channel, commandRequest);
    return run(ctx, tracked, payload);
  }),
  route("POST", "/buttons", async ({ ctx, request }) => {
    const body = await readJson(request);
    const clicker = member(ctx, text(body, "userId"));
    const message = ctx.state.messages.get(text(body, "messageId"));
    if (!message) throw new ControlRequestError(`unknown message ${String(body.messageId)}`, 404);
    const customId = text(body, "customId");
    const values = body.values === undefined ? null : idList(body, "values");
    const id = ctx.state.nextId();
    if (!findComponent(message, customId)) {
      throw new ControlRequestError(`message ${message.id} has no component ${customId}`, 404);
    }
    const tracked = ctx.interactions.open({
      id,
      type: InteractionType.MessageComponent,
      channelId: message.channelId,
      userId: clicker.user.id,
      name: customId,
      sourceMessageId: message.id,
    });
    const payload = componentInteraction(
      ctx,
      { id, token: tracked.token },
      clicker,
      message,
      customId,
      values,
    );
    return run(ctx, tracked, payload);
  }),
  route("POST", "/modals", async ({ ctx, request }) => {
    const body = await readJson(request);
    const submitter = member(ctx, text(body, "userId"));
    const shown = ctx.interactions.byId(text(body, "interactionId"));
    if (!shown?.modal) {
      throw new ControlRequestError(
        `interaction ${String(body.interactionId)} was not answered with a modal`,
        404,
      );
    }
    // A modal opens for the member who acted, once: Discord closes it when it is submitted.
    if (shown.userId !== submitter.user.id) {
      throw new ControlRequestError(`the modal of interaction ${shown.id} was shown to another member`, 403);
    }
    if (shown.modalSubmitted)
      throw new ControlRequestError(`the modal of ${shown.id} was submitted already`, 409);
    const given = body.values ?? {};
    if (typeof given !== "object" || given === null || Array.isArray(given)) {
      throw new ControlRequestError("values must be an object keyed by text input custom id");
    }
    let values: Map<string, string>;
    try {
      values = submittedValues(shown.modal, given as Record<string, unknown>);
    } catch (error) {
      throw new ControlRequestError((error as Error).message);
    }
    const channel = ctx.state.channels.get(shown.channelId);
    if (!channel) throw new ControlRequestError(`the channel of interaction ${shown.id} is gone`, 404);
    const source = shown.sourceMessageId ? (ctx.state.messages.get(shown.sourceMessageId) ?? null) : null;
    shown.modalSubmitted = true;
    const id = ctx.state.nextId();
    const tracked = ctx.interactions.open({
      id,
      type: InteractionType.ModalSubmit,
      channelId: channel.id,
      userId: submitter.user.id,
      name: shown.modal.customId,
      ...(source ? { sourceMessageId: source.id } : {}),
      triggeredBy: {
        id: shown.id,
        type: shown.type,
        name: shown.name,
        userId: shown.userId,
        sourceMessageId: shown.sourceMessageId,
      },
    });
    const payload = modalSubmitInteraction(
      ctx,
      { id, token: tracked.token },
      submitter,
      channel,
      shown.modal,
      values,
      source,
    );
    return run(ctx, tracked, payload);
  }),
  route("POST", "/messages", async ({ ctx, request }) => {
    const body = await readJson(request);
    const author = member(ctx, text(body, "userId"));
    const channel = ctx.state.channels.get(text(body, "channelId"));
    if (!channel) throw new ControlRequestError(`unknown channel ${String(body.channelId)}`, 404);
    if (typeof body.content !== "string") throw new ControlRequestError("content must be a string");
    const message = createMessage(ctx, {
      channelId: channel.id,
      author: author.user,
      content: body.content,
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
    });
    // As a moderation bot (or a moderator) that deletes the message the moment it is posted: the bot hears of it,
    // then of its deletion, before it can answer.
    if (body.deletedAtOnce === true) deleteMessage(ctx, message);
    return json({ id: message.id });
  }),
  route("DELETE", "/channels/:channel/messages/:message", ({ ctx, params }) => {
    const message = ctx.state.messages.get(params.message);
    if (!message || message.channelId !== params.channel) {
      throw new ControlRequestError(`unknown message ${params.message} in channel ${params.channel}`, 404);
    }
    deleteMessage(ctx, message);
    return json({ deleted: message.id });
  }),
  route("POST", "/members", async ({ ctx, request }) => {
    const body = await readJson(request);
    const id = text(body, "id");
    if (ctx.state.members.has(id)) throw new ControlRequestError(`user ${id} is already a member`, 409);
    const roleIds = body.roleIds === undefined ? [] : knownRoles(ctx, idList(body, "roleIds"));
    return json(memberView(addMember(ctx, { id, username: text(body, "username"), roleIds })), 201);
  }),
  route("GET", "/members/:user", ({ ctx, params }) => json(memberView(member(ctx, params.user)))),
  route("POST", "/members/:user/leave", ({ ctx, params }) => {
    const leaving = member(ctx, params.user);
    removeMember(ctx, leaving);
    return json(memberView(leaving));
  }),
  route("POST", "/members/:user/roles", async ({ ctx, params, request }) => {
    const target = member(ctx, params.user);
    const roleIds = knownRoles(ctx, idList(await readJson(request), "roleIds"));
    setMemberRoles(ctx, target, roleIds);
    return json(memberView(target));
  }),
  // Languages (Discord's Locales): a member's client language, sent as `locale` on their interactions, and the
  // server's, sent as `guild_locale` and `preferred_locale` (a change of it dispatches GUILD_UPDATE, as Discord does).
  route("POST", "/members/:user/locale", async ({ ctx, params, request }) => {
    const target = member(ctx, params.user);
    target.user.locale = locale(await readJson(request));
    return json({ ...memberView(target), locale: target.user.locale });
  }),
  route("POST", "/guild/locale", async ({ ctx, request }) => {
    ctx.state.guild.preferredLocale = locale(await readJson(request));
    ctx.gateway.dispatch(GatewayDispatchEvents.GuildUpdate, guildPayload(ctx.state));
    return json({ ...guildView(ctx.state), preferredLocale: ctx.state.guild.preferredLocale });
  }),
  route("POST", "/members/:user/nick", async ({ ctx, params, request }) => {
    const target = member(ctx, params.user);
    const body = await readJson(request);
    const nick = body.nick === null ? null : text(body, "nick");
    if (nick !== null && nick.length > 32)
      throw new ControlRequestError("a nickname is at most 32 characters");
    setOwnNick(ctx, target, nick);
    return json(memberView(target));
  }),
  route("PUT", "/bans/:user", async ({ ctx, params, request }) => {
    const user = ctx.state.users.get(params.user);
    if (!user) throw new ControlRequestError(`unknown user ${params.user}`, 404);
    const body = await readJson(request);
    const reason = optionalText(body, "reason");
    const banned = banUser(ctx, user, { reason, removeFirst: body.order === "remove-first" });
    return json({ banned, userId: user.id });
  }),
  route("DELETE", "/bans/:user", ({ ctx, params }) => {
    const user = ctx.state.users.get(params.user);
    if (!user) throw new ControlRequestError(`unknown user ${params.user}`, 404);
    return json({ unbanned: unbanUser(ctx, user), userId: user.id });
  }),
  route("DELETE", "/roles/:role", ({ ctx, params }) => {
    const role = ctx.state.roles.get(params.role);
    if (!role) throw new ControlRequestError(`unknown role ${params.role}`, 404);
    if (role.id === ctx.state.guild.id) throw new ControlRequestError("@everyone cannot be deleted");
    deleteRole(ctx, role);
    return json(guildView(ctx.state));
  }),
  route("GET", "/channels/:channel/messages", ({ ctx, params }) => {
    if (!ctx.state.channels.has(params.channel)) {
      throw new ControlRequestError(`unknown channel ${params.channel}`, 404);
    }
    const messages = [...ctx.state.messages.values()].filter(
      (message) => message.channelId === params.channel && (message.flags & MessageFlags.Ephemeral) === 0,
    );
    return json(messages.map(messageView));
  }),
  route("GET", "/guild", ({ ctx }) => json(guildView(ctx.state))),
  route("GET", "/commands", ({ ctx }) => json([...ctx.state.commands.values()])),
  route("GET", "/attachments/:id/:filename", ({ ctx, params }) => {
    const upload = ctx.state.uploads.get(params.id);
    if (upload) return new Response(upload.bytes, { headers: { "content-type": upload.contentType } });
    for (const message of ctx.state.messages.values()) {
      const attachment = message.attachments.find((candidate) => candidate.id === params.id);
      if (attachment) {
        return new Response(attachment.bytes, { headers: { "content-type": attachment.contentType } });
      }
    }
    return fail(404, `unknown attachment ${params.id}`);
  }),
  ...limitRoutes,
  ...rateLimitSettingRoutes,
  ...channelControlRoutes,
  ...gatewayRoutes,
];

/** Answers a control API request; `path` is what follows `/_sandbox`. Errors are `{ error }`. */
export async function handleControl(
  ctx: SandboxContext,
  request: Request,
  path: string,
  url: URL,
): Promise<Response> {
  const segments = pathSegments(path);
  const found = segments ? matchRoute(routes, request.method, segments) : null;
  if (!found) return fail(404, `no control route ${request.method} /_sandbox${path}`);
  try {
    return await found.route.handle({ ctx, params: found.params, request, url });
  } catch (error) {
    if (error instanceof ControlRequestError) return fail(error.status, error.message);
    ctx.logger.error("sandbox control route failed", {
      route: found.route.pattern,
      error: error instanceof Error ? error.message : String(error),
    });
    return fail(500, error instanceof Error ? error.message : String(error));
  }
}
