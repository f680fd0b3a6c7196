import { createAccounts } from "./accounts/service.ts";
import type { ClusterBus } from "./cluster/bus.ts";
import type { Replica } from "./cluster/replica.ts";
import { ConfigSchema } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { SqliteStore, Store } from "./db/store.ts";
import { logEntryChanges } from "./entries/audit.ts";
import { createEventBus, type EventBus } from "./entries/bus.ts";
import { createLogCursors } from "./entries/cursors.ts";
import { createEventLog, type EventLog } from "./entries/event-log.ts";
import { createExpiryScheduler } from "./entries/expiry.ts";
import { createNameChecks } from "./entries/name-checks.ts";
import { createEntryService } from "./entries/service.ts";
import { createFormatCache } from "./formats/cache.ts";
import { createWorkerReads, workerFile } from "./formats/worker-reads.ts";
import { createGeyserClient } from "./geyser/client.ts";
import { createGuildService } from "./guilds/service.ts";
import { createGuildTexts } from "./guilds/texts.ts";
import { createAgentStatusStore } from "./keys/agent-status.ts";
import { createKeyService } from "./keys/service.ts";
import { createMojangClient } from "./mojang/client.ts";
import { createMojangNames } from "./mojang/names.ts";
import { createNicknames } from "./nicknames/service.ts";
import { createAnswerStore } from "./registration/answers.ts";
import { createBanSync } from "./registration/bans.ts";
import { createBedrockUpkeep } from "./registration/bedrock.ts";
import { createWhitelistDeletion } from "./registration/deletion.ts";
import { createDenyList } from "./registration/deny.ts";
import { createDepartures } from "./registration/departures.ts";
import { createWhitelistEdits } from "./registration/edit-whitelist.ts";
import { createFirstJoin } from "./registration/first-join.ts";
import { createImporter } from "./registration/import.ts";
import { createLinking } from "./registration/linking.ts";
import { createLookups } from "./registration/lookups.ts";
import type { DiscordPorts } from "./registration/model.ts";
import { offlineDiscord } from "./registration/offline.ts";
import { createRanks } from "./registration/ranks.ts";
import { createRenameRefresh } from "./registration/renames.ts";
import { createRequestStore } from "./registration/requests.ts";
import { createRoleReverter } from "./registration/role-reverter.ts";
import { createRoleGrants } from "./registration/roles.ts";
import { createRegistrationService } from "./registration/service.ts";
import { createStandingLookup } from "./registration/standing.ts";
import { createTransfers } from "./registration/transfer.ts";
import type { Clock } from "./shared/clock.ts";
import type { Logger } from "./shared/logger.ts";
import { noObserver, type Observer } from "./shared/observer.ts";
import { startStage } from "./shared/start-stages.ts";
import { createWebhookService } from "./webhooks/service.ts";
import { createRankMappings } from "./whitelists/ranks.ts";
import { createWhitelistService } from "./whitelists/service.ts";

/** Every domain service over one store, wired together; free of HTTP and Discord. */
export type Services<S extends Store = Store> = ReturnType<typeof createServices<S>>;

/** What wiring the services takes besides the store. */
export type ServiceOptions = {
  clock: Clock;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback/private addresses (tests, home networks). */
  allowPrivateWebhooks?: boolean;
  /** DB_BUSY_TIMEOUT_MS: how long a write may wait for a lock held by another process before it fails. */
  busyTimeoutMs?: number;
  /** MOJANG_API_URL, and how long a look-up may take. */
  mojangApiUrl?: string;
  mojangTimeoutMs?: number;
  /** MOJANG_SESSION_URL: where the rename refresh asks for a premium account's current name. */
  mojangSessionUrl?: string;
  /** RENAME_CHECK_DAYS (0: never) and RENAME_CHECKS_PER_MINUTE: how often, and how fast, names are re-checked. */
  renameCheckDays?: number;
  /** Overrides RENAME_CHECK_DAYS in milliseconds (the demo re-checks at every pass, so a rename shows at once). */
  renameCheckEveryMs?: number;
  renameChecksPerMinute?: number;
  /** How often the rename refresh runs a pass (src/jobs.ts; the demo: more often): each asks its share of the minute. */
  renamePassMs?: number;
  /** GEYSER_API_URL (Bedrock XUIDs), and how long a look-up may take. */
  geyserApiUrl?: string;
  geyserTimeoutMs?: number;
  /** What registration needs of Discord (the bot's REST ports); none without a bot. */
  discord?: DiscordPorts;
  /** Told what the metrics count (METRICS=on); records nothing by default. */
  observer?: Observer;
  /** CACHE_MAX_MB in bytes: the memory budget of the whitelists' bodies kept ready to serve. */
  cacheMaxBytes?: number;
};

/**
 * How the services hear of changes: `bus`, every change as it commits (caches, sockets); `outbox`, the changes
 * whose side effects happen once (roles, the log channel, webhooks, expiry timers). One store, one process:
 * both are the in-process bus. Replicas on PostgreSQL: the bus reads the log (src/cluster/bus.ts) and the outbox
 * is fed by the leader only (src/cluster/leader.ts).
 */
export type ChangeFeeds = {
  bus: EventBus & { settle?(): Promise<void>; settleOwn?(): Promise<void>; appendedHere?(id: number): void };
  outbox: EventBus;
};

/**
 * The composition root of the domain: wires every service over an open store, registration included, so the
 * API, the bot and the sync side all get theirs from here and build none.
 */
export function createServices<S extends Store>({
  store,
  clock,
  logger,
  allowPrivateWebhooks = false,
  busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS,
  mojangApiUrl = ConfigSchema.properties.MOJANG_API_URL.default,
  mojangTimeoutMs,
  mojangSessionUrl = ConfigSchema.properties.MOJANG_SESSION_URL.default,
  renameCheckDays = ConfigSchema.properties.RENAME_CHECK_DAYS.default,
  renameCheckEveryMs = renameCheckDays * DAY_MS,
  renameChecksPerMinute = ConfigSchema.properties.RENAME_CHECKS_PER_MINUTE.default,
  renamePassMs,
  geyserApiUrl = ConfigSchema.properties.GEYSER_API_URL.default,
  geyserTimeoutMs,
  discord = offlineDiscord,
  observer = noObserver,
  cacheMaxBytes,
  feeds,
}: ServiceOptions & { store: S; feeds?: (events: EventLog) => ChangeFeeds }) {
  const { db, driver } = store;
  // The log writes through the writer declared below (its prunes only run later): the writer waits for the
  // bus, and a replica's bus reads this log.
  const events = createEventLog({
    store,
    clock,
    write: (work, committed) => write(work, committed),
    appended: (id) => bus.appendedHere?.(id),
  });
  const { bus, outbox }: ChangeFeeds =
    feeds?.(events) ?? oneBus(createEventBus(logger, () => driver.lastEventId(db)));
  const { write, waiting: writesWaiting } = driver.writer({
    clock,
    budgetMs: busyTimeoutMs,
    observer,
    settle: bus.settleOwn,
  });
  logEntryChanges({ bus, logger });
  const guilds = createGuildService({ store, clock, write });
  const texts = createGuildTexts({ store, clock, write });
  const whitelists = createWhitelistService({ store, clock, write, guilds });
  const keys = createKeyService({ store, clock, write, guilds });
  const agentStatus = createAgentStatusStore({ store, write, clock });
  const accounts = createAccounts({ store, write, clock, observer });
  const rankMappings = createRankMappings({ db, table: store.tables.rankMappings });
  const entries = createEntryService({
    store,
    clock,
    write,
    whitelists,
    events,
    bus,
    mappings: rankMappings,
  });
  const formatCache = createFormatCache({
    read: createWorkerReads({
      file: workerFile(store),
      loadUpTo: (id, atMost, slices) => entries.snapshotForFormatsUpTo(id, atMost, slices),
      onUnusable: (error) =>
        logger.warn("build worker unavailable: large whitelists' first reads are built on the event loop", {
          error: String(error),
        }),
    }),
    bus,
    maxBytes: cacheMaxBytes,
  });
  const expiry = createExpiryScheduler({ entries, bus: outbox, clock, logger });
  const webhooks = createWebhookService({ store, write, keys, allowPrivate: allowPrivateWebhooks, logger });
  const mojang = createMojangClient({
    baseUrl: mojangApiUrl,
    clock,
    logger,
    observer,
    timeoutMs: mojangTimeoutMs,
  });
  const geyser = createGeyserClient({
    baseUrl: geyserApiUrl,
    clock,
    logger,
    observer,
    timeoutMs: geyserTimeoutMs,
  });
  const bedrock = createBedrockUpkeep({ whitelists, entries, geyser, logger });
  const renames = createRenameRefresh({
    entries,
    checks: createNameChecks({ store, write }),
    names: createMojangNames({
      baseUrl: mojangSessionUrl,
      clock,
      logger,
      observer,
      timeoutMs: mojangTimeoutMs,
    }),
    clock,
    logger,
    checkEveryMs: renameCheckEveryMs,
    callsPerMinute: renameChecksPerMinute,
    passMs: renamePassMs,
  });
  const answers = createAnswerStore({ store, write, clock, guilds });
  const requests = createRequestStore({ store, write, clock, answers });
  const deletion = createWhitelistDeletion({ write, whitelists, entries, keys, requests, formatCache });
  const grants = createRoleGrants({ entries, roles: discord.roles, logger, clock, published: bus.settle });
  const departures = createDepartures(clock);
  const denials = createDenyList({ store, write, clock, whitelists, entries, mojang, geyser, logger });
  const lookups = createLookups({ whitelists, entries, denials, answers });
  const standing = createStandingLookup(store);
  const registration = createRegistrationService({
    whitelists,
    entries,
    guilds,
    requests,
    answers,
    grants,
    mojang,
    geyser,
    departures,
    denials,
    standing,
    links: accounts,
    discord,
    clock,
    logger,
    observer,
  });
  const linking = createLinking({ accounts, whitelists, entries, registration, write, logger, observer });
  const firstJoin = createFirstJoin({ entries, accounts, logger });
  const edits = createWhitelistEdits({ whitelists, bedrock, firstJoin, logger });
  const imports = createImporter({
    whitelists,
    entries,
    requests,
    grants,
    mojang,
    geyser,
    departures,
    denials,
    standing,
    links: accounts,
    clock,
    logger,
  });
  const nicknames = createNicknames({
    store,
    write,
    clock,
    entries,
    whitelists,
    gateway: discord.nicknames,
    logger,
  });
  const transfers = createTransfers({
    whitelists,
    entries,
    grants,
    departures,
    links: accounts,
    nicknames,
    logger,
  });
  const reverter = createRoleReverter({ bus: outbox, entries, grants, departures, logger });
  const ranks = createRanks({ whitelists, entries, mappings: rankMappings, write, clock, logger });
  const bans = createBanSync({ guilds, whitelists, entries, events, denials, grants, departures, logger });
  nicknames.listen(outbox);
  return {
    /** The open store: its database, tables and driver (src/db/store.ts). */
    store,
    db,
    write,
    /** How many writes are waiting for a lock held by another program (status, tests). */
    writesWaiting,
    clock,
    logger,
    /** What the metrics are told (METRICS=on); records nothing otherwise. */
    observer,
    bus,
    /** The changes whose side effects happen once in the cluster (see ChangeFeeds). */
    outbox,
    events,
    /** Where consumers of the event log stand (the log channel, per guild). */
    cursors: createLogCursors({ store, write }),
    guilds,
    /** Staff's own wording of the texts members read (src/guilds/texts.ts). */
    texts,
    whitelists,
    keys,
    /** What each key's `sync` agent last reported of itself over its socket (the dashboard's keys page). */
    agentStatus,
    /** Proof codes and linked accounts (docs/decisions.md, Proof of ownership). */
    accounts,
    entries,
    formatCache,
    /** Removes entries whose time ran out; started by the service (src/server.ts), checked by hand in tests. */
    expiry,
    webhooks,
    deletion,
    mojang,
    geyser,
    bedrock,
    renames,
    registration,
    /** Typing a proof code: linking the account, registering it as proven; unlinking. */
    linking,
    /** Proof at first join: codes for the `sync` agent's players, and entries that wait no more. */
    firstJoin,
    /** Staff changing a whitelist's settings, and what follows (respellings, settled waits, role checks). */
    edits,
    denials,
    lookups,
    /** Form answers: personal data, pruned past each guild's retention (a job: src/jobs.ts). */
    answers,
    imports,
    transfers,
    /** Role grants and the queue of role changes (registration/roles.ts): its length is a metric. */
    grants,
    reverter,
    /** Members' server nicknames that follow their Minecraft names (src/nicknames). */
    nicknames,
    /** Discord bans reaching the deny lists, where a guild turned it on (src/registration/bans.ts). */
    bans,
    /** Discord roles mapped to game groups per whitelist (src/registration/ranks.ts). */
    ranks,
  };
}

/** One store, one process: every change is published once, for caches and side effects alike. */
const oneBus = (bus: EventBus): ChangeFeeds => ({ bus, outbox: bus });

const DEFAULT_BUSY_TIMEOUT_MS = ConfigSchema.properties.DB_BUSY_TIMEOUT_MS.default;
const DAY_MS = 24 * 3_600_000;

/**
 * Opens the store DATABASE_URL names (PostgreSQL: this process joins the replicas sharing it), else the SQLite
 * file at `path`, and wires the services over it. `replica` is the cluster membership, on PostgreSQL.
 */
export async function openStoreServices(
  options: ServiceOptions & {
    path: string;
    databaseUrl?: string;
    /** DB_QUERY_TIMEOUT_MS: the longest a call to PostgreSQL may take, waiting for a connection included. */
    queryTimeoutMs?: number;
    /** Ends the wait for a PostgreSQL that cannot be reached yet (a shutdown asked for during start-up). */
    signal?: AbortSignal;
  },
): Promise<{ services: Services; replica?: Replica }> {
  if (!options.databaseUrl) return { services: openServices(options) };
  const { openPostgres } = await import("./db/pg/store.ts");
  const { explainStartUpFailure } = await import("./db/pg/connect.ts");
  const { createClusterBus } = await import("./cluster/bus.ts");
  const { createOutbox } = await import("./cluster/outbox.ts");
  const { joinCluster } = await import("./cluster/replica.ts");
  const store = await openPostgres({
    url: options.databaseUrl,
    limits: {
      busyMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      queryMs: options.queryTimeoutMs ?? ConfigSchema.properties.DB_QUERY_TIMEOUT_MS.default,
    },
    // A server not reachable yet (boot order, a failover) is waited for, each try logged.
    wait: { logger: options.logger, signal: options.signal },
  });
  const { databaseUrl, logger } = options;
  try {
    const start = await store.driver.lastEventId(store.db);
    let bus: ClusterBus | undefined;
    const outbox = createOutbox(logger);
    const services = createServices({
      ...options,
      store,
      feeds: (events) => {
        bus = createClusterBus({ events, logger, start });
        return { bus, outbox };
      },
    });
    const replica = await joinCluster({
      client: store.client,
      url: databaseUrl,
      id: crypto.randomUUID().replaceAll("-", ""),
      outbox,
      services,
      bus: bus as ClusterBus,
      logger,
    });
    return { services, replica };
  } catch (error) {
    // The store answered; what failed after it (too few connection slots for the LISTEN one) is reported as such.
    await store.driver.close().catch(() => {});
    throw explainStartUpFailure(databaseUrl, error);
  }
}

/** Opens the SQLite store at `path` (migrating it) and wires the services over it. */
export function openServices(options: ServiceOptions & { path: string }): Services<SqliteStore> {
  const store = openDatabase({
    path: options.path,
    // The WAL grows until a checkpoint succeeds (docs/decisions.md, SQLite settings): the operator should know.
    onCheckpointError: (error) => options.logger.warn("a checkpoint of the SQLite store failed", { error }),
  });
  startStage("store ready");
  const services = createServices({ ...options, store });
  startStage("services built");
  return services;
}
