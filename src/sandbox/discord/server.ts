import type { Server } from "bun";
import { type Clock, systemClock } from "../../shared/clock.ts";
import { type Logger, silentLogger } from "../../shared/logger.ts";
import type { SandboxContext } from "./context.ts";
import { handleControl } from "./control/index.ts";
import { createGateway, type GatewayConnection, type GatewayStats } from "./gateway.ts";
import { DiscordErrors, observeExchange, type RestExchange } from "./http.ts";
import { createInteractionTracker } from "./interactions.ts";
import { createRestLimiter, type RateLimitChanges } from "./limiter.ts";
import { createOAuth2Server, type OAuth2Application, type OAuth2Server } from "./oauth2/grants.ts";
import { handleAuthorize, handleToken, OAUTH2_AUTHORIZE_PATH, OAUTH2_TOKEN_PATH } from "./oauth2/http.ts";
import { type PrivilegedIntentSwitches, resetToken } from "./portal.ts";
import { createRateLimits } from "./rate-limits.ts";
import { handleRest } from "./rest/index.ts";
import { createNonceMemory } from "./rest/nonces.ts";
import { gatewayUrlOf } from "./rest/session.ts";
import { createSandboxState, type SandboxSeed, type SandboxState } from "./state.ts";

/** Options of the sandbox Discord server. */
export type SandboxDiscordOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  hostname?: string;
  seed: SandboxSeed;
  /** The bot token REST and IDENTIFY must carry. */
  token: string;
  /** Sent in HELLO; Discord's is 41250. */
  heartbeatIntervalMs?: number;
  /** How long the control API waits for the bot to answer an interaction (default 10 s). */
  interactionTimeoutMs?: number;
  logger?: Logger;
  clock?: Clock;
  /** Tests only: sees every REST exchange (not the control API's) before its answer leaves. Off by default. */
  observe?: (exchange: RestExchange) => void;
  /**
   * Tests only: runs before each REST request is handled (not the control API's), so a test can make something
   * happen at Discord just before the bot's request lands there (a member renaming themselves, say). Off by default.
   */
  beforeRest?: (request: { method: string; path: string }) => void | Promise<void>;
  /** The developer portal's privileged intent switches (default: Server Members and Message Content on). */
  privilegedIntents?: Partial<PrivilegedIntentSwitches>;
  /** false: the guild starts in an outage (unavailable at READY) until `setGuildAvailable(true)`. */
  guildAvailable?: boolean;
  /** The shard count `GET /gateway/bot` recommends (default 1); the gateway accepts any `[i, n]` anyway. */
  shards?: number;
  /**
   * Discord's rate limits (`limiter.ts`, docs/decisions.md, The sandbox's rate limits): on with Discord's sizes
   * by default, changed here or through `/_sandbox/rate-limits/settings`; false turns them off (no limit, no
   * header), for tests that drive more traffic than Discord allows and are not about it.
   */
  rateLimits?: RateLimitChanges | false;
  /** The portal's OAuth2 settings: the client secret (random unless given) and the redirect URIs registered. */
  oauth2?: Partial<OAuth2Application>;
};

/** A running sandbox Discord. */
export type SandboxDiscord = {
  /** `http://127.0.0.1:PORT`; the control API is under `${url}/_sandbox`. */
  url: string;
  /** What discord.js takes as `rest.api` (`${url}/api`). */
  apiUrl: string;
  /**
   * New at every start, even on the same port: the sandbox keeps nothing between starts (no registered command),
   * so a bot on a kept database must not take an earlier sandbox's commands as registered (the demo passes it
   * to the service as `discordInstance`).
   */
  instanceId: string;
  gatewayUrl: string;
  /** The bot token REST and the gateway accept now. */
  readonly token: string;
  applicationId: string;
  /** The live state (read it; change it through the control API so events are dispatched). */
  state: SandboxState;
  gatewayStats(): GatewayStats;
  /** Closes the bot's gateway connections: resumable (default) → the client resumes; else it re-identifies. */
  dropGateway(options?: { resumable?: boolean }): void;
  /** Resolves once a gateway session is READY or RESUMED on an open connection. */
  waitForGatewayReady(): Promise<void>;
  /** Resolves once `check` holds for the gateway's stats (checked after every gateway change). */
  waitForGateway(check: (stats: GatewayStats) => boolean): Promise<GatewayStats>;
  /** Sends op 9 Invalid Session: resumable → the client resumes on the same connection; else it re-identifies. */
  invalidateSession(options: { resumable: boolean }): void;
  /** The open gateway connections go silent (no heartbeat ACK, no dispatch) without closing. */
  zombieGateway(): void;
  /** A guild outage (GUILD_DELETE unavailable) or its end (GUILD_CREATE). */
  setGuildAvailable(available: boolean): void;
  /**
   * The portal's Reset Token: the old token gets 401 on REST and 4004 at the next IDENTIFY or RESUME (sessions
   * already open carry on, as on Discord). Answers the new token.
   */
  resetToken(): string;
  /** Flips the developer portal's privileged intent switches; applies from the next IDENTIFY, as on Discord. */
  setPrivilegedIntents(changes: Partial<PrivilegedIntentSwitches>): PrivilegedIntentSwitches;
  /** The application's OAuth2 side: its client secret and redirect URIs (`app`), codes and tokens. */
  oauth2: OAuth2Server;
  stop(): Promise<void>;
};

/** Starts the sandbox Discord: REST under `/api/v10`, the gateway at `/gateway`, control under `/_sandbox`. */
export async function startSandboxDiscord(options: SandboxDiscordOptions): Promise<SandboxDiscord> {
  const logger = options.logger ?? silentLogger;
  const hostname = options.hostname ?? "127.0.0.1";
  const state = createSandboxState(options.seed, options.clock ?? systemClock);
  Object.assign(state.privilegedIntents, options.privilegedIntents);
  state.recommendedShards = options.shards ?? 1;
  let url = "";
  const gateway = createGateway({
    state,
    token: () => ctx.token,
    gatewayUrl: () => gatewayUrlOf(url),
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    logger,
  });
  if (options.guildAvailable === false) gateway.setGuildAvailable(false);
  const ctx: SandboxContext = {
    state,
    gateway,
    interactions: createInteractionTracker(),
    rateLimits: createRateLimits(state.clock),
    limiter: createRestLimiter(state.clock, options.rateLimits ?? {}),
    nonces: createNonceMemory(state.clock),
    oauth2: createOAuth2Server({ clock: state.clock, app: options.oauth2 }),
    url,
    token: options.token,
    logger,
    interactionTimeoutMs: options.interactionTimeoutMs ?? 10_000,
  };
  const fetch = (
    request: Request,
    server: Server<GatewayConnection>,
  ): Response | Promise<Response> | undefined => {
    const requestUrl = new URL(request.url);
    const path = requestUrl.pathname;
    if (path === "/gateway") {
      if (
        requestUrl.searchParams.has("compress") ||
        (requestUrl.searchParams.get("encoding") ?? "json") !== "json"
      ) {
        logger.error("sandbox gateway only speaks uncompressed JSON (is zlib-sync installed?)", {
          query: requestUrl.search,
        });
        return new Response("The sandbox gateway speaks JSON without compression only", { status: 400 });
      }
      const upgraded = server.upgrade(request, {
        data: gateway.connectionData(requestUrl.searchParams.get("v")),
      });
      return upgraded ? undefined : new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    if (path === OAUTH2_AUTHORIZE_PATH) return handleAuthorize(ctx, request, requestUrl);
    const token = OAUTH2_TOKEN_PATH.exec(path);
    if (token) return handleToken(ctx, request, token[1] !== undefined);
    if (path.startsWith("/api/v10/")) {
      const before = options.beforeRest;
      const rest = async (restRequest: Request) => {
        await before?.({ method: restRequest.method, path });
        return handleRest(ctx, restRequest, path.slice("/api/v10".length), requestUrl);
      };
      return options.observe ? observeExchange(request, rest, options.observe) : rest(request);
    }
    if (path.startsWith("/_sandbox/")) {
      return handleControl(ctx, request, path.slice("/_sandbox".length), requestUrl);
    }
    logger.warn("sandbox discord has no such route", { method: request.method, path });
    return DiscordErrors.notFound();
  };
  const server = Bun.serve<GatewayConnection>({
    port: options.port ?? 0,
    hostname,
    fetch,
    websocket: gateway.websocket,
  });
  const reachable = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  url = `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${server.port}`;
  ctx.url = url;
  logger.info("sandbox discord listening", { url, guild: state.guild.id });
  return {
    url,
    apiUrl: `${url}/api`,
    instanceId: crypto.randomUUID(),
    gatewayUrl: gatewayUrlOf(url),
    get token() {
      return ctx.token;
    },
    applicationId: state.applicationId,
    state,
    gatewayStats: () => gateway.stats(),
    dropGateway: (dropOptions) => gateway.drop(dropOptions),
    waitForGatewayReady: () => gateway.waitForReady(),
    waitForGateway: (check) => gateway.waitFor(check),
    invalidateSession: (invalidOptions) => gateway.invalidateSession(invalidOptions),
    zombieGateway: () => gateway.zombie(),
    resetToken: () => resetToken(ctx),
    setGuildAvailable: (available) => gateway.setGuildAvailable(available),
    setPrivilegedIntents: (changes) => Object.assign(state.privilegedIntents, changes),
    oauth2: ctx.oauth2,
    async stop() {
      gateway.closeAll();
      await server.stop(true);
    },
  };
}
