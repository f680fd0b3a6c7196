import type { SQL } from "bun";
import type { FormatCache } from "../formats/cache.ts";
import type { GuildTexts } from "../guilds/texts.ts";
import type { BusStatus } from "../health/status.ts";
import type { KeyService } from "../keys/service.ts";
import type { DenyList } from "../registration/deny.ts";
import type { Logger } from "../shared/logger.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ClusterBus } from "./bus.ts";
import { type KeptHere, readKeptNotice } from "./kept.ts";
import { superviseListen } from "./listener.ts";
import type { Outbox } from "./outbox.ts";

/** A replica's membership of the cluster: its subscriptions to the other replicas' commits. */
export type Replica = {
  /** The pool this replica shares the database through (the leader election reserves a connection of it). */
  client: SQL;
  /** This process's id in the cluster (its heartbeat channel, the lease's holder). */
  id: string;
  /** What feeds the side effects once this replica leads (src/cluster/outbox.ts). */
  outbox: Outbox;
  /** How this replica hears the others now (/health, /metrics). */
  status(): BusStatus;
  /** How many times a silent LISTEN connection was replaced (/metrics). */
  resubscriptions(): number;
  /** Stops listening (shutdown). */
  leave(): Promise<void>;
};

/**
 * Joins the replicas sharing a PostgreSQL store (docs/architecture.md, Replicas): LISTENs to what the database
 * notifies at each commit (drizzle/pg/0001_notify.sql) and keeps this replica in step. A new event: the bus
 * reads the log after its last id and publishes what it finds. A whitelist changed or deleted: its cached
 * settings are dropped (and its cached formats, when it is gone). Settings kept in memory (a guild's whitelists
 * or wordings, a whitelist's deny list) changed: dropped (src/cluster/kept.ts). A key revoked: it stops verifying here and its
 * sockets here close. The LISTEN connection is watched by heartbeats and replaced when it goes silent
 * (src/cluster/listener.ts), and the bus reads the log every second whatever happens: a change reaches every
 * replica within about a second even without notifications. Each time the channels listen again, what they may
 * have missed is checked: the log after the bus's last id, the cached whitelists, the cached keys.
 */
export async function joinCluster({
  client,
  url,
  id,
  outbox,
  services,
  bus,
  logger,
}: {
  client: SQL;
  outbox: Outbox;
  /** DATABASE_URL: the LISTEN connection is a client of its own. */
  url: string;
  id: string;
  services: {
    whitelists: Pick<WhitelistService, "forget" | "get" | "cachedIds" | "ofGuild">;
    texts: Pick<GuildTexts, "ofGuild">;
    denials: Pick<DenyList, "ofWhitelist">;
    formatCache: Pick<FormatCache, "invalidate">;
    keys: Pick<KeyService, "revokedElsewhere" | "recheckCached">;
  };
  bus: ClusterBus;
  logger: Logger;
}): Promise<Replica> {
  const failed = (what: string) => (error: unknown) =>
    logger.warn(`could not follow another replica's change: ${what}`, { error: String(error) });

  // The settings each replica keeps in memory, by the kind a notice names (src/cluster/kept.ts).
  const keptHere: KeptHere = {
    whitelists: services.whitelists.ofGuild,
    texts: services.texts.ofGuild,
    denials: services.denials.ofWhitelist,
  };
  const settingsChanged = (payload: string) => {
    const notice = readKeptNotice(payload);
    if (notice) keptHere[notice.kind].drop(notice.key);
  };

  const whitelistChanged = async (whitelistId: string) => {
    services.whitelists.forget(whitelistId);
    if (!(await services.whitelists.get(whitelistId))) services.formatCache.invalidate(whitelistId);
  };

  const listening = await superviseListen({
    url,
    heartbeatChannel: `wls_heartbeat_${id}`,
    channels: {
      wls_events: (id) => void bus.heard(Number(id)),
      wls_whitelists: (whitelistId) => void whitelistChanged(whitelistId).catch(failed("whitelist")),
      wls_settings: settingsChanged,
      // The changes committed with a revocation (a deleted whitelist's removals) are published before it.
      wls_keys: (keyId) =>
        void bus
          .catchUp()
          .then(() => services.keys.revokedElsewhere(keyId))
          .catch(failed("revocation")),
    },
    notify: (channel, payload) => client`SELECT pg_notify(${channel}, ${payload})`,
    // Anything committed while no connection listened: the log, then what notices alone would have told. Cached
    // settings are dropped (read again when next asked); a deleted whitelist's cached bodies are unreachable
    // (its reads answer 404) and go with the cache's least recently used.
    onSubscribed: async () => {
      await bus.catchUp();
      for (const whitelistId of services.whitelists.cachedIds()) services.whitelists.forget(whitelistId);
      for (const cache of Object.values(keptHere)) cache.dropAll();
      await services.keys.recheckCached();
    },
    tick: bus.catchUp,
    logger,
  });
  return {
    client,
    id,
    outbox,
    status: () => ({ listen: listening.state(), lagMs: bus.lagMs() }),
    resubscriptions: listening.resubscriptions,
    leave: listening.stop,
  };
}
