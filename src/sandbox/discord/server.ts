import type { Server } from "bun";
import { type Clock, systemClock } from "../../shared/clock.ts";
import { type Logger, silentLogger } from "../../shared/logger.ts";
import type { SandboxContext } from "./context.ts";
import { handleControl } from "./control/index.ts";
import { createGateway, type GatewayConnection, type GatewayStats } from "./gateway.ts";
import { DiscordErrors, observeExchange, type RestExchange } from "./http.ts";
import { createInteractionTracker } from "./interactions.ts";
import { createRateLimits } from "./rate-limits.ts";
import { handleRest } from "./rest/index.ts";
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
};

/** A running sandbox Discord. */
export type SandboxDiscord = {
  /** `http://127.0.0.1:PORT`; the control API is under `${url}/_sandbox`. */
  url: string;
  /** What discord.js takes as `rest.api` (`${url}/api`). */
  apiUrl: string;
  gatewayUrl: string;
  token: string;
  applicationId: string;
  /** The live state (read it; change it through the control API so events are dispatched). */
  state: SandboxState;
  gatewayStats(): GatewayStats;
  /** Closes the bot's gateway connections: resumable (default) → the client resumes; else it re-identifies. */
  dropGateway(options?: { resumable?: boolean }): void;
  /** Resolves once a gateway session is READY or RESUMED on an open connection. */
  waitForGatewayReady(): Promise<void>;
  stop(): Promise<void>;
};

/** Starts the sandbox Discord: REST under `/api/v10`, the gateway at `/gateway`, control under `/_sandbox`. */
export async function startSandboxDiscord(options: SandboxDiscordOptions): Promise<SandboxDiscord> {
  const logger = options.logger ?? silentLogger;
  const hostname = options.hostname ?? "127.0.0.1";
  const state = createSandboxState(options.seed, options.clock ?? systemClock);
  let url = "";
  const gateway = createGateway({
    state,
    token: options.token,
    gatewayUrl: () => gatewayUrlOf(url),
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    logger,
  });
  const ctx: SandboxContext = {
    state,
    gateway,
    interactions: createInteractionTracker(),
    rateLimits: createRateLimits(state.clock),
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
    if (path.startsWith("/api/v10/")) {
      const rest = (restRequest: Request) =>
        handleRest(ctx, restRequest, path.slice("/api/v10".length), requestUrl);
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
    gatewayUrl: gatewayUrlOf(url),
    token: options.token,
    applicationId: state.applicationId,
    state,
    gatewayStats: () => gateway.stats(),
    dropGateway: (dropOptions) => gateway.drop(dropOptions),
    waitForGatewayReady: () => gateway.waitForReady(),
    async stop() {
      gateway.closeAll();
      await server.stop(true);
    },
  };
}
