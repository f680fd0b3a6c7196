import { dispatchMemberUpdate, setMemberRoles } from "../actions.ts";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, json, noContent } from "../http.ts";
import { channelPayload, guildPayload, memberPayload, rolePayload } from "../payloads.ts";
import { canManageRole } from "../permissions.ts";
import { route } from "../router.ts";
import type { SandboxMember } from "../state.ts";

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
    if ("nick" in body && (body.nick === null || typeof body.nick === "string")) {
      changed ||= member.nick !== (body.nick || null);
      member.nick = body.nick || null;
    }
    if (changed) dispatchMemberUpdate(ctx, member);
    return json(memberPayload(member));
  }),
  route("PUT", "/guilds/:guild/members/:user/roles/:role", ({ ctx, params }) =>
    changeRole(ctx, params, true),
  ),
  route("DELETE", "/guilds/:guild/members/:user/roles/:role", ({ ctx, params }) =>
    changeRole(ctx, params, false),
  ),
];
