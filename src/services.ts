import { type Db, openDatabase } from "./db/client.ts";
import { createRepresentationCache } from "./entries/representation.ts";
import { createEntryService } from "./entries/service.ts";
import { createEventBus } from "./events/bus.ts";
import { createEventLog } from "./events/log.ts";
import { createGuildService } from "./guilds/service.ts";
import { createKeyService } from "./keys/service.ts";
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
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback/private addresses (tests, home networks). */
  allowPrivateWebhooks?: boolean;
}) {
  const bus = createEventBus(logger);
  const events = createEventLog({ db, clock });
  const guilds = createGuildService({ db, clock });
  const whitelists = createWhitelistService({ db, clock, guilds });
  const keys = createKeyService({ db, clock, guilds });
  const entries = createEntryService({ db, clock, whitelists, events, bus });
  const representations = createRepresentationCache({ load: (id) => entries.list(id), bus });
  const webhooks = createWebhookService({ db, keys, allowPrivate: allowPrivateWebhooks, logger });
  return { db, clock, logger, bus, events, guilds, whitelists, keys, entries, representations, webhooks };
}

/** Opens the store at `path` (migrating it) and wires the services over it. */
export function openServices(options: {
  path: string;
  busyTimeoutMs?: number;
  clock: Clock;
  logger: Logger;
  allowPrivateWebhooks?: boolean;
}): Services {
  const db = openDatabase({ path: options.path, busyTimeoutMs: options.busyTimeoutMs });
  return createServices({ ...options, db });
}
