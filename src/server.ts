import { createApi } from "./api/app.ts";
import type { Bot } from "./bot/client.ts";
import { type Duties, electLeader, startOutbox } from "./cluster/leader.ts";
import type { Config } from "./config.ts";
import { closeStore, databaseReadable } from "./db/driver.ts";
import { createHealth, type Health } from "./health/status.ts";
import { createHub, type Hub } from "./realtime/hub.ts";
import { openStoreServices, type Services } from "./services.ts";
import { type Clock, systemClock } from "./shared/clock.ts";
import { explainListenError } from "./shared/listen.ts";
import type { Logger } from "./shared/logger.ts";
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
  /** Stops accepting, finishes in-flight requests, closes the store. */
  stop(): Promise<void>;
};

const HOUR_MS = 3_600_000;
/** How often Bedrock XUIDs that GeyserMC could not give are asked for again. */
const BEDROCK_UPKEEP_MS = 10 * 60_000;
/**
 * How long after start, and after each pass, the rename refresh runs a pass: its rate limit counts calls per
 * minute. Not at start: a service restarting in a loop makes no more calls than one left running.
 */
const RENAME_PASS_MS = 60_000;

/** Starts the service from a parsed configuration: the API, its WebSocket, the webhook sender, the bot (with DISCORD_TOKEN) and, with METRICS=on, the metrics. */
export async function startService(
  config: Config,
  {
    logger,
    clock = systemClock,
    fastIdentify = false,
    renamePassMs = RENAME_PASS_MS,
    renameCheckEveryMs,
  }: {
    logger: Logger;
    clock?: Clock;
    fastIdentify?: boolean;
    /** How long after start, and after each pass, the rename refresh runs one (tests: sooner). */
    renamePassMs?: number;
    /** How long after a check an account is due again, instead of RENAME_CHECK_DAYS (the demo: every pass). */
    renameCheckEveryMs?: number;
  },
) {
  // Loaded only when a bot runs: discord.js costs about 40 MB and 0.2 s to load.
  const discord = config.DISCORD_TOKEN
    ? (await import("./bot/discord.ts")).createDiscordRest({
        token: config.DISCORD_TOKEN,
        discordApiUrl: config.DISCORD_API_URL,
      })
    : undefined;
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
    allowPrivateWebhooks: config.WEBHOOK_ALLOW_PRIVATE,
    mojangApiUrl: config.MOJANG_API_URL,
    mojangSessionUrl: config.MOJANG_SESSION_URL,
    renameCheckDays: config.RENAME_CHECK_DAYS,
    renameCheckEveryMs,
    renameChecksPerMinute: config.RENAME_CHECKS_PER_MINUTE,
    geyserApiUrl: config.GEYSER_API_URL,
    discord: discord?.ports,
    clock,
    logger,
  });
  const retentionMs = config.EVENT_RETENTION_DAYS * 24 * HOUR_MS;
  const prune = async () => {
    try {
      const pruned = await services.events.prune(retentionMs);
      if (pruned > 0) logger.info("pruned old events", { pruned });
    } catch (error) {
      logger.warn("event pruning failed", { error: String(error) });
    }
  };
  await prune();
  const pruner = setInterval(prune, HOUR_MS);
  pruner.unref();

  // The hub counts frames only when metrics are on (counting asks Bun for each topic's subscribers).
  const hub = createHub({ ...services, observer: metrics?.observer });
  const webhookSender = createWebhookSender({
    webhooks: services.webhooks,
    keys: services.keys,
    bus: services.outbox,
    clock,
    logger,
    version: VERSION,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });
  // One node alone delivers from the first change on; of several replicas, the leader does (`lead` below).
  if (!replica) webhookSender.start();
  let bot: Bot | undefined;
  const health = createHealth({
    version: VERSION,
    clock,
    gateway: () => bot?.gatewayState() ?? "disabled",
    database: () => (databaseReadable(services.db) ? "ok" : "unavailable"),
  });
  metrics?.watch({
    health,
    bus: services.bus,
    onDelivery: webhookSender.onDelivery,
    writesWaiting: services.writesWaiting,
  });
  const app = createApi({
    ...services,
    hub,
    health,
    version: VERSION,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
    // /metrics is on the API's port unless METRICS_PORT gives it one of its own.
    metrics: metrics && {
      request: metrics.request,
      scrape: config.METRICS_PORT === undefined ? metrics.scrape : undefined,
    },
  });
  let metricsServer: ReturnType<typeof Bun.serve> | undefined;
  try {
    // Elysia defaults to SO_REUSEPORT, which would let a second instance share the port silently.
    app.listen({ hostname: config.HOST, port: config.PORT, reusePort: false });
    if (metrics && config.METRICS_PORT !== undefined) metricsServer = serveMetrics(config, metrics.scrape);
  } catch (error) {
    clearInterval(pruner);
    await app.stop();
    await webhookSender.stop();
    await closeStore(services.db);
    const onMetricsPort =
      app.server !== null && metricsServer === undefined && config.METRICS_PORT !== undefined;
    throw explainListenError(error, {
      host: config.HOST,
      port: onMetricsPort ? (config.METRICS_PORT as number) : config.PORT,
      hostVariable: "HOST",
      portVariable: onMetricsPort ? "METRICS_PORT" : "PORT",
    });
  }

  const server = app.server;
  if (!server) throw new Error("the HTTP server did not start");
  hub.attach(server as never);
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${server.port}`;

  const publicUrl = config.PUBLIC_URL?.replace(/\/$/, "") ?? url;
  const metricsUrl = !metrics
    ? undefined
    : metricsServer
      ? `${url.slice(0, url.lastIndexOf(":"))}:${metricsServer.port}/metrics`
      : `${url}/metrics`;
  const apiUrl = `${publicUrl}/api/v1`;
  /**
   * What one node does alone, and of several replicas only the leader (docs/architecture.md, Replicas):
   * webhooks, the Discord gateway, expiry, the Bedrock and rename passes, and the outbox that feeds them (after
   * a change of leader, what the last one may not have finished first). `stop` undoes it all.
   */
  const lead = async (): Promise<Duties> => {
    webhookSender.start();
    if (config.DISCORD_TOKEN && discord) {
      const { startBot } = await import("./bot/client.ts");
      bot = await startBot({
        token: config.DISCORD_TOKEN,
        discordApiUrl: config.DISCORD_API_URL,
        discord,
        services,
        logger,
        clock,
        apiUrl,
        fastIdentify,
        shardCount: config.SHARD_COUNT,
      });
    }

    // Entries that expired while the service was down go now, once the bot listens, so the log channel posts
    // each and their roles are taken back; then a timer keeps up with the next due time.
    await services.expiry.start();

    // Bedrock entries as Floodgate sees them: respelled and given their XUID after an upgrade, and XUIDs that
    // GeyserMC could not give retried. In the background: a slow GeyserMC never delays the start.
    const upkeepStop = new AbortController();
    let upkeepRun: Promise<void> = Promise.resolve();
    const runUpkeep = async () => {
      try {
        const report = await services.bedrock.catchUp("all", upkeepStop.signal);
        if (report.changed > 0 || report.pending > 0 || report.clashes > 0) {
          logger.info("bedrock entries brought up to date", { ...report });
        }
      } catch (error) {
        logger.warn("bedrock upkeep failed", { error: String(error) });
      }
    };
    const bedrockUpkeep = () => {
      upkeepRun = upkeepRun.then(runUpkeep);
    };
    bedrockUpkeep();
    const bedrockTimer = setInterval(bedrockUpkeep, BEDROCK_UPKEEP_MS);
    bedrockTimer.unref();

    // Premium accounts' name changes (docs/decisions.md, Renames): a pass a minute after the last one ended, so
    // passes never overlap; each asks only what is due and what the minute's budget allows.
    const renamesStop = new AbortController();
    let renamesRun: Promise<void> = Promise.resolve();
    let renamesTimer: ReturnType<typeof setTimeout> | undefined;
    const runRenames = async () => {
      try {
        const report = await services.renames.pass(renamesStop.signal);
        if (report.renamed > 0 || report.clashes > 0 || report.unknown > 0) {
          logger.info("premium names refreshed", { ...report });
        }
      } catch (error) {
        logger.warn("name refresh failed", { error: String(error) });
      }
    };
    const scheduleRenames = () => {
      if (config.RENAME_CHECK_DAYS === 0 || renamesStop.signal.aborted) return;
      renamesTimer = setTimeout(() => {
        renamesRun = runRenames().then(scheduleRenames);
      }, renamePassMs);
      renamesTimer.unref();
    };
    scheduleRenames();

    // Every subscriber of the outbox listens now: what the last leader may not have finished comes first.
    const outbox = replica
      ? await startOutbox({
          store: services.store,
          bus: services.bus,
          outbox: services.outbox,
          events: services.events,
          idle: webhookSender.idle,
          logger,
        })
      : undefined;

    return {
      async stop() {
        await services.expiry.stop();
        clearInterval(bedrockTimer);
        upkeepStop.abort();
        await upkeepRun;
        clearTimeout(renamesTimer);
        renamesStop.abort();
        await renamesRun;
        await bot?.stop();
        bot = undefined;
        // In-flight webhook deliveries finish (bounded by their 5 s timeout) and record their outcomes.
        await webhookSender.stop();
        await outbox?.stop();
      },
    };
  };

  let duties: Duties | undefined;
  const election = replica ? electLeader({ client: replica.client, logger, lead }) : undefined;
  if (!replica) {
    try {
      duties = await lead();
    } catch (error) {
      await app.stop();
      await webhookSender.stop();
      await closeStore(services.db);
      throw error;
    }
  }

  let stopping: Promise<void> | undefined;
  const running: RunningService = {
    url,
    publicUrl,
    port: server.port ?? config.PORT,
    services,
    hub,
    get bot() {
      return bot;
    },
    leads: async () => (election ? election.firstTry.then(election.isLeader) : true),
    health,
    metricsUrl,
    stop() {
      stopping ??= (async () => {
        clearInterval(pruner);
        await election?.stop();
        await duties?.stop();
        services.reverter.stop();
        hub.closeAll();
        await app.stop();
        await metricsServer?.stop();
        await webhookSender.stop();
        await replica?.leave();
        await closeStore(services.db);
      })();
      return stopping;
    },
  };
  return running;
}

/** The metrics' own server on HOST:METRICS_PORT: GET /metrics, and 404 for anything else. */
function serveMetrics(config: Config, scrape: () => Promise<Response>) {
  return Bun.serve({
    hostname: config.HOST,
    port: config.METRICS_PORT,
    reusePort: false,
    routes: { "/metrics": { GET: scrape } },
    fetch: () =>
      new Response("Only GET /metrics is served on METRICS_PORT.\n", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
  });
}
