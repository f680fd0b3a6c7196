import type { SQL } from "bun";
import type { FormatCache } from "../formats/cache.ts";
import type { KeyService } from "../keys/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ClusterBus } from "./bus.ts";

/** A replica's membership of the cluster: its subscriptions to the other replicas' commits. */
export type Replica = {
  /** The pool this replica shares the database through (the leader election reserves a connection of it). */
  client: SQL;
  /** Stops listening (shutdown). */
  leave(): Promise<void>;
};

/**
 * Joins the replicas sharing a PostgreSQL store (docs/architecture.md, Replicas): LISTENs to what the database
 * notifies at each commit (drizzle/pg/0001_notify.sql) and keeps this replica in step. A new event: the bus
 * reads the log after its last id and publishes what it finds. A whitelist changed or deleted: its cached
 * settings are dropped (and its cached formats, when it is gone). A key revoked: it stops verifying here and its
 * sockets here close. After a lost connection, Bun reconnects and re-subscribes, and the bus catches up from its
 * last id before anything else is published: nothing committed meanwhile is missed.
 */
export async function joinCluster({
  client,
  services,
  bus,
  logger,
}: {
  client: SQL;
  services: {
    whitelists: Pick<WhitelistService, "forget" | "get">;
    formatCache: Pick<FormatCache, "invalidate">;
    keys: Pick<KeyService, "revokedElsewhere">;
  };
  bus: ClusterBus;
  logger: Logger;
}): Promise<Replica> {
  const failed = (what: string) => (error: unknown) =>
    logger.warn(`could not follow another replica's change: ${what}`, { error: String(error) });

  const whitelistChanged = async (id: string) => {
    services.whitelists.forget(id);
    if (!(await services.whitelists.get(id))) services.formatCache.invalidate(id);
  };

  const subscriptions = [
    await client.listen(
      "wls_events",
      () => void bus.catchUp(),
      () => void bus.catchUp(),
    ),
    await client.listen("wls_whitelists", (id) => void whitelistChanged(id).catch(failed("whitelist"))),
    await client.listen(
      "wls_keys",
      // The changes committed with a revocation (a deleted whitelist's removals) are published before it.
      (id) =>
        void bus
          .catchUp()
          .then(() => services.keys.revokedElsewhere(id))
          .catch(failed("revocation")),
    ),
  ];
  // Anything committed between the start of this replica and its LISTEN.
  await bus.catchUp();
  return {
    client,
    async leave() {
      for (const subscription of subscriptions) await subscription.unlisten().catch(() => {});
    },
  };
}
