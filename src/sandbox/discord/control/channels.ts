import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import { channelPayload } from "../payloads.ts";
import { type Route, route } from "../router.ts";
import type { SandboxChannel } from "../state.ts";
import { ControlRequestError } from "./command-options.ts";

const isBitfield = (value: unknown): value is string =>
  typeof value === "string" && /^(0|[1-9]\d{0,19})$/.test(value);

function channelOf(ctx: SandboxContext, id: string): SandboxChannel {
  const channel = ctx.state.channels.get(id);
  if (!channel) throw new ControlRequestError(`unknown channel ${id}`, 404);
  return channel;
}

/** Tells the connected bot a channel changed, as Discord does (CHANNEL_UPDATE with the whole channel). */
const dispatchUpdate = (ctx: SandboxContext, channel: SandboxChannel) =>
  ctx.gateway.dispatch(GatewayDispatchEvents.ChannelUpdate, {
    ...channelPayload(ctx.state, channel),
    guild_id: ctx.state.guild.id,
  });

/**
 * What a server admin does to channels in Discord's UI: permission overwrites for a role or a member (Edit Channel
 * → Permissions), and deleting a channel.
 */
export const channelControlRoutes: Route[] = [
  route("PUT", "/channels/:channel/overwrites/:target", async ({ ctx, params, request }) => {
    const channel = channelOf(ctx, params.channel);
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (body === null || typeof body !== "object")
      throw new ControlRequestError("the body must be a JSON object");
    const { type, allow = "0", deny = "0" } = body;
    if (type !== "role" && type !== "member")
      throw new ControlRequestError('type must be "role" or "member"');
    if (!isBitfield(allow) || !isBitfield(deny)) {
      throw new ControlRequestError("allow and deny must be permission bitfields as decimal strings");
    }
    const known = type === "role" ? ctx.state.roles.has(params.target) : ctx.state.members.has(params.target);
    if (!known) throw new ControlRequestError(`unknown ${type} ${params.target}`, 404);
    channel.overwrites = [
      ...channel.overwrites.filter((overwrite) => overwrite.id !== params.target),
      { id: params.target, type: type === "role" ? 0 : 1, allow, deny },
    ];
    dispatchUpdate(ctx, channel);
    return json(channelPayload(ctx.state, channel));
  }),
  route("DELETE", "/channels/:channel/overwrites/:target", ({ ctx, params }) => {
    const channel = channelOf(ctx, params.channel);
    channel.overwrites = channel.overwrites.filter((overwrite) => overwrite.id !== params.target);
    dispatchUpdate(ctx, channel);
    return json(channelPayload(ctx.state, channel));
  }),
  route("DELETE", "/channels/:channel", ({ ctx, params }) => {
    const channel = channelOf(ctx, params.channel);
    ctx.state.channels.delete(channel.id);
    ctx.gateway.dispatch(GatewayDispatchEvents.ChannelDelete, {
      ...channelPayload(ctx.state, channel),
      guild_id: ctx.state.guild.id,
    });
    return json({ deleted: channel.id });
  }),
];
