import { type AnyElysia, Elysia } from "elysia";
import { isStoreUnavailable } from "../db/errors.ts";
import type { EventLog } from "../entries/event-log.ts";
import type { EntryService } from "../entries/service.ts";
import type { FormatCache } from "../formats/cache.ts";
import type { Health } from "../health/status.ts";
import type { KeyService } from "../keys/service.ts";
import type { HttpMetrics } from "../metrics/index.ts";
import { type Hub, websocketOptions } from "../realtime/hub.ts";
import type { FirstJoin } from "../registration/first-join.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError, detailsOf } from "../shared/errors.ts";
import type { TrustProxy } from "../shared/ip.ts";
import { createRepeatedLog, type Logger, type RepeatedLog } from "../shared/logger.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import { docs } from "./docs/index.ts";
import { entriesController } from "./entries/index.ts";
import { eventsController } from "./events/index.ts";
import { createFront, type Front, type Handler, measured } from "./front.ts";
import { health } from "./health.ts";
import { allowedMethods } from "./methods.ts";
import { problemKindOf, problemResponse } from "./problem.ts";
import { proofCodesController } from "./proof-codes/index.ts";
import { rateLimitPlugin } from "./rate-limit/plugin.ts";
import { routeTemplates } from "./route-template.ts";
import { securedHandler } from "./security-headers.ts";
import { isWellEncodedPath, pathOf } from "./url.ts";
import { whitelistsController } from "./whitelists/index.ts";
import { socketController } from "./ws/index.ts";

/** Everything the HTTP API needs, wired in main.ts. */
export type ApiDeps = {
  version: string;
  clock: Clock;
  logger: Logger;
  rateLimitPerMinute: number;
  trustProxy: TrustProxy;
  keys: KeyService;
  whitelists: WhitelistService;
  entries: EntryService;
  formatCache: FormatCache;
  events: EventLog;
  hub: Hub;
  health: Health;
  /** Codes for players awaiting proof at first join (POST /whitelists/{id}/proof-codes). */
  firstJoin: FirstJoin;
  /** METRICS=on: every answer is counted, and with `scrape` the server also answers GET /metrics. */
  metrics?: HttpMetrics & { scrape?: () => Promise<Response> };
  /**
   * The staff dashboard (DISCORD_CLIENT_SECRET; src/dashboard), answering everything under `/dashboard`: its pages
   * are no API (no key, not in the OpenAPI document), counted by the rate limit like any request.
   */
  dashboard?: (request: Request) => Promise<Response>;
};

/** Seconds a client should wait before retrying when the store is busy. */
const STORE_RETRY_AFTER_SECONDS = "2";
const WWW_AUTHENTICATE = { "www-authenticate": 'Bearer realm="whitelist-sync"' };

/**
 * The whole HTTP API: health, docs and /api/v1, with problem details for every error; the front's routes (front.ts)
 * served by Bun's router ahead of it once it listens. Built at once: the service builds the app only at its first
 * request that needs it (`listenApi`).
 */
export function createApi(deps: ApiDeps) {
  let root: AnyElysia | undefined;
  const front = createFront(deps, (request) => (root as AnyElysia).fetch(request));
  root = buildApp(deps, front, { routes: front.routes });
  return root;
}

/**
 * The app (Elysia) over the front's rate limit and entries: every route but those the front serves ahead of it, and
 * the OpenAPI document of all of them. `serve`: the options it listens with, when it listens itself.
 */
export function buildApp(deps: ApiDeps, front: Front, serve?: { routes: Front["routes"] }) {
  let root: AnyElysia | undefined;
  const log = createRepeatedLog({ logger: deps.logger, clock: deps.clock });
  const allowedOn = allowedMethods(() => (root as AnyElysia).routes);
  const { limit, entries } = front;
  const app = new Elysia({
    websocket: websocketOptions,
    // By default Elysia finds the path by skipping 11 characters of the URL (`http://a.bc`), so with a Host of
    // 3 characters or fewer (`wl`, `api:80`) it would route on a piece of the path instead.
    handler: { standardHostname: false },
    ...(serve ? { serve } : {}),
  })
    .onError({ as: "global" }, ({ code, error, request }) => {
      const allowed = code === "NOT_FOUND" ? allowedOn(pathOf(request.url)) : [];
      const response =
        allowed.length > 0 ? methodNotAllowed(request, allowed) : problemFor(code, error, log, deps.clock);
      const headers = limit.headersOf(request);
      if (headers) for (const name in headers) response.headers.set(name, headers[name] as string);
      return response;
    })
    .use(rateLimitPlugin(limit))
    // With validation, so after the key check (docs/api.md, Order of checks: limit, auth, then the request's
    // own faults).
    .onBeforeHandle({ as: "global" }, ({ request }) => {
      if (!isWellEncodedPath(pathOf(request.url)))
        throw new DomainError("invalid-input", "The request path is not valid percent-encoding (RFC 3986).");
    })
    .use(docs({ version: deps.version, root: () => root as AnyElysia }))
    .use(dashboardRoutes(deps.dashboard))
    .use(health(deps.health, "Health (unversioned)", "getHealth"))
    .group("/api/v1", (api) =>
      api
        .use(health(deps.health, "Health", "getApiHealth"))
        .use(whitelistsController(deps))
        .use(entriesController(entries))
        .use(eventsController(deps))
        .use(proofCodesController(deps))
        .use(socketController(deps)),
    );
  app.wrap((handler) => securedHandler(handler as unknown as Handler) as never);
  if (deps.metrics) {
    // Everything the app answers (its routes, its 404s and errors, WebSocket upgrades: 101), counted by the
    // route's template, never the path: a wrapper around the app's whole fetch handler.
    const { metrics } = deps;
    const templateOf = routeTemplates(() => app.routes);
    app.wrap(
      (handler) =>
        measured(handler as unknown as Handler, (request, response, seconds) =>
          metrics.request(request.method, templateOf(pathOf(request.url)), response?.status ?? 101, seconds),
        ) as never,
    );
  }
  root = app;
  return app;
}

/**
 * `/dashboard` and everything under it, handed to the dashboard (which loads at its first request), hidden from the
 * OpenAPI document: its routes take a session, never a key (docs/api.md, Routes). Without the dashboard, nothing.
 */
function dashboardRoutes(dashboard: ApiDeps["dashboard"]) {
  const routes = new Elysia({ name: "dashboard" });
  if (!dashboard) return routes;
  const hidden = { detail: { hide: true } };
  return routes
    .all("/dashboard", ({ request }) => dashboard(request), hidden)
    .all("/dashboard/*", ({ request }) => dashboard(request), hidden);
}

/** Why nicks cannot be added through the API, for whoever tries. */
const NO_ADDING =
  "There is no API to add a nick: nicks are registered on Discord, so every one is tied to a Discord account.";

/** 405 for a known path asked with a method it does not answer, with `Allow`. */
function methodNotAllowed(request: Request, allowed: string[]): Response {
  const writing = ["POST", "PUT", "PATCH"].includes(request.method);
  const onEntries = /^\/api\/v1\/whitelists\/[^/]+\/entries(\/[^/]+)?$/.test(pathOf(request.url));
  const detail = `${request.method} is not allowed on this path; it allows ${allowed.join(", ")}.`;
  return problemResponse("method-not-allowed", writing && onEntries ? `${detail} ${NO_ADDING}` : detail, {
    allow: allowed.join(", "),
  });
}

/** The problem response for anything a route threw (domain errors, Elysia's own, store failures, bugs). */
function problemFor(code: unknown, error: unknown, log: RepeatedLog, clock: Clock): Response {
  if (isStoreUnavailable(error)) {
    const message = String((error as Error).message);
    log("warn", "store unavailable", message, { error: message });
    return problemResponse("store-unavailable", "The database is busy or unavailable; retry shortly.", {
      "retry-after": STORE_RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof DomainError) {
    const kind = problemKindOf(error.code);
    const limited = detailsOf(error, "code-limited");
    const headers =
      kind === "unauthorized"
        ? WWW_AUTHENTICATE
        : limited
          ? { "retry-after": String(Math.max(1, Math.ceil((limited.retryAt - clock.now()) / 1000))) }
          : undefined;
    return problemResponse(kind, error.message, headers);
  }
  if (code === "NOT_FOUND")
    return problemResponse("route-not-found", "No such endpoint; see /swagger for the API.");
  if (code === "VALIDATION") return problemResponse("invalid-request", validationDetail(error));
  if (code === "PARSE") return problemResponse("invalid-request", "The request body could not be parsed.");
  log("error", "unhandled error", `${String(code)} ${String(error)}`, {
    code: String(code),
    error: String(error),
  });
  return problemResponse("internal-error", "Something went wrong on our side; it has been logged.");
}

/** One readable sentence from Elysia's validation error, without internals. */
function validationDetail(error: unknown): string {
  const details = error as {
    type?: string;
    valueError?: { path?: string; message?: string; schema?: { error?: unknown } };
  };
  const where = details.type ?? "request";
  const path = details.valueError?.path?.replace(/^\//, "") || where;
  const custom = details.valueError?.schema?.error;
  if (typeof custom === "string") return custom;
  return `Invalid ${where} parameter ${path}: ${details.valueError?.message ?? "unexpected value"}.`;
}
