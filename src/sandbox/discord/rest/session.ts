import type { APIApplication, APIGatewayBotInfo } from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, json } from "../http.ts";
import { bearerHolder } from "../oauth2/http.ts";
import { userPayload } from "../payloads.ts";
import { memberPermissions } from "../permissions.ts";
import { applicationFlags } from "../portal.ts";
import { route } from "../router.ts";
import type { SandboxUser } from "../state.ts";

/** The gateway URL the fake hands out (`?v=10&encoding=json` is appended by the client). */
export const gatewayUrlOf = (baseUrl: string) => `${baseUrl.replace(/^http/, "ws")}/gateway`;

/** What login touches: gateway discovery, the bot user and the application. */
export const sessionRoutes = [
  route("GET", "/gateway", ({ ctx }) => json({ url: gatewayUrlOf(ctx.url) }), { auth: false }),
  route("GET", "/gateway/bot", ({ ctx }) =>
    json({
      url: gatewayUrlOf(ctx.url),
      shards: ctx.state.recommendedShards,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    } satisfies APIGatewayBotInfo),
  ),
  // The bot's own user with its token; with a user's OAuth2 token granted `identify`, that user (Discord's Get
  // Current User: `locale` is the language their client is set to).
  route(
    "GET",
    "/users/@me",
    ({ ctx, request }) => {
      const user = whoAsks(ctx, request, "identify");
      if (!user) return DiscordErrors.unauthorized();
      return json({
        ...userPayload(user),
        verified: true,
        mfa_enabled: false,
        flags: 0,
        locale: user.locale ?? "en-US",
      });
    },
    { auth: false },
  ),
  // The servers the bot is in, or with a user's token granted `guilds` the servers that user is in (Discord's Get
  // Current User Guilds: partial guilds with the user's permissions there): the sandbox guild, if a member.
  route(
    "GET",
    "/users/@me/guilds",
    ({ ctx, request }) => {
      const user = whoAsks(ctx, request, "guilds");
      if (!user) return DiscordErrors.unauthorized();
      const { guild, members } = ctx.state;
      const member = members.get(user.id);
      if (!member) return json([]);
      const permissions = memberPermissions(ctx.state, member).toString();
      return json([
        {
          id: guild.id,
          name: guild.name,
          icon: null,
          banner: null,
          owner: guild.ownerId === user.id,
          permissions,
          features: [],
        },
      ]);
    },
    { auth: false },
  ),
  route("GET", "/users/:user", ({ ctx, params }) => {
    const user = ctx.state.users.get(params.user);
    return user ? json(userPayload(user)) : DiscordErrors.unknownUser();
  }),
  route("GET", "/applications/@me", ({ ctx }) =>
    json({
      id: ctx.state.applicationId,
      name: ctx.state.bot.username,
      icon: null,
      description: "",
      bot_public: false,
      bot_require_code_grant: false,
      summary: "",
      verify_key: "0".repeat(64),
      team: null,
      // Discord's published contract lists these on every application it answers; the redirect URIs are the portal's.
      redirect_uris: [...ctx.oauth2.app.redirectUris],
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      approximate_guild_count: 1,
      approximate_user_install_count: 0,
      approximate_user_authorization_count: 0,
      ...{ type: null, explicit_content_filter: 0, eligible_oauth2_scopes: [] }, // not in APIApplication
      flags: applicationFlags(ctx.state.privilegedIntents),
      flags_new: String(applicationFlags(ctx.state.privilegedIntents)),
      bot: userPayload(ctx.state.bot),
      owner: { ...userPayload(ctx.state.users.get(ctx.state.guild.ownerId) ?? ctx.state.bot) },
    } satisfies APIApplication),
  ),
];

/** The user a request speaks for: the bot with its token, or a user whose OAuth2 token was granted `scope`. */
function whoAsks(ctx: SandboxContext, request: Request, scope: string): SandboxUser | undefined {
  if (request.headers.get("authorization") === `Bot ${ctx.token}`) return ctx.state.bot;
  const holder = bearerHolder(ctx, request, scope);
  return holder && ctx.state.users.get(holder.userId);
}
