import type { ApiDeps } from "./api/app.ts";
import { type ListeningApi, listenApi } from "./api/front.ts";
import { secured, securedHandler } from "./api/security-headers.ts";
import type { Bot } from "./bot/client.ts";
import { type DeferredRest, deferredRest } from "./bot/deferred-rest.ts";
import type { Election, Term } from "./cluster/leader.ts";
import type { Replica } from "./cluster/replica.ts";
import type { Config } from "./config.ts";
import { dashboardDeps } from "./dashboard/deps.ts";
import { type LazyDashboard, lazyDashboard } from "./dashboard/index.ts";
import { closeStore, databaseReadable } from "./db/driver.ts";
import { type LeaderDuties, startDuties } from "./duties.ts";
import { type GatewayLife, gatewayLife } from "./health/gateway.ts";
import { createHealth, type Health } from "./health/status.ts";
import { answerPruning, eventPruning, RENAME_PASS_MS } from "./jobs.ts";
import type { LinkEndpoint, LinkLimits } from "./link/index.ts";
import { linkAddressOf, linkTotals } from "./link/model.ts";
import type { ClusterSource, Metrics } from "./metrics/index.ts";
import { createHub, type Hub } from "./realtime/hub.ts";
import { openStoreServices, type Services } from "./services.ts";
import { type Clock, systemClock } from "./shared/clock.ts";
import { startJob } from "./shared/jobs.ts";
import { explainListenError } from "./shared/listen.ts";
import type { Logger } from "./shared/logger.ts";
import { startStage } from "./shared/start-stages.ts";
import { VERSION } from "./version.ts";
import { createWebhookSender } from "./webhooks/sender.ts";

/** A running service: its address, its services, and how to stop it. */
export type RunningService = {
  url: string;
  /** Where users reach it: PUBLIC_URL when set (behind a proxy), else `url`. */
  publicUrl: string;
  port: number;
  services: Services;
  hub: Hub;
  /** The Discord bot, when DISCORD_TOKEN is set (and, of replicas, on the leader). */
  bot: Bot | undefined;
  /** Whether this replica leads, once its first try for the lead is over (a service alone always does). */
  leads(): Promise<boolean>;
  /** What GET /health answers now. */
  health: Health;
  /** Where Prometheus scrapes, when METRICS=on. */
  metricsUrl: string | undefined;
  /** The link endpoint, when LINK_PORT is set. */
  link: LinkEndpoint | undefined;
  /** Stops accepting, finishes in-flight requests, closes the store. */
  stop(): Promise<void>;
};

/** What starting the service takes besides the configuration. */
export type ServiceStartOptions = {
  logger: Logger;
  clock?: Clock;
  fastIdentify?: boolean;
  /**
   * The demo's sandbox Discord is new at every start (its `instanceId`): the bot registers its commands there even
   * when the kept database says this command set was registered before, at the same address.
   */
  discordInstance?: string;
  /** How long after start, and after each pass, the rename refresh runs one (tests: sooner). */
  renamePassMs?: number;
  /** How long after a check an account is due again, instead of RENAME_CHECK_DAYS (the demo: every pass). */
  renameCheckEveryMs?: number;
  /** Aborted when a shutdown is asked for during start-up: ends the wait for a PostgreSQL not reachable yet. */
  signal?: AbortSignal;
  /** The link endpoint's bounds in place of its defaults (bench/link-siege.ts compares sets of them). */
  linkLimits?: Partial<LinkLimits>;
  /** Told the API's address once it listens, before the leader's duties start the bot (/health answers already). */
  onListening?(url: string): void;
};

const DAY_MS = 24 * 3_600_000;

/**
 * Starts the service from a parsed configuration: the API, its WebSocket, the webhook sender, the bot (with
 * DISCORD_TOKEN) and, with METRICS=on, the metrics; in the order of docs/architecture.md, The composition root.
 * Its `stop` undoes it in the order of docs/operations.md, Shutdown.
 */
export async function startService(config: Config, options: ServiceStartOptions): Promise<RunningService> {
  const { logger, clock = systemClock, fastIdentify = false, renamePassMs = RENAME_PASS_MS } = options;
  let election: Election | undefined;
  let replica: Replica | undefined;
  // Of several replicas, only the leader's live term may act for the cluster (docs/architecture.md, Replicas): its
  // webhooks and Discord calls are fenced by it. One node alone always may.
  const mayAct = () => replica === undefined || (election?.mayAct() ?? false);
  const parts = await openParts(config, { ...options, renamePassMs, clock, mayAct });
  const { discord, metrics, services } = parts;
  replica = parts.replica;
  const retentionMs = config.EVENT_RETENTION_DAYS * DAY_MS;
  const stopPruning = startJob(eventPruning(services.events, retentionMs, logger), logger);
  const stopAnswerPruning = startJob(answerPruning(services.answers, logger), logger);

  let leading: LeaderDuties | undefined;
  // What /health says of the bot while it logs in and once it stopped, not only while it runs (src/health/gateway.ts).
  const gateway = gatewayLife({ enabled: config.DISCORD_TOKEN !== undefined, bot: () => leading?.bot });
  let link: LinkEndpoint | undefined;
  // Known once the server listens (PORT=0 picks a port): the dashboard asks it at each request.
  let publicUrl = "";
  const deps = dashboardDeps(config, services, {
    discord,
    logger,
    publicUrl: () => publicUrl,
    staffLog: () => leading?.bot?.staffLog,
  });
  const dashboard = deps && lazyDashboard(deps);
  const { hub, webhookSender, health, apiDeps } = createAdapters(config, services, {
    metrics,
    clock,
    logger,
    bot: () => leading?.bot,
    gateway,
    link: () => link,
    mayAct,
    cluster: replica && {
      bus: replica.status,
      resubscriptions: replica.resubscriptions,
      epoch: () => election?.epoch(),
    },
    dashboard,
  });
  // One node alone delivers from the first change on; of several replicas, the leader does (src/duties.ts).
  if (!replica) webhookSender.start();
  let metricsServer: ReturnType<typeof serveMetrics> | undefined;
  let api: ListeningApi | undefined;
  /** Undoes the start when it cannot finish (a port in use, the bot refused): nothing is left running. */
  const abandon = async () => {
    await stopPruning();
    await stopAnswerPruning();
    await link?.stop();
    await api?.stop();
    await metricsServer?.stop();
    await webhookSender.stop();
    await closeStore(services.db);
  };
  try {
    ({ api, metricsServer } = listen(apiDeps, config, metrics));
    startStage("listening");
    // The link endpoint (docs/link.md), its own listener, when LINK_PORT is set; loaded only then (with every
    // language's texts, which a start without it leaves to the bot: docs/performance.md, Start and memory).
    if (config.LINK_PORT !== undefined) {
      const { linkOptions, startLinkEndpoint } = await import("./link/index.ts");
      const endpoint = linkOptions(config, { logger, clock, accounts: services.accounts });
      link = startLinkEndpoint({ ...endpoint, limits: options.linkLimits });
    }
  } catch (error) {
    await abandon();
    throw error;
  }

  const { server } = api;
  hub.attach(server as never);
  const addresses = addressesOf(config, server.port, metrics, metricsServer?.port);
  const { url, metricsUrl } = addresses;
  publicUrl = addresses.publicUrl;
  options.onListening?.(url);
  const lead = async (term?: Term) => {
    // discord.js loads here, after the API listens (unless a port was used before: src/bot/deferred-rest.ts), and
    // within the start of the duties, so /health says `connecting` meanwhile.
    const duties = async () =>
      startDuties({
        config,
        services,
        discord: await discord?.rest(),
        webhookSender,
        cluster: term && replica && { term, outbox: replica.outbox },
        logger,
        clock,
        apiUrl: `${publicUrl}/api/v1`,
        fastIdentify,
        discordInstance: options.discordInstance,
        renamePassMs,
        linkAddress: linkAddressOf(config, link),
        botReady: gateway.ready,
      });
    leading = await gateway.starting(duties());
    return leading;
  };
  if (replica) {
    // Loaded only on PostgreSQL, with the replica: the lease's statements bring the PostgreSQL store's code
    // (drizzle's pg-core), which a start on SQLite never runs (docs/performance.md, Start and memory).
    const { electLeader } = await import("./cluster/leader.ts");
    election = electLeader({ client: replica.client, holder: replica.id, logger, lead });
  } else {
    try {
      await lead();
    } catch (error) {
      gateway.end();
      await abandon();
      throw error;
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    publicUrl,
    port: server.port ?? config.PORT,
    services,
    hub,
    get bot() {
      return leading?.bot;
    },
    leads: async () => (election ? election.firstTry.then(election.isLeader) : true),
    health,
    metricsUrl,
    link,
    stop() {
      stopping ??= (async () => {
        gateway.end();
        await stopPruning();
        await stopAnswerPruning();
        await election?.stop();
        // One node's duties; a replica's were stopped by its election (stopping them again does nothing).
        await leading?.stop();
        services.reverter.stop();
        await hub.closeAll();
        // Open streams of the dashboard's live log would hold the server's graceful stop.
        await dashboard?.close();
        await link?.stop();
        await api?.stop();
        await metricsServer?.stop();
        await webhookSender.stop();
        await replica?.leave();
        await closeStore(services.db);
      })();
      return stopping;
    },
  };
}

/**
 * Discord's REST client (with DISCORD_TOKEN), the metrics (METRICS=on), and the store with every service over it
 * (on PostgreSQL, `replica` is this process's membership of the cluster).
 */
async function openParts(
  config: Config,
  options: Pick<ServiceStartOptions, "logger" | "renameCheckEveryMs" | "signal"> & {
    renamePassMs: number;
    clock: Clock;
    mayAct(): boolean;
  },
): Promise<{
  discord: DeferredRest | undefined;
  metrics: Metrics | undefined;
  services: Services;
  replica: Replica | undefined;
}> {
  // Loaded only when a bot runs, and then once the API listens (or at a port's first use, if sooner): discord.js
  // costs about 40 MB and 60 ms of a quiet start's event loop to load (docs/performance.md, Start and memory).
  const { DISCORD_TOKEN: token } = config;
  const discord =
    token === undefined
      ? undefined
      : deferredRest(async () => {
          // In steps, with the event loop free between them (src/bot/load.ts).
          const { loadDiscordRest } = await import("./bot/load.ts");
          const { createDiscordRest } = await loadDiscordRest();
          return createDiscordRest({
            token,
            discordApiUrl: config.DISCORD_API_URL,
            mayCall: options.mayAct,
            logger: options.logger,
          });
        });
  // Loaded only when on: prom-client is not needed otherwise.
  const metrics =
    config.METRICS === "on"
      ? (await import("./metrics/index.ts")).createMetrics({ version: VERSION })
      : undefined;
  const { services, replica } = await openStoreServices({
    databaseUrl: config.DATABASE_URL,
    observer: metrics?.observer,
    cacheMaxBytes: config.CACHE_MAX_MB * 1024 * 1024,
    path: config.DATABASE_PATH,
    busyTimeoutMs: config.DB_BUSY_TIMEOUT_MS,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    signal: options.signal,
    allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE,
    mojangApiUrl: config.MOJANG_API_URL,
    mojangSessionUrl: config.MOJANG_SESSION_URL,
    renameCheckDays: config.RENAME_CHECK_DAYS,
    renameCheckEveryMs: options.renameCheckEveryMs,
    renameChecksPerMinute: config.RENAME_CHECKS_PER_MINUTE,
    renamePassMs: options.renamePassMs,
    geyserApiUrl: config.GEYSER_API_URL,
    discord: discord?.ports,
    clock: options.clock,
    logger: options.logger,
  });
  return { discord, metrics, services, replica };
}

/**
 * The adapters over the services: the WebSocket hub, the webhook sender (not started), /health and the API (not
 * listening), with the metrics watching them when on.
 */
function createAdapters(
  config: Config,
  services: Services,
  {
    metrics,
    clock,
    logger,
    bot,
    gateway,
    link,
    mayAct,
    cluster,
    dashboard,
  }: {
    /** The dashboard, when DISCORD_CLIENT_SECRET turns it on (it loads at its first request). */
    dashboard: LazyDashboard | undefined;
    metrics: Metrics | undefined;
    clock: Clock;
    logger: Logger;
    bot: () => Bot | undefined;
    gateway: GatewayLife;
    link: () => LinkEndpoint | undefined;
    /** Whether this process may act for the cluster now (webhooks are sent only then). */
    mayAct(): boolean;
    /** A replica's view of the cluster (PostgreSQL). */
    cluster: ClusterSource | undefined;
  },
) {
  // The hub counts frames only when metrics are on (counting asks Bun for each topic's subscribers).
  const hub = createHub({ ...services, observer: metrics?.observer });
  const webhookSender = createWebhookSender({
    webhooks: services.webhooks,
    events: services.events,
    keys: services.keys,
    bus: services.outbox,
    clock,
    logger,
    version: VERSION,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    mayDeliver: mayAct,
  });
  const health = createHealth({
    version: VERSION,
    clock,
    gateway: gateway.state,
    database: () => (databaseReadable(services.db) ? "ok" : "unavailable"),
    bus: cluster?.bus,
    roleQueue: () => services.grants.queued(),
  });
  metrics?.watch({
    health,
    bus: services.bus,
    onDelivery: webhookSender.onDelivery,
    writesWaiting: services.writesWaiting,
    link: () => {
      const endpoint = link();
      return endpoint && linkTotals(endpoint.counters());
    },
    cluster,
    roleChangesWaiting: () => services.grants.queued(),
    logChangesWaiting: () => bot()?.logWaiting() ?? 0,
  });
  const apiDeps: ApiDeps = {
    ...services,
    hub,
    health,
    version: VERSION,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
    dashboard: dashboard?.handle,
    metrics: metrics && {
      request: metrics.request,
      // /metrics is on the API's port unless METRICS_PORT gives it one of its own.
      scrape: config.METRICS_PORT === undefined ? metrics.scrape : undefined,
    },
  };
  return { hub, webhookSender, health, apiDeps };
}

/**
 * Listens on HOST:PORT (the API's front: its app is built at the first request that needs it, src/api/front.ts),
 * and on METRICS_PORT when it is set, with the metrics' own server. A failure to listen is explained by the
 * setting at fault (a ConfigError: start-up prints it and exits 78); the API, when it listens, is stopped first.
 */
function listen(deps: ApiDeps, config: Config, metrics: Metrics | undefined) {
  let api: ListeningApi | undefined;
  try {
    api = listenApi(deps, { hostname: config.HOST, port: config.PORT });
    const metricsServer =
      metrics && config.METRICS_PORT !== undefined ? serveMetrics(config, metrics.scrape) : undefined;
    return { api, metricsServer };
  } catch (error) {
    void api?.stop();
    const onMetricsPort = api !== undefined && config.METRICS_PORT !== undefined;
    throw explainListenError(error, {
      host: config.HOST,
      port: onMetricsPort ? (config.METRICS_PORT as number) : config.PORT,
      hostVariable: "HOST",
      portVariable: onMetricsPort ? "METRICS_PORT" : "PORT",
    });
  }
}

/** Where the service is reached: locally, by users (PUBLIC_URL), and by Prometheus. */
function addressesOf(
  config: Config,
  port: number | undefined,
  metrics: Metrics | undefined,
  metricsPort: number | undefined,
) {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const publicUrl = config.PUBLIC_URL?.replace(/\/$/, "") ?? url;
  const metricsUrl = !metrics
    ? undefined
    : metricsPort !== undefined
      ? `${url.slice(0, url.lastIndexOf(":"))}:${metricsPort}/metrics`
      : `${url}/metrics`;
  return { url, publicUrl, metricsUrl };
}

/** The metrics' own server on HOST:METRICS_PORT: GET /metrics, and 404 for anything else. */
function serveMetrics(config: Config, scrape: () => Promise<Response>) {
  return Bun.serve({
    hostname: config.HOST,
    port: config.METRICS_PORT,
    reusePort: false,
    routes: { "/metrics": { GET: securedHandler(scrape) } },
    fetch: () =>
      secured(
        new Response("Only GET /metrics is served on METRICS_PORT.\n", {
          status: 404,
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
      ),
  });
}
