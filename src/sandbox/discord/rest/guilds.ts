import { PermissionFlagsBits } from "discord-api-types/v10";
import { dispatchMemberUpdate, setMemberRoles } from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, formError, json, noContent } from "../http.ts";
import { channelPayload, guildPayload, memberPayload, rolePayload, userPayload } from "../payloads.ts";
import { canManageNickname, canManageRole, hasPermission } from "../permissions.ts";
import { route } from "../router.ts";
import type { SandboxMember } from "../state.ts";

/**
 * A member's nickname: 1 to 32 characters (docs.discord.com, Users, Usernames and Nicknames; Discord's OpenAPI
 * description gives `maxLength: 32`, counted here in UTF-16 units as its own schemas and twilight's validation count),
 * sanitized as Discord does ("trimmed of leading, trailing, and excessive internal whitespace"); empty or null
 * clears it.
 */
export const NICK_MAX = 32;

/** The nickname a Modify Guild Member body asks for, as Discord stores it; a Response when it is refused. */
function nickOf(value: unknown): string | null | Response {
  if (value === null) return null;
  if (typeof value !== "string") {
    return DiscordErrors.invalidFormBody(formError(["nick"], "BASE_TYPE_STRING", "Must be a string."));
  }
  if (value.length > NICK_MAX) {
    return DiscordErrors.invalidFormBody(
      formError(["nick"], "BASE_TYPE_BAD_LENGTH", `Must be between 1 and ${NICK_MAX} in length.`),
    );
  }
  const sanitized = value.trim().replace(/\s{2,}/g, " ");
  return sanitized === "" ? null : sanitized;
}

/** A ban object (docs.discord.com, Guild resource, Ban Object): the user and the reason. */
const banPayload = (ctx: SandboxContext, userId: string, reason: string | null) => {
  const user = ctx.state.users.get(userId) ?? { id: userId, username: "unknown", bot: false };
  return { reason, user: userPayload(user) };
};

/** The guild in the path must be the sandbox guild. */
const unknownGuild = (ctx: SandboxContext, guild: string) =>
  guild === ctx.state.guild.id ? null : DiscordErrors.unknownGuild();

/** The member in the path, or the Discord error for it. */
function findMember(ctx: SandboxContext, guild: string, user: string): SandboxMember | Response {
  return unknownGuild(ctx, guild) ?? ctx.state.members.get(user) ?? DiscordErrors.unknownMember();
}

/** The bot's own member (always present: the seed adds it). */
const botMember = (ctx: SandboxContext) => ctx.state.members.get(ctx.state.bot.id) as SandboxMember;

/** Changes one role of a member under Discord's rules (Manage Roles, role below the bot's highest). */
function changeRole(
  ctx: SandboxContext,
  params: { guild: string; user: string; role: string },
  add: boolean,
) {
  const member = findMember(ctx, params.guild, params.user);
  if (member instanceof Response) return member;
  if (!ctx.state.roles.has(params.role) || params.role === ctx.state.guild.id) {
    return DiscordErrors.unknownRole();
  }
  if (!canManageRole(ctx.state, botMember(ctx), params.role)) {
    ctx.logger.info("sandbox discord refused a role change", { user: params.user, role: params.role, add });
    return DiscordErrors.missingPermissions();
  }
  const roleIds = add ? [...member.roleIds, params.role] : member.roleIds.filter((id) => id !== params.role);
  setMemberRoles(ctx, member, roleIds);
  return noContent();
}

/** Reading bans needs Ban Members (docs.discord.com, Guild resource, Get Guild Bans and Get Guild Ban). */
const mayReadBans = (ctx: SandboxContext) =>
  hasPermission(ctx.state, botMember(ctx), PermissionFlagsBits.BanMembers)
    ? null
    : DiscordErrors.missingPermissions();

const byId = (a: SandboxMember, b: SandboxMember) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1);

/** Guild, roles, channels and members. */
export const guildRoutes = [
  route(
    "GET",
    "/guilds/:guild",
    ({ ctx, params }) => unknownGuild(ctx, params.guild) ?? json(guildPayload(ctx.state)),
  ),
  route("GET", "/guilds/:guild/roles", ({ ctx, params }) => {
    return unknownGuild(ctx, params.guild) ?? json(guildPayload(ctx.state).roles);
  }),
  route("GET", "/guilds/:guild/roles/:role", ({ ctx, params }) => {
    const role = ctx.state.roles.get(params.role);
    return unknownGuild(ctx, params.guild) ?? (role ? json(rolePayload(role)) : DiscordErrors.unknownRole());
  }),
  route("GET", "/guilds/:guild/channels", ({ ctx, params }) => {
    const channels = [...ctx.state.channels.values()].map((channel) => channelPayload(ctx.state, channel));
    return unknownGuild(ctx, params.guild) ?? json(channels);
  }),
  route("GET", "/guilds/:guild/members", ({ ctx, params, url }) => {
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 1) || 1, 1), 1000);
    const afterParam = url.searchParams.get("after") ?? "0";
    const after = /^\d+$/.test(afterParam) ? BigInt(afterParam) : 0n;
    const members = [...ctx.state.members.values()]
      .sort(byId)
      .filter((member) => BigInt(member.user.id) > after);
    return unknownGuild(ctx, params.guild) ?? json(members.slice(0, limit).map(memberPayload));
  }),
  route("GET", "/guilds/:guild/members/search", ({ ctx, params, url }) => {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 1) || 1, 1), 1000);
    const members = [...ctx.state.members.values()].filter((member) =>
      [member.user.username, member.nick ?? ""].some((name) => name.toLowerCase().startsWith(query)),
    );
    return unknownGuild(ctx, params.guild) ?? json(members.slice(0, limit).map(memberPayload));
  }),
  route("GET", "/guilds/:guild/members/:user", ({ ctx, params }) => {
    const member = findMember(ctx, params.guild, params.user);
    return member instanceof Response ? member : json(memberPayload(member));
  }),
  route("PATCH", "/guilds/:guild/members/:user", async ({ ctx, params, request }) => {
    const member = findMember(ctx, params.guild, params.user);
    if (member instanceof Response) return member;
    const body = (await request.json().catch(() => null)) as { roles?: unknown; nick?: unknown } | null;
    if (!body) return DiscordErrors.invalidJson();
    // The form is checked before any permission, as Discord answers a malformed body 400 whoever sends it.
    const nick = "nick" in body ? nickOf(body.nick) : undefined;
    if (nick instanceof Response) return nick;
    if (nick !== undefined && !canManageNickname(ctx.state, botMember(ctx), member)) {
      ctx.logger.info("sandbox discord refused a nickname change", { user: params.user });
      return DiscordErrors.missingPermissions();
    }
    let changed = false;
    if (Array.isArray(body.roles)) {
      const wanted = body.roles.map(String);
      if (wanted.some((id) => !ctx.state.roles.has(id))) return DiscordErrors.unknownRole();
      const touched = [
        ...wanted.filter((id) => !member.roleIds.includes(id)),
        ...member.roleIds.filter((id) => !wanted.includes(id)),
      ];
      if (touched.some((id) => !canManageRole(ctx.state, botMember(ctx), id))) {
        return DiscordErrors.missingPermissions();
      }
      member.roleIds = [...new Set(wanted)].filter((id) => id !== ctx.state.guild.id);
      changed = touched.length > 0;
    }
    if (nick !== undefined) {
      changed ||= member.nick !== nick;
      member.nick = nick;
    }
    if (changed) dispatchMemberUpdate(ctx, member);
    return json(memberPayload(member));
  }),
  route("GET", "/guilds/:guild/bans", ({ ctx, params, url }) => {
    const refused = unknownGuild(ctx, params.guild) ?? mayReadBans(ctx);
    if (refused) return refused;
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 1000) || 1000, 1), 1000);
    const afterParam = url.searchParams.get("after") ?? "0";
    const after = /^\d+$/.test(afterParam) ? BigInt(afterParam) : 0n;
    const bans = [...ctx.state.bans]
      .filter(([userId]) => BigInt(userId) > after)
      .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
      .slice(0, limit);
    return json(bans.map(([userId, ban]) => banPayload(ctx, userId, ban.reason)));
  }),
  route("GET", "/guilds/:guild/bans/:user", ({ ctx, params }) => {
    const refused = unknownGuild(ctx, params.guild) ?? mayReadBans(ctx);
    if (refused) return refused;
    const ban = ctx.state.bans.get(params.user);
    return ban ? json(banPayload(ctx, params.user, ban.reason)) : DiscordErrors.unknownBan();
  }),
  route("PUT", "/guilds/:guild/members/:user/roles/:role", ({ ctx, params }) =>
    changeRole(ctx, params, true),
  ),
  route("DELETE", "/guilds/:guild/members/:user/roles/:role", ({ ctx, params }) =>
    changeRole(ctx, params, false),
  ),
];
