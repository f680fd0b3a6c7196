import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { EventBus } from "../entries/bus.ts";
import { type BusStatus, gatewayStates, type Health } from "../health/status.ts";
import type { Observer } from "../shared/observer.ts";
import type { DeliveryReport } from "../webhooks/sender.ts";

/** What the HTTP server tells the metrics about each answer (src/api/app.ts). */
export type HttpMetrics = {
  /** One answer: the route's template (never the path itself), its status and how long it took. */
  request(method: string, route: string, status: number, seconds: number): void;
};

/** What a replica on PostgreSQL tells the metrics about the cluster. */
export type ClusterSource = {
  /** How this replica hears the others. */
  bus(): BusStatus;
  /** How many times its LISTEN connection went silent and was replaced. */
  resubscriptions(): number;
  /** The epoch of its term while it leads, else undefined. */
  epoch(): number | undefined;
};

/** What the metrics read and listen to once the service's parts exist (they are created before them). */
export type MetricSources = {
  health: Health;
  bus: EventBus;
  /** Webhook deliveries as they finish. */
  onDelivery(listener: (report: DeliveryReport) => void): () => void;
  /** Writes waiting for the database's lock now. */
  writesWaiting(): number;
  /** Role grants and reverts waiting or under way. */
  roleChangesWaiting(): number;
  /** Changes committed and not yet posted to the log channel (0 without a bot). */
  logChangesWaiting(): number;
  /** What the link endpoint counted, when it runs (LINK_PORT). */
  link?(): LinkTotals | undefined;
  /** Replicas on PostgreSQL only. */
  cluster?: ClusterSource;
};

/**
 * The link endpoint's totals (src/link, `linkTotals`): connections open now, pings by kind, logins by outcome
 * (`proven` or a refusal a player reads) and connections refused without a word, by reason.
 */
export type LinkTotals = {
  open: number;
  pings: number;
  legacyPings: number;
  logins: Record<string, number>;
  silent: Record<string, number>;
};

/** The service's metrics: what to tell them, and the Prometheus text to serve at /metrics. */
export type Metrics = HttpMetrics & {
  observer: Observer;
  /** Connects the metrics to the parts they read and listen to (once; before, those metrics stay empty). */
  watch(sources: MetricSources): void;
  /** The Prometheus text exposition format (version 0.0.4). */
  scrape(): Promise<Response>;
};

/** Every metric's name starts with this. */
export const METRIC_PREFIX = "whitelist_sync_";

/**
 * Of prom-client's default metrics, those that are true under Bun (docs/operations.md, Metrics): CPU time, start
 * time, memory and file descriptors, read from the process and /proc. The others describe Node's V8 and libuv,
 * which Bun does not have: the heap spaces read zero, the event-loop lag NaN or 2^63 ns, the active handles and
 * requests 0 (and are gauges named `_total`, which `promtool check metrics` refuses), the GC histogram never
 * fills, `nodejs_version_info` names a Node that is not running, and `process_heap_bytes` is VmData (gigabytes
 * Bun's allocator reserves, not a heap).
 */
export const DEFAULT_METRICS_KEPT = [
  "process_cpu_user_seconds_total",
  "process_cpu_system_seconds_total",
  "process_cpu_seconds_total",
  "process_start_time_seconds",
  "process_resident_memory_bytes",
  "process_virtual_memory_bytes",
  "process_open_fds",
  "process_max_fds",
] as const;

/** Latency buckets in seconds: from a cached read (well under a millisecond) to a slow write (seconds). */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Webhook deliveries: a receiver on the same host answers in milliseconds, the timeout is 5 s. */
const DELIVERY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** HTTP methods counted by name; anything else is `other`, so a client cannot add series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Creates the metrics of one running service in a registry of its own (not prom-client's global one), so two
 * services in one process (tests) never share counts. Labels come from fixed sets: route templates, statuses,
 * outcomes, event types; never a key, a nick, an id or a path (docs/operations.md, Metrics).
 */
export function createMetrics({ version }: { version: string }): Metrics {
  let sources: MetricSources | undefined;
  const registry = new Registry();
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const kept = new Set<string>(DEFAULT_METRICS_KEPT.map(name));
  for (const metric of registry.getMetricsAsArray()) {
    if (!kept.has(metric.name)) registry.removeSingleMetric(metric.name);
  }

  new Gauge({
    name: name("build_info"),
    help: "Always 1; the running version in its label.",
    labelNames: ["version"],
    registers,
  }).set({ version }, 1);

  const requests = new Counter({
    name: name("http_requests_total"),
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const latency = new Histogram({
    name: name("http_request_duration_seconds"),
    help: "Time from a request's arrival to its answer (for a WebSocket, to the upgrade), by route template.",
    labelNames: ["method", "route"],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: name("http_rate_limited_total"),
    help: "Requests refused by the rate limit (429), by route template.",
    labelNames: ["route"],
    registers,
  });

  const sockets = new Gauge({
    name: name("websocket_connections"),
    help: "WebSocket connections open now.",
    registers,
  });
  const socketsOpened = new Counter({
    name: name("websocket_connections_opened_total"),
    help: "WebSocket connections opened (after authentication).",
    registers,
  });
  const socketMessages = new Counter({
    name: name("websocket_messages_total"),
    help: "Frames sent to sockets: live events (one per subscriber), replayed stored events, control messages.",
    labelNames: ["kind"],
    registers,
  });

  const published = new Counter({
    name: name("events_published_total"),
    help: "Entry events committed and published, by type and origin.",
    labelNames: ["type", "origin"],
    registers,
  });

  const deliveries = new Counter({
    name: name("webhook_deliveries_total"),
    help: "Webhook deliveries by outcome: delivered (2xx), rejected (another status), failed (no answer), dropped (queue full).",
    labelNames: ["outcome"],
    registers,
  });
  const deliveryTime = new Histogram({
    name: name("webhook_delivery_duration_seconds"),
    help: "Time a webhook delivery took, resolution and connection included, by outcome.",
    labelNames: ["outcome"],
    buckets: DELIVERY_BUCKETS,
    registers,
  });
  const delivered = ({ outcome }: DeliveryReport) => {
    const kind =
      outcome.error === undefined
        ? outcome.status >= 200 && outcome.status < 300
          ? "delivered"
          : "rejected"
        : outcome.error.startsWith("queue full")
          ? "dropped"
          : "failed";
    deliveries.inc({ outcome: kind });
    if (kind !== "dropped") deliveryTime.observe({ outcome: kind }, outcome.durationMs / 1000);
  };

  const registrations = new Counter({
    name: name("registrations_total"),
    help: "Registration attempts by mode (command, message, approval, staff) and outcome (added, requested, refused, unavailable, failed).",
    labelNames: ["mode", "outcome"],
    registers,
  });
  const lookups = new Counter({
    name: name("lookups_total"),
    help: "Look-ups asked of Mojang and GeyserMC over the network (cached answers are not counted), by outcome.",
    labelNames: ["service", "outcome"],
    registers,
  });
  const proofCodes = new Counter({
    name: name("proof_codes_total"),
    help: "Proof codes issued at the link endpoint (issued) or for a game server's agent (issued-first-join), and codes typed in Discord by how that ended (redeemed, wrong, expired, reused, foreign, limited).",
    labelNames: ["event"],
    registers,
  });
  const reconnects = new Counter({
    name: name("gateway_reconnects_total"),
    help: "Times the bot's gateway connection dropped and discord.js began reconnecting.",
    registers,
  });
  new Gauge({
    name: name("gateway_state"),
    help: "The bot's gateway connection: 1 for the state it is in, 0 for the others.",
    labelNames: ["state"],
    registers,
    collect() {
      const now = sources?.health().gateway;
      for (const state of gatewayStates) this.set({ state }, state === now ? 1 : 0);
    },
  });
  const busy = new Counter({
    name: name("database_busy_total"),
    help: "Writes refused because another program held the database's lock for all of DB_BUSY_TIMEOUT_MS (answered 503 or 'try again').",
    registers,
  });
  new Gauge({
    name: name("database_writes_waiting"),
    help: "Writes waiting now for the database's lock.",
    registers,
    collect() {
      this.set(sources?.writesWaiting() ?? 0);
    },
  });
  new Gauge({
    name: name("discord_role_changes_waiting"),
    help: "Role grants and reverts waiting or under way (Discord takes 10 per server every 10 s).",
    registers,
    collect() {
      this.set(sources?.roleChangesWaiting() ?? 0);
    },
  });
  new Gauge({
    name: name("log_channel_changes_waiting"),
    help: "Changes committed and not yet posted to a log channel (kept in the event log until they are).",
    registers,
    collect() {
      this.set(sources?.logChangesWaiting() ?? 0);
    },
  });
  new Gauge({
    name: name("database_up"),
    help: "1 when the database answers a read, else 0.",
    registers,
    collect() {
      this.set(sources?.health().database === "ok" ? 1 : 0);
    },
  });

  // The link endpoint counts for itself (docs/link.md, Bounds); its totals are read at each scrape.
  const link = () => sources?.link?.();
  /** A counter whose series are the link endpoint's totals now, set at each scrape (none while it is off). */
  const linkCounter = (
    suffix: string,
    help: string,
    label: string,
    totals: (t: LinkTotals) => Record<string, number>,
  ) =>
    new Counter({
      name: name(suffix),
      help,
      labelNames: [label],
      registers,
      collect() {
        this.reset();
        const now = link();
        if (now)
          for (const [value, total] of Object.entries(totals(now))) this.inc({ [label]: value }, total);
      },
    });
  linkCounter(
    "link_logins_total",
    "Logins at the link endpoint by outcome: proven (Mojang confirmed it, a code was shown) or the refusal's reason.",
    "outcome",
    (t) => t.logins,
  );
  linkCounter(
    "link_connections_refused_total",
    "Connections the link endpoint closed without a word: junk, oversized packets, a full cap, or making room for a newcomer.",
    "reason",
    (t) => t.silent,
  );
  linkCounter("link_pings_total", "Server-list pings the link endpoint answered, by kind.", "kind", (t) => ({
    modern: t.pings,
    legacy: t.legacyPings,
  }));
  new Gauge({
    name: name("link_connections"),
    help: "Connections open now at the link endpoint.",
    registers,
    collect() {
      this.set(link()?.open ?? 0);
    },
  });

  const observer: Observer = {
    lookup: (service, outcome) => lookups.inc({ service, outcome }),
    registration: (mode, outcome) => registrations.inc({ mode, outcome }),
    databaseBusy: () => busy.inc(),
    socketOpened() {
      sockets.inc();
      socketsOpened.inc();
    },
    socketClosed: () => sockets.dec(),
    socketMessages: (kind, count) => {
      if (count > 0) socketMessages.inc({ kind }, count);
    },
    gatewayReconnecting: () => reconnects.inc(),
    proofCode: (event) => proofCodes.inc({ event }),
  };

  return {
    observer,
    watch(watched) {
      if (sources) throw new Error("metrics already watch a service");
      sources = watched;
      watched.bus.subscribe(({ event }) => published.inc({ type: event.type, origin: event.origin }));
      if (watched.cluster) watchCluster(watched.cluster, registers);
      watched.onDelivery(delivered);
    },
    request(method, route, status, seconds) {
      const verb = METHODS.has(method) ? method : "other";
      requests.inc({ method: verb, route, status: String(status) });
      latency.observe({ method: verb, route }, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    async scrape() {
      return new Response(await registry.metrics(), {
        headers: { "content-type": registry.contentType, "cache-control": "no-store" },
      });
    },
  };
}

/** The series of a replica on PostgreSQL (registered only there, so one node alone shows none). */
function watchCluster(cluster: ClusterSource, registers: Registry[]): void {
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  new Gauge({
    name: name("bus_listening"),
    help: "Replicas on PostgreSQL: 1 while this replica's heartbeats come back on its LISTEN connection, else 0.",
    registers,
    collect() {
      this.set(cluster.bus().listen === "listening" ? 1 : 0);
    },
  });
  new Gauge({
    name: name("bus_lag_seconds"),
    help: "Replicas on PostgreSQL: time since this replica last read the event log to its end (read every second).",
    registers,
    collect() {
      this.set(cluster.bus().lagMs / 1000);
    },
  });
  new Counter({
    name: name("bus_resubscriptions_total"),
    help: "Replicas on PostgreSQL: times this replica's LISTEN connection went silent and was replaced.",
    registers,
    collect() {
      this.reset();
      this.inc(cluster.resubscriptions());
    },
  });
  new Gauge({
    name: name("leader"),
    help: "Replicas on PostgreSQL: 1 while this replica leads (Discord gateway, webhooks, roles, log channel), else 0.",
    registers,
    collect() {
      this.set(cluster.epoch() === undefined ? 0 : 1);
    },
  });
  new Gauge({
    name: name("leader_epoch"),
    help: "Replicas on PostgreSQL: the epoch of this replica's term while it leads (bumped at each change of leader); 0 on a follower.",
    registers,
    collect() {
      this.set(cluster.epoch() ?? 0);
    },
  });
}
