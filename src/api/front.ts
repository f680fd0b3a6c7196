import type { Server, ServerWebSocket } from "bun";
import { websocketOptions } from "../realtime/hub.ts";
import { madeOnce } from "../shared/made-once.ts";
import type { ApiDeps } from "./app.ts";
import { ENTRIES_ROUTE, entriesRoute } from "./entries/fast-route.ts";
import { createServedFormats } from "./entries/served.ts";
import { problemResponse } from "./problem.ts";
import { createRateLimit } from "./rate-limit/index.ts";
import { secured, securedHandler } from "./security-headers.ts";
import { absoluteUrl, isBarePath } from "./url.ts";

// The API's front: the routes of Bun's own router, ahead of the app (Elysia), and the hand-over to the app of
// everything else. None of it imports Elysia, so the service can listen, answer /health and serve the entries with
// the app not built yet: `listenApi` builds it at the first request that needs it (docs/performance.md, Start and
// memory); `createApi` (app.ts) builds both at once, for tests and tools.

/** How the front hands a request to the app. */
type AppFetch = (request: Request) => Response | Promise<Response>;

/** The health checks, at the root and under /api/v1: served ahead of the app, as it answers them (src/api/health.ts). */
const HEALTH_ROUTES = ["/health", "/api/v1/health"] as const;

/**
 * The routes of Bun's router for the API, with `app` answering what they leave: the entries read and the health
 * checks, `/metrics` when the API's port serves it, and `/*` for the rest. Returns them with the rate limit and the
 * entries' dependencies, which the app shares, and `handedOver`, the requests the entries route passed to the app
 * (the app's own count takes those).
 */
export function createFront(deps: ApiDeps, app: AppFetch) {
  const limit = createRateLimit({
    perMinute: deps.rateLimitPerMinute,
    trustProxy: deps.trustProxy,
    clock: deps.clock,
  });
  /**
   * Everything Bun's router leaves to the app's own router comes through here. Bun gives a request without a
   * usable Host header (an HTTP/1.0 probe, an empty Host) a bare path for its URL, which that router misreads,
   * so the app is handed a copy with an absolute URL instead, counted by the rate limit on the original: the
   * only one whose socket address Bun knows.
   */
  const toApp = (request: Request, server: Server<unknown> | null): Response | Promise<Response> => {
    if (!isBarePath(request.url)) return app(request);
    const copy = new Request(absoluteUrl(request.url), request);
    return limit.handOver(request, copy, server) ?? app(copy);
  };
  const entries = { ...deps, served: createServedFormats(deps.formatCache) };
  // Requests the fast route handed to the app: the app's own count takes them (see `counted` below).
  const handedOver = new WeakSet<Request>();
  const fallback = deps.metrics
    ? (request: Request, server: Server<unknown> | null) => {
        handedOver.add(request);
        return toApp(request, server);
      }
    : toApp;
  // The entries read is also a route of Bun's own router, in front of the app's (see fast-route.ts).
  const readEntries = entriesRoute({ ...entries, limit, fallback });
  // The health checks answer what the app's routes would (the same JSON; never rate limited), without it.
  const health = securedHandler(() => Response.json(deps.health()));
  const { metrics } = deps;
  // Every answer carries the security headers (security-headers.ts): the health checks' here; the app's own through
  // its wrapper (app.ts); the entries read's are built into every answer it makes (served.ts, and the rate limit's
  // 429), so it is not wrapped: no check of each answer's headers per read. With metrics, each route of the front
  // counts its own.
  // biome-ignore lint/suspicious/noExplicitAny: Bun's route table types each path's request by its parameters.
  const routes: Record<string, any> = {
    [ENTRIES_ROUTE]: {
      GET: metrics
        ? measured(readEntries, (request, response, seconds) => {
            if (!handedOver.has(request))
              metrics.request(request.method, ENTRIES_ROUTE, response?.status ?? 101, seconds);
          })
        : readEntries,
    },
    "/*": toApp,
  };
  for (const path of HEALTH_ROUTES) {
    routes[path] = {
      GET: metrics
        ? measured(health, (request, response, seconds) =>
            metrics.request(request.method, path, response?.status ?? 101, seconds),
          )
        : health,
    };
  }
  if (metrics?.scrape) routes["/metrics"] = { GET: securedHandler(metrics.scrape) };
  return { limit, entries, routes };
}

/** The front and what the app shares of it. */
export type Front = ReturnType<typeof createFront>;

/** Where the API listens (HOST, PORT). */
export type ListenOptions = { hostname: string; port: number };

/** The API listening: its server, and how to stop it. */
export type ListeningApi = {
  server: Server<unknown>;
  /** Stops accepting, and finishes the requests under way. */
  stop(): Promise<void>;
};

/**
 * Listens on `options` with the front's routes; the app (src/api/app.ts, with Elysia and TypeBox) is imported and
 * built at the first request the front leaves to it, once: requests arriving meanwhile wait for the same build. A
 * build that fails answers 500 (logged) and is tried again at the next request.
 */
export function listenApi(
  deps: ApiDeps,
  options: ListenOptions,
  /** How the app's module is loaded (tests: one that fails first). */
  loadApp: () => Promise<Pick<typeof import("./app.ts"), "buildApp">> = () => import("./app.ts"),
): ListeningApi {
  // Built once, at the first request that needs it; a module that failed to load is tried again at the next.
  const app = madeOnce(() =>
    loadApp().then(({ buildApp }) => {
      const built = buildApp(deps, front);
      // As Elysia's `listen` does before serving: each route compiled, its schemas completed as the OpenAPI
      // document shows them (a response object's `additionalProperties`), whichever route is asked first.
      built.compile();
      // The app's hooks ask its server for a request's socket address (the rate limit) and to upgrade a
      // WebSocket: it is the front's, since the app never listens itself.
      built.server = server;
      return built;
    }),
  );
  const appFetch: AppFetch = (request) =>
    app.made()?.fetch(request) ??
    app.get().then(
      (built) => built.fetch(request),
      (error: unknown) => {
        deps.logger.error("the API could not be loaded", { error: String(error) });
        return secured(
          problemResponse("internal-error", "Something went wrong on our side; it has been logged."),
        );
      },
    );
  const front = createFront(deps, appFetch);
  const server = Bun.serve({
    hostname: options.hostname,
    port: options.port,
    // Bun's default is SO_REUSEPORT, which would let a second instance share the port silently.
    reusePort: false,
    // As Elysia's own `listen` would serve the app (its defaults).
    development: (process.env.NODE_ENV ?? process.env.ENV) !== "production",
    idleTimeout: 30,
    routes: front.routes,
    websocket: { ...websocketOptions, ...socketEvents },
  });
  return { server, stop: () => server.stop() };
}

/** What a socket's handlers may be told: each socket's own, in its data (src/realtime/hub.ts, `socketData`). */
type SocketHandlers = {
  [event in "open" | "message" | "drain" | "close" | "ping" | "pong"]?: (ws: never, ...args: never[]) => void;
};

/**
 * Bun's WebSocket events handed to the socket's own handlers, as Elysia's `listen` has them handled (its `websocket`):
 * the upgrade (src/api/ws/) gives each socket its handlers in its data.
 */
const socketEvents = {
  open: (ws: Socket) => ws.data.open?.(ws as never),
  message: (ws: Socket, message: string | Buffer) => ws.data.message?.(ws as never, message as never),
  drain: (ws: Socket) => ws.data.drain?.(ws as never),
  close: (ws: Socket, code: number, reason: string) =>
    ws.data.close?.(ws as never, code as never, reason as never),
  ping: (ws: Socket, data: Buffer) => ws.data.ping?.(ws as never, data as never),
  pong: (ws: Socket, data: Buffer) => ws.data.pong?.(ws as never, data as never),
};
type Socket = ServerWebSocket<SocketHandlers>;

/** A handler of Bun's router; `undefined` once it upgraded the request to a WebSocket. */
export type Handler<R extends Request = Request> = (
  request: R,
  server: Server<unknown>,
) => Response | undefined | Promise<Response | undefined>;

/** `handler`, telling `record` each answer (undefined: upgraded to a WebSocket) and how long it took. */
export function measured<R extends Request>(
  handler: Handler<R>,
  record: (request: R, response: Response | undefined, seconds: number) => void,
): Handler<R> {
  return (request, server) => {
    const started = performance.now();
    const done = (response: Response | undefined) => {
      record(request, response, (performance.now() - started) / 1000);
      return response;
    };
    const answer = handler(request, server);
    return answer instanceof Promise ? answer.then(done) : done(answer);
  };
}
