import { ConfigSchema } from "./config.ts";
import { type Db, openDatabase } from "./db/client.ts";
import { createWriter } from "./db/writer.ts";
import { createEventBus } from "./entries/bus.ts";
import { createEventLog } from "./entries/event-log.ts";
import { createRepresentationCache } from "./entries/representation.ts";
import { createEntryService } from "./entries/service.ts";
import { createGuildService } from "./guilds/service.ts";
import { createKeyService } from "./keys/service.ts";
import { createWhitelistDeletion } from "./registration/deletion.ts";
import type { Clock } from "./shared/clock.ts";
import type { Logger } from "./shared/logger.ts";
import { createWebhookService } from "./webhooks/service.ts";
import { createWhitelistService } from "./whitelists/service.ts";

/** Every domain service over one store, wired together; free of HTTP and Discord. */
export type Services = ReturnType<typeof createServices>;

/** Wires the domain services over an open store. */
export function createServices({
  db,
  clock,
  logger,
  allowPrivateWebhooks = false,
  busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback/private addresses (tests, home networks). */
  allowPrivateWebhooks?: boolean;
  /** DB_BUSY_TIMEOUT_MS: how long a write may wait for a lock held by another process before it fails. */
  busyTimeoutMs?: number;
}) {
  const { write, waiting: writesWaiting } = createWriter({ db, clock, budgetMs: busyTimeoutMs });
  const bus = createEventBus(logger);
  const events = createEventLog({ db, clock, write });
  const guilds = createGuildService({ db, clock, write });
  const whitelists = createWhitelistService({ db, clock, write, guilds });
  const keys = createKeyService({ db, clock, write, guilds });
  const entries = createEntryService({ db, clock, write, whitelists, events, bus });
  const representations = createRepresentationCache({ load: (id) => entries.list(id), bus });
  const webhooks = createWebhookService({ db, write, keys, allowPrivate: allowPrivateWebhooks, logger });
  const deletion = createWhitelistDeletion({ write, whitelists, entries, keys, representations });
  return {
    db,
    write,
    /** How many writes are waiting for a lock held by another program (status, tests). */
    writesWaiting,
    clock,
    logger,
    bus,
    events,
    guilds,
    whitelists,
    keys,
    entries,
    representations,
    webhooks,
    deletion,
  };
}

const DEFAULT_BUSY_TIMEOUT_MS = ConfigSchema.properties.DB_BUSY_TIMEOUT_MS.default;

/** Opens the store at `path` (migrating it) and wires the services over it. */
export function openServices(options: {
  path: string;
  busyTimeoutMs?: number;
  clock: Clock;
  logger: Logger;
  allowPrivateWebhooks?: boolean;
}): Services {
  const db = openDatabase({ path: options.path });
  return createServices({ ...options, db });
}
