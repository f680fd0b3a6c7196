import type { APIApplication, APIGatewayBotInfo } from "discord-api-types/v10";
import { DiscordErrors, json } from "../http.ts";
import { userPayload } from "../payloads.ts";
import { memberPermissions } from "../permissions.ts";
import { applicationFlags } from "../portal.ts";
import { route } from "../router.ts";
import type { SandboxMember } from "../state.ts";

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
  route("GET", "/users/@me", ({ ctx }) =>
    json({ ...userPayload(ctx.state.bot), verified: true, mfa_enabled: false, flags: 0, locale: "en-US" }),
  ),
  // The servers the bot is in: the sandbox guild, unless the bot was removed from it.
  route("GET", "/users/@me/guilds", ({ ctx }) => {
    const { guild, bot, members } = ctx.state;
    if (!members.has(bot.id)) return json([]);
    const permissions = memberPermissions(ctx.state, members.get(bot.id) as SandboxMember).toString();
    return json([{ id: guild.id, name: guild.name, icon: null, owner: false, permissions, features: [] }]);
  }),
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
      // Discord's published contract lists these on every application it answers (nothing set up here).
      redirect_uris: [],
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
